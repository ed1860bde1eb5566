#!/usr/bin/env bash
# Builds resources/fonts/lanqi-tibetan-regular.ttf: Noto Serif Tibetan (SIL OFL 1.1) cut down
# to the Tibetan block (U+0F00-U+0FFF) with every stacked-consonant glyph its layout tables
# reach, renamed to the family "Lanqi Tibetan" (OFL: a modified font must not pose as the
# original; and a system Noto can never be picked instead). The app loads it beside the CJK
# subset; player names and chat in Tibetan script fall back to it (cosmic-text tries every
# loaded font when the default family lacks a character). Hinting is dropped, as for the CJK
# subset: the snapshots record unhinted glyphs.
#
# Same bytes on every run with the same fonts-noto-core and fontTools. Re-run only to update
# the source font; CI does not run it (the font is committed).
#
# Needs: Debian's fonts-noto-core (the source font; NOTO_DIR names where its .ttf files are,
# e.g. a `dpkg-deb -x` of the package) and fonttools (python3-fonttools):
#   apt-get install fonts-noto-core python3-fonttools
set -euo pipefail
cd "$(dirname "$0")/.."

SRC=${NOTO_DIR:-/usr/share/fonts/truetype/noto}/NotoSerifTibetan-Regular.ttf
OUT=resources/fonts/lanqi-tibetan-regular.ttf
FAMILY="Lanqi Tibetan"
[ -f "$SRC" ] || { echo "missing $SRC (apt-get install fonts-noto-core)" >&2; exit 1; }

PY=
for candidate in "${PYTHON:-}" python3 /usr/bin/python3; do
  if [ -n "$candidate" ] && "$candidate" -c 'import fontTools' 2>/dev/null; then PY=$candidate; break; fi
done
[ -n "$PY" ] || { echo "no python3 with fontTools (apt-get install python3-fonttools)" >&2; exit 1; }

"$PY" - "$SRC" "$OUT" "$FAMILY" <<'PY'
import sys
from fontTools import subset
from fontTools.ttLib import TTFont
src, out, family = sys.argv[1:]
options = subset.Options(hinting=False, name_IDs=["*"], name_languages=["*"],
                         layout_features=["*"], notdef_outline=True)
font = subset.load_font(src, options, dontLoadGlyphNames=True, lazy=False)
subsetter = subset.Subsetter(options)
# The Tibetan block, the dotted circle shown under a lone vowel sign, the joiners, and
# the space and no-break space.
codes = list(range(0x0F00, 0x1000)) + [0x25CC, 0x200B, 0x200C, 0x200D, 0x20, 0xA0]
subsetter.populate(unicodes=codes)
subsetter.subset(font)
name = font["name"]
version = name.getDebugName(5)
source = name.getDebugName(4)
ps = family.replace(" ", "") + "-Regular"
for rec in list(name.names):
    if rec.nameID in (1, 3, 4, 6, 16, 17):
        name.removeNames(nameID=rec.nameID)
for nid, value in {1: family, 2: "Regular", 3: f"{ps};subset of {source} {version}",
                   4: family, 6: ps, 16: family, 17: "Regular"}.items():
    name.setName(value, nid, 3, 1, 0x409)
    name.setName(value, nid, 1, 0, 0)
font["head"].modified = font["head"].created
font.recalcTimestamp = False
subset.save_font(font, out, options)
print(f"{out}: {family} from {source}, {version}", file=sys.stderr)
PY
ls -l "$OUT"

# The licence, with the source font's copyright notice first (OFL condition 2).
{
  "$PY" -c 'from fontTools.ttLib import TTFont; import sys; print(TTFont(sys.argv[1])["name"].getDebugName(0))' "$SRC"
  echo
  sed -n '/^SIL OPEN FONT LICENSE/,$p' resources/fonts/OFL.txt
} > resources/fonts/OFL-tibetan.txt
echo "wrote resources/fonts/OFL-tibetan.txt"
