"""One Rapfi process (/tmp/rapfi/pbrain-rapfi) asked about many positions, freestyle 15x15,
with a node budget a move. Before each position it sends ABOUT and waits for the answer:
Rapfi drops a command that arrives just after its move (../../../shared/tools/rapfi/build.sh).
A position that gets no answer within 5 s restarts the process."""
import os, select, subprocess, time

ENGINE = "/tmp/rapfi/pbrain-rapfi"


def xy(p):
    """Gomocup coordinates of a point such as h8 (row 0 at the top)."""
    return ord(p[0]) - 97, 15 - int(p[1:])


class Rapfi:
    def __init__(self, nodes):
        self.nodes, self.pr, self.buf = nodes, None, b""
        self.start()

    def start(self):
        if self.pr:
            self.pr.kill()
            self.pr.wait()
        self.buf = b""
        self.pr = subprocess.Popen([ENGINE], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                   stderr=subprocess.DEVNULL)
        self.send("START 15")
        while self.readline(10) not in ("OK", None):
            pass
        for s in [f"INFO MAX_NODE {self.nodes}", "INFO rule 0", "INFO timeout_turn 100000",
                  "INFO timeout_match 0"]:
            self.send(s)

    def send(self, s):
        self.pr.stdin.write((s + "\n").encode())
        self.pr.stdin.flush()

    def readline(self, timeout):
        end = time.time() + timeout
        while b"\n" not in self.buf:
            left = end - time.time()
            if left <= 0:
                return None
            if select.select([self.pr.stdout], [], [], left)[0]:
                data = os.read(self.pr.stdout.fileno(), 65536)
                if not data:
                    return None
                self.buf += data
        line, self.buf = self.buf.split(b"\n", 1)
        return line.decode().strip()

    def idle(self):
        for _ in range(20):
            self.send("ABOUT")
            while (line := self.readline(0.2)) is not None:
                if line.startswith("name"):
                    return True
        return False

    def ask(self, moves, mate=None):
        """(score for the side to move or None for a forced win, move as 'h8') after the
        moves (a list like ['h8', 'i9']); with `mate`, a forced win scores `mate` and a
        forced loss `-mate`; (None, None) if Rapfi did not answer."""
        if not self.idle():
            self.start()
        stones = [xy(p) for p in moves]
        n = len(stones)
        self.send("\n".join(["BOARD"] + [f"{x},{y},{1 if i % 2 == n % 2 else 2}"
                                         for i, (x, y) in enumerate(stones)] + ["DONE"]))
        score = None
        while (line := self.readline(5)) is not None and not line.startswith("ERROR"):
            for part in line.split("|"):
                part = part.strip()
                if part.startswith("Eval"):
                    word = part.split()[1]
                    if mate is not None and "M" in word:
                        score = mate if word.startswith("+") else -mate
                        continue
                    try:
                        score = int(word)
                    except ValueError:
                        score = None
            if line[:1].isdigit():
                x, y = map(int, line.split(","))
                return score, f"{chr(97 + x)}{15 - y}"
        self.start()
        return None, None
