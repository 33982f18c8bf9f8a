package ketama

import (
	"fmt"
	"reflect"
	"strconv"
	"testing"

	"lbcourse/models/ring"
)

// The tests of pingora-ketama's src/lib.rs (github.com/cloudflare/pingora,
// commit c0845a8693b0792a6ccd0626e8475990f7269af2), reproduced with
// their servers, keys and expected servers, on both layouts (pingora's v1
// and v2 rings give the same answers where no points collide, as here).

// layouts are the two point layouts every pingora test runs on.
var layouts = []ring.Layout{ring.Wide, ring.Packed}

// mustBuild builds a continuum with 160 points per weight unit, pingora's
// DEFAULT_POINT_MULTIPLE, or fails the test.
func mustBuild(t *testing.T, servers []Server, layout ring.Layout) *Continuum {
	t.Helper()
	c, err := Build(servers, 160, layout)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// hostPorts returns servers of weight w from "host:port" strings, as
// pingora's tests parse their SocketAddrs (an IPv6 host in brackets).
func hostPorts(t *testing.T, w int, addrs ...string) []Server {
	t.Helper()
	var ss []Server
	for _, a := range addrs {
		i := len(a) - 1
		for a[i] != ':' {
			i--
		}
		port, err := strconv.ParseUint(a[i+1:], 10, 16)
		if err != nil {
			t.Fatal(err)
		}
		host := a[:i]
		if host[0] == '[' {
			host = host[1 : len(host)-1] // SocketAddr's ip() prints no brackets
		}
		ss = append(ss, Server{Host: host, Port: uint16(port), Weight: w})
	}
	return ss
}

// node returns the server key goes to, as host:port ("" for none).
func node(c *Continuum, key string) string {
	n := c.Node([]byte(key))
	if n < 0 {
		return ""
	}
	return c.Servers()[n].String()
}

// walk returns the first n servers of Walk(key), as host:port.
func walk(c *Continuum, key string, n int) []string {
	var out []string
	for _, i := range c.Walk([]byte(key), n) {
		out = append(out, c.Servers()[i].String())
	}
	return out
}

// localhosts returns 127.0.0.1:port … 127.0.0.n:port, weight 1.
func localhosts(n, port int) []Server {
	ss := make([]Server, n)
	for i := range ss {
		ss[i] = Server{Host: "127.0.0." + strconv.Itoa(i+1), Port: uint16(port), Weight: 1}
	}
	return ss
}

// TestConsistencyAfterAddingHost is pingora's consistency_after_adding_host:
// on 127.0.0.1 … 127.0.0.10 port 6443, key "a" goes to .10 and "b" to .5,
// and an eleventh host changes neither.
func TestConsistencyAfterAddingHost(t *testing.T) {
	for _, layout := range layouts {
		for _, n := range []int{10, 11} {
			c := mustBuild(t, localhosts(n, 6443), layout)
			if a, b := node(c, "a"), node(c, "b"); a != "127.0.0.10:6443" || b != "127.0.0.5:6443" {
				t.Errorf("%v, %d hosts: a on %s, b on %s; want 127.0.0.10:6443, 127.0.0.5:6443", layout, n, a, b)
			}
		}
	}
}

// TestMatchesNginxSample is pingora's matches_nginx_sample: 127.0.0.1 on
// ports 7777 and 7778.
func TestMatchesNginxSample(t *testing.T) {
	for _, layout := range layouts {
		c := mustBuild(t, hostPorts(t, 1, "127.0.0.1:7777", "127.0.0.1:7778"), layout)
		for _, k := range []struct{ key, want string }{
			{"/some/path", "127.0.0.1:7778"},
			{"/some/longer/path", "127.0.0.1:7777"},
			{"/sad/zaidoon", "127.0.0.1:7778"},
			{"/g", "127.0.0.1:7777"},
			{"/pingora/team/is/cool/and/this/is/a/long/uri", "127.0.0.1:7778"},
			{"/i/am/not/confident/in/this/code", "127.0.0.1:7777"},
		} {
			if got := node(c, k.key); got != k.want {
				t.Errorf("%v: %s on %s, want %s", layout, k.key, got, k.want)
			}
		}
	}
}

// TestMatchesNginxSampleData is pingora's matches_nginx_sample_data: nine
// servers 10.0.0.1 … 10.0.0.9 port 443, weight 100 (144,000 points), and
// requests nginx itself routed (test-data/sample-nginx-upstream.csv, made by
// test-data/nginx.conf and trace.sh). The file has 1,001 lines; these are
// its first 24 and its first line for 10.0.0.2, so that every server
// appears. (All 1,001 were checked when this test was written.)
func TestMatchesNginxSampleData(t *testing.T) {
	var servers []Server
	for i := 1; i <= 9; i++ {
		servers = append(servers, Server{Host: "10.0.0." + strconv.Itoa(i), Port: 443, Weight: 100})
	}
	for _, layout := range layouts {
		c := mustBuild(t, servers, layout)
		if c.Ring().Len() != 144_000 {
			t.Errorf("%v: %d points, want 144000", layout, c.Ring().Len())
		}
		for _, k := range []struct {
			uri    string
			server int // 10.0.0.server:443
		}{
			{"/81fa1d251d605775d647b5b55565e71526d4cef6", 7},
			{"/2fec328e6ccdda6a7edf329f9f780e546ea183b4", 5},
			{"/19fb835d90883a6263ec4279c6da184e3f1a79b2", 4},
			{"/da7a88e542f7aaddc074f988164b9df7e5f7fea6", 4},
			{"/8f87cfd8005306643b6528b3d4125cf005139a7e", 5},
			{"/26d2769eab098458bc3e4e641a4b7d8abffd0aea", 6},
			{"/aa5b5323980f2d3e21246212ebd820c3949c1e88", 7},
			{"/d9c4bc3cc4517c629e8f4c911c2fd8baf260ae65", 1},
			{"/28c1c069a2904bb3b3e0f9731b1ff8de9ab7a76d", 4},
			{"/fe5199bdfeee5cd431ae7e9f77f178164f9995a0", 9},
			{"/43992eee187920c5e8695332f71ca6e23ef6ac4b", 3},
			{"/38528aab753a6f32de86b5a7acdbb0c885137a81", 9},
			{"/12d4b9155ff599c0ac554226796b58a2278b450f", 7},
			{"/9c34c9a4f9009997dd29c6e6a627b0aca7beb6e5", 5},
			{"/eb5a2ab55796afd673874fd7560f1329be5540bd", 9},
			{"/ad7b5395766b77098c3f212043650a805b622ffe", 3},
			{"/c72fedf4177499635302849496898fe4f3409cc1", 9},
			{"/77766138aaf0c016bdd1f6b996177fc8ca1d2204", 8},
			{"/860c86b94e04f2648fb164c87fd6166707fd08ff", 6},
			{"/1b419454e4eb63ef915e8e06cc11110a3ccd607e", 7},
			{"/a8762dc488e1a1af31e53af8ddb887d4f3cca990", 8},
			{"/2e8e8e8fdeada0bbd33ba57d20209b4d9343f965", 4},
			{"/0220fa8b9a256e7fcf823097759aa3c44e6390e3", 6},
			{"/418c1c554186b78c11de89227fbc24ef128bce54", 8},
			{"/668fd6d99bfb50b85b0928a8915761be2ca19089", 2},
		} {
			want := fmt.Sprintf("10.0.0.%d:443", k.server)
			if got := node(c, k.uri); got != want {
				t.Errorf("%v: %s on %s, want %s", layout, k.uri, got, want)
			}
		}
	}
}

// TestNodeIter is pingora's node_iter: the failover walk from "doghash"
// on three servers, then on two (the points of 127.0.0.1:7778 gone, the
// others' order kept), then round a one-server ring back to its start.
func TestNodeIter(t *testing.T) {
	for _, layout := range layouts {
		c := mustBuild(t, hostPorts(t, 1, "127.0.0.1:7777", "127.0.0.1:7778", "127.0.0.1:7779"), layout)
		want := []string{"127.0.0.1:7778", "127.0.0.1:7779", "127.0.0.1:7779", "127.0.0.1:7777",
			"127.0.0.1:7777", "127.0.0.1:7778", "127.0.0.1:7778", "127.0.0.1:7779"}
		if got := walk(c, "doghash", 8); !reflect.DeepEqual(got, want) {
			t.Errorf("%v: three servers: %v, want %v", layout, got, want)
		}
		c = mustBuild(t, hostPorts(t, 1, "127.0.0.1:7777", "127.0.0.1:7779"), layout)
		want = []string{"127.0.0.1:7779", "127.0.0.1:7779", "127.0.0.1:7777", "127.0.0.1:7777", "127.0.0.1:7779"}
		if got := walk(c, "doghash", 5); !reflect.DeepEqual(got, want) {
			t.Errorf("%v: two servers: %v, want %v", layout, got, want)
		}
		// One server: a walk of Len() points comes back to its start.
		c = mustBuild(t, hostPorts(t, 1, "127.0.0.1:7777"), layout)
		r := c.Ring()
		start := r.Index(KeyHash([]byte("doghash")))
		if r.Point(start+r.Len()) != r.Point(start) || len(c.Walk([]byte("doghash"), r.Len()+1)) != r.Len()+1 {
			t.Errorf("%v: one server: the walk does not wrap round its %d points", layout, r.Len())
		}
	}
}

// TestEmpty is pingora's test_empty: no server, no node, an empty walk.
func TestEmpty(t *testing.T) {
	for _, layout := range layouts {
		c := mustBuild(t, nil, layout)
		if n := c.Node([]byte("doghash")); n != -1 {
			t.Errorf("%v: Node = %d, want -1", layout, n)
		}
		if w := c.Walk([]byte("doghash"), 3); w != nil {
			t.Errorf("%v: Walk = %v, want nil", layout, w)
		}
	}
}

// TestIPv6Ring is pingora's test_ipv6_ring: [::1] on ports 7777 … 7779,
// hashed as pingora writes the IP, "::1".
func TestIPv6Ring(t *testing.T) {
	for _, layout := range layouts {
		c := mustBuild(t, hostPorts(t, 1, "[::1]:7777", "[::1]:7778", "[::1]:7779"), layout)
		want := []string{"[::1]:7777", "[::1]:7778", "[::1]:7777", "[::1]:7778", "[::1]:7778", "[::1]:7777", "[::1]:7779"}
		if got := walk(c, "doghash", 7); !reflect.DeepEqual(got, want) {
			t.Errorf("%v: %v, want %v", layout, got, want)
		}
	}
}

// TestDocExample is the example of pingora-ketama's crate documentation:
// weights 1, 2 and 3 on 127.0.0.1 … 127.0.0.3 port 12345, and the output
// it prints.
func TestDocExample(t *testing.T) {
	servers := hostPorts(t, 1, "127.0.0.1:12345", "127.0.0.2:12345", "127.0.0.3:12345")
	servers[1].Weight, servers[2].Weight = 2, 3
	for _, layout := range layouts {
		c := mustBuild(t, servers, layout)
		for _, k := range []struct{ key, want string }{
			{"some_key", "127.0.0.3:12345"},
			{"another_key", "127.0.0.3:12345"},
			{"last_key", "127.0.0.2:12345"},
		} {
			if got := node(c, k.key); got != k.want {
				t.Errorf("%v: %s on %s, want %s", layout, k.key, got, k.want)
			}
		}
	}
}
