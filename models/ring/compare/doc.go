// Package compare benchmarks lbcourse/models/ring against Go placement
// libraries in common use, on the same keys: groupcache's consistenthash,
// stathat.com/c/consistent and serialx/hashring (rings with points, like
// ketama's), dgryski's jump hash and rendezvous hashing. Each is timed from
// the key string (BenchmarkGet) and from the key's hash computed beforehand
// (BenchmarkLookup), and the hashes alone (BenchmarkHash). Among the
// course's rings, ketama_packed is the ketama model's continuum in the
// Packed layout, which the tests check against the model key by key. It
// is a module of its own so that the libraries stay out of lbcourse's
// go.mod; it has only tests (go test -run '^$' -bench . -benchmem in this
// directory).
package compare
