package placement

import (
	"slices"
	"strconv"
	"strings"

	"lbcourse/models/model"
)

// Limits on the size of a run.
const (
	MaxServers  = 1000
	MaxKeys     = 1_000_000
	MaxVnodes   = 1000
	MaxProbes   = 100
	MaxBoundedC = 10
	// MaxMaglevM is the largest Maglev table, a prime: 4 MB of int32
	// entries per table, three tables a run.
	MaxMaglevM = 1_000_003
	MaxSalt    = 1_000_000_000
	// MaxKeyHashes bounds keys × servers (rendezvous hashes every key once
	// per server) and keys × probes (multi-probe hashes it once per probe).
	MaxKeyHashes = 50_000_000
)

// Params are the model's inputs.
type Params struct {
	// Servers is the server count N before the change: servers 0 … N-1.
	// Adding one adds server N; a failure takes server N-1 away.
	Servers int `yaml:"servers" unit:"node"`
	// Keys is the number of keys placed.
	Keys int `yaml:"keys" unit:"key"`
	// KeyShape is how the keys look: sequential (key:0, key:1, …), random
	// (16 hexadecimal digits, one fixed set) or prefix
	// (eu-west-1/tenant-0042/user/00000000, …).
	KeyShape string `yaml:"key_shape"`
	// Vnodes is the number of points per server on the ring, for ring and
	// ring_bounded.
	Vnodes int `yaml:"vnodes" unit:"point"`
	// BoundedC is the balance factor c of ring_bounded: no server holds
	// more than ceil(c × the keys placed so far / N).
	BoundedC float64 `yaml:"bounded_c"`
	// MaglevM is the size of Maglev's lookup table, a prime above servers.
	MaglevM int `yaml:"maglev_m"`
	// Probes is the number k of probes multi-probe hashes each key with.
	Probes int `yaml:"probes"`
	// Salt changes every scheme's hashing (key hash, point names, seeds and
	// probes) but not the keys: runs over salts 1 … 20 give the spread of
	// each figure over hash functions on one key set.
	Salt int64 `yaml:"salt"`
}

// DefaultParams returns 100 000 sequential keys on 10 servers, a ring of
// 160 points per server (libketama's 40 MD5 digests × 4 points, Pingora's
// ketama-compatible default), c = 1.25 as in Mirrokni et al.'s experiments
// and Vimeo's HAProxy setting, the Maglev paper's M = 65537, the
// multi-probe paper's k = 21, salt 0.
func DefaultParams() Params {
	return Params{
		Servers: 10, Keys: 100_000, KeyShape: Sequential, Vnodes: 160,
		BoundedC: 1.25, MaglevM: 65537, Probes: 21, Salt: 0,
	}
}

// Validate returns nil or a model.ParamErrors with one entry per invalid
// field.
func (p Params) Validate() error {
	var es model.ParamErrors
	bad := func(param, msg string) { es = append(es, model.ParamError{Param: param, Msg: msg}) }
	itoa := strconv.Itoa
	if p.Servers < 2 || p.Servers > MaxServers {
		bad("servers", "must be between 2 and "+itoa(MaxServers)+", got "+itoa(p.Servers))
	}
	switch {
	case p.Keys < 1 || p.Keys > MaxKeys:
		bad("keys", "must be between 1 and "+itoa(MaxKeys)+", got "+itoa(p.Keys))
	case p.Servers >= 2 && p.Servers <= MaxServers && p.Keys*(p.Servers+1) > MaxKeyHashes:
		bad("keys", "times servers + 1 (rendezvous hashes per key) must be at most "+itoa(MaxKeyHashes)+", got "+itoa(p.Keys*(p.Servers+1)))
	}
	if !slices.Contains(KeyShapes, p.KeyShape) {
		bad("key_shape", "must be one of "+strings.Join(KeyShapes, ", ")+", got "+strconv.Quote(p.KeyShape))
	}
	if p.Vnodes < 1 || p.Vnodes > MaxVnodes {
		bad("vnodes", "must be between 1 and "+itoa(MaxVnodes)+", got "+itoa(p.Vnodes))
	}
	if !(p.BoundedC >= 1 && p.BoundedC <= MaxBoundedC) {
		bad("bounded_c", "must be between 1 and "+itoa(MaxBoundedC)+", got "+strconv.FormatFloat(p.BoundedC, 'g', -1, 64))
	}
	switch {
	case p.MaglevM < 2 || p.MaglevM > MaxMaglevM:
		bad("maglev_m", "must be a prime between 2 and "+itoa(MaxMaglevM)+", got "+itoa(p.MaglevM))
	case !isPrime(p.MaglevM):
		bad("maglev_m", "must be a prime, got "+itoa(p.MaglevM))
	case p.MaglevM <= p.Servers:
		bad("maglev_m", "must exceed servers ("+itoa(p.Servers)+") so that the added server gets an entry, got "+itoa(p.MaglevM))
	}
	switch {
	case p.Probes < 1 || p.Probes > MaxProbes:
		bad("probes", "must be between 1 and "+itoa(MaxProbes)+", got "+itoa(p.Probes))
	case p.Keys >= 1 && p.Keys <= MaxKeys && p.Keys*p.Probes > MaxKeyHashes:
		bad("probes", "times keys (multi-probe hashes) must be at most "+itoa(MaxKeyHashes)+", got "+itoa(p.Keys*p.Probes))
	}
	if p.Salt < 0 || p.Salt > MaxSalt {
		bad("salt", "must be between 0 and "+itoa(MaxSalt)+", got "+strconv.FormatInt(p.Salt, 10))
	}
	return es.Err()
}

// isPrime reports whether n ≥ 2 is a prime, by trial division (n is at
// most MaxMaglevM).
func isPrime(n int) bool {
	if n < 2 {
		return false
	}
	for d := 2; d*d <= n; d++ {
		if n%d == 0 {
			return false
		}
	}
	return true
}
