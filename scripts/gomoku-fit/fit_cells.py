"""The cell table's ridge fit: `fit_cells.py [RIDGE] [CLIP]` fits Rapfi's scores (labN.txt,
clipped to +-CLIP) on each seat's counts of each kind of empty cell (cls.txt), pulled
towards the hand-set values (RIDGE), with a 70/30 hold-out check; positions where the seat
to move has a double threat and the other seat no four are left out (the search scores
those). Writes cells_sd.txt, in the hand evaluation's units: scaled so that the table's
scores spread as much as the hand evaluation's do over the same positions."""
import numpy as np, sys, glob
LAM=float(sys.argv[1]) if len(sys.argv)>1 else 10.0
CLIP=float(sys.argv[2]) if len(sys.argv)>2 else 1200
PV=[0,1,4,10,12,50,60,400,4000]
classes=[]
for a in range(9):
    for b in range(a+1):
        for c in range(b+1):
            for d in range(c+1):
                classes.append((a,b,c,d))
C=len(classes); assert C==495
def hand(p):
    v=sum(PV[x] for x in p); fives=p.count(8); o4=p.count(7); f4=p.count(6); t3=p.count(5)
    fl=0
    if o4>0 or f4>=2: v+=600; fl|=2
    if o4+f4>0: fl|=4
    if (f4>0 and t3>0) or t3>=2: v+= 400 if f4>0 else 200; fl|=16
    if fives: fl|=1
    return v, fl
HV=np.array([hand(p)[0] for p in classes],float); FL=[hand(p)[1] for p in classes]
lab={}
for f in glob.glob('lab*.txt'):
    for l in open(f):
        n,e=l.split(); lab[int(n)]=int(e)
rows=[];ys=[];hs=[]
for n,l in enumerate(open('cls.txt')):
    if n not in lab: continue
    parts=l.split()
    x=np.zeros(2*C)
    for kv in parts[2:]:
        k,v=kv.split(':'); x[int(k)]=int(v)
    mdbl=any(x[k]>0 and FL[k]&16 for k in range(C)); ofour=any(x[C+k]>0 and FL[k]&4 for k in range(C))
    if mdbl and not ofour: continue
    rows.append(x); ys.append(lab[n]); hs.append(int(parts[1]))
X=np.array(rows); y=np.clip(np.array(ys,float),-CLIP,CLIP); h=np.array(hs,float)
X[:,0]=0; X[:,C]=0
N=len(y); print("positions",N, "label sd",y.std())
rng=np.random.default_rng(1); idx=rng.permutation(N); tr=idx[:int(.7*N)]; te=idx[int(.7*N):]
# hand fit: y ~ s*h
s=(h[tr]@y[tr])/(h[tr]@h[tr]); 
def r2(pred,yy): return 1-((yy-pred)**2).mean()/yy.var()
print("hand slope",s,"R2 train",r2(s*h[tr],y[tr]),"test",r2(s*h[te],y[te]))
w0=np.concatenate([HV*1.2, -HV])*s
def fit(ii):
    A=X[ii].T@X[ii]+LAM*np.eye(2*C); b=X[ii].T@y[ii]+LAM*w0
    return np.linalg.solve(A,b)
w=fit(tr)
print("table R2 train",r2(X[tr]@w,y[tr]),"test",r2(X[te]@w,y[te]))
w=fit(idx)
wh=w/s  # hand units
out=[]
for k in range(C): out.append(f"{int(round(wh[k]))} {int(round(-wh[C+k]))}")
open('cells.txt','w').write('\n'.join(out)+'\n')
cnt=(X>0).sum(0)
for k in np.argsort(-np.abs(wh[:C]-HV*1.2))[:12]:
    print(classes[k], "count",cnt[k],cnt[C+k],"hand",HV[k],"w",round(wh[k]),"v",round(-wh[C+k]))
print("sd hand", h.std(), "sd table (hand units)", (X@w/s).std(), "corr", np.corrcoef(h, X@w)[0,1])
k=h.std()/(X@w/s).std()
NAMES=['Dead','One','Two','OpenTwo','Three','OpenThree','Four','OpenFour','Five']
with open('cells_sd.txt','w') as f:
    for i,p in enumerate(classes):
        f.write(f"{int(round(wh[i]*k))} {int(round(-wh[C+i]*k))}  # {' '.join(NAMES[x] for x in p)}\n")
print("sd scale",k)
