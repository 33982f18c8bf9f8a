// Package dotnetring reproduces, bit for bit, the C# consistent-hashing ring
// of the course's source on consistent hashing (its section 5 B) and the
// scenario of its section 10: 1,000,000 product keys over five Redis servers
// with 150 virtual nodes each, then one server failing.
//
// The C# semantics, reproduced exactly:
//   - A hash is BitConverter.ToUInt32(SHA1(UTF-8 bytes), 0): the first four
//     digest bytes read little-endian (Hash).
//   - AddNode(node) assigns _ring[hash("{node}#VN{i}")] = node for i = 0 …
//     vnodes−1, servers added in order 1 … servers; a later point with the
//     hash of an earlier one overwrites it (SortedDictionary's indexer).
//   - GetNode(key) returns the first entry whose hash is at or after the
//     key's hash, wrapping to the first entry; its foreach visits the
//     entries in order, which scan.* counts.
//   - RemoveNode(node) calls _ring.Remove on each of node's point hashes:
//     an entry another server had overwritten is deleted all the same, and
//     a hash node had overwritten is not given back to its earlier owner.
//   - The program prints one line per server in the order its Dictionary
//     enumerates them, the order in which GetNode first returned each while
//     the keys are placed in order (print_order.<k>); a server that received
//     no key prints no line.
//
// Servers are named server_prefix + 1 … server_prefix + servers and keys
// key_prefix + 0 … key_prefix + (keys−1), as the program's interpolated
// strings format them. Without a point collision the removal moves exactly
// the failed server's keys and no other key (moved_other = 0, the source's
// "the others are untouched"); a collision involving the failed server can
// move other servers' keys too, which moved_other and removed_foreign show.
package dotnetring

import (
	"context"
	"errors"
	"math/bits"
	"strconv"
	"unicode/utf8"

	"lbcourse/models/model"
)

// Limits on the size of a run.
const (
	MaxServers = 1000
	MaxVnodes  = 100_000
	// MaxPoints bounds servers × vnodes, the points AddNode writes.
	MaxPoints = 1_000_000
	MaxKeys   = 5_000_000
	// MaxPrefix bounds a name prefix, in bytes.
	MaxPrefix = 100
)

// Params are the model's inputs.
type Params struct {
	// Servers is the number of cache servers added to the ring.
	Servers int `yaml:"servers" unit:"server"`
	// ServerPrefix starts every server's name; server i (1-based) is
	// ServerPrefix + decimal(i).
	ServerPrefix string `yaml:"server_prefix"`
	// Vnodes is the C# virtualNodeCount: the points each server writes.
	Vnodes int `yaml:"vnodes"`
	// Keys is the number of keys placed.
	Keys int `yaml:"keys" unit:"key"`
	// KeyPrefix starts every key; key i (0-based) is KeyPrefix + decimal(i).
	KeyPrefix string `yaml:"key_prefix"`
	// Remove is the number of the server that fails (RemoveNode), 0 for none.
	Remove int `yaml:"remove"`
}

// DefaultParams returns the source's scenario: redis-1 … redis-5 with 150
// virtual nodes, keys product:0 … product:999999, redis-3 failing.
func DefaultParams() Params {
	return Params{Servers: 5, ServerPrefix: "redis-", Vnodes: 150, Keys: 1_000_000, KeyPrefix: "product:", Remove: 3}
}

// Validate returns nil or a model.ParamErrors with one entry per invalid field.
func (p Params) Validate() error {
	var es model.ParamErrors
	bad := func(param, msg string) { es = append(es, model.ParamError{Param: param, Msg: msg}) }
	itoa := strconv.Itoa
	serversOK := p.Servers >= 1 && p.Servers <= MaxServers
	if !serversOK {
		bad("servers", "must be between 1 and "+itoa(MaxServers)+", got "+itoa(p.Servers))
	}
	prefix := func(param, s string) {
		switch {
		case len(s) > MaxPrefix:
			bad(param, "must be at most "+itoa(MaxPrefix)+" bytes long, got "+itoa(len(s)))
		case !utf8.ValidString(s):
			bad(param, "must be valid UTF-8")
		}
	}
	prefix("server_prefix", p.ServerPrefix)
	switch {
	case p.Vnodes < 1 || p.Vnodes > MaxVnodes:
		bad("vnodes", "must be between 1 and "+itoa(MaxVnodes)+", got "+itoa(p.Vnodes))
	case serversOK && p.Servers*p.Vnodes > MaxPoints:
		bad("vnodes", "servers × vnodes must be at most "+itoa(MaxPoints)+", got "+itoa(p.Servers)+" × "+itoa(p.Vnodes))
	}
	if p.Keys < 1 || p.Keys > MaxKeys {
		bad("keys", "must be between 1 and "+itoa(MaxKeys)+", got "+itoa(p.Keys))
	}
	prefix("key_prefix", p.KeyPrefix)
	switch {
	case p.Remove == 1 && p.Servers == 1:
		bad("remove", "must be 0 when servers is 1: removing the only server empties the ring")
	case p.Remove < 0 && !serversOK:
		bad("remove", "must be 0 (none) or a server number, got "+itoa(p.Remove))
	case p.Remove < 0 || (serversOK && p.Remove > p.Servers):
		bad("remove", "must be 0 (none) or a server number between 1 and servers ("+itoa(p.Servers)+"), got "+itoa(p.Remove))
	}
	return es.Err()
}

