"""The fitted move ordering (src/engine/gomoku/policy.rs): `fit_order.py MOVES KINDS [OUT]`
reads Rapfi's moves (MOVES, from rapfi_moves.py) and the candidate points of each position
in lanqi's order with their kinds (KINDS, from `gomoku_rank -- --kinds < MOVES`), fits a
softmax over each position's candidates (Adam, L2 `LAM`, default 1e-4) so that Rapfi's
move scores highest, prints how often Rapfi's move is among lanqi's first 1, 3, 5, 8 and 14
(the hand order, then the fitted one, on a 25% hold-out), and writes the weights fitted
on the other 75% (x1000) in the order policy::WEIGHTS names to OUT."""
import os, sys
import numpy as np

C = 495
KINDS = [(a, b, c, d) for a in range(9) for b in range(a + 1) for c in range(b + 1)
         for d in range(c + 1)]
TOP = np.array([k[0] for k in KINDS])
SECOND = np.array([k[1] for k in KINDS])
NF = 2 * C + 2 * 81
KS = (1, 3, 5, 8, 14)

positions = []
for line in open(sys.argv[2]):
    t = line.split()
    if not t or t[0] == "bad" or int(t[0]) < 0:
        continue
    cands = [x.split(":") for x in t[2:]]
    mine = np.array([int(c[1]) for c in cands])
    theirs = np.array([int(c[2]) for c in cands])
    feats = np.stack([mine, C + theirs, 2 * C + TOP[mine] * 9 + TOP[theirs],
                      2 * C + 81 + SECOND[mine] * 9 + SECOND[theirs]], 1)
    positions.append((int(t[0]), feats))
n = len(positions)
order = np.random.default_rng(0).permutation(n)
train, test = order[: int(0.75 * n)], order[int(0.75 * n):]


def flat(ids):
    feats, seg, target, off = [], [], [], 0
    for j, i in enumerate(ids):
        r, f = positions[i]
        feats.append(f)
        seg.append(np.full(len(f), j))
        target.append(off + r)
        off += len(f)
    return np.concatenate(feats), np.concatenate(seg), np.array(target), len(ids)


def ranks(w, data):
    feats, seg, target, m = data
    s = w[feats].sum(1)
    ts = s[target][seg]
    before = (s > ts) | ((s == ts) & (np.arange(len(s)) < target[seg]))
    return np.bincount(seg, weights=before.astype(float), minlength=m)


def fit(data, lam, steps=600, lr=0.05):
    feats, seg, target, m = data
    w, mo, ve = np.zeros(NF), np.zeros(NF), np.zeros(NF)
    for t in range(1, steps + 1):
        s = w[feats].sum(1)
        top = np.full(m, -1e9)
        np.maximum.at(top, seg, s)
        e = np.exp(s - top[seg])
        p = e / np.bincount(seg, weights=e, minlength=m)[seg]
        g = p.copy()
        g[target] -= 1
        grad = sum(np.bincount(feats[:, k], weights=g, minlength=NF) for k in range(4)) / m
        grad += lam * w
        mo = 0.9 * mo + 0.1 * grad
        ve = 0.999 * ve + 0.001 * grad**2
        w -= lr * (mo / (1 - 0.9**t)) / (np.sqrt(ve / (1 - 0.999**t)) + 1e-8)
    return w


def show(name, r):
    print(name, " ".join(f"top{k} {np.mean(r < k):.3f}" for k in KS))


print("positions", n)
show("hand order, hold-out ", np.array([positions[i][0] for i in test]))
lam = float(os.environ.get("LAM", "1e-4"))
w = fit(flat(train), lam)
show("fitted, hold-out     ", ranks(w, flat(test)))
if len(sys.argv) > 3:  # the weights fitted on the 75%, whose hold-out is printed above
    with open(sys.argv[3], "w") as f:
        f.write("# the seat to move's kinds, the other seat's kinds, strongest x strongest,"
                " second x second (x1000); scripts/gomoku-fit/fit_order.py\n")
        for i in range(0, NF, 9):
            f.write(" ".join(str(int(round(x * 1000))) for x in w[i:i + 9]) + "\n")
