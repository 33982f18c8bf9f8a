// Package compare benchmarks lbcourse/models/ring against Go placement
// libraries in common use, on the same keys: groupcache's consistenthash,
// serialx/hashring, dgryski's jump hash and rendezvous hashing. It is a
// module of its own so that their dependencies stay out of lbcourse's
// go.mod; it has only tests (go test -run '^$' -bench . -benchmem in this
// directory).
package compare
