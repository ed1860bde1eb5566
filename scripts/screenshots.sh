#!/usr/bin/env bash
# Screenshots of the real desktop app, made the way a person plays: two windows of the
# release binary (Alice and Bob, each with a fresh profile) under Xvfb find each other with
# mDNS on loopback; with xdotool, Alice challenges Bob, Bob accepts, both load a saved
# layout and press Ready, they play a few moves (a battle each) and chat, and Bob resigns.
# On the way it writes
#
#   docs/screenshots/lobby.png       Bob's lobby: Alice found, her challenge to accept
#   docs/screenshots/deployment.png  Alice deploying: a piece selected, Bob ready
#   docs/screenshots/midgame.png     Alice's game: a piece selected, its destinations,
#                                    the last move, both battles' losses, the chat
#   docs/screenshots/gameover.png    Alice's game-over dialog over the audited board
#   docs/screenshots/hotseat.png     a third window, Carol, playing hot-seat with Dan at
#                                    one screen: Carol has deployed, and her board
#                                    waits to be passed to Dan
#
# and prints each window's resident memory (VmRSS, and its peak VmHWM) in the lobby and
# in mid-game. Buttons are found on screen by their colour and the board's squares from
# the board's outline (scripts/xshot.py, with src/gui/junqi/board.rs's proportions), so the
# clicks follow the layout of the screens rather than fixed coordinates.
#
# Usage: scripts/screenshots.sh [--out DIR]   (default DIR: docs/screenshots)
#   LANQI_BIN=path/to/lanqi   use this binary instead of `cargo build --release`
#   LANQI_SHOTS_KEEP=1        keep the temporary directory (logs, profiles, raw shots)
#
# Needs: Xvfb, xdotool, ImageMagick's `import`, python3 (the standard library), and
# iproute2's `ip` for the private network namespace:
#   sudo apt-get install -y xvfb xdotool imagemagick x11-utils python3 iproute2
# Not run by CI. Nothing leaves the machine: as root (or where unprivileged user
# namespaces are allowed) everything runs in a private network namespace whose only
# interface is loopback; otherwise the windows use mDNS on loopback only (--mdns lo).
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$(pwd)

out="$ROOT/docs/screenshots"
while [ $# -gt 0 ]; do
  case "$1" in
    --out) out=$(realpath -m "$2"); shift 2 ;;
    -h|--help) sed -n '2,28p' "$0"; exit 0 ;;
    *) echo "screenshots.sh: unknown argument $1 (see --help)" >&2; exit 2 ;;
  esac
done

missing=()
for tool in Xvfb xdotool import python3; do
  command -v "$tool" >/dev/null || missing+=("$tool")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "screenshots.sh: missing ${missing[*]}:" \
    "sudo apt-get install -y xvfb xdotool imagemagick x11-utils python3" >&2
  exit 1
fi

# The binary is built (or checked) before entering the namespace, where the registries
# are out of reach.
if [ -z "${LANQI_BIN:-}" ]; then
  echo "building the release binary…"
  nice cargo build --release --quiet
  target=$(cargo metadata --format-version 1 --no-deps |
    python3 -c 'import json,sys; print(json.load(sys.stdin)["target_directory"])')
  LANQI_BIN="$target/release/lanqi"
fi
LANQI_BIN=$(realpath "$LANQI_BIN")
export LANQI_BIN

# Into a private network namespace with only loopback in it (once).
if [ -z "${LANQI_SHOTS_NETNS:-}" ]; then
  export LANQI_SHOTS_NETNS=1
  if command -v ip >/dev/null && command -v unshare >/dev/null; then
    if unshare -n true 2>/dev/null; then
      exec unshare -n "$0" --out "$out"
    elif unshare -rn true 2>/dev/null; then
      exec unshare -rn "$0" --out "$out"
    fi
  fi
  echo "note: no private network namespace here; mDNS stays on loopback (--mdns lo)"
  LANQI_SHOTS_NETNS=host
fi
if [ "$LANQI_SHOTS_NETNS" = 1 ]; then
  ip link set lo up
  ip link set lo multicast on
fi