// errEmptyRing is GetNode's InvalidOperationException: the removal deleted
// every entry, which only a collision of every remaining point with the
// failed server's can do.
var errEmptyRing = errors.New("the ring is empty after the removal (\"Halkada düğüm yok.\")")

// pointWrites returns the writes of AddNode(server 1) … AddNode(server
// servers), in order, and each server's point hashes (RemoveNode's).
func pointWrites(p Params) (writes []entry, byServer [][]uint32) {
	writes = make([]entry, 0, p.Servers*p.Vnodes)
	byServer = make([][]uint32, p.Servers)
	buf := make([]byte, 0, len(p.ServerPrefix)+24)
	for s := range p.Servers {
		name := strconv.AppendInt(append(buf[:0], p.ServerPrefix...), int64(s+1), 10)
		name = append(name, "#VN"...)
		hs := make([]uint32, p.Vnodes)
		for i := range hs {
			hs[i] = hashBytes(strconv.AppendInt(name, int64(i), 10))
			writes = append(writes, entry{hs[i], int32(s)})
		}
		byServer[s] = hs
	}
	return writes, byServer
}

// A placement is what placing every key on the ring before and after the
// removal counts; servers are 0-based.
type placement struct {
	count, after, movedTo []int
	printOrder            []int // servers in the order GetNode first returned them
	moved, movedOther     int   // keys whose server changed: all, and those not on the removed server
	scanSum, scanMax      int   // GetNode's foreach visits on the ring before the removal
	doubled               int   // keys whose server differs on the ring of 2 × vnodes points per server
}

// place hashes each key once and looks it up on the ring before (r) and
// after (ra) the removal of server removed (0-based; −1 and ra == r for
// none).
func place(ctx context.Context, p Params, r, ra, r2 ring, removed int32) (placement, error) {
	n := p.Servers
	pl := placement{count: make([]int, n), after: make([]int, n), movedTo: make([]int, n), printOrder: make([]int, 0, n)}
	buf := append(make([]byte, 0, len(p.KeyPrefix)+20), p.KeyPrefix...)
	for k := range p.Keys {
		if k%65536 == 0 {
			if err := ctx.Err(); err != nil {
				return placement{}, err
			}
		}
		h := hashBytes(strconv.AppendInt(buf[:len(p.KeyPrefix)], int64(k), 10))
		s, visited := r.lookup(h)
		a, _ := ra.lookup(h)
		if d, _ := r2.lookup(h); d != s {
			pl.doubled++
		}
		if pl.count[s] == 0 {
			pl.printOrder = append(pl.printOrder, int(s))
		}
		pl.count[s]++
		pl.after[a]++
		pl.scanSum += visited
		pl.scanMax = max(pl.scanMax, visited)
		switch {
		case s == removed:
			pl.moved++
			pl.movedTo[a]++
		case a != s:
			pl.moved++
			pl.movedOther++
		}
	}
	return pl, nil
}

// Run builds the ring, places every key, removes server remove and places
// every key again, and returns the values Model declares.
func Run(ctx context.Context, p Params) (model.Result, error) {
	if err := p.Validate(); err != nil {
		return model.Result{}, err
	}
	if err := ctx.Err(); err != nil {
		return model.Result{}, err
	}
	writes, byServer := pointWrites(p)
	r, overwrites := build(writes)
	ra, removed := r, int32(-1)
	var deleted []entry
	if p.Remove > 0 {
		removed = int32(p.Remove - 1)
		ra, deleted = r.remove(byServer[removed])
		if len(ra) == 0 {
			return model.Result{}, errEmptyRing
		}
	}
	q := p
	q.Vnodes *= 2
	writes2, _ := pointWrites(q)
	r2, _ := build(writes2)
	pl, err := place(ctx, p, r, ra, r2, removed)
	if err != nil {
		return model.Result{}, err
	}
	return result(p, r, ra, overwrites, deleted, removed, pl), nil
}

