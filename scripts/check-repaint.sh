#!/usr/bin/env bash
# Checks that the real window leaves no old pixels behind (issue #25, point 2): tiny-skia
# redraws only what changed between frames and judges a text by its line box, so ink
# outside it (descenders, Tibetan stacks) could stay after the text changed or moved.
#
# One window of the app (a fresh profile, discovery off) under Xvfb, 1100x760. For each
# step (the language switched through all three and back, the page scrolled down and up) the window is shot as it
# is, then resized by a pixel and back (a resize repaints everything) and shot again: the
# two shots must be the same, pixel for pixel. Prints each step's count of differing
# pixels; exits 1 when any differs (the shots are kept to look at).
#
# Usage: scripts/check-repaint.sh [BINARY]   (default: cargo build, target/debug/lanqi)
#   LANQI_REPAINT_KEEP=1   keep the shots when nothing differs too
# Needs: Xvfb, xdotool, ImageMagick (import, compare):
#   sudo apt-get install -y xvfb xdotool imagemagick x11-utils
# Not run by CI. Nothing leaves the machine (--mdns off).
set -euo pipefail
cd "$(dirname "$0")/.."

bin=${1:-}
if [ -z "$bin" ]; then
  cargo build --quiet
  bin=target/debug/lanqi
fi
bin=$(realpath "$bin")
for tool in Xvfb xdotool import compare; do
  command -v "$tool" >/dev/null || { echo "check-repaint.sh: missing $tool" >&2; exit 1; }
done

work=$(mktemp -d "${TMPDIR:-/tmp}/lanqi-repaint.XXXXXX")
pids=()
cleanup() {
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
}
trap cleanup EXIT

Xvfb -displayfd 3 -screen 0 1280x900x24 -nolisten tcp 3>"$work/display" >"$work/xvfb.log" 2>&1 &
pids+=($!)
for _ in $(seq 100); do [ -s "$work/display" ] && break; sleep 0.05; done
DISPLAY=":$(cat "$work/display")"
export DISPLAY ICED_BACKEND=tiny-skia WINIT_X11_SCALE_FACTOR=1 LANG=C.UTF-8
unset LC_ALL LC_MESSAGES

"$bin" --profile "$work/profile" --name alice --mdns off >"$work/app.log" 2>&1 &
pids+=($!)
win=
for _ in $(seq 100); do
  win=$(xdotool search --name lanqi 2>/dev/null | head -1 || true)
  [ -n "$win" ] && break
  sleep 0.2
done
[ -n "$win" ] || { echo "check-repaint.sh: no window ($(cat "$work/app.log"))" >&2; exit 1; }
xdotool windowmove "$win" 0 0 windowsize "$win" 1100 760
sleep 3

failed=0
height=760
# Shoots the window as it is and after a repaint of everything; compares the two.
check() { # NAME
  sleep 1.5
  import -window "$win" "$work/$1-shown.png"
  xdotool windowsize "$win" 1101 "$height"
  sleep 1
  xdotool windowsize "$win" 1100 "$height"
  sleep 1.5
  import -window "$win" "$work/$1-fresh.png"
  local differ
  differ=$(compare -metric AE "$work/$1-shown.png" "$work/$1-fresh.png" /dev/null 2>&1 || true)
  echo "$1: $differ pixels differ from a fresh render"
  [ "$differ" = 0 ] || failed=1
}

check start
# The language button, at the header's right end: every word changes.
xdotool mousemove 1059 20 click 1
check language
xdotool mousemove 1059 20 click 1
check language-traditional
xdotool mousemove 1059 20 click 1
check language-back
# In a lower window, the page scrolled down and up again with the wheel.
height=480
xdotool windowsize "$win" 1100 "$height"
check lower
xdotool mousemove 550 400
xdotool click --repeat 5 --delay 80 5
check scrolled-down
xdotool click --repeat 5 --delay 80 4
check scrolled-up

if [ $failed = 1 ]; then
  echo "old pixels stayed on screen: the shots are in $work" >&2
  exit 1
fi
[ -n "${LANQI_REPAINT_KEEP:-}" ] && echo "shots kept in $work" || rm -rf "$work"
echo "no old pixels left on screen"
