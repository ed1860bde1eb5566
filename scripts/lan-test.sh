#!/usr/bin/env bash
# Two hosts on a virtual LAN: two network namespaces joined by a veth pair, each running
# `lanqi peer --auto` with mDNS on (virtual interfaces included, since the veth is one).
# Checks that they find each other and finish a game, and prints the discovery time.
# Nothing leaves the machine: the namespaces have no other interfaces. Needs root.
set -euo pipefail
cd "$(dirname "$0")/.."

if [ "$(id -u)" != 0 ] || ! command -v ip >/dev/null; then
  echo "skipped: lan-test needs root and iproute2 (ip netns) to build its virtual LAN"
  exit 0
fi

LANQI=${LANQI:-target/debug/lanqi}
[ -x "$LANQI" ] || cargo build --quiet
tag="lq$$"
a="${tag}a"; b="${tag}b"
work=$(mktemp -d)
cleanup() {
  ip netns pids "$a" 2>/dev/null | xargs -r kill 2>/dev/null || true
  ip netns pids "$b" 2>/dev/null | xargs -r kill 2>/dev/null || true
  ip netns del "$a" 2>/dev/null || true
  ip netns del "$b" 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT

ip netns add "$a"
ip netns add "$b"
ip link add "${tag}x" type veth peer name "${tag}y"
ip link set "${tag}x" netns "$a"
ip link set "${tag}y" netns "$b"
ip -n "$a" addr add 10.77.0.1/24 dev "${tag}x"
ip -n "$b" addr add 10.77.0.2/24 dev "${tag}y"
for ns in "$a" "$b"; do
  ip -n "$ns" link set lo up
done
ip -n "$a" link set "${tag}x" up multicast on
ip -n "$b" link set "${tag}y" up multicast on

start=$(date +%s%N)
ip netns exec "$a" "$LANQI" peer --name HostA --auto --include-virtual --profile "$work/a" --delay 5 > "$work/a.log" 2>&1 &
pa=$!
ip netns exec "$b" "$LANQI" peer --name HostB --auto --include-virtual --profile "$work/b" --delay 5 > "$work/b.log" 2>&1 &
pb=$!

( sleep 180; kill "$pa" "$pb" 2>/dev/null ) &
watchdog=$!
status=0
wait "$pa" || status=1
wait "$pb" || status=1
kill "$watchdog" 2>/dev/null || true

found_a=$(grep -m1 '"event":"found"' "$work/a.log" || true)
over_a=$(grep -m1 '"over"' "$work/a.log" || true)
over_b=$(grep -m1 '"over"' "$work/b.log" || true)
if [ $status != 0 ] || [ -z "$over_a" ] || [ -z "$over_b" ]; then
  echo "FAILED: the two hosts did not finish a game"
  tail -5 "$work/a.log" "$work/b.log"
  exit 1
fi
head_a=$(sed 's/.*"transcript":"\([0-9a-f]*\)".*/\1/' <<<"$over_a")
head_b=$(sed 's/.*"transcript":"\([0-9a-f]*\)".*/\1/' <<<"$over_b")
if [ "$head_a" != "$head_b" ]; then
  echo "FAILED: different transcripts ($head_a vs $head_b)"
  exit 1
fi
after=$(sed 's/.*"after_ms":\([0-9]*\).*/\1/' <<<"$found_a")
total_ms=$(( ($(date +%s%N) - start) / 1000000 ))
echo "lan-test: discovery after ${after} ms (host A, from its start); game finished, same transcript ${head_a:0:16}…, ${total_ms} ms in all"
echo "1 passed, 0 failed"
