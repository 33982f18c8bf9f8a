// Package hashbalance measures how evenly five hash functions spread three
// shapes of real keys over servers, by modulo hashing and on a
// consistent-hashing ring, against truly random positions.
//
// The course's source (a consistent-hashing article with a C# ring)
// advises SHA-1 or MD5 "for a more even distribution". This model puts
// that to the test: SHA-1, MD5, FNV-1a, CRC-32 and xxHash (see Hashes),
// each over sequential, random and long-shared-prefix keys (see Shapes).
// For every hash h and shape k it reports
//
//   - h.k.modulo_max_over_mean: the fullest server's keys over the mean
//     when key i goes to server h(key) mod servers;
//   - h.k.ring_max_over_mean: the same on a ring of servers × vnodes
//     points named as the C# source names them, "{server}#VN{i}", with
//     servers redis-1 … redis-N (its example's names), hashed with the
//     same h; a key goes to the first point clockwise (models/ring), and
//     of two points at one position the one added last wins, as in the
//     source's SortedDictionary;
//   - h.k.chi2 and h.k.chi2_p: Pearson's chi-square test of the keys'
//     positions bucketed by their top bucket_bits bits (what a ring's
//     arcs see), and h.k.chi2_low, h.k.chi2_low_p by their low bits (what
//     a power-of-two table's mask sees); a statistic of a hash, free of
//     any ring's luck.
//
// h.arc_max_over_mean is the largest server's share of the circle on h's
// ring over the fair share 1/servers: the part of ring_max_over_mean that
// the points' positions decide, whatever the keys.
//
// theory.* are references that need no draw: theory.one_point, the
// expected largest share over the fair share with one random point per
// server, the harmonic number H(servers) (the largest of N spacings of N
// uniform points is H(N)/N on average); theory.arc_max_over_mean, the
// normal approximation 1 + E[max of N standard normals]/√vnodes for
// vnodes random points per server (a server's share is a sum of vnodes
// spacings, relative deviation about 1/√vnodes), close from about ten
// points on; and theory.modulo_floor, 1 + E[max of N standard
// normals]·√(servers/keys), the expected modulo_max_over_mean of a hash
// that is uniform, from sampling keys alone (see placement.SamplingFloor),
// with theory.modulo_floor_sd, one run's standard deviation around it; and
// chi2_sd, √(2 chi2_df), the spread of a chi-square statistic of random
// positions around chi2_df.
//
// random_baseline.* are the same measures with every point and key
// position drawn from a PCG seeded with the salt: how far from perfect a
// truly random hash lands, so that a hash's figure can be read as
// distinguishable from random or not. With one run per salt, replicating
// the salt gives the spread of every figure: the salt renames the servers
// (redis-1/s … for salt s > 0), draws new random keys and new baseline
// positions, and shifts the sequential and prefix keys to a fresh run of
// consecutive numbers (from salt × keys on), so that modulo figures, which
// ignore server names, vary with it too. Salt 0 is the source's names and
// keys.
package hashbalance

import (
	"context"
	"math"
	"math/rand/v2"
	"slices"
	"strconv"

	"lbcourse/models/model"
	"lbcourse/models/placement"
	"lbcourse/models/ring"
)

// Limits on the size of a run.
const (
	MaxKeys    = 1_000_000
	MaxServers = 1000
	MaxVnodes  = 10_000
	// MaxPoints bounds servers × vnodes, the points of one ring.
	MaxPoints = 1_000_000
	MaxSalt   = 1_000_000
	// MaxBucketBits bounds the chi-square test's 2^bits buckets.
	MaxBucketBits = 20
	// MinPerBucket is the least mean count per bucket the chi-square
	// approximation needs.
	MinPerBucket = 5
)

// baselineStream is the second word of the PCG seed of the random
// baseline's positions.
const baselineStream = 0x626173656c696e65 // "baseline"

// Params are the model's inputs.
type Params struct {
	// Servers is the number of servers, redis-1 … redis-<servers>.
	Servers int `yaml:"servers" unit:"server"`
	// Vnodes is the number of ring points per server.
	Vnodes int `yaml:"vnodes"`
	// Keys is the number of keys of each shape.
	Keys int `yaml:"keys" unit:"key"`
	// Salt renames the servers, draws new random keys and baseline
	// positions and shifts the sequential and prefix keys by salt × keys
	// (0: the source's names and keys).
	Salt int64 `yaml:"salt"`
	// BucketBits is the number of bits, top or low, by which the
	// chi-square tests bucket positions: 2^bucket_bits buckets.
	BucketBits int `yaml:"bucket_bits"`
}

// DefaultParams returns the C# source's ring, 5 servers with 150 virtual
// nodes each, 100 000 keys of each shape (the source places a million
// product keys), salt 0 and 1024 chi-square buckets.
func DefaultParams() Params {
	return Params{Servers: 5, Vnodes: 150, Keys: 100_000, Salt: 0, BucketBits: 10}
}

