# make report  builds the course site into out/
# make test    runs every test (gofmt, vet, a wasm build of resolve and render, unit,
#              golden, end-to-end, and the nested module models/ring/compare's tests
#              against the Go rings people use) and checks out/ is
#              fresh; first it installs what the tests need when it is missing (make deps)
# make deps    installs what is missing: Chromium, a DejaVu font and npm from Debian
#              (make system-deps, which runs .ci/deps: apt-get as root, otherwise it prints
#              the one command to run), then node_modules by npm ci when package.json or
#              package-lock.json changed; quick, and no apt call, when all is there
# make bench   runs every benchmark, of the main module and of the nested module
#              models/ring/compare, 5 runs of 200ms each, and writes them with the
#              machine and the day to models/timings/results.txt (committed; the
#              timings model reads it), atomically: a failed run keeps the old file
#              (go run ./models/timings/cmd/record; its doc says the format)
# make bench-compare
#              times the models against the source documents' own reference
#              programs (node, python3, where installed), whole process against
#              whole process on the same work, and prints the ratios
#              (go run ./report/benchcompare; its doc says the cases)
# make serve   live preview on http://127.0.0.1:8080/
# make check   fails, naming files, when out/ is stale
# make diff    every displayed number that moved since HEAD, in its sentence
#              (REV=main to compare with another revision; report diff -html,
#              -markdown and -check for a page, a PR summary and CI's gate)
# make lint    staticcheck (fetched by go run at a pinned version)
# make fmt     gofmt -w .
# make pdf     prints each lesson page of out/ to an A4 PDF with Chromium, into
#              $(PDF_DIR) (not part of make report: PDFs are not deterministic)
GO ?= go
GOFMT ?= gofmt

.PHONY: report test deps system-deps bench bench-compare serve check diff lint fmt pdf

report:
	$(GO) run ./report build

deps: system-deps node_modules/.package-lock.json

system-deps:
	@bash .ci/deps

# The accessibility test injects axe-core from npm (npm itself from system-deps).
node_modules/.package-lock.json: package.json package-lock.json | system-deps
	npm ci --no-audit --no-fund --loglevel=error

test: deps
	@files=$$($(GOFMT) -l .) || exit 1; test -z "$$files" || { echo "gofmt needed:"; echo "$$files"; exit 1; }
	$(GO) vet ./...
	GOOS=js GOARCH=wasm $(GO) build ./report/internal/resolve ./report/internal/render ./models/...
	$(GO) test -timeout 30m ./...
	cd models/ring/compare && $(GO) vet ./... && $(GO) test ./...
	$(GO) run ./report check

bench:
	GO=$(GO) $(GO) run ./models/timings/cmd/record -o models/timings/results.txt -count 5 -benchtime 200ms . models/ring/compare

bench-compare:
	$(GO) run ./report/benchcompare

serve:
	$(GO) run ./report serve

check:
	$(GO) run ./report check

REV ?= HEAD

diff:
	$(GO) run ./report diff $(REV)

lint:
	$(GO) run honnef.co/go/tools/cmd/staticcheck@v0.8.2 ./...

fmt:
	$(GOFMT) -w .

PDF_DIR ?= .cache/pdf
CHROMIUM ?= chromium

pdf: system-deps
	@mkdir -p $(PDF_DIR)
	@for page in out/tr/*.html out/en/*.html; do \
		case $$page in */index.html|*/sozluk.html|*/glossary.html|*/search.html) continue;; esac; \
		name=$$(echo $$page | sed 's|^out/||; s|/|-|; s|\.html$$||'); \
		$(CHROMIUM) --headless --no-sandbox --disable-gpu --no-pdf-header-footer \
			--print-to-pdf=$(PDF_DIR)/$$name.pdf file://$(CURDIR)/$$page 2>/dev/null || exit 1; \
		echo "$(PDF_DIR)/$$name.pdf"; \
	done
