#!/usr/bin/env python3
"""Makes the f-puzzles files of data/fpuzzles/: one 9x9 puzzle per
constraint kind, each with a unique solution, written as
data/fpuzzles/KIND.json with the solution in KIND.solution.

Each puzzle's constraints are read off a solution grid (a shuffled plain
grid, or, for the global rules, the first grid `dlx solve` finds under
them); then givens are taken away in a seeded random order while
`dlx count --limit 2` still says 1. Not run in CI:

    python3 scripts/fpuzzles_make.py target/release/dlx data/fpuzzles

With a third argument K (and a fourth, the seed), it makes K puzzles of
each kind, each from a grid of its own, into OUT/KIND.json (the K documents
one after another) and their solutions into OUT/KIND.solutions, a line
each: the timing set of scripts/cpsat_fpuzzles.py,

    python3 scripts/fpuzzles_make.py target/release/dlx data/bench/fpuzzles 10 31
"""
import json
import random
import subprocess
import sys

DLX, OUT = sys.argv[1], sys.argv[2]
PER_KIND = int(sys.argv[3]) if len(sys.argv) > 3 else 0
N = 9
rng = random.Random(int(sys.argv[4]) if len(sys.argv) > 4 else 29)


def name(k):
    return f"R{k // N + 1}C{k % N + 1}"


def doc(givens, rules):
    grid = [[({"value": givens[r * N + c], "given": True} if givens[r * N + c] else {})
             for c in range(N)] for r in range(N)]
    return dict({"size": N, "grid": grid}, **rules)


def run(task, d, *flags):
    out = subprocess.run([DLX, task, "--format", "fpuzzles", *flags], input=json.dumps(d),
                         capture_output=True, text=True)
    return out.stdout.strip()


