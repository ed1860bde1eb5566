#!/usr/bin/env python3
"""Screen a lanqi build: from each of the 30 openings with both colours, lanqi (NODES a
move) and Rapfi (RNODES) play until lanqi has made K moves; then Rapfi (VNODES) rates the
position. Prints per-game verdicts (from lanqi's view) and the mean."""
import subprocess, sys, math, os
OPENINGS = """h8 i9 e6|h8 i8 e9|h8 i8 d9|h8 i8 e12|h8 i9 d12|h8 i8 f11|h8 i9 e11|h8 i9 g12|h8 i9 e7|h8 i8 f12|h8 i8 l11|h8 i9 e5|h8 i8 k12|h8 i9 d10|h8 i9 k12|h8 i9 d9|h8 i9 d11|h8 i8 i12|h8 i9 f12|h8 i8 d10|h8 i8 e11|h8 i9 f10|h8 i9 f6|h8 i8 d8|h8 i8 f10|h8 i8 k11|h8 i9 e12|h8 i9 i12|h8 i8 d11|h8 i8 h12""".split("|")
RAPFI = "/tmp/rapfi/pbrain-rapfi"
lanqi = sys.argv[1]
K = int(os.environ.get("K", "3"))
NODES = int(os.environ.get("NODES", "160000"))
RNODES = int(os.environ.get("RNODES", "180000"))
VNODES = int(os.environ.get("VNODES", "1000000"))
games = range(int(os.environ.get("G0", "0")), int(os.environ.get("G1", "60")))

def xy(p):
    return ord(p[0]) - 97, 15 - int(p[1:])
def pt(x, y):
    return chr(97 + x) + str(15 - y)

def ask(cmd, stones, nodes):
    """stones: list of (x,y); the side to move is the engine."""
    n = len(stones)
    lines = ["START 15", f"INFO MAX_NODE {nodes}", "INFO rule 0", "INFO timeout_turn 100000", "INFO timeout_match 10000000", "BOARD"]
    for i, (x, y) in enumerate(stones):
        own = (i % 2) == (n % 2)
        lines.append(f"{x},{y},{1 if own else 2}")
    lines.append("DONE")
    p = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, bufsize=1)
    for l in lines:
        p.stdin.write(l + "\n")
    p.stdin.flush()
    ev = None
    move = None
    for line in p.stdout:
        line = line.strip()
        if line.startswith("MESSAGE") and "Eval" in line:
            for part in line.split("|"):
                part = part.strip()
                if part.startswith("Eval"):
                    tok = part.split()[1]
                    try: ev = int(tok)
                    except ValueError:
                        ev = -20000 if tok.startswith('-') else 20000
        if line and line[0].isdigit() and "," in line:
            a, b = line.split(",")[:2]
            move = (int(a), int(b))
            break
    try:
        p.stdin.write("END\n"); p.stdin.flush()
    except BrokenPipeError:
        pass
    p.wait(timeout=10)
    return move, ev

def five(stones):
    s = set(stones[len(stones) % 2 == 0 and 1 or 0::2]) if False else None
    last = stones[-1]
    mine = set(stones[(len(stones) - 1) % 2::2])
    for dx, dy in ((1,0),(0,1),(1,1),(1,-1)):
        c = 1
        for sg in (1, -1):
            x, y = last
            while True:
                x += dx*sg; y += dy*sg
                if (x, y) in mine: c += 1
                else: break
        if c >= 5: return True
    return False

tot = 0.0; evs = []
for g in games:
    stones = [xy(p) for p in OPENINGS[g // 2].split()]
    lanqi_black = g % 2 == 0
    made = 0; result = None; seq = []
    while made < K:
        black_to_move = len(stones) % 2 == 0
        if black_to_move == lanqi_black:
            m, _ = ask(lanqi.split() + ["engine", "gomoku", "--nodes", str(NODES)], stones, NODES)
            made += 1
        else:
            m, _ = ask([RAPFI], stones, RNODES)
        stones.append(m); seq.append(pt(*m))
        if five(stones):
            result = 1.0 if (len(stones) % 2 == 1) == lanqi_black else -1.0
            break
    if result is None:
        # Rapfi (to move or not) rates the position; Eval is for the side to move.
        _, ev = ask([RAPFI], stones, VNODES)
        black_to_move = len(stones) % 2 == 0
        mine = ev if black_to_move == lanqi_black else -ev
    else:
        mine = 30000 * result
    evs.append(mine)
    print(f"game {g} {'B' if lanqi_black else 'W'} {' '.join(seq)} verdict {mine}", flush=True)
def wp(e):
    e = max(-3000, min(3000, e))
    return 1 / (1 + math.exp(-e / 200))
n = len(evs)
print(f"games {n} mean_clamped {sum(max(-1000,min(1000,e)) for e in evs)/n:.1f} winprob {sum(wp(e) for e in evs)/n:.4f} lost(<-1000) {sum(e < -1000 for e in evs)} won(>1000) {sum(e > 1000 for e in evs)}")
