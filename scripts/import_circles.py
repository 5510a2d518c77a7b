import os,re,sys,itertools
root=sys.argv[1]  # e.g. crates/engine/src
mods={}
for dp,dn,fn in os.walk(root):
    for f in fn:
        if not f.endswith('.rs'): continue
        p=os.path.join(dp,f); rel=os.path.relpath(p,root)[:-3].split(os.sep)
        if rel[-1] in('mod','lib','main'): rel=rel[:-1]
        if rel and rel[-1].endswith('tests') or 'tests' in rel: continue
        mods[tuple(rel)]=p
def strip_tests(src):
    # drop #[cfg(test)] mod ... { } blocks crudely: cut from '#[cfg(test)]\nmod' to end
    i=src.find('#[cfg(test)]\nmod')
    return src if i<0 else src[:i]
edges=set()
pat=re.compile(r'\b(crate|super)((?:::(?:super|[a-z_][a-z0-9_]*))+)')
for m,p in mods.items():
    src=strip_tests(open(p).read())
    src=re.sub(r'//.*','',src)
    isdir=p.endswith('mod.rs') or p.endswith('lib.rs')
    refs=[]
    for mt in pat.finditer(src):
        refs.append((mt.group(1),[x for x in mt.group(2).split('::') if x]))
    for mt in re.finditer(r'\b(crate|super)((?:::(?:super|[a-z_][a-z0-9_]*))*)::\{([^;]*?)\};',src,re.S):
        pre=[x for x in mt.group(2).split('::') if x]
        for item in re.split(r'[,\s]+',re.sub(r'\{[^{}]*\}','',mt.group(3))):
            seg=item.split('::')[0].strip()
            if re.match(r'^[a-z_][a-z0-9_]*$',seg) and seg!='self': refs.append((mt.group(1),pre+[seg]))
            elif seg: refs.append((mt.group(1),pre))
    for head,parts in refs:
        if head=='crate': base=[]
        else:
            base=list(m[:-1])
        for x in parts:
            if x=='super': base=base[:-1]
            else: base.append(x)
        # deepest existing module
        t=tuple(base)
        while t and t not in mods: t=t[:-1]
        if not t: continue
        # edge between siblings: find common prefix
        a=m; b=t
        k=0
        while k<min(len(a),len(b)) and a[k]==b[k]: k+=1
        if k<len(a) and k<len(b):
            edges.add((a[:k+1],b[:k+1]))
for (a,b) in sorted(edges):
    if (b,a) in edges and a<b: print('CIRCLE', '::'.join(a), '<->', '::'.join(b))
# longer cycles among siblings
import collections
g=collections.defaultdict(set)
for a,b in edges: g[a].add(b)
def scc():
    idx={};low={};st=[];on=set();res=[];c=[0]
    def sc(v):
        idx[v]=low[v]=c[0];c[0]+=1;st.append(v);on.add(v)
        for w in g[v]:
            if w not in idx: sc(w);low[v]=min(low[v],low[w])
            elif w in on: low[v]=min(low[v],idx[w])
        if low[v]==idx[v]:
            comp=[]
            while True:
                w=st.pop();on.discard(w);comp.append(w)
                if w==v:break
            if len(comp)>1: res.append(comp)
    for v in list(g):
        if v not in idx: sc(v)
    return res
sys.setrecursionlimit(10000)
for comp in scc(): print('CYCLE', sorted('::'.join(x) for x in comp))
