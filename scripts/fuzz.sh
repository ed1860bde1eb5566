#!/usr/bin/env bash
# Runs a fuzz target of fuzz/ for a while on stable Rust (no sanitizer, which needs nightly).
# Usage: scripts/fuzz.sh [target] [seconds]    (targets: cargo fuzz list --fuzz-dir fuzz)
set -euo pipefail
cd "$(dirname "$0")/.."
target=${1:-junqi_text}
seconds=${2:-60}
if ! cargo fuzz --version >/dev/null 2>&1; then
  echo "cargo-fuzz is missing: cargo install cargo-fuzz" >&2
  exit 1
fi
mkdir -p "fuzz/corpus/$target"
cargo fuzz run --sanitizer none "$target" "fuzz/corpus/$target" -- -max_total_time="$seconds"
