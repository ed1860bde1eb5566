#!/usr/bin/env bash
# Builds resources/fonts/lanqi-cjk-{regular,bold}.otf: subsets of Noto Sans CJK SC (SIL OFL
# 1.1) holding the characters lanqi shows and the ones people type into it, renamed to the
# family "Lanqi CJK" so that a full Noto CJK installed on the system can never be picked
# instead of the bundled subset (which keeps snapshots the same on every machine, and lets
# the app work on one with no CJK font at all).
#
# The characters are:
# - printable ASCII, and every non-ASCII character of the GUI's source (src/gui/ and its
#   folders, with the rules and history pages), of the language files (resources/i18n/*.ftl:
#   every UI message in English, simplified and traditional Chinese), of
#   src/session/ending.rs, of the Junqi piece names (src/rules/junqi/piece.rs) and of the
#   Xiangqi rules core (src/rules/xiangqi/: the piece names, and the numerals and words of
#   the Chinese move notation, 炮二平五, 前车进一);
# - what players type in names and chat: all of GB 2312 (7445 characters: 6763 hanzi, and
#   its punctuation, full-width forms, kana, Greek, Cyrillic, pinyin, box drawing), and the
#   common traditional characters as Big5 level 1 (5401 hanzi, 2073 of them not in GB 2312),
#   with the CJK punctuation (U+3000-U+303F) and half/full-width forms (U+FF00-U+FFEF).
# 9805 characters asked for, 8836 of them CJK ideographs; the font has all but 15 of them
# (code points the punctuation blocks leave unassigned). About 2.2 MB per weight, and both
# are embedded in the binary: GB 2312 alone would be 1.6 MB, Big5 level 1 adds 0.6 MB for
# the traditional characters people actually type (國, 學, 說, 請…). Without the pruning of
# language systems below they would be 4.2 MB each.
# Hinting is dropped (as it always was): the snapshots record unhinted glyphs, so a glyph
# drawn from a hinted system font instead would show as a difference.
# Re-run it after adding UI text; CI does not run it (the fonts are committed).
# Same bytes on every run with the same fonts-noto-cjk and fontTools.
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
def codes(first, last, encoding):
    """Every character the two-byte codes first..=last decode to (unassigned ones fail)."""
    out = set()
    for code in range(first, last + 1):
        try:
            out.add(code.to_bytes(2, "big").decode(encoding))
        except UnicodeDecodeError:
            pass
    return out
ascii_ = {chr(c) for c in range(0x20, 0x7f)}
shown = set()
sources = (sorted(pathlib.Path("src/gui").rglob("*.rs"))
           + sorted(pathlib.Path("resources/i18n").glob("*.ftl"))
           + [pathlib.Path("src/session/ending.rs"), pathlib.Path("src/rules/junqi/piece.rs")]
           + sorted(pathlib.Path("src/rules/xiangqi").rglob("*.rs")))
for path in sources:
    shown |= {ch for ch in path.read_text(encoding="utf-8") if ord(ch) > 0x7f}
# Typographic extras the UI may show.
shown |= set("…–—‘’“”·×")
# What people type: all of GB 2312 (6763 hanzi and 682 symbols, kana, Greek, Cyrillic,
# box drawing, full-width forms), codes 0xA1A1-0xF7FE...
gb2312 = codes(0xA1A1, 0xF7FE, "gb2312")
# ...the common traditional characters: Big5 level 1 (5401 hanzi, codes 0xA440-0xC67E;
# 2073 of them are not in GB 2312)...
big5 = codes(0xA440, 0xC67E, "big5")
# ...and the CJK and full-width punctuation blocks (15 of their code points are unassigned;
# the subsetter skips what the font lacks).
punctuation = {chr(c) for c in [*range(0x3000, 0x3040), *range(0xFF00, 0xFFF0)]}
chars = sorted(ascii_ | shown | gb2312 | big5 | punctuation)
pathlib.Path(sys.argv[1]).write_text("".join(chars), encoding="utf-8")
print(f"{len(chars)} characters asked for: GB 2312 {len(gb2312)}, Big5 level 1 {len(big5)} "
      f"({len(big5 - gb2312)} not in GB 2312), from the source {len(shown)} "
      f"({len(shown - gb2312 - big5)} not in either), "
      f"{sum(1 for c in chars if 0x4e00 <= ord(c) <= 0x9fff)} CJK unified ideographs",
      file=sys.stderr)
PY

mkdir -p "$OUT_DIR"
for style in Regular Bold; do
  src="$SRC_DIR/NotoSansCJK-$style.ttc"
  [ -f "$src" ] || { echo "missing $src (apt-get install fonts-noto-cjk)" >&2; exit 1; }
  out="$OUT_DIR/lanqi-cjk-$(echo "$style" | tr 'A-Z' 'a-z').otf"
  # Only the default language system of each script is kept: lanqi's shaper (cosmic-text's
  # harfrust) never sets a language, so the Japanese, Korean and Traditional Chinese `locl`
  # glyph variants (Noto's JAN/KOR/ZHT/ZHH/ZHS language systems) could never show, and
  # would double the size. The default systems are untouched: what renders is unchanged.
  "$PY" - "$src" "$INDEX" "$chars" "$out.tmp" <<'PY'
import sys
from fontTools import subset
src, index, chars, out = sys.argv[1:]
options = subset.Options(hinting=False, name_IDs=["*"], name_languages=["*"],
                         font_number=int(index))
# Not lazy: edits to lazily loaded layout tables would be silently lost.
font = subset.load_font(src, options, dontLoadGlyphNames=True, lazy=False)
for tag in ("GSUB", "GPOS"):
    for record in font[tag].table.ScriptList.ScriptRecord:
        record.Script.LangSysRecord = []
        record.Script.LangSysCount = 0
subsetter = subset.Subsetter(options)
subsetter.populate(text=open(chars, encoding="utf-8").read())
subsetter.subset(font)
subset.save_font(font, out, options)
PY
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
