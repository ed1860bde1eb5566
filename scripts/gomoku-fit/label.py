import subprocess, sys
NODES=int(sys.argv[1])
def xy(p): return ord(p[0])-97, 15-int(p[1:])
pos=open('pos.txt').read().split('\n')[:-1]
feat=open('feat.txt').read().split('\n')[:-1]
out=open('labels.txt','w')
for p,f in zip(pos,feat):
    if not f.endswith('quiet'): continue
    st=[xy(x) for x in p.split()]
    n=len(st)
    lines=["START 15",f"INFO MAX_NODE {NODES}","INFO rule 0","INFO timeout_turn 100000","BOARD"]
    for i,(x,y) in enumerate(st):
        lines.append(f"{x},{y},{1 if (i%2)==(n%2) else 2}")
    lines.append("DONE")
    pr=subprocess.Popen(["/tmp/rapfi/pbrain-rapfi"],stdin=subprocess.PIPE,stdout=subprocess.PIPE,stderr=subprocess.DEVNULL,text=True)
    pr.stdin.write('\n'.join(lines)+'\n'); pr.stdin.flush()
    ev=None
    for line in pr.stdout:
        if 'Eval' in line:
            for part in line.split('|'):
                part=part.strip()
                if part.startswith('Eval'):
                    try: ev=int(part.split()[1])
                    except: pass
        if line[0].isdigit(): break
    try: pr.stdin.write("END\n"); pr.stdin.flush()
    except: pass
    pr.wait()
    if ev is not None:
        out.write(f"{ev} {f}\n"); out.flush()
