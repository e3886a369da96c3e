# strictscope — the README's commands.
GO ?= go
FUZZTIME ?= 10s

.PHONY: run build test bench fuzz lint smoke FORCE

run: ## open the inspector on the built-in examples
	$(GO) run .

build:
	$(GO) build -o strictscope .

bin/mcptestserver: FORCE
	$(GO) build -o bin/mcptestserver ./internal/testserver/cmd/mcptestserver

FORCE:

test: ## vet and every test
	$(GO) vet ./...
	$(GO) test ./...

bench: ## the benchmarks, with their goals as ratios
	$(GO) test -run '^$$' -bench . -benchmem ./...

fuzz: ## each fuzz target for FUZZTIME
	@GO=$(GO) FUZZTIME=$(FUZZTIME) ./scripts/fuzz.sh

lint: ## gofmt check and vet
	@out=$$(gofmt -l .); if [ -n "$$out" ]; then echo "gofmt would change:"; echo "$$out"; exit 1; fi
	$(GO) vet ./...

smoke: build bin/mcptestserver ## the inspector in a real terminal, under tmux (with the MCP test server)
	./scripts/tmux-smoke.sh ./strictscope ./bin/mcptestserver
