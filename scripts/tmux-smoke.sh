#!/usr/bin/env bash
# tmux-smoke.sh BINARY: the inspector in a real terminal. Starts BINARY under
# tmux (TERM=xterm-256color COLORTERM=truecolor, so colours are detected), folds
# and unfolds the tool list's groups, filters it by status with f, moves,
# toggles, resizes and quits, then checks the exit code is 0 and that the
# terminal was restored (alternate screen and mouse off, cooked mode back, the
# window title as it was).
# Then starts it again on a session file, switches to the replay screen, steps
# with →, toggles, opens the playground and types in its editor (the answer
# follows; ctrl+r and ctrl+z), filters the turns with /, and quits with 0 the
# same way.
# With MCPTESTSERVER (the project's MCP test server, built), starts it once more
# on that server as a live --server: waits for its tools, calls the slow tool
# through the call screen (arguments typed, the approval view, y), sees the
# progress bar and the result on the replay screen, quits with 0, and checks
# that no server process is left running.
# Skips, with a message, when tmux is not installed.
set -euo pipefail

bin=${1:?usage: tmux-smoke.sh BINARY [MCPTESTSERVER]}
mts=${2:-}
if ! command -v tmux >/dev/null 2>&1; then
	echo "tmux-smoke: tmux is not installed; skipping the smoke test"
	exit 0
fi
bin=$(cd "$(dirname "$bin")" && pwd)/$(basename "$bin")
[ -x "$bin" ] || { echo "tmux-smoke: $bin is not an executable" >&2; exit 1; }
if [ -n "$mts" ]; then
	mts=$(cd "$(dirname "$mts")" && pwd)/$(basename "$mts")
	[ -x "$mts" ] || { echo "tmux-smoke: $mts is not an executable" >&2; exit 1; }
fi
session_file=$(cd "$(dirname "$0")/.." && pwd)/fixtures/recordings/session_two_turns.json
[ -r "$session_file" ] || { echo "tmux-smoke: $session_file is missing" >&2; exit 1; }

sock="strictscope-smoke-$$"
work=$(mktemp -d)
tm() { tmux -L "$sock" "$@"; }
cleanup() { tm kill-server >/dev/null 2>&1 || true; rm -rf "$work"; }
trap cleanup EXIT

target=smoke # the tmux session the checks look at

fail() {
	echo "tmux-smoke: FAIL ($target): $*" >&2
	echo "---- screen ----" >&2
	tm capture-pane -p -t "$target" >&2 || true
	exit 1
}

screen() { tm capture-pane -p -t "$target"; }

# wait_for TEXT: poll the screen until it shows TEXT (fixed string).
wait_for() {
	for _ in $(seq 1 100); do
		if screen | grep -qF -- "$1"; then return 0; fi
		sleep 0.1
	done
	fail "the screen never showed: $1"
}

# flag NAME: a tmux pane flag (alternate_on, mouse_any_flag, …).
flag() { tm display-message -p -t "$target" "#{$1}"; }

# start NAME ARGS...: runs the inspector in tmux session NAME; the pane then
# records its exit code and the terminal's modes in $work/NAME.*, and stays
# open so they can be read.
start() {
	local name=$1
	shift
	target=$name
	tm new-session -d -s "$name" -x 120 -y 40 \
		"printf '\\033]2;smoke-title\\007'; env TERM=xterm-256color COLORTERM=truecolor '$bin' $*; echo \$? > '$work/$name.rc'; stty -a > '$work/$name.stty' 2>&1; echo SMOKE-AFTER; sleep 300"
	tm set-option -t "$name" window-size manual >/dev/null
}

# quit_and_check: q, then the exit code is 0 and the terminal is restored.
quit_and_check() {
	tm send-keys -t "$target" q
	for _ in $(seq 1 100); do [ -s "$work/$target.rc" ] && break; sleep 0.1; done
	[ -s "$work/$target.rc" ] || fail "q did not quit"
	rc=$(cat "$work/$target.rc")
	[ "$rc" = 0 ] || fail "exit code $rc, want 0"
	wait_for "SMOKE-AFTER"
	[ "$(flag alternate_on)" = 0 ] || fail "the terminal was left in the alternate screen"
	[ "$(flag mouse_any_flag)" = 0 ] || fail "mouse reporting was left on"
	[ "$(flag pane_title)" = smoke-title ] || fail "the window title was left as \"$(flag pane_title)\", not as it was"
	grep -qw -- "-icanon" "$work/$target.stty" && fail "the terminal was left in raw mode: $(cat "$work/$target.stty")"
	grep -qw -- "-echo" "$work/$target.stty" && fail "the terminal was left without echo"
	return 0
}

