#!/usr/bin/env bash
# Runs every fuzz target of the packages for FUZZTIME each (default 10s).
#
# Go 1.26's fuzz coordinator can fail a target with a bare "context deadline
# exceeded" when the time limit ends while a worker is mid-run, having found
# nothing (go.dev/issue/75804, fixed in Go 1.27). Such a run is reported as a
# warning; a run that writes a failing input, or fails any other way, stops the
# script with exit 1.
set -uo pipefail
GO=${GO:-go}
FUZZTIME=${FUZZTIME:-10s}
for pkg in ./adapter ./adapter/validate ./sessions ./ui; do
	for t in $($GO test -list '^Fuzz' "$pkg" 2>/dev/null | grep '^Fuzz'); do
		echo "== $pkg $t"
		dir="$pkg/testdata/fuzz/$t"
		before=$(ls "$dir" 2>/dev/null | sort)
		out=$($GO test "$pkg" -run '^$' -fuzz "^$t\$" -fuzztime "$FUZZTIME" -fuzzminimizetime 5s 2>&1)
		rc=$?
		if [ $rc -eq 0 ]; then
			echo "$out" | tail -n 1
			continue
		fi
		after=$(ls "$dir" 2>/dev/null | sort)
		if [ "$before" = "$after" ] && echo "$out" | grep -q '^    context deadline exceeded$'; then
			echo "warning: $t: the fuzz coordinator stopped at the time limit with no failing input (go.dev/issue/75804)"
			continue
		fi
		echo "$out"
		exit 1
	done
done
