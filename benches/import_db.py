#!/usr/bin/env python3
"""Times `multiodds hands import` on the shared hand histories copied N times (each copy
its own hand numbers, so every hand is new), then a second import of the same files, and
filters over the database. Prints wall time, CPU time and peak memory of each step.

    python3 benches/import_db.py --copies 200 --bin target/release/multiodds
"""
import argparse, json, os, re, resource, shutil, subprocess, sys, tempfile, time

HEADER_IDS = [
    (re.compile(r"((?:Hand|Game) #)([A-Za-z]*\d+)(:)"), r"\g<1>\g<2>{k}\g<3>"),
    (re.compile(r"(HandId: #[\d-]+)"), r"\g<1>{k}"),
    (re.compile(r"(Hand History for Game )(\d+)"), r"\g<1>\g<2>{k}"),
]


def build(corpus, out, copies):
    files = []
    for root, _, names in os.walk(corpus):
        for n in names:
            if n.endswith(".md"):
                continue
            files.append(os.path.join(root, n))
    count = 0
    for k in range(copies):
        d = os.path.join(out, f"copy{k:03}")
        os.makedirs(d)
        for i, f in enumerate(sorted(files)):
            raw = open(f, "rb").read()
            try:
                text = raw.decode("utf-8")
            except UnicodeDecodeError:
                text = raw.decode("cp1252")
            for pat, rep in HEADER_IDS:
                text = pat.sub(rep.format(k=f"{k:03}"), text)
            open(os.path.join(d, f"{i:03}_{os.path.basename(f)}"), "w", encoding="utf-8").write(text)
            count += 1
    return count


def timed(cmd):
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t = time.time()
    out = subprocess.run(cmd, capture_output=True, text=True)
    wall = time.time() - t
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    if out.returncode != 0:
        sys.exit(f"{cmd}: {out.stderr}")
    return wall, cpu, after.ru_maxrss / 1024, out.stdout


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--copies", type=int, default=200)
    ap.add_argument("--bin", default="target/release/multiodds")
    ap.add_argument("--corpus", default="tests/data/hands")
    a = ap.parse_args()
    tmp = tempfile.mkdtemp()
    try:
        corpus = os.path.join(tmp, "corpus")
        n = build(a.corpus, corpus, a.copies)
        db = os.path.join(tmp, "hands.sqlite")
        print(f"{n} files in {a.copies} copies of {a.corpus}")
        for step in ["first import", "second import"]:
            wall, cpu, rss, out = timed([a.bin, "hands", "import", corpus, "--db", db, "--json"])
            r = json.loads(out)
            print(f"{step}: {r['read']} hands read, {r['added']} added, {r['unchanged']} files unchanged; "
                  f"wall {wall:.1f} s, CPU {cpu:.1f} s, peak memory {rss:.0f} MB")
        print(f"database: {os.path.getsize(db) / 1e6:.0f} MB, {r['stored']} hands")
        for args in [["--all-in"], ["--currency", "$", "--position", "BTN"], ["--cards", "QQ+, AKs", "--game", "holdem"], []]:
            wall, cpu, rss, out = timed([a.bin, "hands", "list", "--db", db, "--json"] + args)
            hands = len(json.loads(out)["hands"])
            print(f"list {' '.join(args) or '(every hand)'}: {hands} hands, wall {wall:.2f} s, CPU {cpu:.2f} s")
    finally:
        shutil.rmtree(tmp)


if __name__ == "__main__":
    main()
