#!/usr/bin/env python3
"""Compares `dlx rate --scale se` with Sudoku Explainer's serate on the
puzzles of data/rate/serate.txt, whose lines are serate's own output for
each puzzle: `PUZZLE ER/EP/ED SECONDS`, SECONDS serate's time for the
rating alone (its %e, without the JVM's start). Not run in CI; serate is
not needed (its ratings are in the file). Usage:

    python3 scripts/compare_serate.py [--dlx target/release/dlx] [FILE]

Prints, for the puzzles serate rates below 6.5 (no chains), how many get
the same ER; for those from 6.5 to 9.0, how many are within 0.3; above
9.0, how many dlx rates at all; then the time per puzzle of each and the
ratio, and the puzzles where they differ most (to stderr, with --diff).
"""

import argparse
import subprocess
import sys
import time
from pathlib import Path


def main():
    root = Path(__file__).resolve().parent.parent
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--dlx", default=str(root / "target/release/dlx"))
    ap.add_argument("--diff", action="store_true", help="list every disagreement")
    ap.add_argument("file", nargs="?", default=str(root / "data/rate/serate.txt"))
    args = ap.parse_args()

    rows = []
    for line in Path(args.file).read_text().splitlines():
        if not line or line.startswith("#"):
            continue
        puzzle, triple, secs = line.split()[:3]
        er, ep, ed = (float(x) for x in triple.split("/"))
        rows.append((puzzle, er, ep, ed, float(secs)))

    start = time.perf_counter()
    run = subprocess.run(
        [args.dlx, "rate", "--scale", "se", "-"],
        input="".join(p + "\n" for p, *_ in rows),
        capture_output=True,
        text=True,
    )
    dlx_secs = time.perf_counter() - start
    ours = run.stdout.splitlines()
    if len(ours) != len(rows):
        sys.exit(f"dlx printed {len(ours)} lines for {len(rows)} puzzles:\n{run.stderr}")

    bands = {"below 6.5": [0, 0], "6.5 to 9.0": [0, 0], "above 9.0": [0, 0]}
    diffs = []
    for (puzzle, er, ep, ed, _), mine in zip(rows, ours):
        rated = not mine.startswith("#")
        my_er = float(mine.split("/")[0]) if rated else None
        if er < 6.5:
            band, ok = "below 6.5", rated and abs(my_er - er) < 0.05
        elif er <= 9.0:
            band, ok = "6.5 to 9.0", rated and abs(my_er - er) <= 0.3 + 1e-9
        else:
            band, ok = "above 9.0", rated
        bands[band][0] += 1
        bands[band][1] += ok
        if not ok or (rated and abs(my_er - er) >= 0.05):
            diffs.append((abs((my_er or 20.0) - er), puzzle, f"{er}/{ep}/{ed}", mine))

    print(f"{len(rows)} puzzles, serate's ratings from {args.file}")
    for band, (n, ok) in bands.items():
        if n:
            what = {"below 6.5": "same ER", "6.5 to 9.0": "ER within 0.3",
                    "above 9.0": "rated at all"}[band]
            print(f"  ER {band}: {ok}/{n} {what} ({100.0 * ok / n:.0f}%)")
    serate_secs = sum(r[4] for r in rows)
    print(f"  serate: {serate_secs:.2f} s in all, {1000 * serate_secs / len(rows):.1f} ms a puzzle (rating alone)")
    print(f"  dlx:    {dlx_secs:.2f} s in all, {1000 * dlx_secs / len(rows):.2f} ms a puzzle (one process, start included)")
    print(f"  serate/dlx: {serate_secs / dlx_secs:.0f}x")
    sys.stdout.flush()
    diffs.sort(reverse=True)
    for d, puzzle, theirs, mine in diffs if args.diff else diffs[:5]:
        print(f"  {puzzle} serate {theirs} dlx {mine}", file=sys.stderr)


if __name__ == "__main__":
    main()
