"""Rapfi's move in quiet positions: `rapfi_moves.py NODES FROM TO OUT` asks about the quiet
positions number FROM+1 to TO of pos.txt (quiet in cls.txt, see label_many.py) and writes
`MOVES|MOVE` lines to OUT, the input of `cargo run --release --no-default-features
--example gomoku_rank [-- --kinds]`."""
import sys
from rapfi import Rapfi

nodes, first, last, path = int(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
out = open(path, "w")
rapfi = Rapfi(nodes)
k = 0
for pos, kinds in zip(open("pos.txt"), open("cls.txt")):
    if not kinds.startswith("quiet"):
        continue
    k += 1
    if k > last:
        break
    if k <= first:
        continue
    _, move = rapfi.ask(pos.split())
    if move:
        out.write(f"{pos.strip()}|{move}\n")
        out.flush()
