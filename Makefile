# strictscope — the README's commands.
GO ?= go
FUZZTIME ?= 10s

.PHONY: run build test bench fuzz lint smoke

run: ## open the inspector on the built-in examples
	$(GO) run .

build:
	$(GO) build -o strictscope .

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

smoke: build ## the inspector in a real terminal, under tmux
	./scripts/tmux-smoke.sh ./strictscope
