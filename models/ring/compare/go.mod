module lbcourse/models/ring/compare

go 1.26.8

replace lbcourse => ../../..

require (
	github.com/dgryski/go-jump v0.0.0-20170409065014-e1f439676b57
	github.com/dgryski/go-rendezvous v0.0.0-20200823014737-9f7001d12a5f
	github.com/golang/groupcache v0.0.0-20241129210726-2c02b8208cf8
	github.com/serialx/hashring v0.0.0-20200727003509-22c0c7ab6b1b
	github.com/stathat/consistent v1.0.0
	lbcourse v0.0.0-00010101000000-000000000000
)

require github.com/stretchr/testify v1.12.1 // indirect
