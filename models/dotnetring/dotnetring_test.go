package dotnetring

import (
	"context"
	"testing"

	"lbcourse/models/internal/modeltest"
)

func TestValidate(t *testing.T) {
	long := string(make([]byte, 101))
	cases := []struct {
		name string
		edit func(*Params)
		want string
	}{
		{"default", func(*Params) {}, ""},
		{"no removal", func(p *Params) { p.Remove = 0 }, ""},
		{"one server, no removal", func(p *Params) { p.Servers, p.Remove = 1, 0 }, ""},
		{"empty prefixes", func(p *Params) { p.ServerPrefix, p.KeyPrefix = "", "" }, ""},
		{"largest ring", func(p *Params) { p.Servers, p.Vnodes = 10, 100_000 }, ""},
		{"no servers", func(p *Params) { p.Servers = 0 },
			"parameter servers: must be between 1 and 1000, got 0"},
		{"too many servers", func(p *Params) { p.Servers = 1001 },
			"parameter servers: must be between 1 and 1000, got 1001"},
		{"long server prefix", func(p *Params) { p.ServerPrefix = long },
			"parameter server_prefix: must be at most 100 bytes long, got 101"},
		{"server prefix not UTF-8", func(p *Params) { p.ServerPrefix = "redis-\xff" },
			"parameter server_prefix: must be valid UTF-8"},
		{"no vnodes", func(p *Params) { p.Vnodes = 0 },
			"parameter vnodes: must be between 1 and 100000, got 0"},
		{"too many vnodes", func(p *Params) { p.Vnodes = 100_001 },
			"parameter vnodes: must be between 1 and 100000, got 100001"},
		{"too many points", func(p *Params) { p.Servers, p.Vnodes = 11, 100_000 },
			"parameter vnodes: servers × vnodes must be at most 1000000, got 11 × 100000"},
		{"no keys", func(p *Params) { p.Keys = 0 },
			"parameter keys: must be between 1 and 5000000, got 0"},
		{"too many keys", func(p *Params) { p.Keys = 5_000_001 },
			"parameter keys: must be between 1 and 5000000, got 5000001"},
		{"long key prefix", func(p *Params) { p.KeyPrefix = long },
			"parameter key_prefix: must be at most 100 bytes long, got 101"},
		{"key prefix not UTF-8", func(p *Params) { p.KeyPrefix = "\xc3(" },
			"parameter key_prefix: must be valid UTF-8"},
		{"negative removal", func(p *Params) { p.Remove = -1 },
			"parameter remove: must be 0 (none) or a server number between 1 and servers (5), got -1"},
		{"removal past the last server", func(p *Params) { p.Remove = 6 },
			"parameter remove: must be 0 (none) or a server number between 1 and servers (5), got 6"},
		{"removing the only server", func(p *Params) { p.Servers, p.Remove = 1, 1 },
			"parameter remove: must be 0 when servers is 1: removing the only server empties the ring"},
		{"several", func(p *Params) { p.Servers, p.Vnodes, p.Keys, p.Remove = -3, 0, -1, -2 },
			"parameter servers: must be between 1 and 1000, got -3; " +
				"parameter vnodes: must be between 1 and 100000, got 0; " +
				"parameter keys: must be between 1 and 5000000, got -1; " +
				"parameter remove: must be 0 (none) or a server number, got -2"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p := DefaultParams()
			c.edit(&p)
			modeltest.CheckValidate(t, p, c.want, Run)
		})
	}
}

func TestDeterministic(t *testing.T) { modeltest.CheckDeterministic(t, DefaultParams(), Run) }

func TestCanceled(t *testing.T) { modeltest.CheckCancelled(t, DefaultParams(), Run) }

func BenchmarkRun(b *testing.B) {
	p := DefaultParams()
	for b.Loop() {
		if _, err := Run(context.Background(), p); err != nil {
			b.Fatal(err)
		}
	}
}
