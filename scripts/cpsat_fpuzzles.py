#!/usr/bin/env python3
"""Times `dlx count --limit 2` against CP-SAT (OR-tools) per constraint kind,
on the same f-puzzles files. Not part of CI.

    python3 -m venv /tmp/ortools && /tmp/ortools/bin/pip install ortools
    /tmp/ortools/bin/python scripts/cpsat_fpuzzles.py target/release/dlx \
        data/bench/fpuzzles/*.json

Each FILE holds one or more f-puzzles JSON documents (one after another, as
`--format fpuzzles` reads them); its kind, in the table, is the file's name.
CP-SAT gets a model written here from the f-puzzles keys as docs/formats.md
defines them, sharing nothing with dlx's reader or compiler: an integer
variable 1..n per cell, givens fixed, AddAllDifferent per row, column, box
or jigsaw region (and diagonal, extra region, disjoint group, cage, renban
line), and each constraint modelled directly (linear sums for cages,
arrows, little killers and sandwiches, inequalities for thermometers,
minimum and maximum cells, absolute differences for whispers and dots,
boolean ratios, parity as 2k or 2k+1, counts for quadruples). A key the
model does not know stops the script, so no puzzle is timed weaker than
dlx reads it. Solutions are enumerated on one worker and the search stops
at the second, as `dlx count --limit 2` does.

Times are CPU time (user + system), which a loaded machine disturbs less
than wall time: CP-SAT's is that of its Solve call per puzzle (model
building in Python not counted), the best of three solves; dlx's is that of
the whole process run with `--threads 1` (one worker, as CP-SAT has) over
the file's documents repeated five times (as one batch on standard input),
divided by its puzzles (process start, about 2 ms,
and parsing counted against it), the best of five runs. Both must agree on every count, and where
KIND.solution (one puzzle) or KIND.solutions (a line a puzzle) beside the
file gives the solutions, CP-SAT's unique solution must be the one given.
"""

import json
import os
import resource
import subprocess
import sys
import time

from ortools.sat.python import cp_model

IGNORED = {"title", "author", "ruleset", "solution", "text", "line", "rectangle",
           "circle", "disabledlogic", "truecandidatesoptions"}


def documents(text):
    """The JSON documents of a file, one after another."""
    decoder, at, docs = json.JSONDecoder(), 0, []
    while True:
        while at < len(text) and text[at].isspace():
            at += 1
        if at == len(text):
            return docs
        doc, at = decoder.raw_decode(text, at)
        docs.append(doc)


def box_shape(n):
    rows = max(r for r in range(1, int(n ** 0.5) + 1) if n % r == 0)
    return rows, n // rows


