#!/usr/bin/env python3
"""Times `dlx count --limit 2` against CP-SAT (OR-tools) on the hard variant
puzzles of data/hard (f-puzzles JSON, one puzzle a file). Not run in CI.

    python3 -m venv /path/venv && /path/venv/bin/pip install ortools
    /path/venv/bin/python scripts/hard_vs_cpsat.py [--dlx target/release/dlx] \
        [--runs 3] [--timeout 60] [--propagate VALUE[,VALUE...]] [--only PATTERN] [--limit K] \
        [--cpsat-only] [--iss RUNNER] [DIR]

DIR (default data/hard under the repository root) holds NAME.json and
solutions.txt (`NAME SOLUTION`, 81 digits); its README.md defines the keys.

CP-SAT gets a model built here from those definitions, sharing nothing with
dlx: an integer variable 1..9 per cell, givens fixed, AllDifferent per row,
column and box; killer cages (AllDifferent and sum), little killer diagonals
(sum), sandwich clues (booleans for where the 1 and the 9 stand and for each
cell being strictly between them), arrows (each line's cells after the bulb
sum to it), thermometers (strictly increasing), XV, white dots (difference)
and black dots (ratio). A key the README does not define stops the script
if it holds anything. CP-SAT runs on one worker, enumerating solutions and
stopping at the second, as `dlx count --limit 2 --threads 1` does; its time
is the wall time of the solve call alone (model building not counted), the
best of --runs, and it must find exactly one solution, the one in
solutions.txt. dlx's time is the wall time of the whole process on the file,
the best of --runs, once per --propagate value (the option repeats or takes
values separated by commas, e.g. --propagate off,all; no --propagate flag
when none is given); it must print `1`. A run past --timeout counts as
--timeout in the geometric means (flagged `>T`) and ends that value's runs
on that puzzle.
Each puzzle's dlx and CP-SAT runs alternate, back to back, puzzles in sorted
order. The Markdown table and summary go to standard output, progress to
standard error. --cpsat-only skips dlx, to check the model on every puzzle.
Exit code 1 when any count or solution is wrong.

--iss RUNNER adds the Interactive Sudoku Solver (ISS, github.com/sigh/
Interactive-Sudoku-Solver) as a third solver. RUNNER is a node script kept
outside this repository: it wraps ISS's public sources, maps the f-puzzles
keys onto ISS's own constraints, and for `node RUNNER FILE` prints one JSON
line with at least `count` (solutions found, stopping at the second),
`solution` (the first, 81 digits) and `seconds` (the wall time of ISS's
solver calls alone: no node start, module loading, conversion or solver
build, as CP-SAT's time leaves out its model building). ISS runs after dlx
and before CP-SAT in each of the --runs rounds, under the same --timeout
(for the whole node process); its time is the best of the reported
`seconds`, and it must find exactly one solution, the one in solutions.txt.
The table gains an `ISS s` column and a `CP-SAT/ISS` ratio, the summary a
geometric mean line with its families; without --iss the output is as
before.
"""

import argparse
import json
import math
import re
import subprocess
import sys
import time
from pathlib import Path

from ortools.sat.python import cp_model

ROOT = Path(__file__).resolve().parent.parent
N = 9
METADATA = {"size", "title", "author", "ruleset", "grid"}
RULES = {"killercage", "littlekillersum", "sandwichsum", "arrow", "thermometer", "xv",
         "difference", "ratio"}
CELL = re.compile(r"R(\d+)C(\d+)")


def cell(name, outside=False):
    """(row, column) from 0 of an `RrCc` name; `outside` allows 0 and 10."""
    match = CELL.fullmatch(name)
    if not match:
        raise ValueError(f"bad cell {name!r}")
    r, c = int(match[1]), int(match[2])
    low, high = (0, N + 1) if outside else (1, N)
    if not (low <= r <= high and low <= c <= high):
        raise ValueError(f"cell {name!r} out of range")
    return r - 1, c - 1


