#!/usr/bin/env python3
"""Before and after: the same commands through two builds of `multiodds`, alternating,
median of 5 whole-process CPU times (user + system of the child) each.

    benches/before_after.py OLD_BINARY NEW_BINARY [RUNS]
"""
import subprocess, time, shlex, statistics, resource
import sys
OLD, NEW = sys.argv[1], sys.argv[2]
cmds = [
 'equity AA KK QQ --exact',
 'equity "QQ+,AK" "JJ-99,AQs" --board "Kd 7c 2s" --exact',
 'equity AKs QQ 76s --exact',
 'sweep "Ad Qc" --board "3h 4c Jh" --opponents 1-3',
 'breakdown "22+,A2s+,KTs+,QTs+,JTs,ATo+" --board "Kd 7c 2s" --vs "TT+,AQ+"',
 'runouts "AhKh,QQ" random --board "Jh 4c 3h"',
 'equity --game omaha AsAhKsKh QdQcJdJc --exact',
 'flops "22+,A2s+,K9s+,ATo+" "TT+,AQ+"',
 # Monte Carlo, one thread: heads-up, multiway ranges, many random hands.
 'equity "QQ+,AK" "22+,A2s+,K9s+,QTs+,JTs,ATo+,KTo+,QJo" --mc --seed 1 --threads 1',
 'equity "22+,A2s+,K2s+,Q8s+,J8s+,T8s+,97s+,A2o+,K9o+" "TT+,AQs+,AQo+" "TT+,AK" --mc --seed 1 --threads 1',
 'equity AsKs random random random random random --mc --seed 1 --threads 1',
 'equity --game omaha AsAhKsKh random random --mc --seed 1 --threads 1',
]
RUNS = int(sys.argv[3]) if len(sys.argv) > 3 else 5
def cpu(b, c):
    r0 = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run([b]+shlex.split(c), capture_output=True, check=True)
    r1 = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (r1.ru_utime-r0.ru_utime)+(r1.ru_stime-r0.ru_stime)
for c in cmds:
    a, b = [], []
    for i in range(RUNS):
        a.append(cpu(OLD, c)); b.append(cpu(NEW, c))
    ma, mb = statistics.median(a), statistics.median(b)
    print(f"{ma:8.3f} {mb:8.3f} {mb/ma:6.2f}  {c}")