class Model:
    def __init__(self, doc):
        self.n = n = doc["size"]
        self.m = m = cp_model.CpModel()
        self.x = [[m.NewIntVar(1, n, f"r{r}c{c}") for c in range(n)] for r in range(n)]
        self.doc = doc
        self.houses()
        for key, value in doc.items():
            if key in ("size", "grid") or key in IGNORED or value in (False, [], None):
                continue
            if key == "cage" and all("value" not in c for c in value):
                continue
            rule = getattr(self, "rule_" + key.replace("+", "_plus").replace("-", "_minus"), None)
            if rule is None:
                raise SystemExit(f"CP-SAT model: unknown key {key!r}")
            rule(value)

    def at(self, name):
        r, c = name.upper()[1:].split("C")
        return int(r) - 1, int(c) - 1

    def var(self, name):
        r, c = self.at(name)
        return self.x[r][c]

    def houses(self):
        n, m, grid = self.n, self.m, self.doc["grid"]
        br, bc = box_shape(n)
        regions = {}
        for r in range(n):
            for c in range(n):
                cell = grid[r][c]
                if cell.get("value"):
                    m.Add(self.x[r][c] == int(cell["value"]))
                key = cell.get("region", (r // br) * (n // bc) + c // bc)
                regions.setdefault(key, []).append(self.x[r][c])
        for i in range(n):
            m.AddAllDifferent(self.x[i])
            m.AddAllDifferent([self.x[r][i] for r in range(n)])
        for cells in regions.values():
            m.AddAllDifferent(cells)

    # Global rules.
    def rule_diagonal_plus(self, _):
        self.m.AddAllDifferent([self.x[r][self.n - 1 - r] for r in range(self.n)])

    def rule_diagonal_minus(self, _):
        self.m.AddAllDifferent([self.x[r][r] for r in range(self.n)])

    def apart(self, steps):
        n = self.n
        for r in range(n):
            for c in range(n):
                for dr, dc in steps:
                    if 0 <= r + dr < n and 0 <= c + dc < n and (dr, dc) > (0, 0):
                        self.m.Add(self.x[r][c] != self.x[r + dr][c + dc])

    def rule_antiknight(self, _):
        self.apart([(a, b) for a in (-2, -1, 1, 2) for b in (-2, -1, 1, 2) if abs(a) != abs(b)])

    def rule_antiking(self, _):
        self.apart([(a, b) for a in (-1, 0, 1) for b in (-1, 0, 1) if (a, b) != (0, 0)])

    def rule_disjointgroups(self, _):
        br, bc = box_shape(self.n)
        groups = {}
        for r in range(self.n):
            for c in range(self.n):
                groups.setdefault((r % br, c % bc), []).append(self.x[r][c])
        for cells in groups.values():
            self.m.AddAllDifferent(cells)

    # Dots and their negative rules, which need all dots at once.
    def rule_difference(self, _):
        self.dots()

    rule_ratio = rule_xv = rule_nonconsecutive = rule_negative = rule_difference

    def dots(self):
        if getattr(self, "dotted", None) is not None:
            return
        self.dotted = {}
        m, doc = self.m, self.doc
        ratios = []
        for key, default in (("difference", 1), ("ratio", 2), ("xv", None)):
            for dot in doc.get(key) or []:
                a, b = (self.at(c) for c in dot["cells"])
                self.dotted.setdefault(tuple(sorted((a, b))), set()).add(key)
                u, v = self.x[a[0]][a[1]], self.x[b[0]][b[1]]
                value = dot.get("value")
                if key == "xv":
                    m.Add(u + v == (10 if str(value).upper() == "X" else 5))
                elif key == "difference":
                    self.differ(u, v, int(value or default), equal=True)
                else:
                    ratios.append(int(value or default))
                    self.ratio(u, v, int(value or default))
        negative = set(doc.get("negative") or [])
        if negative - {"ratio", "xv"}:
            raise SystemExit(f"CP-SAT model: unknown negative rule {negative}")
        n = self.n
        for r in range(n):
            for c in range(n):
                for b in ((r, c + 1), (r + 1, c)):
                    if b[0] >= n or b[1] >= n:
                        continue
                    kinds = self.dotted.get(((r, c), b), set())
                    u, v = self.x[r][c], self.x[b[0]][b[1]]
                    if doc.get("nonconsecutive") and not kinds & {"difference", "ratio"}:
                        self.differ(u, v, 1, equal=False)
                    if "ratio" in negative and not kinds & {"difference", "ratio"}:
                        for k in sorted(set(ratios or [2])):
                            m.Add(u != k * v)
                            m.Add(v != k * u)
                    if "xv" in negative and "xv" not in kinds:
                        m.Add(u + v != 5)
                        m.Add(u + v != 10)

    def differ(self, u, v, gap, equal):
        d = self.m.NewIntVar(0, self.n, "")
        self.m.AddAbsEquality(d, u - v)
        self.m.Add(d == gap) if equal else self.m.Add(d != gap)

    def ratio(self, u, v, k):
        up = self.m.NewBoolVar("")
        self.m.Add(u == k * v).OnlyEnforceIf(up)
        self.m.Add(v == k * u).OnlyEnforceIf(up.Not())

    # Lines.
    def lines(self, value):
        for item in value:
            for line in item.get("lines", []):
                yield item, [self.var(c) for c in line]

    def rule_thermometer(self, value):
        for _, xs in self.lines(value):
            for a, b in zip(xs, xs[1:]):
                self.m.Add(a < b)

    def rule_whispers(self, value):
        for item, xs in self.lines(value):
            gap = int(item.get("value") or (self.n + 1) // 2)
            for a, b in zip(xs, xs[1:]):
                d = self.m.NewIntVar(0, self.n, "")
                self.m.AddAbsEquality(d, a - b)
                self.m.Add(d >= gap)

    def rule_renban(self, value):
        for _, xs in self.lines(value):
            self.m.AddAllDifferent(xs)
            hi, lo = self.m.NewIntVar(1, self.n, ""), self.m.NewIntVar(1, self.n, "")
            self.m.AddMaxEquality(hi, xs)
            self.m.AddMinEquality(lo, xs)
            self.m.Add(hi - lo == len(xs) - 1)

    def rule_palindrome(self, value):
        for _, xs in self.lines(value):
            for a, b in zip(xs, reversed(xs)):
                self.m.Add(a == b)

    def rule_arrow(self, value):
        for item in value:
            bulb = [self.var(c) for c in item["cells"]]
            number = sum(10 ** (len(bulb) - 1 - i) * v for i, v in enumerate(bulb))
            for line in item.get("lines", []):
                self.m.Add(sum(self.var(c) for c in line[1:]) == number)

    # Sums.
    def rule_killercage(self, value):
        for cage in value:
            xs = [self.var(c) for c in cage["cells"]]
            self.m.AddAllDifferent(xs)
            if cage.get("value") not in (None, ""):
                self.m.Add(sum(xs) == int(cage["value"]))

    def rule_littlekillersum(self, value):
        steps = {"UR": (-1, 1), "UL": (-1, -1), "DR": (1, 1), "DL": (1, -1)}
        for clue in value:
            if not clue.get("value"):
                continue
            (r, c), (dr, dc) = self.at(clue["cell"]), steps[clue["direction"]]
            if not (0 <= r < self.n and 0 <= c < self.n):
                r, c = r + dr, c + dc
            xs = []
            while 0 <= r < self.n and 0 <= c < self.n:
                xs.append(self.x[r][c])
                r, c = r + dr, c + dc
            self.m.Add(sum(xs) == int(clue["value"]))

    def rule_sandwichsum(self, value):
        n, m = self.n, self.m
        for clue in value:
            r, c = self.at(clue["cell"])
            xs = self.x[r] if c in (-1, n) else [self.x[i][c] for i in range(n)]
            ends = []
            for v in xs:
                end = m.NewBoolVar("")
                is1, isn = m.NewBoolVar(""), m.NewBoolVar("")
                m.Add(v == 1).OnlyEnforceIf(is1)
                m.Add(v != 1).OnlyEnforceIf(is1.Not())
                m.Add(v == n).OnlyEnforceIf(isn)
                m.Add(v != n).OnlyEnforceIf(isn.Not())
                m.Add(end == is1 + isn)
                ends.append(end)
            parts = []
            for i, v in enumerate(xs):
                # Strictly between the crusts: one crust before, none here.
                inside = m.NewBoolVar("")
                m.Add(sum(ends[:i]) - ends[i] == 1).OnlyEnforceIf(inside)
                m.Add(sum(ends[:i]) - ends[i] != 1).OnlyEnforceIf(inside.Not())
                part = m.NewIntVar(0, n, "")
                m.Add(part == v).OnlyEnforceIf(inside)
                m.Add(part == 0).OnlyEnforceIf(inside.Not())
                parts.append(part)
            m.Add(sum(parts) == int(clue["value"]))

    # Cells.
    def rule_odd(self, value):
        for item in value:
            k = self.m.NewIntVar(0, self.n, "")
            self.m.Add(self.var(item["cell"]) == 2 * k + 1)

    def rule_even(self, value):
        for item in value:
            k = self.m.NewIntVar(0, self.n, "")
            self.m.Add(self.var(item["cell"]) == 2 * k)

    def extreme(self, value, less):
        for item in value:
            r, c = self.at(item["cell"])
            for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0)):
                if 0 <= r + dr < self.n and 0 <= c + dc < self.n:
                    u, v = self.x[r][c], self.x[r + dr][c + dc]
                    self.m.Add(u < v) if less else self.m.Add(u > v)

    def rule_minimum(self, value):
        self.extreme(value, True)

    def rule_maximum(self, value):
        self.extreme(value, False)

    def rule_extraregion(self, value):
        for region in value:
            self.m.AddAllDifferent([self.var(c) for c in region["cells"]])

    def rule_quadruple(self, value):
        for quad in value:
            xs = [self.var(c) for c in quad["cells"]]
            wanted = [int(v) for v in quad["values"]]
            for d in set(wanted):
                hits = []
                for v in xs:
                    hit = self.m.NewBoolVar("")
                    self.m.Add(v == d).OnlyEnforceIf(hit)
                    self.m.Add(v != d).OnlyEnforceIf(hit.Not())
                    hits.append(hit)
                self.m.Add(sum(hits) >= wanted.count(d))


class UpToTwo(cp_model.CpSolverSolutionCallback):
    def __init__(self, x):
        super().__init__()
        self.x, self.count, self.first = x, 0, None

    def on_solution_callback(self):
        self.count += 1
        if self.first is None:
            self.first = "".join(str(self.Value(v)) for row in self.x for v in row)
        if self.count >= 2:
            self.StopSearch()


def cpsat(doc):
    """(count up to 2, the first solution, CP-SAT's CPU time in seconds)"""
    model = Model(doc)
    solver = cp_model.CpSolver()
    solver.parameters.num_workers = 1
    solver.parameters.enumerate_all_solutions = True
    found = UpToTwo(model.x)
    start = time.process_time()
    solver.Solve(model.m, found)
    return found.count, found.first, time.process_time() - start


def children_cpu():
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


# dlx reads each file this many times over (its documents repeated), so that
# the process start (about 2 ms of CPU here) is spread over a batch.
REPEAT = 5


def dlx_run(dlx, text):
    start = children_cpu()
    out = subprocess.run([dlx, "count", "--limit", "2", "--threads", "1", "--format", "fpuzzles", "-"],
                         input=text * REPEAT, capture_output=True, text=True)
    took = children_cpu() - start
    if out.returncode != 0:
        raise SystemExit(f"dlx exited {out.returncode}: {out.stderr.strip()}")
    counts = [int(w) for w in out.stdout.split()]
    return counts[:len(counts) // REPEAT], took / REPEAT


def main():
    dlx, paths = sys.argv[1], sys.argv[2:]
    rows, failed = [], False
    for path in paths:
        text = open(path).read()
        docs = documents(text)
        runs = [dlx_run(dlx, text if text.endswith("\n") else text + "\n") for _ in range(5)]
        counts = runs[0][0]
        dlx_s = min(t for _, t in runs) / len(docs)
        cp_s = 0.0
        stem = os.path.splitext(path)[0]
        known = []
        for beside in (stem + ".solution", stem + ".solutions"):
            if os.path.exists(beside):
                known = open(beside).read().split()
        for k, doc in enumerate(docs):
            (count, first, t1), (_, _, t2), (_, _, t3) = cpsat(doc), cpsat(doc), cpsat(doc)
            cp_s += min(t1, t2, t3)
            if count != counts[k]:
                print(f"{path}: puzzle {k + 1}: CP-SAT counts {count}, dlx {counts[k]}")
                failed = True
            if count == 1 and k < len(known) and known[k] != first:
                print(f"{path}: puzzle {k + 1}: CP-SAT's solution is not the one given beside it")
                failed = True
        cp_s /= len(docs)
        kind = os.path.splitext(os.path.basename(path))[0]
        rows.append((kind, len(docs), dlx_s * 1e3, cp_s * 1e3))
    print("| kind | puzzles | dlx ms/puzzle | CP-SAT ms/puzzle | CP-SAT / dlx |")
    print("|---|---:|---:|---:|---:|")
    for kind, count, d, c in rows:
        print(f"| {kind} | {count} | {d:.3f} | {c:.3f} | {c / d:.0f}x |")
    sys.exit(1 if failed else 0)


main()
