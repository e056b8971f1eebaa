#!/usr/bin/env python3
"""Times `dlx count --limit 2` against CP-SAT (OR-tools) on the same Sudoku
variant puzzles (dlx's variant line format). Not part of CI.

    python3 -m venv /tmp/ortools && /tmp/ortools/bin/pip install ortools
    /tmp/ortools/bin/python scripts/cpsat_bench.py data/variants/*_50.txt

CP-SAT gets the usual model: an integer variable 1..n per cell, givens
fixed, AddAllDifferent per house (rows, columns, boxes or regions,
diagonals, windows) and per cage, a linear sum per cage; solutions are
enumerated (enumerate_all_solutions) and the search stops at the second,
as `dlx count --limit 2` does. CP-SAT's time per puzzle is its own
wall_time (model building in Python not counted); dlx's is the whole
process run over the file divided by the puzzles (startup and parsing
counted against it), the best of six runs, three before CP-SAT and
three after. Both must agree on every
count.
"""

import subprocess
import sys
import time

from ortools.sat.python import cp_model


def parse(line):
    words = line.split()
    cells = words[0]
    n = int(round(len(cells) ** 0.5))
    rules = {"x": False, "hyper": False, "regions": None, "cages": None, "sums": {}}
    for w in words[1:]:
        if w == "x":
            rules["x"] = True
        elif w == "hyper":
            rules["hyper"] = True
        elif w.startswith("regions="):
            rules["regions"] = w[len("regions="):]
        elif w.startswith("cages="):
            rules["cages"] = w[len("cages="):]
        elif w.startswith("sums="):
            for entry in w[len("sums="):].split(","):
                rules["sums"][entry[0]] = int(entry[2:])
    return n, cells, rules


def houses(n, rules):
    hs = [[r * n + c for c in range(n)] for r in range(n)]
    hs += [[r * n + c for r in range(n)] for c in range(n)]
    if rules["regions"]:
        labels = sorted(set(rules["regions"]))
        hs += [[k for k in range(n * n) if rules["regions"][k] == g] for g in labels]
    else:
        b = int(round(n ** 0.5))
        for br in range(0, n, b):
            for bc in range(0, n, b):
                hs.append([(br + i) * n + bc + j for i in range(b) for j in range(b)])
    if rules["x"]:
        hs.append([i * n + i for i in range(n)])
        hs.append([i * n + n - 1 - i for i in range(n)])
    if rules["hyper"]:
        for r0, c0 in [(1, 1), (1, 5), (5, 1), (5, 5)]:
            hs.append([(r0 + i) * 9 + c0 + j for i in range(3) for j in range(3)])
    return hs


class StopAt(cp_model.CpSolverSolutionCallback):
    def __init__(self, limit):
        super().__init__()
        self.count = 0
        self.limit = limit

    def on_solution_callback(self):
        self.count += 1
        if self.count >= self.limit:
            self.StopSearch()


def cpsat_count(line, limit=2):
    n, cells, rules = parse(line)
    m = cp_model.CpModel()
    v = [m.NewIntVar(1, n, f"c{k}") for k in range(n * n)]
    for k, ch in enumerate(cells):
        if ch not in "._0":
            m.Add(v[k] == int(ch, 36))
    for h in houses(n, rules):
        m.AddAllDifferent([v[k] for k in h])
    if rules["cages"]:
        for label, total in rules["sums"].items():
            cage = [v[k] for k in range(n * n) if rules["cages"][k] == label]
            m.AddAllDifferent(cage)
            m.Add(sum(cage) == total)
    solver = cp_model.CpSolver()
    solver.parameters.enumerate_all_solutions = True
    solver.parameters.num_workers = 1
    cb = StopAt(limit)
    solver.Solve(m, cb)
    return cb.count, solver.WallTime()


def dlx_counts(path, dlx):
    best = None
    for _ in range(3):
        start = time.perf_counter()
        out = subprocess.run(
            [dlx, "count", "--limit", "2", "--format", "variant", path],
            capture_output=True, text=True, check=False,
        ).stdout
        took = time.perf_counter() - start
        best = took if best is None else min(best, took)
    counts = [int(c.rstrip("+")) for c in out.split()]
    return counts, best


def main(paths, dlx="target/release/dlx"):
    print("| variant | puzzles | dlx ms/puzzle | CP-SAT ms/puzzle | CP-SAT / dlx |")
    print("|---|---:|---:|---:|---:|")
    for path in paths:
        lines = [l for l in open(path) if l.strip() and not l.startswith("#")]
        counts, dlx_time = dlx_counts(path, dlx)
        cp_time = 0.0
        for line, count in zip(lines, counts):
            c, t = cpsat_count(line)
            cp_time += t
            if c != min(count, 2):
                sys.exit(f"{path}: counts differ (dlx {count}, CP-SAT {c}): {line}")
        # dlx again after CP-SAT, so both see the same load on a shared
        # machine; the best of all dlx runs counts.
        dlx_time = min(dlx_time, dlx_counts(path, dlx)[1])
        name = path.rsplit("/", 1)[-1].split("_")[0]
        k = len(lines)
        d, c = dlx_time / k * 1e3, cp_time / k * 1e3
        print(f"| {name} | {k} | {d:.3f} | {c:.3f} | {c / d:.0f}x |")


if __name__ == "__main__":
    main(sys.argv[1:])
