#!/usr/bin/env python3
"""Same answers: runs the README's commands and every scenario in assets/examples/ with
two builds of `multiodds` and compares what they print.

    benches/same_answers.py OLD_BINARY NEW_BINARY [--tolerance T]
    (benches/same_answers.sh calls it)

Each command runs with `--json` where it takes it; the two JSON objects must hold the
same number at every place both have (times excepted). Keys one side has and the other
not are listed (a figure added is expected to appear there, never a number to change).
Commands without JSON compare their text, times masked. Exit status 1 when any number
or text differs.

Besides the README's commands, exact runs of the engine's enumeration paths (EXACT) are
compared. A change of enumeration path sums the same deals in another order, so its
floats may move in the last bits: `--tolerance T` lets numbers differ by T relative (the
largest difference is printed); without it every number must be equal.
"""
import json
import pathlib
import re
import shlex
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent

# The README's commands (those that read no private files), as a user types them.
README = [
    'eval As Ks Qs Js Ts --json',
    'range "QQ+, AK, T9s-65s:0.5, Group3 Suited" --board "Ah 7d 2c" --json',
    'equity AsKs "5h Tc" --board "Qs Ts 5c" --json',
    'equity KK "AA,KK,QQ" 22+ 22+ --mc --target-se 0.001 --json',
    'equity AKs QQ --folded "22+,A2s+,ATo+" --folded 20% --json',
    'sweep "Ad Qc" --board "3h 4c Jh" --opponents 1-9 --json',
    'outs "Ah Kh" --board "7h 2h 9c" --vs "9s 9d" --json',
    'table --opponents 1-2 --json',
    'table --game shortdeck --opponents 1 --json',
    'breakdown "22+,A2s+,KTs+,QTs+,JTs,ATo+" --board "Kd 7c 2s" --vs "TT+,AQ+" --json',
    'runouts "AhKh,QQ" random --board "Jh 4c 3h" --json',
    'breakdown --game omaha "AAxx, KQJT" --board "Kd 7c 2s" --vs "QQxx ds" --json',
    'flops "22+,A2s+,K9s+,ATo+" "TT+,AQ+" --json',
    'flops --game omaha AAxx KKxx --deals-per-flop 200 --json',
    'equity --game omaha AsAhKsKh QdQcJdJc --exact --json',
    'equity --game omaha-hilo A2xx "KKxx ds" --board "3c 7d Ks" --json',
    'sweep --game shortdeck AKs --opponents 1-5 --json',
    'eval --game omaha-hilo As 2d Kc Kd 3c 4h 5s --json',
    'eval --game razz Kc Kd 7h 5s 4c 2d Ah --json',
    'draw --game 2-7 "7c 5d 4h 3s" "8c 6d 2h" --dead Kd --json',
    'equity --game omaha "AsKsQhJh" "TdTc9d8c" --boards 2 --json',
    'equity --game stud "(Kh Kd) 9c Tc" "(QQ+, AKs) Ac 3d" --dead "Ks 7c" --json',
    'equity --game razz "As 2d 3c" "(? ?) 8h" --json',
    'equity --game badugi "Ac 2d 3h" "2c 4s" - --json',
]

# Exact runs through the multiway enumerations (board outside with one seat counted,
# two random seats counted together, the fold by canonical preflops).
EXACT = [
    'equity AsKs random random --board "Qs Ts 5c" --exact --json',
    'equity "22+,AKs" random random --board "Kd 7c 2s" --exact --json',
    'equity random "QQ+,AK:0.4" random --board "Kd 7c 2s 9h" --exact --json',
    'equity random random 7h7d --board "7c 2s 2d" --dead Ah --exact --json',
    'equity JJ random Th9h random --board "Jh Ts 2c 3c" --exact --json',
    'equity random random AA random --board "As Kh Qs Js" --exact --json',
    'equity AKs random random --board "Ah Kd 5c" --dead "2c 3c" --exact --json',
    'equity "TT+,AJs+" "22+,A2s+,KTs+" random --board "Kd 7c 2s" --exact --json',
    'equity AA "JJ+" "JJ+" "JJ+" "JJ+" --exact --json',
]

TIMES = {"elapsed_ms", "seconds", "elapsed_s", "wall_ms"}


def commands():
    yield from README
    yield from EXACT
    for ron in sorted((ROOT / "assets" / "examples").glob("*.ron")):
        yield f"run {shlex.quote(str(ron.relative_to(ROOT)))} --json"


def run(binary, command):
    out = subprocess.run(
        [binary, *shlex.split(command)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=600,
    )
    return out.returncode, out.stdout


def leaves(value, path=""):
    """Every number and string in a JSON value, by its path."""
    if isinstance(value, dict):
        for k, v in value.items():
            if k not in TIMES:
                yield from leaves(v, f"{path}.{k}")
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from leaves(v, f"{path}[{i}]")
    else:
        yield path, value


def differs(a, b, tolerance, largest):
    """Whether two leaves differ beyond `tolerance` (relative); records the largest
    relative difference of two numbers in `largest[0]`."""
    if isinstance(a, (int, float)) and isinstance(b, (int, float)) and a != b:
        rel = abs(a - b) / max(1.0, abs(a), abs(b))
        largest[0] = max(largest[0], rel)
        return rel > tolerance
    return a != b


def compare(old, new, tolerance=0.0, largest=None):
    """(numbers differing, keys only in old, keys only in new)."""
    largest = largest if largest is not None else [0.0]
    try:
        a = dict(leaves(json.loads(old)))
        b = dict(leaves(json.loads(new)))
    except json.JSONDecodeError:
        mask = lambda t: re.sub(r"\d+ ms", "N ms", t)
        return ([] if mask(old) == mask(new) else ["text differs"]), [], []
    differ = [k for k in a.keys() & b.keys() if differs(a[k], b[k], tolerance, largest)]
    return sorted(differ), sorted(a.keys() - b.keys()), sorted(b.keys() - a.keys())


def main():
    old_bin, new_bin = sys.argv[1], sys.argv[2]
    tolerance = float(sys.argv[sys.argv.index("--tolerance") + 1]) if "--tolerance" in sys.argv else 0.0
    failed = 0
    largest = [0.0]
    for command in commands():
        (rc_old, old), (rc_new, new) = run(old_bin, command), run(new_bin, command)
        differ, gone, added = compare(old, new, tolerance, largest)
        same = rc_old == rc_new and not differ
        failed += not same
        key = lambda p: re.sub(r"\[\d+\]", "[]", p)
        print(f"{'same' if same else 'DIFFERS'}  {command}")
        if rc_old != rc_new:
            print(f"    exit status {rc_old} -> {rc_new}")
        for k in differ[:5]:
            print(f"    {k}: numbers differ")
        for label, keys in (("only before", gone), ("added", added)):
            kinds = sorted({key(k) for k in keys})
            if kinds:
                print(f"    {label}: {', '.join(kinds[:8])}{' …' if len(kinds) > 8 else ''}")
    print(f"{failed} of the commands differ; the largest relative difference of a number: {largest[0]:.2e}")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
