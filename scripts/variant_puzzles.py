#!/usr/bin/env python3
"""Generates 9x9 Sudoku variant puzzles with a unique solution, one a line
in dlx's variant format (docs/variants.md), using the dlx binary to solve
and count. Not part of CI; it makes the inputs of scripts/cpsat_bench.py.

    scripts/variant_puzzles.py KIND COUNT [--seed S] [--dlx target/release/dlx]

KIND is jigsaw, x, hyper or killer. A puzzle starts from a solution of the
blank grid under the rules (digits shuffled; a jigsaw gets fresh random
regions, a killer random cages over its solution) and loses givens in
random order while the solution stays unique. A killer keeps no givens
unless its cages alone leave several solutions; then givens of the
solution are added, in random order, until one is left, and those that
turn out not to be needed are taken out again.
"""

import argparse
import random
import subprocess
import sys

N = 9
SYMBOLS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"


def run(dlx, args, lines):
    out = subprocess.run(
        [dlx, *args, "--format", "variant"],
        input="\n".join(lines) + "\n",
        capture_output=True,
        text=True,
    )
    return out.stdout.split("\n")[: len(lines)]


def count(dlx, line):
    return run(dlx, ["count", "--limit", "2"], [line])[0]


def neighbours(k):
    r, c = divmod(k, N)
    if r > 0:
        yield k - N
    if r < N - 1:
        yield k + N
    if c > 0:
        yield k - 1
    if c < N - 1:
        yield k + 1


def connected(region, g):
    cells = [k for k in range(N * N) if region[k] == g]
    seen = {cells[0]}
    stack = [cells[0]]
    while stack:
        k = stack.pop()
        for o in neighbours(k):
            if region[o] == g and o not in seen:
                seen.add(o)
                stack.append(o)
    return len(seen) == len(cells)


def random_regions(rng):
    """Boxes, then many swaps of a border cell between two regions that
    keep both connected."""
    region = [(k // N) // 3 * 3 + (k % N) // 3 for k in range(N * N)]
    for _ in range(400):
        a = rng.randrange(N * N)
        others = [o for o in neighbours(a) if region[o] != region[a]]
        if not others:
            continue
        ra, rb = region[a], region[rng.choice(others)]
        # Give a to B, take back a cell of B that touches A.
        region[a] = rb
        back = [
            c
            for c in range(N * N)
            if region[c] == rb and c != a and any(region[o] == ra for o in neighbours(c))
        ]
        if not back:
            region[a] = ra
            continue
        c = rng.choice(back)
        region[c] = ra
        if not (connected(region, ra) and connected(region, rb)):
            region[a], region[c] = ra, rb
    return "".join("abcdefghi"[g] for g in region)


def random_cages(solution, rng):
    cage = [None] * (N * N)
    cages = []
    for start in range(N * N):
        if cage[start] is not None:
            continue
        size = rng.choice([1, 2, 2, 2, 3, 3, 3, 4, 4, 5])
        cells = [start]
        cage[start] = len(cages)
        while len(cells) < size:
            nxt = [
                o
                for k in cells
                for o in neighbours(k)
                if cage[o] is None and all(solution[x] != solution[o] for x in cells)
            ]
            if not nxt:
                break
            o = rng.choice(nxt)
            cage[o] = len(cages)
            cells.append(o)
        cages.append(cells)
    labels = "".join(SYMBOLS[g] for g in cage)
    sums = ",".join(
        f"{SYMBOLS[i]}:{sum(int(solution[k]) for k in cells)}" for i, cells in enumerate(cages)
    )
    return f"cages={labels} sums={sums}"


def puzzle(kind, dlx, rng):
    while True:
        fields = {"x": "x", "hyper": "hyper", "killer": "", "jigsaw": ""}[kind]
        if kind == "jigsaw":
            fields = "regions=" + random_regions(rng)
        blank = "." * (N * N)
        # Some random regions leave no solution, or one too deep to find
        # at once: a bounded search, and fresh regions if it fails.
        solved = run(dlx, ["solve", "--max-nodes", "20000"], [f"{blank} {fields}".strip()])[0]
        if solved.startswith("#") or len(solved) != N * N:
            continue
        perm = list("123456789")
        rng.shuffle(perm)
        solution = "".join(perm[int(d) - 1] for d in solved)
        if kind == "killer":
            fields = random_cages(solution, rng)
            cells = ["."] * (N * N)
            order = list(range(N * N))
            rng.shuffle(order)
            added = []
            while count(dlx, f"{''.join(cells)} {fields}") != "1":
                k = order.pop()
                cells[k] = solution[k]
                added.append(k)
            order = added
        else:
            cells = list(solution)
            order = list(range(N * N))
            rng.shuffle(order)
        for k in order:
            keep = cells[k]
            cells[k] = "."
            if count(dlx, f"{''.join(cells)} {fields}") != "1":
                cells[k] = keep
        return f"{''.join(cells)} {fields}"


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("kind", choices=["jigsaw", "x", "hyper", "killer"])
    p.add_argument("count", type=int)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--dlx", default="target/release/dlx")
    a = p.parse_args()
    rng = random.Random(f"{a.kind}-{a.seed}")
    for _ in range(a.count):
        print(puzzle(a.kind, a.dlx, rng), flush=True)


if __name__ == "__main__":
    sys.exit(main())
