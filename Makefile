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
	@for pkg in ./adapter ./sessions ./ui; do \
		for t in $$($(GO) test -list '^Fuzz' $$pkg 2>/dev/null | grep '^Fuzz'); do \
			echo "== $$pkg $$t"; \
			$(GO) test $$pkg -run '^$$' -fuzz "^$$t$$" -fuzztime $(FUZZTIME) -fuzzminimizetime 5s || exit 1; \
		done; \
	done

lint: ## gofmt check and vet
	@out=$$(gofmt -l .); if [ -n "$$out" ]; then echo "gofmt would change:"; echo "$$out"; exit 1; fi
	$(GO) vet ./...

smoke: build ## the inspector in a real terminal, under tmux
	./scripts/tmux-smoke.sh ./strictscope