def sandwich(model, line, total):
    """The digits strictly between the 1 and the 9 of `line` sum to `total`."""
    one = [model.new_bool_var("") for _ in line]
    nine = [model.new_bool_var("") for _ in line]
    for x, is1, is9 in zip(line, one, nine):
        model.add(x == 1).only_enforce_if(is1)
        model.add(x != 1).only_enforce_if(~is1)
        model.add(x == 9).only_enforce_if(is9)
        model.add(x != 9).only_enforce_if(~is9)
    model.add_exactly_one(one)
    model.add_exactly_one(nine)
    parts = []
    for i in range(1, N - 1):
        # one_before / nine_before: the 1 / the 9 stands left of (above) cell i.
        one_before, nine_before = model.new_bool_var(""), model.new_bool_var("")
        model.add(one_before == sum(one[:i]))
        model.add(nine_before == sum(nine[:i]))
        # Exactly one of them before cell i, and cell i neither of them.
        split = model.new_bool_var("")
        model.add_bool_xor([one_before, nine_before, ~split])
        between = model.new_bool_var("")
        model.add_bool_and([split, ~one[i], ~nine[i]]).only_enforce_if(between)
        model.add_bool_or([~split, one[i], nine[i]]).only_enforce_if(~between)
        part = model.new_int_var(0, N, "")
        model.add(part == line[i]).only_enforce_if(between)
        model.add(part == 0).only_enforce_if(~between)
        parts.append(part)
    model.add(sum(parts) == total)


def build_model(puzzle):
    """The CP-SAT model of an f-puzzles document and its cell variables."""
    if puzzle.get("size") != N:
        raise ValueError(f"size {puzzle.get('size')!r}, not {N}")
    model = cp_model.CpModel()
    x = [[model.new_int_var(1, N, f"r{r + 1}c{c + 1}") for c in range(N)] for r in range(N)]

    def at(name):
        r, c = cell(name)
        return x[r][c]

    for r, row in enumerate(puzzle["grid"]):
        for c, entry in enumerate(row):
            if entry.get("given"):
                model.add(x[r][c] == entry["value"])
    for i in range(N):
        model.add_all_different(x[i])
        model.add_all_different([x[r][i] for r in range(N)])
        br, bc = 3 * (i // 3), 3 * (i % 3)
        model.add_all_different([x[br + r][bc + c] for r in range(3) for c in range(3)])

    for key, entries in puzzle.items():
        if key in METADATA or not entries:
            continue
        if key not in RULES:
            raise ValueError(f"unknown key {key!r}")
        for e in entries:
            value = e.get("value")
            if key == "killercage":
                cage = [at(name) for name in e["cells"]]
                model.add_all_different(cage)
                if value not in (None, ""):
                    model.add(sum(cage) == int(value))
            elif key == "littlekillersum":
                cell(e["cell"], outside=True)  # only checked: `cells` lists the diagonal
                model.add(sum(at(name) for name in e["cells"]) == int(value))
            elif key == "sandwichsum":
                r, c = cell(e["cell"], outside=True)
                if r in (-1, N) and 0 <= c < N:
                    line = [x[i][c] for i in range(N)]
                elif c in (-1, N) and 0 <= r < N:
                    line = x[r]
                else:
                    raise ValueError(f"sandwich clue {e['cell']!r} is not beside a line")
                sandwich(model, line, int(value))
            elif key == "arrow":
                for line in e["lines"]:
                    model.add(sum(at(name) for name in line[1:]) == at(line[0]))
            elif key == "thermometer":
                for line in e["lines"]:
                    for a, b in zip(line, line[1:]):
                        model.add(at(a) < at(b))
            elif key == "xv":
                a, b = (at(name) for name in e["cells"])
                model.add(a + b == {"X": 10, "V": 5}[value])
            else:  # difference, ratio
                a, b = (at(name) for name in e["cells"])
                k = int(value) if value not in (None, "") else (1 if key == "difference" else 2)
                first = model.new_bool_var("")
                if key == "difference":
                    model.add(a - b == k).only_enforce_if(first)
                    model.add(b - a == k).only_enforce_if(~first)
                else:
                    model.add(a == k * b).only_enforce_if(first)
                    model.add(b == k * a).only_enforce_if(~first)
    return model, [v for row in x for v in row]


class UpToTwo(cp_model.CpSolverSolutionCallback):
    """Counts solutions, keeps the first, stops the search at the second."""

    def __init__(self, cells):
        super().__init__()
        self.cells = cells
        self.count = 0
        self.first = None

    def on_solution_callback(self):
        self.count += 1
        if self.count == 1:
            self.first = "".join(str(self.value(v)) for v in self.cells)
        else:
            self.stop_search()


def cpsat_run(model, cells):
    """One count up to 2: (seconds of the solve call, count, first solution, branches)."""
    solver = cp_model.CpSolver()
    solver.parameters.num_workers = 1
    solver.parameters.enumerate_all_solutions = True
    callback = UpToTwo(cells)
    start = time.perf_counter()
    status = solver.solve(model, callback)
    seconds = time.perf_counter() - start
    if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE, cp_model.INFEASIBLE):
        raise RuntimeError(f"CP-SAT status {solver.status_name(status)}")
    return seconds, callback.count, callback.first, solver.num_branches


