#!/usr/bin/env bash
# Builds the bundled sounds in resources/sounds/ (16 kHz, 16-bit mono PCM WAV), synthesised
# from nothing with sox, so they are ours and public domain (CC0):
#   move.wav      a short wooden click (a piece set down)
#   battle.wav    a low thud (two pieces meet)
#   gameover.wav  a three-note chime (C6 E6 G6)
# `-R` makes sox's noise repeatable, so every run writes the same bytes. CI does not run it
# (the WAVs are committed); src/gui/sound.rs embeds them.
#
# Needs: sox (apt-get install sox).
set -euo pipefail
cd "$(dirname "$0")/.."
command -v sox >/dev/null || { echo "needs sox (apt-get install sox)" >&2; exit 1; }

OUT=resources/sounds
FMT=(-r 16000 -b 16 -c 1 -e signed-integer)
mkdir -p "$OUT"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# Click: 45 ms of pink noise through a band-pass around 2.5 kHz, fast decay.
sox -R -n "${FMT[@]}" "$OUT/move.wav" synth 0.045 pinknoise \
  sinc 1200-4500 fade q 0.001 0.045 0.04 gain -n -3

# Thud: a falling 110 -> 45 Hz sine with a little brown noise, 260 ms.
sox -R -n "${FMT[@]}" "$tmp/tone.wav" synth 0.26 sine 110-45 fade q 0.004 0.26 0.22
sox -R -n "${FMT[@]}" "$tmp/noise.wav" synth 0.26 brownnoise fade q 0.002 0.26 0.24 gain -14
sox -R -m "$tmp/tone.wav" "$tmp/noise.wav" "${FMT[@]}" "$OUT/battle.wav" gain -n -2

# Chime: three bell-like notes (a tone and its octave, decaying), 0.22 s apart.
i=0
for f in 1046.5 1318.5 1568.0; do
  sox -R -n "${FMT[@]}" "$tmp/n$i.wav" synth 0.5 sine "$f" sine "$(echo "$f * 2" | bc)" \
    remix 1,2 fade q 0.003 0.5 0.47 pad "$(echo "$i * 0.22" | bc)"
  i=$((i + 1))
done
sox -R -m "$tmp/n0.wav" "$tmp/n1.wav" "$tmp/n2.wav" "${FMT[@]}" "$OUT/gameover.wav" gain -n -3

ls -l "$OUT"/*.wav
du -cb "$OUT"/*.wav | tail -1
