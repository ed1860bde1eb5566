"""Rapfi's verdict on each quiet position, forced wins included: `label_mates.py NODES K I`
labels the quiet lines of pos.txt (quiet in feat.txt, from `cargo run --release
--no-default-features --example gomoku_cell_features < pos.txt > feat.txt`) whose number is
I modulo K, into matesI.txt (`line score`, the side to move's view; a forced win for it is
written 10000 and a forced loss -10000; run K of these side by side). Resumes where
matesI.txt stops."""
import sys
from rapfi import Rapfi

MATE = 10000

nodes, k, i = int(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3])
done = set()
try:
    done = {int(line.split()[0]) for line in open(f"mates{i}.txt")}
except FileNotFoundError:
    pass
out = open(f"mates{i}.txt", "a")
rapfi = Rapfi(nodes)
for n, (pos, feat) in enumerate(zip(open("pos.txt"), open("feat.txt"))):
    if n % k != i or not feat.startswith("quiet") or n in done:
        continue
    score, _ = rapfi.ask(pos.split(), MATE)
    if score is not None:
        out.write(f"{n} {score}\n")
        out.flush()
