import math
rows=[]
for l in open('labels.txt'):
    t=l.split()
    ev=int(t[0]); f=[int(x) for x in t[1:23]]; hand=int(t[23])
    rows.append((max(-1200,min(1200,ev)),f,hand))
n=len(rows); cut=int(n*0.7)
train,test=rows[:cut],rows[cut:]
def corr(a,b):
    ma=sum(a)/len(a); mb=sum(b)/len(b)
    sa=math.sqrt(sum((x-ma)**2 for x in a)); sb=math.sqrt(sum((x-mb)**2 for x in b))
    return sum((x-ma)*(y-mb) for x,y in zip(a,b))/(sa*sb)
# scale: rapfi ~ k*hand (hand clipped)
hc=lambda h: max(-20000,min(20000,h))
k=sum(r[0]*hc(r[2]) for r in train)/sum(hc(r[2])**2 for r in train)
print("n",n,"k",k,"corr hand train",corr([r[0] for r in train],[hc(r[2]) for r in train]),"test",corr([r[0] for r in test],[hc(r[2]) for r in test]))
idx=list(range(21))
def solve(A,b):
    m=len(b); M=[A[i][:]+[b[i]] for i in range(m)]
    for c in range(m):
        p=max(range(c,m),key=lambda r:abs(M[r][c])); M[c],M[p]=M[p],M[c]
        for r in range(m):
            if r!=c and M[c][c]!=0:
                f=M[r][c]/M[c][c]
                for j in range(c,m+1): M[r][j]-=f*M[c][j]
    return [M[i][m]/M[i][i] if M[i][i] else 0 for i in range(m)]
def fit(data,lam):
    X=[[r[1][i] for i in idx] for r in data]; y=[r[0] for r in data]
    sd=[math.sqrt(sum(x[j]**2 for x in X)/len(X)) or 1 for j in range(len(idx))]
    Z=[[x[j]/sd[j] for j in range(len(idx))] for x in X]
    A=[[sum(z[i]*z[j] for z in Z)+(lam*len(Z) if i==j else 0) for j in range(len(idx))] for i in range(len(idx))]
    b=[sum(z[i]*yy for z,yy in zip(Z,y)) for i in range(len(idx))]
    w=solve(A,b)
    return [w[j]/sd[j] for j in range(len(idx))]
def pred(w,r): return sum(w[j]*r[1][i] for j,i in enumerate(idx))
for lam in (0.001,0.01,0.1,0.3):
    w=fit(train,lam)
    print(lam,"train",round(corr([r[0] for r in train],[pred(w,r) for r in train]),3),"test",round(corr([r[0] for r in test],[pred(w,r) for r in test]),3))
import sys
lam=float(sys.argv[1]) if len(sys.argv)>1 else 0.01
w=fit(rows,lam)
wl=[round(x/k*10) for x in w]+[200000]
print("weights(tenths, lanqi scale):",",".join(map(str,wl)))
HAND=[12,48,120,144,600,720,4800,-10,-40,-100,-120,-500,-600,-4000,3600,0,0,-6000,-3000,0,0,200000]
print("hand                        :",",".join(map(str,HAND)))
def sc(wv,r): return sum(wv[i]*r[1][i] for i in range(21))/10
def std(a):
    m=sum(a)/len(a); return math.sqrt(sum((x-m)**2 for x in a)/len(a))
sh=std([sc(HAND,r) for r in rows]); sf=std([sc(wl,r) for r in rows])
print("std hand",sh,"fit",sf)
for name,s in (("matched",sh/sf),):
    w2=[round(x*s) for x in wl[:21]]+[200000]
    print(name,",".join(map(str,w2)))