// Validate returns nil or a model.ParamErrors with one entry per invalid field.
func (p Params) Validate() error {
	var es model.ParamErrors
	bad := func(param, msg string) { es = append(es, model.ParamError{Param: param, Msg: msg}) }
	itoa := strconv.Itoa
	if p.Servers < 1 || p.Servers > MaxServers {
		bad("servers", "must be between 1 and "+itoa(MaxServers)+", got "+itoa(p.Servers))
	}
	switch {
	case p.Vnodes < 1 || p.Vnodes > MaxVnodes:
		bad("vnodes", "must be between 1 and "+itoa(MaxVnodes)+", got "+itoa(p.Vnodes))
	case p.Servers >= 1 && p.Servers <= MaxServers && p.Servers*p.Vnodes > MaxPoints:
		bad("vnodes", "servers × vnodes must be at most "+itoa(MaxPoints)+", got "+itoa(p.Servers*p.Vnodes))
	}
	if p.Keys < 1 || p.Keys > MaxKeys {
		bad("keys", "must be between 1 and "+itoa(MaxKeys)+", got "+itoa(p.Keys))
	}
	if p.Salt < 0 || p.Salt > MaxSalt {
		bad("salt", "must be between 0 and "+itoa(MaxSalt)+", got "+strconv.FormatInt(p.Salt, 10))
	}
	switch {
	case p.BucketBits < 1 || p.BucketBits > MaxBucketBits:
		bad("bucket_bits", "must be between 1 and "+itoa(MaxBucketBits)+", got "+itoa(p.BucketBits))
	case p.Keys >= 1 && p.Keys <= MaxKeys && p.Keys < MinPerBucket<<p.BucketBits:
		bad("bucket_bits", "leaves fewer than "+itoa(MinPerBucket)+" keys per bucket: 2^"+itoa(p.BucketBits)+
			" buckets need at least "+itoa(MinPerBucket<<p.BucketBits)+" keys, got "+itoa(p.Keys))
	}
	return es.Err()
}

// serverName returns the name of server n (1-based) for a salt.
func serverName(n int, salt int64) string {
	s := "redis-" + strconv.Itoa(n)
	if salt != 0 {
		s += "/" + strconv.FormatInt(salt, 10)
	}
	return s
}

// pointNames returns the ring's point names, server by server and, for
// each, virtual node 0 … vnodes−1: point i of server n (0-based) is entry
// n·vnodes + i, "{server}#VN{i}".
func pointNames(servers, vnodes int, salt int64) Keys {
	var k Keys
	for n := range servers {
		b := []byte(serverName(n+1, salt) + "#VN")
		base := len(b)
		for i := range vnodes {
			k.add(strconv.AppendInt(b[:base], int64(i), 10))
		}
	}
	return k
}

// A Measure is what the model reports for one hash and key shape, or for
// the random baseline.
type Measure struct {
	// ModuloMaxOverMean and RingMaxOverMean are the fullest server's keys
	// over the mean, by hash mod servers and on the ring.
	ModuloMaxOverMean, RingMaxOverMean float64
	// Top and Low test the key positions' top and low bucket_bits bits.
	Top, Low ChiSquare
}

// Figures are the measures of one run.
type Figures struct {
	// ByShape[s][h] is shape Shapes[s] under hash Hashes[h].
	ByShape [][]Measure
	// ArcMaxOverMean[h] is the largest server's share of the circle on
	// hash Hashes[h]'s ring over the fair share 1/servers: what the ring
	// gives the fullest server before any key is placed.
	ArcMaxOverMean []float64
	// Baseline and BaselineArc are the same for random positions.
	Baseline    Measure
	BaselineArc float64
}

// measure computes the measures of key positions keys, on ring r for the
// ring's share.
func measure(p Params, r *ring.Ring, keys []uint32) Measure {
	return Measure{
		ModuloMaxOverMean: maxOverMean(moduloCounts(keys, p.Servers)),
		RingMaxOverMean:   maxOverMean(ringCounts(r, p.Servers, keys)),
		Top:               chiSquare(topBuckets(keys, p.BucketBits)),
		Low:               chiSquare(lowBuckets(keys, p.BucketBits)),
	}
}

// hashAll sets hs[i] to h of key i, checking ctx every 65536 keys.
func hashAll(ctx context.Context, h func([]byte) uint32, keys Keys, hs []uint32) error {
	for i := range hs {
		if i%65536 == 0 {
			if err := ctx.Err(); err != nil {
				return err
			}
		}
		hs[i] = h(keys.At(i))
	}
	return nil
}