XSHOT=(python3 "$ROOT/scripts/xshot.py")
work=$(mktemp -d "${TMPDIR:-/tmp}/lanqi-shots.XXXXXX")
pids=()
cleanup() {
  local status=$?
  # The windows first (they say goodbye to each other on SIGTERM), then the display.
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  for pid in "${pids[@]}"; do
    for _ in $(seq 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
    kill -9 "$pid" 2>/dev/null || true
  done
  if [ -n "${LANQI_SHOTS_KEEP:-}" ] || [ $status != 0 ]; then
    echo "logs, profiles and raw shots kept in $work"
  else
    rm -rf "$work"
  fi
}
trap cleanup EXIT
trap 'exit 130' INT TERM

fail() {
  echo "screenshots.sh: $*" >&2
  exit 1
}

# --- The display ---------------------------------------------------------------------
# Two 1280x860 windows side by side on one screen; Xvfb picks a free display number.
Xvfb -displayfd 3 -screen 0 2600x900x24 -nolisten tcp 3>"$work/display" >"$work/xvfb.log" 2>&1 &
pids+=($!)
for _ in $(seq 100); do [ -s "$work/display" ] && break; sleep 0.05; done
[ -s "$work/display" ] || fail "Xvfb did not start ($(cat "$work/xvfb.log"))"
DISPLAY=":$(cat "$work/display")"
export DISPLAY ICED_BACKEND=tiny-skia WINIT_X11_SCALE_FACTOR=1 LANQI_DEBUG=1
unset LC_ALL LC_MESSAGES
export LANG=C.UTF-8 # English

# Colours of the light theme and the board, as the windows draw them.
PRIMARY=5865f2   # Challenge, Send
SUCCESS=12664f   # Accept, Ready
DANGER=c3423f    # Decline, Delete, Resign
SECONDARY=969696 # Load, Random
BOARD=f5e6c2     # the board's fill

# --- Helpers ---------------------------------------------------------------------------
# The layout both load from their library (own view, front row first): a general on a6
# facing the other side's lieutenant on its e6, so each side's a6-a7 wins a battle.
LAYOUT='bgfih/e+i+e/dc+cd/g+a+h/jkjkh/ilgjf'

declare -A WIN=() PID=() # each window's X id and process id, by name
start_window() { # NAME X: starts a window, waits for it to be mapped, moves it to X
  local name=$1 x=$2 profile="$work/$1"
  mkdir -p "$profile/layouts"
  echo "$LAYOUT" >"$profile/layouts/shots.layout"
  "$LANQI_BIN" --profile "$profile" --name "$name" --mdns lo --clock 900+0 \
    >"$work/$name.log" 2>&1 &
  local pid=$!
  pids+=("$pid")
  PID[$name]=$pid
  local win=""
  for _ in $(seq 150); do
    win=$(xdotool search --onlyvisible --pid "$pid" 2>/dev/null | head -1 || true)
    [ -n "$win" ] && break
    kill -0 "$pid" 2>/dev/null || fail "$name's window exited: $(tail -n 3 "$work/$name.log")"
    sleep 0.1
  done
  [ -n "$win" ] || fail "$name's window did not appear"
  xdotool windowmove "$win" "$x" 0
  WIN[$name]=$win
}

grab() { # WIN FILE.ppm
  import -window "$1" -depth 8 "ppm:$2"
}

away() { # the pointer off both windows (no hover highlight in a shot)
  xdotool mousemove 1290 890
  sleep 0.3
}

save_png() { # WIN NAME: the window, as NAME.png in the output directory
  away
  sleep 0.5
  import -window "$1" "$work/$2.png"
  cp "$work/$2.png" "$out/$2.png"
  echo "wrote $out/$2.png"
}

# Prints "x y" of the centre of the first area of COLOUR (top to bottom) in WIN, optionally
# inside X0 Y0 X1 Y1, waiting up to 20 s for one to show.
find_blob() { # WIN COLOUR [X0 Y0 X1 Y1]
  local win=$1 colour=$2
  shift 2
  for _ in $(seq 80); do
    grab "$win" "$work/probe.ppm"
    local box
    box=$("${XSHOT[@]}" blobs "$work/probe.ppm" "$colour" "$@" | head -1)
    if [ -n "$box" ]; then
      read -r x y w h <<<"$box"
      echo "$((x + w / 2)) $((y + h / 2))"
      return 0
    fi
    sleep 0.25
  done
  return 1
}

click() { # WIN X Y
  xdotool mousemove --window "$1" "$2" "$3"
  sleep 0.15
  xdotool click 1
  sleep 0.25
}

click_blob() { # WIN COLOUR WHAT [REGION]: clicks the first area of that colour
  local win=$1 colour=$2 what=$3
  shift 3
  local at
  at=$(find_blob "$win" "$colour" "$@") || fail "no $what on screen"
  # shellcheck disable=SC2086
  click "$win" $at
}

click_square() { # WIN SQUARE (own view)
  away
  grab "$1" "$work/probe.ppm"
  local at
  at=$("${XSHOT[@]}" square "$work/probe.ppm" "$BOARD" "$2") || fail "no board on screen"
  # shellcheck disable=SC2086
  click "$1" $at
}

count() { # LOG PATTERN: how many lines match
  grep -c -- "$2" "$work/$1.log" || true
}

wait_log() { # LOG PATTERN [N [SECONDS]]: waits for N lines (default 1) matching PATTERN
  local log=$1 pattern=$2 n=${3:-1} secs=${4:-30}
  for _ in $(seq $((secs * 10))); do
    [ "$(count "$log" "$pattern")" -ge "$n" ] && return 0
    sleep 0.1
  done
  fail "waited ${secs}s for $pattern in $log.log: $(tail -n 3 "$work/$log.log")"
}

memory() { # WHEN: prints the windows' VmRSS and VmHWM
  local name pid
  for name in Alice Bob; do
    pid=${PID[$name]}
    awk -v when="$1" -v name="$name" '
      /^VmRSS/ { rss = $2 } /^VmHWM/ { hwm = $2 }
      END { printf "memory: %-8s %-6s VmRSS %6.1f MiB   VmHWM %6.1f MiB\n", when, name, rss / 1024, hwm / 1024 }
    ' "/proc/$pid/status"
  done
}

moves=0
play() { # NAME FROM TO: a move by NAME, clicked on its board; waits until both saw it
  local win=${WIN[$1]}
  click_square "$win" "$2"
  click_square "$win" "$3"
  moves=$((moves + 1))
  wait_log Alice '"event":"move"' $moves
  wait_log Bob '"event":"move"' $moves
}

chat() { # NAME TEXT N: types a chat line and sends it; waits for the Nth line
  local win=${WIN[$1]} at
  at=$(find_blob "$win" "$PRIMARY" 900 600 1280 860) || fail "no Send button"
  read -r x y <<<"$at"
  click "$win" $((x - 150)) "$y" # the chat box, left of Send
  xdotool windowfocus --sync "$win" 2>/dev/null || true
  xdotool type --delay 40 "$2"
  xdotool key Return
  wait_log Alice '"event":"chat"' "$3"
  wait_log Bob '"event":"chat"' "$3"
}

mkdir -p "$out"

# --- The lobby -------------------------------------------------------------------------
start_window Alice 0
start_window Bob 1300
echo "windows: Alice ${WIN[Alice]} (pid ${PID[Alice]}), Bob ${WIN[Bob]} (pid ${PID[Bob]}) on $DISPLAY"
# Each lobby lists the other: a found player's Challenge button is the only blue one on the
# right half (on the left, the game picker's chosen game is blue too).
wait_log Alice '"event":"found"'
wait_log Bob '"event":"found"'
find_blob "${WIN[Alice]}" "$PRIMARY" 700 120 1280 860 >/dev/null || fail "Bob never showed in Alice's lobby"
find_blob "${WIN[Bob]}" "$PRIMARY" 700 120 1280 860 >/dev/null || fail "Alice never showed in Bob's lobby"
echo "the lobbies show each other"
sleep 1
memory lobby

click_blob "${WIN[Alice]}" "$PRIMARY" "Challenge button in Alice's lobby" 700 120 1280 860
find_blob "${WIN[Bob]}" "$SUCCESS" >/dev/null || fail "no challenge in Bob's lobby"
save_png "${WIN[Bob]}" lobby
click_blob "${WIN[Bob]}" "$SUCCESS" "Accept button in Bob's lobby"

# --- Deployment ------------------------------------------------------------------------
wait_log Alice '"event":"started"'
wait_log Bob '"event":"started"'
for name in Alice Bob; do
  win=${WIN[$name]}
  find_blob "$win" "$SUCCESS" >/dev/null || fail "no Ready button for $name"
  # The saved layout's Load button: the grey one on the row of its red Delete button.
  at=$(find_blob "$win" "$DANGER" 860 80 1280 860) || fail "no saved layout for $name"
  read -r _ dy <<<"$at"
  load=$(grab "$win" "$work/probe.ppm" &&
    "${XSHOT[@]}" blobs "$work/probe.ppm" "$SECONDARY" 860 $((dy - 10)) 1280 $((dy + 10)) | head -1)
  [ -n "$load" ] || fail "no Load button for $name"
  read -r x y w h <<<"$load"
  click "$win" $((x + w / 2)) "$dy"
done
click_blob "${WIN[Bob]}" "$SUCCESS" "Ready button for Bob"
wait_log Alice '"event":"ready","side":"north"'
click_square "${WIN[Alice]}" d6 # selected: the squares it may swap with are marked
save_png "${WIN[Alice]}" deployment
click_square "${WIN[Alice]}" c5 # swapped with the other engineer: the same layout
click_blob "${WIN[Alice]}" "$SUCCESS" "Ready button for Alice"
wait_log Alice '"event":"play"'
wait_log Bob '"event":"play"'

# --- The game --------------------------------------------------------------------------
# Alice (the challenger) is South; who moves first was tossed.
if grep -q '"event":"play","first":"south"' "$work/Alice.log"; then
  first=Alice second=Bob
else
  first=Bob second=Alice
fi
echo "$first moves first"
# Each side: an engineer and a captain into camps, then the generals' battles across the
# front, Bob's last, so that Alice is to move with its outcome under her board.
play "$first" d6 d5
play "$second" d6 d5
play "$first" b6 b5
play "$second" b6 b5
chat Bob "good luck, Alice" 1
chat Alice "thanks, you too" 2
if [ "$first" = Bob ]; then
  play Bob c5 c4
fi
play Alice a6 a7 # her general takes his lieutenant
play Bob a6 a7   # and his general hers
click_square "${WIN[Alice]}" c6 # the major: the railway runs it to a6, b6, d6, e6 or c7
memory mid-game
save_png "${WIN[Alice]}" midgame
click_square "${WIN[Alice]}" c6 # unselected

# --- The end ---------------------------------------------------------------------------
click_blob "${WIN[Bob]}" "$DANGER" "Resign button for Bob" 900 40 1280 200
click_blob "${WIN[Bob]}" "$DANGER" "Resign confirmation for Bob"
wait_log Alice '"event":"over"'
wait_log Alice '"event":"audit"'
wait_log Bob '"event":"audit"'
grep '"event":"audit"' "$work/Alice.log" | grep -q '"ok":true' ||
  fail "the audit failed: $(grep '"event":"audit"' "$work/Alice.log")"
sleep 1
save_png "${WIN[Alice]}" gameover
echo "done: $moves moves, Bob resigned, the audit passed"

# --- Hot-seat ---------------------------------------------------------------------------
# A third window, Carol, plays two at one screen: she names the second player Dan and
# presses Play here (the lowest grey button on the lobby's right half), deploys, and her
# board waits to be passed on; passing covers it, and Dan uncovers his own.
kill "${PID[Bob]}" 2>/dev/null || true
start_window Carol 1300
win=${WIN[Carol]}
wait_log Carol '"event":"listening"'
sleep 1
grab "$win" "$work/probe.ppm"
at=$("${XSHOT[@]}" blobs "$work/probe.ppm" "$SECONDARY" 700 120 1280 860 | tail -1)
[ -n "$at" ] || fail "no Play here button in Carol's lobby"
read -r x y w h <<<"$at"
click "$win" $((x - 150)) $((y + h / 2)) # the second player's name box, left of Play here
xdotool windowfocus --sync "$win" 2>/dev/null || true
xdotool type --delay 40 "Dan"
click "$win" $((x + w / 2)) $((y + h / 2))
wait_log Carol '"event":"started"'
click_blob "$win" "$SUCCESS" "Ready button for Carol" 860 80 1280 860
find_blob "$win" "$SUCCESS" 0 30 1280 110 >/dev/null || fail "no Pass the screen bar for Carol"
save_png "$win" hotseat
click_blob "$win" "$SUCCESS" "Pass the screen button" 0 30 1280 110
click_blob "$win" "$PRIMARY" "the curtain's button"
click_blob "$win" "$SUCCESS" "Ready button for Dan" 860 80 1280 860
wait_log Carol '"event":"play"'
echo "done: hot-seat, both deployed at one screen"