# The built-in examples.
start smoke

wait_for "files__read_file"
[ "$(flag alternate_on)" = 1 ] || fail "the inspector is not in the alternate screen"

# The list groups the tools by server: fold the weather group (enter on its
# header, five rows down), unfold it with space, and fold every group with z
# and unfold them again.
wait_for "▾ weather"
for _ in 1 2 3 4 5; do tm send-keys -t smoke j; done
tm send-keys -t smoke Enter
wait_for "▹ weather"
tm send-keys -t smoke Space
wait_for "▾ weather"
tm send-keys -t smoke z
wait_for "▹ files · 5 tools"
tm send-keys -t smoke z
wait_for "▾ files · 5 tools"
# The status filter: f keeps the tools that need attention, f again those
# with no strict form; the status line says so. Four more f go back to all.
tm send-keys -t smoke f
wait_for "filter: needs attention · 4 of 10 tools"
tm send-keys -t smoke f
wait_for "filter: no strict form · 2 of 10 tools"
tm send-keys -t smoke f f f f
wait_for "tools 10/10"
# Move down the list to the tool with hidden text (over the weather header).
tm send-keys -t smoke Home
for _ in 1 2 3 4 5 6 7 8 9; do tm send-keys -t smoke j; done
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

quit_and_check

# A session file: its tools on the tools screen, its turns on the replay screen.
start replay "'$session_file'"
wait_for "weather__get_forecast"
tm send-keys -t replay 2
wait_for "strictscope replay"
wait_for "1/21"
tm send-keys -t replay Right
wait_for "2/21"
tm send-keys -t replay Right Right
wait_for "4/21"
wait_for "arguments as written"
tm send-keys -t replay m
wait_for "structured prefer"
tm send-keys -t replay ]
wait_for "turn 2/2"
tm send-keys -t replay [ e
wait_for "strictscope playground"
# Type in the editor: select all, type other arguments; the library's answer
# follows the text. ctrl+r goes back to the text as opened, ctrl+z undoes that.
tm send-keys -t replay C-g
tm send-keys -t replay -l '{"location": "Oslo", "days": 99}'
wait_for '1 {"location": "Oslo", "days": 99}'
wait_for "1 validation error against the tool's original schema"
tm send-keys -t replay C-r
wait_for "back to the text as opened"
tm send-keys -t replay C-z
wait_for '1 {"location": "Oslo", "days": 99}'
tm send-keys -t replay q
wait_for "arguments of weather__get_forecast"
tm send-keys -t replay Escape
wait_for "strictscope replay"
# The turn list's filter: q types into it (qq matches no turn), enter keeps
# it, esc clears it.
tm send-keys -t replay / q q
wait_for "Nothing matches the filter."
tm send-keys -t replay BSpace BSpace t u r n Space 2 Enter
wait_for "turns 1/2"
wait_for "/turn 2"
tm send-keys -t replay Escape
wait_for "turns 2/2"
tm resize-window -t replay -x 80 -y 24
wait_for "strictscope replay"
quit_and_check

live=""
if [ -n "$mts" ]; then
	# A live server: its tools are a group; the slow tool is called through
	# the call screen and the approval view, its progress drawn, its result a
	# turn of the live session.
	start live "--server 'ts=$mts --stderr-lines 2'"
	wait_for "ts · 10 tools"
	tm send-keys -t live / s l o w Enter
	wait_for "ts · 1 of 10 tools"
	tm send-keys -t live j c
	wait_for "strictscope call"
	tm send-keys -t live C-g
	tm send-keys -t live -l '{"steps": 30, "delay_ms": 100}'
	wait_for '{"steps": 30, "delay_ms": 100}'
	tm send-keys -t live Enter
	wait_for "Send this call?"
	wait_for '{"steps":30,"delay_ms":100}'
	tm send-keys -t live y
	wait_for "progress notifications"
	wait_for "turn 1 · live session"
	tm send-keys -t live Right Right Right Right Right Right
	wait_for "done after 30 steps"
	tm send-keys -t live 2
	wait_for "strictscope servers"
	wait_for "stderr line 2 of 2"
	quit_and_check
	for _ in $(seq 1 50); do pgrep -f "^$mts" >/dev/null || break; sleep 0.1; done
	if pgrep -f "^$mts" >/dev/null; then fail "a test server process is left running: $(pgrep -fa "^$mts")"; fi
	live=", called a live server's tool through the approval view and left no process"
else
	echo "tmux-smoke: no MCP test server given; skipping the live server"
fi

echo "tmux-smoke: PASS (folded groups, filtered by status, moved, toggled, resized, typed in the playground's editor, replayed a session, filtered its turns, quit with 0 twice, terminal restored$live)"
