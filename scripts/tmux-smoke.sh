#!/usr/bin/env bash
# tmux-smoke.sh BINARY: the inspector in a real terminal. Starts BINARY under
# tmux (TERM=xterm-256color COLORTERM=truecolor, so colours are detected), moves,
# toggles, resizes and quits, then checks the exit code is 0 and that the
# terminal was restored (alternate screen and mouse off, cooked mode back).
# Skips, with a message, when tmux is not installed.
set -euo pipefail

bin=${1:?usage: tmux-smoke.sh BINARY}
if ! command -v tmux >/dev/null 2>&1; then
	echo "tmux-smoke: tmux is not installed; skipping the smoke test"
	exit 0
fi
bin=$(cd "$(dirname "$bin")" && pwd)/$(basename "$bin")
[ -x "$bin" ] || { echo "tmux-smoke: $bin is not an executable" >&2; exit 1; }

sock="strictscope-smoke-$$"
work=$(mktemp -d)
tm() { tmux -L "$sock" "$@"; }
cleanup() { tm kill-server >/dev/null 2>&1 || true; rm -rf "$work"; }
trap cleanup EXIT

fail() {
	echo "tmux-smoke: FAIL: $*" >&2
	echo "---- screen ----" >&2
	tm capture-pane -p -t smoke >&2 || true
	exit 1
}

screen() { tm capture-pane -p -t smoke; }

# wait_for TEXT: poll the screen until it shows TEXT (fixed string).
wait_for() {
	for _ in $(seq 1 100); do
		if screen | grep -qF -- "$1"; then return 0; fi
		sleep 0.1
	done
	fail "the screen never showed: $1"
}

# flag NAME: a tmux pane flag (alternate_on, mouse_any_flag, …).
flag() { tm display-message -p -t smoke "#{$1}"; }

# The pane runs the inspector, then records its exit code and the terminal's
# modes, and stays open so they can be read.
tm new-session -d -s smoke -x 120 -y 40 \
	"env TERM=xterm-256color COLORTERM=truecolor '$bin'; echo \$? > '$work/rc'; stty -a > '$work/stty' 2>&1; echo SMOKE-AFTER; sleep 300"
tm set-option -t smoke window-size manual >/dev/null

wait_for "files__read_file"
[ "$(flag alternate_on)" = 1 ] || fail "the inspector is not in the alternate screen"

# Move down the list to the tool with hidden text.
for _ in 1 2 3 4 5 6 7; do tm send-keys -t smoke j; done
wait_for "tag characters spell"
# Into the schema, to the next null path, then toggles.
tm send-keys -t smoke Tab n
wait_for "null path"
tm send-keys -t smoke s
wait_for "strict true"
tm send-keys -t smoke a t
wait_for "sent to responses"
tm send-keys -t smoke r
wait_for "report"
tm send-keys -t smoke r p d
wait_for "no prefix"
tm send-keys -t smoke '?'
wait_for "go to JSON pointer"
tm send-keys -t smoke '?'
tm send-keys -t smoke / f o r e c a s t Enter
wait_for "/forecast"

# Resize: down to the minimum, below it, and back up.
tm resize-window -t smoke -x 80 -y 24
wait_for "original"
tm resize-window -t smoke -x 70 -y 20
wait_for "at least 80"
tm resize-window -t smoke -x 130 -y 45
wait_for "original"

tm send-keys -t smoke q
for _ in $(seq 1 100); do [ -s "$work/rc" ] && break; sleep 0.1; done
[ -s "$work/rc" ] || fail "q did not quit"
rc=$(cat "$work/rc")
[ "$rc" = 0 ] || fail "exit code $rc, want 0"
wait_for "SMOKE-AFTER"
[ "$(flag alternate_on)" = 0 ] || fail "the terminal was left in the alternate screen"
[ "$(flag mouse_any_flag)" = 0 ] || fail "mouse reporting was left on"
grep -qw -- "-icanon" "$work/stty" && fail "the terminal was left in raw mode: $(cat "$work/stty")"
grep -qw -- "-echo" "$work/stty" && fail "the terminal was left without echo"
echo "tmux-smoke: PASS (moved, toggled, resized, quit with 0, terminal restored)"