def base_grid():
    rows = [[(r * 3 + r // 3 + c) % 9 + 1 for c in range(9)] for r in range(9)]
    digits = list(range(1, 10))
    rng.shuffle(digits)
    bands = [0, 1, 2]
    rng.shuffle(bands)
    order = [b * 3 + i for b in bands for i in rng.sample(range(3), 3)]
    stacks = [0, 1, 2]
    rng.shuffle(stacks)
    cols = [s * 3 + i for s in stacks for i in rng.sample(range(3), 3)]
    return [digits[rows[r][c] - 1] for r in order for c in cols]


def neighbours(k, diagonal=False):
    r, c = divmod(k, N)
    steps = [(0, 1), (1, 0), (0, -1), (-1, 0)]
    if diagonal:
        steps += [(1, 1), (1, -1), (-1, 1), (-1, -1)]
    for dr, dc in steps:
        if 0 <= r + dr < N and 0 <= c + dc < N:
            yield (r + dr) * N + c + dc


def walks(sol, ok, count, length, diagonal=True, tries=20000):
    """`count` disjoint walks of up to `length` cells that `ok` accepts."""
    used, found = set(), []
    for _ in range(tries):
        if len(found) == count:
            break
        k = rng.randrange(N * N)
        if k in used:
            continue
        path = [k]
        while len(path) < length:
            nxt = [m for m in neighbours(path[-1], diagonal) if m not in used and m not in path
                   and ok([sol[x] for x in path] + [sol[m]])]
            if not nxt:
                break
            path.append(rng.choice(nxt))
        if len(path) >= 2 and ok([sol[x] for x in path]):
            found.append(path)
            used.update(path)
    return found


def lines(paths):
    return [{"lines": [[name(k) for k in p]]} for p in paths]


def orth_pairs():
    for k in range(N * N):
        if k % N + 1 < N:
            yield k, k + 1
        if k + N < N * N:
            yield k, k + N


def kinds():
    sol = base_grid()
    inc = lambda d: all(a < b for a, b in zip(d, d[1:]))
    yield "thermometer", sol, {"thermometer": lines(walks(sol, inc, 8, 5))}
    arrows = []
    for p in walks(sol, lambda d: True, 40, 3):
        s = sum(sol[k] for k in p)
        bulb = [m for m in neighbours(p[0], True) if sol[m] == s and m not in p]
        if bulb and len(arrows) < 8 and all(bulb[0] not in a["cells"] for a in arrows):
            arrows.append({"cells": [name(bulb[0])], "lines": [[name(bulb[0])] + [name(k) for k in p]]})
    yield "arrow", sol, {"arrow": arrows}
    cages = walks(sol, lambda d: len(set(d)) == len(d), 14, 4, diagonal=False)
    yield "killercage", sol, {"killercage": [
        {"cells": [name(k) for k in p], "value": str(sum(sol[k] for k in p))} for p in cages]}
    yield "killercage-nosum", sol, {"killercage": [{"cells": [name(k) for k in p]} for p in cages[:6]],
                                    "thermometer": lines(walks(sol, inc, 3, 4))}
    lk = []
    for r0 in range(1, N - 1):
        cells = [(r0 + i) * N + i for i in range(N - r0)]
        lk.append({"cell": f"R{r0}C0", "direction": "DR", "value": str(sum(sol[k] for k in cells))})
    yield "littlekillersum", sol, {"littlekillersum": lk}
    sw = []
    for i in range(N):
        for line, clue in [([i * N + c for c in range(N)], f"R{i + 1}C0"),
                           ([r * N + i for r in range(N)], f"R0C{i + 1}")]:
            d = [sol[k] for k in line]
            a, b = sorted([d.index(1), d.index(9)])
            sw.append({"cell": clue, "value": str(sum(d[a + 1:b]))})
    yield "sandwichsum", sol, {"sandwichsum": sw}
    yield "whispers", sol, {"whispers": lines(walks(sol, lambda d: all(abs(a - b) >= 5 for a, b in zip(d, d[1:])), 8, 6))}
    ren = lambda d: len(set(d)) == len(d) and max(d) - min(d) == len(d) - 1
    yield "renban", sol, {"renban": lines(walks(sol, ren, 10, 4))}
    pal = [p for p in walks(sol, lambda d: True, 200, 3) if sol[p[0]] == sol[p[-1]]]
    pal += [p for p in walks(sol, lambda d: True, 200, 5) if [sol[k] for k in p] == [sol[k] for k in p][::-1]]
    yield "palindrome", sol, {"palindrome": lines(pal[:10])}
    white = [{"cells": [name(a), name(b)]} for a, b in orth_pairs() if abs(sol[a] - sol[b]) == 1]
    black = [{"cells": [name(a), name(b)]} for a, b in orth_pairs()
             if sol[a] == 2 * sol[b] or sol[b] == 2 * sol[a]]
    yield "kropki", sol, {"difference": white, "ratio": black, "nonconsecutive": True, "negative": ["ratio"]}
    yield "kropki-positive", sol, {"difference": white[:12], "ratio": black[:8]}
    xv = [{"cells": [name(a), name(b)], "value": "X" if sol[a] + sol[b] == 10 else "V"}
          for a, b in orth_pairs() if sol[a] + sol[b] in (5, 10)]
    yield "xv", sol, {"xv": xv, "negative": ["xv"]}
    par = rng.sample(range(N * N), 20)
    yield "even-odd", sol, {"even": [{"cell": name(k)} for k in par if sol[k] % 2 == 0],
                            "odd": [{"cell": name(k)} for k in par if sol[k] % 2 == 1]}
    quads = []
    for _ in range(10):
        r, c = rng.randrange(N - 1), rng.randrange(N - 1)
        cells = [r * N + c, r * N + c + 1, (r + 1) * N + c, (r + 1) * N + c + 1]
        quads.append({"cells": [name(k) for k in cells],
                      "values": sorted(rng.sample([sol[k] for k in cells], rng.randrange(2, 5)))})
    yield "quadruple", sol, {"quadruple": quads}
    mins = [k for k in range(N * N) if all(sol[k] < sol[m] for m in neighbours(k))]
    maxs = [k for k in range(N * N) if all(sol[k] > sol[m] for m in neighbours(k))]
    yield "minimum-maximum", sol, {"minimum": [{"cell": name(k)} for k in mins],
                                   "maximum": [{"cell": name(k)} for k in maxs]}
    windows = [[(r0 + i // 3) * N + c0 + i % 3 for i in range(9)] for r0 in (1, 5) for c0 in (1, 5)]
    for key, rules in [("antiknight", {"antiknight": True}), ("antiking", {"antiking": True}),
                       ("nonconsecutive", {"nonconsecutive": True}),
                       ("disjointgroups", {"disjointgroups": True}),
                       ("diagonal", {"diagonal+": True, "diagonal-": True}),
                       ("diagonal-plus", {"diagonal+": True}),
                       ("extraregion", {"extraregion": [{"cells": [name(k) for k in w]} for w in windows]})]:
        line = run("solve", doc([0] * 81, rules))
        yield key, [int(ch) for ch in line], rules
    # The regions of the first jigsaw of data/variants/jigsaw_50.txt.
    labels = "aaabbccccaabbbbbccaaeeebbccaddeeeecfadggeffffddghefhhfddghhhhhfddgghiiifgggiiiiii"
    regions = [[ord(labels[r * N + c]) - ord("a") for c in range(N)] for r in range(N)]
    flat = [x for row in regions for x in row]
    assert all(flat.count(g) == 9 for g in range(9))
    jig = doc([0] * 81, {})
    for k in range(81):
        jig["grid"][k // N][k % N]["region"] = flat[k]
    line = run("solve", jig)
    yield "jigsaw", [int(ch) for ch in line], {"regions": flat}


def minimal(sol, rules):
    """The f-puzzles document of a puzzle with these rules whose givens,
    taken from `sol` in a seeded random order, cannot lose one more."""
    regions = rules.get("regions")
    rules = {k: v for k, v in rules.items() if k != "regions"}
    order = list(range(N * N))
    rng.shuffle(order)
    givens = list(sol)

    def make(g):
        d = doc(g, rules)
        if regions:
            for k in range(81):
                d["grid"][k // N][k % N]["region"] = regions[k]
        return d
    for k in order:
        keep = givens[k]
        givens[k] = 0
        if run("count", make(givens), "--limit", "2", "--max-nodes", "200000") != "1":
            givens[k] = keep
    d = make(givens)
    assert run("solve", d) == "".join(map(str, sol))
    return d, sum(1 for x in givens if x)


def main():
    import os
    if PER_KIND:
        os.makedirs(OUT, exist_ok=True)
        made = {}
        for _ in range(PER_KIND):
            for key, sol, rules in kinds():
                d, givens = minimal(sol, rules)
                made.setdefault(key, []).append((d, sol))
                print(key, givens, "givens", flush=True)
        for key, puzzles in made.items():
            with open(f"{OUT}/{key}.json", "w") as f:
                for d, _ in puzzles:
                    json.dump(d, f, separators=(",", ":"))
                    f.write("\n")
            with open(f"{OUT}/{key}.solutions", "w") as f:
                f.writelines("".join(map(str, sol)) + "\n" for _, sol in puzzles)
        return
    for key, sol, rules in kinds():
        if os.path.exists(f"{OUT}/{key}.json"):
            continue
        d, givens = minimal(sol, rules)
        with open(f"{OUT}/{key}.json", "w") as f:
            json.dump(d, f, separators=(",", ":"))
            f.write("\n")
        with open(f"{OUT}/{key}.solution", "w") as f:
            f.write("".join(map(str, sol)) + "\n")
        print(key, givens, "givens")


main()