// result turns a run's counts into the declared values.
func result(p Params, r, ra ring, overwrites int, deleted []entry, removed int32, pl placement) model.Result {
	var res model.Result
	keys, servers := float64(p.Keys), float64(p.Servers)
	share := func(n int) float64 { return float64(n) / keys }
	lo, hi := p.Keys, 0
	afterHi, remaining := 0, p.Servers
	if removed >= 0 {
		remaining--
	}
	receivers := 0
	for s := range p.Servers {
		i := strconv.Itoa(s + 1)
		res.Set("count."+i, float64(pl.count[s]), "key")
		res.Set("share."+i, share(pl.count[s]), "")
		res.Set("after.count."+i, float64(pl.after[s]), "key")
		res.Set("moved_to."+i, float64(pl.movedTo[s]), "key")
		lo, hi = min(lo, pl.count[s]), max(hi, pl.count[s])
		afterHi = max(afterHi, pl.after[s])
		if pl.movedTo[s] > 0 {
			receivers++
		}
	}
	res.Set("max_over_mean", float64(hi*p.Servers)/keys, "")
	res.Set("min_over_mean", float64(lo*p.Servers)/keys, "")
	res.Set("after.max_over_mean", float64(afterHi*remaining)/keys, "")
	for k := range p.Servers {
		n := 0.0
		if k < len(pl.printOrder) {
			n = float64(pl.printOrder[k] + 1)
		}
		res.Set("print_order."+strconv.Itoa(k+1), n, "")
	}
	res.Set("printed", float64(len(pl.printOrder)), "server")

	res.Set("points", float64(len(r)), "point")
	res.Set("collisions", float64(overwrites), "point")
	res.Set("after.points", float64(len(ra)), "point")
	foreign := 0
	for _, e := range deleted {
		if e.server != removed {
			foreign++
		}
	}
	res.Set("removed_points", float64(len(deleted)), "point")
	res.Set("removed_foreign", float64(foreign), "point")

	res.Set("moved", share(pl.moved), "")
	others := p.Keys
	if removed >= 0 {
		others -= pl.count[removed]
	}
	movedOther := 0.0
	if others > 0 {
		movedOther = float64(pl.movedOther) / float64(others)
	}
	res.Set("moved_other", movedOther, "")
	res.Set("receivers", float64(receivers), "server")

	res.Set("scan.mean", float64(pl.scanSum)/keys, "entry")
	res.Set("scan.max", float64(pl.scanMax), "entry")
	res.Set("search.steps", float64(bits.Len(uint(len(r)))), "comparison")
	res.Set("ideal.share", 1/servers, "")
	res.Set("doubled.moved", share(pl.doubled), "")
	eb, ec, eaShare, ed := exampleFigures()
	res.Set("example.owned.b", float64(eb), "position")
	res.Set("example.owned.c", float64(ec), "position")
	res.Set("example.share.a", eaShare, "")
	res.Set("example.d_takes", float64(ed), "position")
	res.Set("ideal.moved", 1/servers, "")
	addDrawing(&res, p, r)
	return res
}

// MaxDrawnPoints bounds the ring a result draws (ring_pos.<i>): a figure of
// more points than this shows nothing a reader can tell apart.
const MaxDrawnPoints = 1000

// addDrawing adds ring_pos.<i>, server i's entries of r as fractions of the
// circle in ring order (X the entry's index on r), empty past MaxDrawnPoints.
func addDrawing(res *model.Result, p Params, r ring) {
	xs, ys := make([][]float64, p.Servers), make([][]float64, p.Servers)
	if len(r) <= MaxDrawnPoints {
		for k, e := range r {
			xs[e.server] = append(xs[e.server], float64(k))
			ys[e.server] = append(ys[e.server], float64(e.hash)/(1<<32))
		}
	}
	for s := range p.Servers {
		x, y := xs[s], ys[s]
		if x == nil {
			x, y = []float64{}, []float64{}
		}
		res.AddSeries(model.Series{Name: "ring_pos." + strconv.Itoa(s+1), X: x, Y: y})
	}
}
