#!/usr/bin/env python3
"""Looks at screenshots of lanqi's windows for scripts/screenshots.sh and
scripts/measure-gui.sh (Python's standard library only).

Every command reads a binary PPM (P6, 8 or 16 bits), as `import -window ID ppm:FILE`
writes it:

  xshot.py blobs FILE RRGGBB [X0 Y0 X1 Y1]   the boxes ("x y w h", one a line, top to
                                              bottom) of the connected areas of exactly
                                              that colour at least 12x12 pixels, inside
                                              the region if given
  xshot.py box FILE RRGGBB                   the box of every pixel of that colour
  xshot.py square FILE RRGGBB SQUARE         the centre ("x y") of a square of the Junqi
                                              board, in the viewer's own view (a1 at the
                                              bottom left, e12 at the top right); RRGGBB
                                              is the board's fill colour
  xshot.py pixel FILE X Y                    the colour at (X, Y), as RRGGBB
  xshot.py colours FILE                      how many distinct colours the picture has
"""

import sys


def read_ppm(path):
    """(width, height, bytes of RGB rows) of a binary PPM."""
    with open(path, "rb") as f:
        data = f.read()
    fields = []
    pos = 0
    while len(fields) < 4:
        while data[pos : pos + 1].isspace():
            pos += 1
        if data[pos : pos + 1] == b"#":
            pos = data.index(b"\n", pos) + 1
            continue
        end = pos
        while not data[end : end + 1].isspace():
            end += 1
        fields.append(data[pos:end])
        pos = end
    if fields[0] != b"P6" or fields[3] not in (b"255", b"65535"):
        sys.exit(f"xshot: {path} is not a binary PPM")
    width, height = int(fields[1]), int(fields[2])
    if fields[3] == b"255":
        pixels = data[pos + 1 : pos + 1 + 3 * width * height]
    else:  # 16 bits a sample: keep the high bytes
        pixels = data[pos + 1 : pos + 1 + 6 * width * height : 2]
    return width, height, pixels


def runs(row, pattern):
    """The runs [start, end) of pixels of exactly `pattern` (3 bytes) in one row."""
    out = []
    i = row.find(pattern)
    n = len(row)
    while i != -1:
        if i % 3 != 0:
            i = row.find(pattern, i + 1)
            continue
        j = i + 3
        while j < n and row[j : j + 3] == pattern:
            j += 3
        out.append((i // 3, j // 3))
        i = row.find(pattern, j)
    return out


def components(path, colour, region=None):
    """Boxes (x0, y0, x1, y1), inclusive, of the 8-connected areas of `colour`."""
    width, height, pixels = read_ppm(path)
    x0, y0, x1, y1 = region or (0, 0, width - 1, height - 1)
    x0, y0 = max(x0, 0), max(y0, 0)
    x1, y1 = min(x1, width - 1), min(y1, height - 1)
    pattern = bytes.fromhex(colour)
    parent = {}

    def find(a):
        while parent[a] != a:
            parent[a] = parent[parent[a]]
            a = parent[a]
        return a

    boxes = {}
    previous = []  # (start, end, id) of the row above
    next_id = 0
    for y in range(y0, y1 + 1):
        row = pixels[(y * width + x0) * 3 : (y * width + x1 + 1) * 3]
        current = []
        for start, end in runs(row, pattern):
            start, end = start + x0, end + x0
            rid = next_id
            next_id += 1
            parent[rid] = rid
            boxes[rid] = [start, y, end - 1, y]
            for ps, pe, pid in previous:
                if ps <= end and start <= pe:  # touching, diagonals included
                    a, b = find(pid), find(rid)
                    if a != b:
                        parent[b] = a
            current.append((start, end, rid))
        previous = current
    merged = {}
    for rid, (bx0, by0, bx1, by1) in boxes.items():
        root = find(rid)
        m = merged.setdefault(root, [bx0, by0, bx1, by1])
        m[0], m[1] = min(m[0], bx0), min(m[1], by0)
        m[2], m[3] = max(m[2], bx1), max(m[3], by1)
    return sorted((tuple(b) for b in merged.values()), key=lambda b: (b[1], b[0]))


# The board's proportions, in row pitches, as src/gui/junqi/board.rs draws it (Geometry).
PITCH_X = 1.5  # column pitch
MARGIN = 0.6  # round the grid
GAP = 0.85  # the front band between the halves
BOARD_W = 5 * PITCH_X + 2 * MARGIN
BOARD_H = 12 + GAP + 2 * MARGIN
EDGE = 0.06  # the width of the board's outline, which hides half of it on each side


def square_centre(box, square):
    """The centre of an own-view square (`a1`..`e12`) on the board whose fill covers
    `box` (x, y, w, h): the fill is the board's rectangle less half its outline."""
    x, y, w, h = box
    unit = min((w + 1) / (BOARD_W - EDGE), (h + 1) / (BOARD_H - EDGE))
    ox, oy = x - EDGE / 2 * unit, y - EDGE / 2 * unit
    file, rank = ord(square[0]) - ord("a"), int(square[1:])
    if not (0 <= file < 5 and 1 <= rank <= 12):
        sys.exit(f"xshot: no square {square}")
    row = 12 - rank  # from the top
    gap = GAP if row >= 6 else 0.0
    cx = ox + (MARGIN + (file + 0.5) * PITCH_X) * unit
    cy = oy + (MARGIN + row + 0.5 + gap) * unit
    return round(cx), round(cy)


def colour_box(path, colour):
    boxes = components(path, colour)
    if not boxes:
        return None
    bx0 = min(b[0] for b in boxes)
    by0 = min(b[1] for b in boxes)
    bx1 = max(b[2] for b in boxes)
    by1 = max(b[3] for b in boxes)
    return bx0, by0, bx1 - bx0 + 1, by1 - by0 + 1


def main(argv):
    if len(argv) < 3:
        sys.exit(__doc__)
    command, path = argv[1], argv[2]
    if command == "blobs":
        region = tuple(int(v) for v in argv[4:8]) if len(argv) >= 8 else None
        for bx0, by0, bx1, by1 in components(path, argv[3], region):
            w, h = bx1 - bx0 + 1, by1 - by0 + 1
            if w >= 12 and h >= 12:
                print(bx0, by0, w, h)
    elif command == "box":
        box = colour_box(path, argv[3])
        if box:
            print(*box)
    elif command == "square":
        box = colour_box(path, argv[3])
        if not box:
            sys.exit(f"xshot: no board (colour {argv[3]}) in {path}")
        print(*square_centre(box, argv[4]))
    elif command == "pixel":
        width, _, pixels = read_ppm(path)
        x, y = int(argv[3]), int(argv[4])
        print(pixels[(y * width + x) * 3 : (y * width + x) * 3 + 3].hex())
    elif command == "colours":
        width, height, pixels = read_ppm(path)
        seen = set()
        for i in range(0, len(pixels), 3 * 97):  # a sample is enough to tell
            seen.add(pixels[i : i + 3])
        print(len(seen))
    else:
        sys.exit(__doc__)


if __name__ == "__main__":
    main(sys.argv)
