"""Positions for fitting the cell table: every position before the last move of the games
in the match logs named on the command line (`lanqi gomoku match --verbose --moves`), and
beside each one the same position after one or two random moves near the stones (so the
table also sees the positions a search looks at). Writes pos.txt, shuffled, one game's
moves from the first stone a line."""
import random, sys
random.seed(27)
games=[]
for f in sys.argv[1:]:
    for line in open(f):
        if line.startswith('game') and ' moves ' in line:
            games.append(line.split(' moves ')[1].split())
def xy(p): return ord(p[0])-97, int(p[1:])-1
def name(x,y): return chr(97+x)+str(y+1)
out=set()
for g in games:
    for n in range(4, len(g)):   # positions before the last (winning) move
        pre=g[:n]
        out.add(' '.join(pre))
        occ=set(xy(p) for p in pre)
        near=[(x,y) for x in range(15) for y in range(15) if (x,y) not in occ and any((x+dx,y+dy) in occ for dx in range(-2,3) for dy in range(-2,3))]
        k=random.choice([1,1,2])
        pos=list(pre)
        for _ in range(k):
            if not near: break
            c=random.choice(near); near.remove(c); pos.append(name(*c))
        out.add(' '.join(pos))
out=sorted(out); random.shuffle(out)
open('pos.txt','w').write('\n'.join(out)+'\n')
print(len(games), len(out))
