"""Fits the Gomoku engine's cell values (`state::CellValues`) to Rapfi's verdicts:
`fit_values.py [SCALE]` reads feat.txt (`gomoku_cell_features`) and mates*.txt
(`label_mates.py`), turns each verdict into Rapfi's chance of winning (a logistic of the
score over SCALE, default 200; a forced win 1, a forced loss 0), and fits the chance by a
logistic of the engine's static score built from the cell values, the seat to move's sum
counted 6/5 as in the search. Prints the log loss on a 30% hold-out of the engine's
current static score (the last column of feat.txt) and of the fit, and the fitted values
in the current score's units (divided by the slope of its own fit), as LANQI_GOMOKU_VALUES
and LANQI_GOMOKU_PAIRS lines. Pairs with an open four, and of two fours, are left out
(those cells win already; the fit gave them large values of either sign that cancel the
bonuses)."""
import glob, sys
import numpy as np

scale = float(sys.argv[1]) if len(sys.argv) > 1 else 200.0
feats = [line.split() for line in open("feat.txt")]
labels = {}
for f in glob.glob("mates*.txt"):
    for line in open(f):
        n, s = line.split()
        labels[int(n)] = float(s)
rows = [(n, feats[n]) for n in sorted(labels) if feats[n][0] == "quiet"]
X = np.array([[float(v) for v in f[1:]] for _, f in rows])
y = np.array([labels[n] for n, _ in rows])
t = 1 / (1 + np.exp(-np.clip(y / scale, -30, 30)))
K = 31
me, them = X[:, :K], X[:, K:2 * K]
double, danger, current = X[:, 2 * K], X[:, 2 * K + 1], X[:, 2 * K + 2]
rng = np.random.default_rng(27)
test = rng.random(len(y)) < 0.3
print(f"{len(y)} quiet positions labelled, {int(test.sum())} held out; "
      f"{int((np.abs(y) >= 10000).sum())} forced wins or losses")


def fit(A, ridge, iters=60):
    """Newton's method for the logistic fit of t on A (with a constant), ridge on all but it."""
    A = np.hstack([A, np.ones((len(A), 1))])
    w = np.zeros(A.shape[1])
    R = ridge * np.eye(A.shape[1])
    R[-1, -1] = 0
    tr = ~test
    for _ in range(iters):
        z = A[tr] @ w
        p = 1 / (1 + np.exp(-np.clip(z, -30, 30)))
        g = A[tr].T @ (p - t[tr]) + R @ w
        H = (A[tr] * (p * (1 - p))[:, None]).T @ A[tr] + R + 1e-9 * np.eye(len(w))
        w -= np.linalg.solve(H, g)
    return w, A


def loss(w, A, rows):
    z = A[rows] @ w
    p = np.clip(1 / (1 + np.exp(-np.clip(z, -30, 30))), 1e-6, 1 - 1e-6)
    tt = t[rows]
    return float(-(tt * np.log(p) + (1 - tt) * np.log(1 - p)).mean())


def report(name, w, A):
    base = float(-(t[test] * np.log(np.clip(t[test], 1e-6, 1)) +
                   (1 - t[test]) * np.log(np.clip(1 - t[test], 1e-6, 1))).mean())
    print(f"{name}: log loss train {loss(w, A, ~test):.4f} hold-out {loss(w, A, test):.4f} "
          f"(the labels' own entropy {base:.4f})")


# The current score alone: its slope is the unit the fitted values are given in.
wh, Ah = fit(np.clip(current, -30000, 30000)[:, None] / 1000, 0.0)
report("current score", wh, Ah)
slope = wh[0] / 1000
# The pattern values, the pairs (but those with an open four, and four and four), the
# bonuses, the seat to move's counted 6/5; the double threat and the other seat's
# open-four point.
span = 6
pairs_kept = [7 + k for k, (a, b) in enumerate((a, b) for a in range(span) for b in range(a, span))
              if b <= 4 and (a, b) != (4, 4)]
cols = list(range(7)) + pairs_kept + [28, 29, 30]
A = np.hstack([(1.2 * me - them)[:, cols], double[:, None], danger[:, None]])
sd = A[~test].std(axis=0) + 1e-9
w, Af = fit(A / sd, 10.0)
report("cell values", w, Af)
w = w[:-1] / sd / slope
full = np.zeros(33)
full[cols] = w[:len(cols)]
full[31:33] = w[len(cols):len(cols) + 2]
w = full
names = ["one", "two", "open two", "three", "open three", "four", "open four"]
pats = [0] + [round(v) for v in w[:7]] + [4000]
pn = ["two", "open two", "three", "open three", "four", "open four"]
pairs = []
i = 7
for a in range(span):
    for b in range(a, span):
        pairs.append(round(w[i]))
        i += 1
flags = [round(v) for v in w[28:31]]
print("patterns:", dict(zip(names, pats[1:8])))
print("pairs:", {f"{pn[a]}+{pn[b]}": pairs[k] for k, (a, b) in
                 enumerate((a, b) for a in range(span) for b in range(a, span))})
print("flags (win, four-three, three-three):", flags)
print(f"double threat {w[31]:.0f}, the other seat's open-four point {w[32]:.0f}")
print("LANQI_GOMOKU_VALUES=" + ",".join(str(max(v, 0)) for v in pats + flags))
print("LANQI_GOMOKU_PAIRS=" + ",".join(str(v) for v in pairs))
