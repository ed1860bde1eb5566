#!/usr/bin/env bash
# Two hosts on a virtual LAN: two network namespaces joined by a veth pair, each running
# `lanqi peer --auto` with mDNS on. The veth is a virtual interface, so first, without
# --include-virtual, the hosts must NOT find each other; then, with it, they must find each
# other and finish a game. Prints the discovery time.
# Nothing leaves the machine: the namespaces have no other interfaces. Needs root.
set -euo pipefail
cd "$(dirname "$0")/.."

if [ "$(id -u)" != 0 ] || ! command -v ip >/dev/null || ! command -v timeout >/dev/null; then
  echo "skipped: lan-test needs root, iproute2 (ip netns) and coreutils' timeout"
  exit 0
fi

# LANQI_BIN: a lanqi binary already built (CI passes the test suite's); otherwise build one.
if [ -n "${LANQI_BIN:-}" ]; then
  LANQI=$LANQI_BIN
else
  cargo build --quiet
  LANQI=target/debug/lanqi
fi
tag="lq$$"
a="${tag}a"; b="${tag}b"
work=$(mktemp -d)
cleanup() {
  for ns in "$a" "$b"; do
    ip netns pids "$ns" 2>/dev/null | xargs -r kill 2>/dev/null || true
    ip netns del "$ns" 2>/dev/null || true
  done
  rm -rf "$work"
}
trap cleanup EXIT

ip netns add "$a"
ip netns add "$b"
ip link add "veth${tag}x" type veth peer name "veth${tag}y"
ip link set "veth${tag}x" netns "$a"
ip link set "veth${tag}y" netns "$b"
ip -n "$a" addr add 10.77.0.1/24 dev "veth${tag}x"
ip -n "$b" addr add 10.77.0.2/24 dev "veth${tag}y"
ip -n "$a" link set lo up
ip -n "$b" link set lo up
ip -n "$a" link set "veth${tag}x" up multicast on
ip -n "$b" link set "veth${tag}y" up multicast on

# 1. Virtual interfaces are skipped by default: no peer is found over the veth.
ip netns exec "$b" timeout 4 "$LANQI" peer --name HostB --auto --profile "$work/b0" > "$work/b0.log" 2>&1 &
ip netns exec "$a" timeout 4 "$LANQI" peer --name HostA --auto --profile "$work/a0" > "$work/a0.log" 2>&1 || true
wait || true
if grep -q '"event":"found"' "$work/a0.log" "$work/b0.log"; then
  echo "FAILED: a peer was found over a virtual interface without --include-virtual"
  exit 1
fi

# 2. With virtual interfaces included, the two hosts find each other and play.
start=$(date +%s%N)
ip netns exec "$a" timeout 180 "$LANQI" peer --name HostA --auto --include-virtual \
  --profile "$work/a" --delay 5 > "$work/a.log" 2>&1 &
pa=$!
ip netns exec "$b" timeout 180 "$LANQI" peer --name HostB --auto --include-virtual \
  --profile "$work/b" --delay 5 > "$work/b.log" 2>&1 &
pb=$!
status=0
wait "$pa" || status=1
wait "$pb" || status=1

over_a=$(grep -m1 '"event":"over"' "$work/a.log" || true)
over_b=$(grep -m1 '"event":"over"' "$work/b.log" || true)
found=$(grep -h -m1 '"event":"found"' "$work/a.log" "$work/b.log" | head -1 || true)
if [ $status != 0 ] || [ -z "$over_a" ] || [ -z "$over_b" ] || [ -z "$found" ]; then
  echo "FAILED: the two hosts did not find each other and finish a game"
  tail -5 "$work/a.log" "$work/b.log"
  exit 1
fi
head_a=$(sed 's/.*"transcript":"\([0-9a-f]*\)".*/\1/' <<<"$over_a")
head_b=$(sed 's/.*"transcript":"\([0-9a-f]*\)".*/\1/' <<<"$over_b")
if [ "$head_a" != "$head_b" ]; then
  echo "FAILED: different transcripts ($head_a vs $head_b)"
  exit 1
fi
after=$(sed 's/.*"after_ms":\([0-9]*\).*/\1/' <<<"$found")
total_ms=$(( ($(date +%s%N) - start) / 1000000 ))
echo "lan-test: discovery after ${after} ms (from the peer's start); game finished, same transcript ${head_a:0:16}…, ${total_ms} ms in all"
echo "1 passed, 0 failed"
