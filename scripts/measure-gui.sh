#!/usr/bin/env bash
# Measures the desktop app as a person meets it, under Xvfb with tiny-skia:
#
# 1. Start to first frame, RUNS times (default 5): the time from starting the release
#    binary (a fresh profile each time) until its window is mapped, and until the window
#    shows painted content (a grab of its top-left corner is no longer one flat colour).
#    The grabs are polled, so each time is late by up to one poll (about 60 ms here).
# 2. Resident memory during a game: runs scripts/screenshots.sh (two windows, a game
#    through to its end) into a temporary directory and prints its memory lines: VmRSS
#    and VmHWM of each window in the lobby and in mid-game.
#
# Usage: scripts/measure-gui.sh [RUNS] [--no-game]
#   LANQI_BIN=path/to/lanqi   use this binary instead of `cargo build --release`
# Needs what scripts/screenshots.sh needs (Xvfb, xdotool, ImageMagick, python3).
# Prints numbers only; nothing is asserted. The first-frame runs use `--mdns off`: no
# datagram is sent.
set -euo pipefail
cd "$(dirname "$0")/.."

runs=5
game=1
for arg in "$@"; do
  case "$arg" in
    --no-game) game=0 ;;
    -h|--help) sed -n '2,16p' "$0"; exit 0 ;;
    *[!0-9]*|'') echo "measure-gui.sh: unknown argument $arg (see --help)" >&2; exit 2 ;;
    *) runs=$arg ;;
  esac
done

for tool in Xvfb xdotool import; do
  command -v "$tool" >/dev/null || {
    echo "measure-gui.sh: missing $tool: sudo apt-get install -y xvfb xdotool imagemagick" >&2
    exit 1
  }
done

if [ -z "${LANQI_BIN:-}" ]; then
  echo "building the release binary…"
  nice cargo build --release --quiet
  target=$(cargo metadata --format-version 1 --no-deps |
    python3 -c 'import json,sys; print(json.load(sys.stdin)["target_directory"])')
  LANQI_BIN="$target/release/lanqi"
fi
LANQI_BIN=$(realpath "$LANQI_BIN")
export LANQI_BIN

work=$(mktemp -d "${TMPDIR:-/tmp}/lanqi-measure.XXXXXX")
pids=()
cleanup() {
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  rm -rf "$work"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

Xvfb -displayfd 3 -screen 0 1400x900x24 -nolisten tcp 3>"$work/display" >"$work/xvfb.log" 2>&1 &
xvfb=$!
pids+=("$xvfb")
for _ in $(seq 100); do [ -s "$work/display" ] && break; sleep 0.05; done
[ -s "$work/display" ] || { echo "Xvfb did not start" >&2; exit 1; }
DISPLAY=":$(cat "$work/display")"
export DISPLAY ICED_BACKEND=tiny-skia WINIT_X11_SCALE_FACTOR=1 LANG=C.UTF-8
unset LC_ALL LC_MESSAGES

now_ms() { echo $(($(date +%s%N) / 1000000)); }

echo "machine: $(nproc) cores; load average at the start: $(cut -d' ' -f1-3 /proc/loadavg)"
mapped_all=()
painted_all=()
for run in $(seq "$runs"); do
  profile="$work/profile-$run"
  t0=$(now_ms)
  "$LANQI_BIN" --profile "$profile" --name Measure --mdns off >"$work/run-$run.log" 2>&1 &
  pid=$!
  pids+=("$pid")
  win=""
  mapped=""
  painted=""
  while [ $(($(now_ms) - t0)) -lt 30000 ]; do
    if [ -z "$win" ]; then
      win=$(xdotool search --onlyvisible --pid "$pid" 2>/dev/null | head -1 || true)
      [ -n "$win" ] && mapped=$(($(now_ms) - t0))
    fi
    if [ -n "$win" ]; then
      colours=$(import -window "$win" -crop 400x40+0+0 -format '%k' info: 2>/dev/null || echo 0)
      if [ "${colours:-0}" -gt 1 ]; then
        painted=$(($(now_ms) - t0))
        break
      fi
    fi
    sleep 0.01
  done
  kill "$pid" 2>/dev/null || true
  wait "$pid" 2>/dev/null || true
  if [ -z "$painted" ]; then
    echo "run $run: no painted window within 30 s ($(tail -n 2 "$work/run-$run.log"))" >&2
    exit 1
  fi
  echo "run $run: window mapped after ${mapped} ms, first painted frame seen after ${painted} ms"
  mapped_all+=("$mapped")
  painted_all+=("$painted")
  sleep 1
done

stats() { # numbers → "median M ms (min A, max B)"
  printf '%s\n' "$@" | sort -n | awk '
    { v[NR] = $1 }
    END {
      m = (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2
      printf "median %d ms (min %d, max %d, %d runs)", m, v[1], v[NR], NR
    }'
}
echo "start to window mapped:      $(stats "${mapped_all[@]}")"
echo "start to first painted frame: $(stats "${painted_all[@]}")"
echo "load average at the end: $(cut -d' ' -f1-3 /proc/loadavg)"

kill "$xvfb" 2>/dev/null || true

if [ "$game" = 1 ]; then
  echo "a game between two windows (scripts/screenshots.sh), for the memory…"
  scripts/screenshots.sh --out "$work/shots" | grep -E '^(memory|done)'
fi
