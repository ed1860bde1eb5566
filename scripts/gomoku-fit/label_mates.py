"""Rapfi's verdict on each quiet position, forced wins included: `label_mates.py NODES K I`
labels the quiet lines of pos.txt (quiet in feat.txt, from `cargo run --release
--no-default-features --example gomoku_cell_features < pos.txt > feat.txt`) whose number is
I modulo K, into matesI.txt (`line score`, the side to move's view; a forced win for it is
written 10000 and a forced loss -10000; run K of these side by side). Resumes where
matesI.txt stops."""
import sys
from rapfi import Rapfi

MATE = 10000


class Verdict(Rapfi):
    def ask(self, moves):
        """Rapfi's score of the position after `moves`, a forced win or loss as ±MATE,
        or None if it did not answer."""
        if not self.idle():
            self.start()
        n = len(moves)
        stones = [self.xy(p) for p in moves]
        self.send("\n".join(["BOARD"] + [f"{x},{y},{1 if i % 2 == n % 2 else 2}"
                                         for i, (x, y) in enumerate(stones)] + ["DONE"]))
        score = None
        while (line := self.readline(10)) is not None and not line.startswith("ERROR"):
            for part in line.split("|"):
                part = part.strip()
                if part.startswith("Eval"):
                    word = part.split()[1]
                    if "M" in word:
                        score = MATE if word.startswith("+") else -MATE
                    else:
                        try:
                            score = int(word)
                        except ValueError:
                            score = None
            if line[:1].isdigit():
                return score
        self.start()
        return None

    @staticmethod
    def xy(p):
        return ord(p[0]) - 97, 15 - int(p[1:])


if __name__ == "__main__":
    nodes, k, i = int(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3])
    done = set()
    try:
        done = {int(line.split()[0]) for line in open(f"mates{i}.txt")}
    except FileNotFoundError:
        pass
    out = open(f"mates{i}.txt", "a")
    rapfi = Verdict(nodes)
    for n, (pos, feat) in enumerate(zip(open("pos.txt"), open("feat.txt"))):
        if n % k != i or not feat.startswith("quiet") or n in done:
            continue
        score = rapfi.ask(pos.split())
        if score is not None:
            out.write(f"{n} {score}\n")
            out.flush()
