#!/usr/bin/env bash
# Builds resources/fonts/lanqi-cjk-{regular,bold}.otf: subsets of Noto Sans CJK SC (SIL OFL
# 1.1) holding only the characters lanqi shows, renamed to the family "Lanqi CJK" so that
# a full Noto CJK installed on the system can never be picked instead of the bundled subset
# (which keeps snapshots the same on every machine).
#
# The characters are: printable ASCII, plus every non-ASCII character in the GUI's source
# (src/gui/ and its folders, with the UI string table src/gui/i18n.rs), in the Junqi piece names
# (src/rules/junqi/piece.rs) and in the Xiangqi rules core (src/rules/xiangqi/: the piece
# names, and the numerals and words of the Chinese move notation, 炮二平五, 前车进一).
# Re-run it after adding UI text; CI does not run it (the fonts are committed).
#
# Needs: Debian's fonts-noto-cjk (the source font) and fonttools (python3-fonttools, or
# `pip install fonttools`; set PYTHON to choose the interpreter):   apt-get install fonts-noto-cjk python3-fonttools
set -euo pipefail
cd "$(dirname "$0")/.."

SRC_DIR=${NOTO_CJK_DIR:-/usr/share/fonts/opentype/noto}
OUT_DIR=resources/fonts
FAMILY="Lanqi CJK"
# Index of "Noto Sans CJK SC" in the Debian .ttc collections (JP, KR, SC, TC, HK, mono…).
INDEX=2

# A Python that has fontTools (Debian's package installs it for /usr/bin/python3, which may
# not be the first python3 on PATH).
PY=
for candidate in "${PYTHON:-}" python3 /usr/bin/python3; do
  if [ -n "$candidate" ] && "$candidate" -c 'import fontTools' 2>/dev/null; then PY=$candidate; break; fi
done
[ -n "$PY" ] || { echo "no python3 with fontTools (apt-get install python3-fonttools)" >&2; exit 1; }

chars=$(mktemp)
trap 'rm -f "$chars"' EXIT
"$PY" - "$chars" <<'PY'
import pathlib, sys
text = "".join(chr(c) for c in range(0x20, 0x7f))
sources = (sorted(pathlib.Path("src/gui").rglob("*.rs"))
           + [pathlib.Path("src/rules/junqi/piece.rs")]
           + sorted(pathlib.Path("src/rules/xiangqi").rglob("*.rs")))
for path in sources:
    text += "".join(ch for ch in path.read_text(encoding="utf-8") if ord(ch) > 0x7f)
# Typographic extras the UI may show.
text += "…–—‘’“”·×"
chars = sorted(set(text))
pathlib.Path(sys.argv[1]).write_text("".join(chars), encoding="utf-8")
print(f"{len(chars)} characters, {sum(1 for c in chars if ord(c) > 0x2e80)} of them CJK", file=sys.stderr)
PY

mkdir -p "$OUT_DIR"
for style in Regular Bold; do
  src="$SRC_DIR/NotoSansCJK-$style.ttc"
  [ -f "$src" ] || { echo "missing $src (apt-get install fonts-noto-cjk)" >&2; exit 1; }
  out="$OUT_DIR/lanqi-cjk-$(echo "$style" | tr 'A-Z' 'a-z').otf"
  "$PY" -m fontTools.subset "$src" --font-number=$INDEX --text-file="$chars" \
    --no-hinting \
    --name-IDs='*' --name-languages='*' --output-file="$out.tmp"
  # Rename the family (OFL: a modified version should not pose as the original), and keep
  # the source's copyright and licence strings.
  "$PY" - "$out.tmp" "$FAMILY" "$style" <<'PY'
import sys
from fontTools.ttLib import TTFont
path, family, style = sys.argv[1:]
font = TTFont(path)
name = font["name"]
version = name.getDebugName(5)
source = name.getDebugName(4)
full = f"{family} {style}" if style != "Regular" else family
ps = f"{family.replace(' ', '')}-{style}"
for rec in list(name.names):
    if rec.nameID in (1, 3, 4, 6, 16, 17):
        name.removeNames(nameID=rec.nameID)
for nid, value in {1: family, 2: style, 3: f"{ps};subset of {source} {version}", 4: full, 6: ps,
                   16: family, 17: style}.items():
    name.setName(value, nid, 3, 1, 0x409)
    name.setName(value, nid, 1, 0, 0)
if "CFF " in font:
    cff = font["CFF "].cff
    cff.fontNames = [ps]
    top = cff.topDictIndex[0]
    top.FullName = full
    top.FamilyName = family
# The same bytes on every run: no "modified now" timestamp.
font["head"].modified = font["head"].created
font.recalcTimestamp = False
font.save(path)
print(f"{path}: {full} from {source}, {version}", file=sys.stderr)
PY
  mv "$out.tmp" "$out"
  ls -l "$out"
done

# The licence, with the source font's copyright notice first (OFL condition 2).
{
  "$PY" -c 'from fontTools.ttLib import TTFont; import sys; print(TTFont(sys.argv[1], fontNumber=2)["name"].getDebugName(0))' \
    "$SRC_DIR/NotoSansCJK-Regular.ttc"
  echo
  if [ -f /usr/share/doc/fonts-noto-cjk/copyright ]; then
    # Debian keeps the OFL text as an indented block with '.' for blank lines.
    awk '/^License: SIL-1.1$/ && seen++ {on=1; next} on && /^License:/ {exit} on {sub(/^ /, ""); if ($0 == ".") $0 = ""; print}' \
      /usr/share/doc/fonts-noto-cjk/copyright
  fi
} > "$OUT_DIR/OFL.txt"
echo "wrote $OUT_DIR/OFL.txt"
