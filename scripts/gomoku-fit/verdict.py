import sys, subprocess
def xy(p): return ord(p[0])-97, 15-int(p[1:])
nodes=int(sys.argv[1])
for seq in sys.argv[2:]:
    st=[xy(x) for x in seq.split()]; n=len(st)
    lines=["START 15",f"INFO MAX_NODE {nodes}","INFO rule 0","INFO timeout_turn 100000","BOARD"]+[f"{x},{y},{1 if (i%2)==(n%2) else 2}" for i,(x,y) in enumerate(st)]+["DONE"]
    pr=subprocess.Popen(["/tmp/rapfi/pbrain-rapfi"],stdin=subprocess.PIPE,stdout=subprocess.PIPE,stderr=subprocess.DEVNULL,text=True)
    pr.stdin.write('\n'.join(lines)+'\n'); pr.stdin.flush()
    msgs=[]
    for line in pr.stdout:
        if line.startswith('MESSAGE'): msgs.append(line.strip())
        elif line[0].isdigit(): mv=line.strip(); break
    pr.stdin.write("END\n"); pr.stdin.flush(); pr.wait()
    print(seq, "|", [m for m in msgs if 'Eval' in m][-1], "|", [m for m in msgs if 'Bestline' in m][-1][:80])