def dlx_run(dlx, propagate, path, timeout):
    """One whole `dlx count` process: (seconds or None past timeout, problem or None)."""
    command = [dlx, "count", "--limit", "2", "--threads", "1"]
    if propagate is not None:
        command += ["--propagate", propagate]
    start = time.perf_counter()
    try:
        done = subprocess.run(command + [str(path)], capture_output=True, text=True,
                              timeout=timeout)
    except subprocess.TimeoutExpired:
        return None, None
    seconds = time.perf_counter() - start
    out, err = done.stdout.strip(), done.stderr.strip()
    if done.returncode != 0 or out != "1":
        detail = f": {err[:200]}" if err else ""
        return seconds, f"printed {out!r}, exit {done.returncode}{detail}"
    return seconds, None


def iss_run(runner, path, timeout):
    """One `node RUNNER FILE`: (seconds or None past timeout, problem or None, count, first
    solution); the seconds are the runner's own `seconds`, the process's when it fails."""
    start = time.perf_counter()
    try:
        done = subprocess.run(["node", runner, str(path)], capture_output=True, text=True,
                              timeout=timeout)
    except subprocess.TimeoutExpired:
        return None, None, None, None
    wall = time.perf_counter() - start
    out, err = done.stdout.strip(), done.stderr.strip()
    try:
        result = json.loads(out.splitlines()[-1])
        if done.returncode == 0:
            return float(result["seconds"]), None, result["count"], result["solution"]
    except (IndexError, ValueError, KeyError, TypeError):
        pass
    detail = f": {err[:200]}" if err else ""
    return wall, f"printed {out[:200]!r}, exit {done.returncode}{detail}", None, None


