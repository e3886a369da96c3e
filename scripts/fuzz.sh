#!/usr/bin/env bash
# Runs every fuzz target of the packages for FUZZTIME each (default 10s).
#
# Go 1.26's fuzz coordinator can fail a target with a bare "context deadline
# exceeded" when the time limit ends, having found nothing: it compares the
# deadline's error with its child context's before the child is cancelled
# (go.dev/issue/75804, fixed in Go 1.27). So the targets are fuzzed with the Go
# 1.27 toolchain, which the go command fetches from the module proxy like a
# module: FUZZ_TOOLCHAIN (default go1.27.3; "local" keeps the Go at hand). The
# project itself still builds and tests with Go 1.26.
#
# On a Go older than 1.27 (FUZZ_TOOLCHAIN=local, or a toolchain that cannot be
# fetched) such a run is reported as a warning; a run that writes a failing
# input, or fails any other way, stops the script with exit 1.
set -uo pipefail
GO=${GO:-go}
FUZZTIME=${FUZZTIME:-10s}
FUZZ_TOOLCHAIN=${FUZZ_TOOLCHAIN:-go1.27.3}
if [ "$FUZZ_TOOLCHAIN" != "local" ]; then
	if GOTOOLCHAIN=$FUZZ_TOOLCHAIN $GO version >/dev/null 2>&1; then
		export GOTOOLCHAIN=$FUZZ_TOOLCHAIN
	else
		echo "warning: the $FUZZ_TOOLCHAIN toolchain cannot be fetched; fuzzing with $($GO env GOVERSION)"
	fi
fi
echo "fuzzing with $($GO env GOVERSION), $FUZZTIME a target"
racy=0
case "$($GO env GOVERSION)" in go1.2[0-6]|go1.2[0-6].*|go1.1*) racy=1 ;; esac
for pkg in $($GO list ./... | sed "s|^github.com/strictscope/strictscope|.|"); do
	for t in $($GO test -list '^Fuzz' "$pkg" 2>/dev/null | grep '^Fuzz'); do
		echo "== $pkg $t"
		dir="$pkg/testdata/fuzz/$t"
		before=$(ls "$dir" 2>/dev/null | sort)
		out=$($GO test "$pkg" -run '^$' -fuzz "^$t\$" -fuzztime "$FUZZTIME" -fuzzminimizetime 5s 2>&1)
		rc=$?
		if [ $rc -eq 0 ]; then
			echo "$out" | grep '^fuzz: elapsed' | tail -n 1
			echo "$out" | tail -n 1
			continue
		fi
		after=$(ls "$dir" 2>/dev/null | sort)
		if [ $racy -eq 1 ] && [ "$before" = "$after" ] && echo "$out" | grep -q '^    context deadline exceeded$'; then
			echo "warning: $t: the fuzz coordinator stopped at the time limit with no failing input (go.dev/issue/75804)"
			continue
		fi
		echo "$out"
		exit 1
	done
done