// Measures returns the figures of every shape and hash and of the random
// baseline for valid parameters p.
func Measures(ctx context.Context, p Params) (Figures, error) {
	names := pointNames(p.Servers, p.Vnodes, p.Salt)
	points := make([]uint32, names.Len())
	rings := make([]*ring.Ring, len(Hashes))
	f := Figures{ByShape: make([][]Measure, len(Shapes)), ArcMaxOverMean: make([]float64, len(Hashes))}
	var err error
	for i, h := range Hashes {
		if err := hashAll(ctx, h.Sum, names, points); err != nil {
			return Figures{}, err
		}
		if rings[i], err = newRing(p.Servers, p.Vnodes, points); err != nil {
			return Figures{}, err
		}
		f.ArcMaxOverMean[i] = arcMaxOverMean(rings[i], p.Servers)
	}
	hs := make([]uint32, p.Keys)
	for si, s := range Shapes {
		keys := s.keys(p.Keys, p.Salt)
		f.ByShape[si] = make([]Measure, len(Hashes))
		for hi, h := range Hashes {
			if err := hashAll(ctx, h.Sum, keys, hs); err != nil {
				return Figures{}, err
			}
			f.ByShape[si][hi] = measure(p, rings[hi], hs)
		}
	}
	rng := rand.New(rand.NewPCG(uint64(p.Salt), baselineStream))
	for i := range points {
		points[i] = rng.Uint32()
	}
	for i := range hs {
		hs[i] = rng.Uint32()
	}
	random, err := newRing(p.Servers, p.Vnodes, points)
	if err != nil {
		return Figures{}, err
	}
	f.Baseline, f.BaselineArc = measure(p, random, hs), arcMaxOverMean(random, p.Servers)
	return f, ctx.Err()
}

// Run measures every hash over every key shape, and the random baseline,
// and returns the values and series Model declares.
func Run(ctx context.Context, p Params) (model.Result, error) {
	if err := p.Validate(); err != nil {
		return model.Result{}, err
	}
	f, err := Measures(ctx, p)
	if err != nil {
		return model.Result{}, err
	}
	var res model.Result
	res.Set("servers", float64(p.Servers), "server")
	res.Set("vnodes", float64(p.Vnodes), "")
	res.Set("keys", float64(p.Keys), "key")
	res.Set("salt", float64(p.Salt), "")
	res.Set("bucket_bits", float64(p.BucketBits), "")
	res.Set("chi2_df", float64(f.Baseline.Top.DF), "")
	res.Set("chi2_sd", math.Sqrt(2*float64(f.Baseline.Top.DF)), "")
	set := func(prefix string, m Measure) {
		res.Set(prefix+"modulo_max_over_mean", m.ModuloMaxOverMean, "")
		res.Set(prefix+"ring_max_over_mean", m.RingMaxOverMean, "")
		res.Set(prefix+"chi2", m.Top.Stat, "")
		res.Set(prefix+"chi2_p", m.Top.P, "")
		res.Set(prefix+"chi2_low", m.Low.Stat, "")
		res.Set(prefix+"chi2_low_p", m.Low.P, "")
	}
	for hi, h := range Hashes {
		res.Set(h.Name+".arc_max_over_mean", f.ArcMaxOverMean[hi], "")
	}
	res.Set("random_baseline.arc_max_over_mean", f.BaselineArc, "")
	emax := placement.ExpectedMaxNormal(p.Servers)
	harmonic := 0.0
	for i := p.Servers; i >= 1; i-- {
		harmonic += 1 / float64(i)
	}
	res.Set("theory.one_point", harmonic, "")
	res.Set("theory.arc_max_over_mean", 1+emax/math.Sqrt(float64(p.Vnodes)), "")
	res.Set("theory.modulo_floor", placement.SamplingFloor(p.Servers, p.Keys), "")
	res.Set("theory.modulo_floor_sd", moduloFloorSD(p.Servers, p.Keys), "")
	for si, s := range Shapes {
		for hi, h := range Hashes {
			set(h.Name+"."+s.Name+".", f.ByShape[si][hi])
		}
	}
	set("random_baseline.", f.Baseline)

	labels := make([]string, 0, len(Hashes)+1)
	for _, h := range Hashes {
		labels = append(labels, h.Name)
	}
	labels = append(labels, "random")
	bars := func(name string, ys []float64) {
		x := make([]float64, len(ys))
		for i := range x {
			x[i] = float64(i)
		}
		res.AddSeries(model.Series{Name: name, X: x, Y: ys, Labels: labels})
	}
	bars("arc_max_over_mean", append(slices.Clone(f.ArcMaxOverMean), f.BaselineArc))
	for si, s := range Shapes {
		for _, c := range seriesMeasures {
			ys := make([]float64, 0, len(Hashes)+1)
			for _, m := range f.ByShape[si] {
				ys = append(ys, c.of(m))
			}
			bars(s.Name+"."+c.name, append(ys, c.of(f.Baseline)))
		}
	}
	return res, nil
}

// seriesMeasures are the measures Run also returns as one bar series per
// key shape.
var seriesMeasures = []struct {
	name string
	of   func(Measure) float64
}{
	{"modulo_max_over_mean", func(m Measure) float64 { return m.ModuloMaxOverMean }},
	{"ring_max_over_mean", func(m Measure) float64 { return m.RingMaxOverMean }},
	{"chi2_p", func(m Measure) float64 { return m.Top.P }},
	{"chi2_low_p", func(m Measure) float64 { return m.Low.P }},
}