def geomean(values):
    return math.exp(sum(math.log(v) for v in values) / len(values))


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("dir", nargs="?", type=Path, default=ROOT / "data" / "hard", metavar="DIR")
    parser.add_argument("--dlx", default=str(ROOT / "target" / "release" / "dlx"))
    parser.add_argument("--runs", type=int, default=3, help="best of RUNS (default 3)")
    parser.add_argument("--timeout", type=float, default=60,
                        help="seconds per dlx run (default 60)")
    parser.add_argument("--propagate", action="append", metavar="VALUE[,VALUE...]",
                        help="time dlx once per value (repeat the option or separate by commas)")
    parser.add_argument("--only", metavar="PATTERN",
                        help="only puzzles whose name it matches (a regular expression searched "
                             "in the name, so a plain substring works; ^killer_ is one family)")
    parser.add_argument("--limit", type=int, metavar="K", help="only the first K puzzles")
    parser.add_argument("--cpsat-only", action="store_true", help="skip dlx: check the model")
    parser.add_argument("--iss", metavar="RUNNER",
                        help="also time the Interactive Sudoku Solver: `node RUNNER FILE` "
                             "(a runner kept outside the repository)")
    args = parser.parse_args()

    files = sorted(args.dir.glob("*.json"))
    if args.only:
        files = [f for f in files if re.search(args.only, f.stem)]
    files = files[: args.limit]
    if not files:
        sys.exit(f"no puzzles in {args.dir}")
    if args.runs < 1:
        sys.exit("--runs must be 1 or more")
    solutions = dict(line.split() for line in (args.dir / "solutions.txt").read_text().splitlines()
                     if line.strip())
    propagate = [v for option in args.propagate or [] for v in option.split(",")]
    values = [] if args.cpsat_only else (propagate or [None])
    if values and not Path(args.dlx).is_file():
        sys.exit(f"no dlx at {args.dlx}")
    if args.iss and not Path(args.iss).is_file():
        sys.exit(f"no ISS runner at {args.iss}")

    def label(v):
        return "" if v is None else f" --propagate {v}"

    def seconds(t):
        return f">{args.timeout:g}" if t == math.inf else f"{t:.3f}"

    header = ["puzzle", "CP-SAT s", "CP-SAT branches"]
    header += [f"dlx s{label(v)}" for v in values] + (["ISS s"] if args.iss else [])
    header += [f"CP-SAT/dlx{label(v)}" for v in values] + (["CP-SAT/ISS"] if args.iss else [])
    reference = {}  # with --cpsat-only: name -> [seconds, branches] from cpsat.txt
    if args.cpsat_only:
        header += ["cpsat.txt s", "cpsat.txt branches"]
        if (args.dir / "cpsat.txt").is_file():
            lines = (args.dir / "cpsat.txt").read_text().splitlines()
            reference = {line.split()[0]: line.split()[1:3] for line in lines if line.strip()}
    print("| " + " | ".join(header) + " |")
    print("|---|" + "---:|" * (len(header) - 1))

    ratios = {v: {} for v in values}  # value -> name -> CP-SAT / dlx (timeouts as --timeout)
    slower = {v: 0 for v in values}
    timeouts = {v: 0 for v in values}
    iss_ratios, iss_slower, iss_timeouts = {}, 0, 0  # the same for ISS, with --iss
    problems = []
    for number, path in enumerate(files, 1):
        name = path.stem
        try:
            model, cells = build_model(json.loads(path.read_text()))
        except (ValueError, KeyError, TypeError) as err:
            sys.exit(f"{path}: {err!r}")
        cpsat, branches = math.inf, set()
        dlx = {v: math.inf for v in values}  # best seconds; stays inf while every run timed out
        timed_out, wrong = set(), {}
        iss = math.inf  # best seconds with --iss; stays inf while every run timed out
        iss_timed_out = False
        for _ in range(args.runs):
            for v in values:
                if v in timed_out:
                    continue
                t, problem = dlx_run(args.dlx, v, path, args.timeout)
                if t is None:
                    timed_out.add(v)
                    continue
                dlx[v] = min(dlx[v], t)
                if problem:
                    wrong[f"dlx{label(v)}"] = problem
            if args.iss and not iss_timed_out:
                t, problem, iss_count, iss_first = iss_run(args.iss, path, args.timeout)
                if t is None:
                    iss_timed_out = True
                else:
                    iss = min(iss, max(t, 1e-6))  # a runner may round to 0
                    if problem:
                        wrong["ISS"] = problem
                    elif iss_count != 1:
                        wrong["ISS"] = f"found {iss_count} solutions"
                    elif iss_first != solutions.get(name):
                        wrong["ISS"] = f"found {iss_first}, solutions.txt has {solutions.get(name)}"
            t, count, first, n = cpsat_run(model, cells)
            cpsat = min(cpsat, t)
            branches.add(n)
        if count != 1:
            wrong["CP-SAT"] = f"found {count} solutions"
        elif first != solutions.get(name):
            wrong["CP-SAT"] = f"found {first}, solutions.txt has {solutions.get(name)}"
        problems += [f"{name}: {who} {problem}" for who, problem in wrong.items()]
        branch_text = "/".join(str(b) for b in sorted(branches))
        row = [name + (" **WRONG**" if wrong else ""), f"{cpsat:.3f}", branch_text]
        progress = [f"CP-SAT {cpsat:.3f} s, {branch_text} branches"]
        for v in values:
            timeouts[v] += dlx[v] == math.inf
            ratios[v][name] = cpsat / min(dlx[v], args.timeout)
            slower[v] += dlx[v] > cpsat
            row.append(seconds(dlx[v]))
            progress.append(f"dlx{label(v)} {seconds(dlx[v])} s")
        if args.iss:
            iss_timeouts += iss == math.inf
            iss_ratios[name] = cpsat / min(iss, args.timeout)
            iss_slower += iss > cpsat
            row.append(seconds(iss))
            progress.append(f"ISS {seconds(iss)} s")
        row += [("<" if dlx[v] == math.inf else "") + f"{ratios[v][name]:.3g}" for v in values]
        if args.iss:
            row.append(("<" if iss == math.inf else "") + f"{iss_ratios[name]:.3g}")
        if args.cpsat_only:
            row += reference.get(name, ["", ""])
        print("| " + " | ".join(row) + " |", flush=True)
        print(f"[{number}/{len(files)}] {name}: " + ", ".join(progress),
              file=sys.stderr, flush=True)

    print()
    print(f"puzzles: {len(files)}")
    summaries = [(f"dlx{label(v)}", "dlx", ratios[v], slower[v], timeouts[v]) for v in values]
    if args.iss:
        summaries.append(("ISS", "ISS", iss_ratios, iss_slower, iss_timeouts))
    for who, short, ratio_of, slower_count, timeout_count in summaries:
        flag = (f" ({timeout_count} past {args.timeout:g} s, counted as {args.timeout:g} s)"
                if timeout_count else "")
        print(f"{who}: geometric mean CP-SAT/{short} {geomean(ratio_of.values()):.3g}{flag}; "
              f"{short} slower than CP-SAT on {slower_count} of {len(files)}")
        families = {}
        for name, ratio in ratio_of.items():
            families.setdefault(name.split("_9x9")[0], []).append(ratio)
        for family, rs in sorted(families.items()):
            print(f"  {family}: {geomean(rs):.3g} ({len(rs)})")
    if problems:
        print("\n**WRONG:**\n" + "\n".join(f"- {p}" for p in problems))
        sys.exit(1)


if __name__ == "__main__":
    main()
