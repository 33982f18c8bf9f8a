# make report  builds the course site into out/
# make test    runs every test (vet, unit, golden, end-to-end) and checks out/ is fresh
# make bench   runs the benchmarks
# make serve   live preview on http://127.0.0.1:8080/
GO ?= go

.PHONY: report test bench serve check diff fmt

report:
	$(GO) run ./report build

# The accessibility test injects axe-core from npm.
node_modules/.package-lock.json: package.json package-lock.json
	npm ci --no-audit --no-fund --silent

test: node_modules/.package-lock.json
	@test -z "$$(gofmt -l .)" || { echo "gofmt needed:"; gofmt -l .; exit 1; }
	$(GO) vet ./...
	$(GO) test ./...
	$(GO) run ./report check

bench:
	$(GO) test -run '^$$' -bench . -benchmem ./...

serve:
	$(GO) run ./report serve

check:
	$(GO) run ./report check

diff:
	$(GO) run ./report diff

fmt:
	gofmt -w .
