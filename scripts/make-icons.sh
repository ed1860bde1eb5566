#!/usr/bin/env bash
# Renders the app icon packaging/lanqi.svg to PNGs for the desktop
# (packaging/icons/hicolor/NxN/apps/lanqi.png, N = 16 32 48 64 128 256), and the 64 px one
# as raw RGBA bytes (resources/icons/lanqi-64.rgba, 64*64*4 bytes, row by row, straight
# alpha) for the window icon that src/gui/icon.rs embeds: no PNG decoder in the binary.
# Re-run after editing the SVG and commit the results; CI does not run it.
#
# Needs: rsvg-convert (apt-get install librsvg2-bin) and python3 (standard library only).
set -euo pipefail
cd "$(dirname "$0")/.."
command -v rsvg-convert >/dev/null || { echo "needs rsvg-convert (apt-get install librsvg2-bin)" >&2; exit 1; }

SVG=packaging/lanqi.svg
for n in 16 32 48 64 128 256; do
  dir=packaging/icons/hicolor/${n}x${n}/apps
  mkdir -p "$dir"
  rsvg-convert --width "$n" --height "$n" --format png "$SVG" --output "$dir/lanqi.png"
done
mkdir -p resources/icons
python3 - packaging/icons/hicolor/64x64/apps/lanqi.png resources/icons/lanqi-64.rgba <<'PY'
# A minimal PNG decoder for what rsvg-convert writes: 8-bit RGBA, not interlaced.
import struct, sys, zlib
src, dst = sys.argv[1:]
data = open(src, "rb").read()
assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
pos, idat = 8, b""
while pos < len(data):
    (length,) = struct.unpack(">I", data[pos:pos + 4])
    kind, body = data[pos + 4:pos + 8], data[pos + 8:pos + 8 + length]
    if kind == b"IHDR":
        w, h, depth, color, _, _, interlace = struct.unpack(">IIBBBBB", body)
        assert (depth, color, interlace) == (8, 6, 0), "want 8-bit RGBA, not interlaced"
    elif kind == b"IDAT":
        idat += body
    pos += 12 + length
raw, bpp, stride = zlib.decompress(idat), 4, w * 4
out, prev = bytearray(), bytearray(stride)
for y in range(h):
    f, line = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
    for i in range(stride):
        a = line[i - bpp] if i >= bpp else 0
        b, c = prev[i], (prev[i - bpp] if i >= bpp else 0)
        if f == 1: line[i] = (line[i] + a) & 255
        elif f == 2: line[i] = (line[i] + b) & 255
        elif f == 3: line[i] = (line[i] + (a + b) // 2) & 255
        elif f == 4:
            p = a + b - c
            pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
            line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
    out += line
    prev = line
open(dst, "wb").write(out)
print(f"{dst}: {w}x{h}, {len(out)} bytes", file=sys.stderr)
PY
ls -l packaging/icons/hicolor/*/apps/lanqi.png resources/icons/lanqi-64.rgba
