"""Rapfi's score (its side to move's view) of each quiet position: `label_many.py NODES K I`
labels the quiet lines of pos.txt (quiet in cls.txt, from `cargo run --release
--no-default-features --example gomoku_classes < pos.txt > cls.txt`) whose number is I
modulo K, into labI.txt (`line score`; run K of these side by side). A position Rapfi
scores as a forced win (no number) is left out. Resumes where labI.txt stops."""
import sys
from rapfi import Rapfi

nodes, k, i = int(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3])
done = set()
try:
    done = {int(line.split()[0]) for line in open(f"lab{i}.txt")}
except FileNotFoundError:
    pass
out = open(f"lab{i}.txt", "a")
rapfi = Rapfi(nodes)
for n, (pos, kinds) in enumerate(zip(open("pos.txt"), open("cls.txt"))):
    if n % k != i or not kinds.startswith("quiet") or n in done:
        continue
    score, _ = rapfi.ask(pos.split())
    if score is not None:
        out.write(f"{n} {score}\n")
        out.flush()
