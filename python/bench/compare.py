"""Times dlx_engine against other Python exact-cover and Sudoku packages on
the same work, in one run, and prints a Markdown table (BENCHMARKS.md).

Not part of CI. Run it in a virtual environment that has dlx_engine and
the peers installed (whichever of them install):

    python -m venv /tmp/bench && . /tmp/bench/bin/activate
    pip install ./python numpy exact-cover exactcover xcover dlx-cython py-sudoku
    cargo build --release
    python python/bench/compare.py            # from the repository root

Each measurement runs in a subprocess of its own (so one package's
imports, JIT or memory cannot slow another) under a time limit, and checks
its result: the published count, or for Sudoku the solutions dlx_engine
gives (every puzzle used is unique). Times are wall-clock seconds of the
search alone: building each package's input (option lists, 0/1 matrices,
boards) is left out, and so is xcover's numba compilation (a warm-up run
on 4-queens comes first). Every package runs on one thread.

Packages without secondary items (exact-cover, dlx-cython) get n-queens
with one extra option per diagonal that covers it alone, which makes the
diagonals primary without changing the count.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import time
from pathlib import Path
from typing import Callable, Dict, List, Optional, Sequence, Tuple

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "data"

COVER_TASKS = {"queens10": 724, "queens11": 2680, "queens12": 14200, "pentomino6x10": 9356}
COVER_PEERS = ["dlx_engine", "exact-cover", "exactcover", "xcover", "dlx-cython"]
SUDOKU_PEERS = ["dlx_engine", "py-sudoku"]


Problem = Tuple[List[str], List[str], List[List[str]]]


def queens(n: int) -> Problem:
    primary = [f"r{i}" for i in range(n)] + [f"c{j}" for j in range(n)]
    secondary = [f"a{d}" for d in range(2 * n - 1)] + [f"b{d}" for d in range(2 * n - 1)]
    options = [[f"r{i}", f"c{j}", f"a{i + j}", f"b{i - j + n - 1}"] for i in range(n) for j in range(n)]
    return primary, secondary, options


def knuth_file(path: Path) -> Problem:
    lines = [l for l in path.read_text().splitlines() if l.strip() and not l.lstrip().startswith("|")]
    header = lines[0].split()
    cut = header.index("|") if "|" in header else len(header)
    return header[:cut], header[cut + 1 :], [l.split() for l in lines[1:]]


def problem(task: str) -> Problem:
    if task.startswith("queens"):
        return queens(int(task[len("queens") :]))
    return knuth_file(DATA / "dlx" / "pentomino_6x10.dlx")


def matrix(p: Problem, slack: bool):
    """A 0/1 matrix, secondary items made primary by one slack row each."""
    import numpy as np

    primary, secondary, options = p
    columns = {name: k for k, name in enumerate(primary + secondary)}
    rows = options + ([[s] for s in secondary] if slack else [])
    m = np.zeros((len(rows), len(columns)), dtype=np.int32)
    for r, option in enumerate(rows):
        for name in option:
            m[r, columns[name]] = 1
    return m


def cover_runner(lib: str, task: str) -> Callable[[], int]:
    """A function that counts the task's solutions with `lib`; what it
    builds before returning is not timed."""
    p = problem(task)
    primary, secondary, options = p
    if lib.startswith("dlx_engine"):
        from dlx_engine import ExactCover

        # `dlx_engine:memo` counts with the memo, `dlx_engine:threads=N` on
        # N threads (not a one-thread figure: listed apart).
        how = dict(
            (k, True) if not v else (k, int(v))
            for k, _, v in (part.partition("=") for part in lib.split(":")[1:])
        )
        ec = ExactCover(primary, options, secondary)
        return lambda: ec.count(**how)
    if lib == "exact-cover":
        import exact_cover

        m = matrix(p, slack=True).astype(exact_cover.io.DTYPE_FOR_ARRAY)
        return lambda: int(exact_cover.get_solution_count(m))
    if lib == "exactcover":
        import exactcover  # type: ignore[import-not-found]  # noqa: F401

        # It did not install when this script was written, so its API was
        # never tried: say so rather than guess.
        raise SystemExit("no runner written for exactcover")
    if lib == "xcover":
        from xcover import covers

        sum(1 for _ in covers(queens(4)[2], primary=queens(4)[0], secondary=queens(4)[1]))  # JIT
        return lambda: sum(1 for _ in covers(options, primary=primary, secondary=secondary))
    if lib == "dlx-cython":
        from dlxsolver import DLXSolver

        solver = DLXSolver(matrix(p, slack=True))
        return lambda: len(solver.solve(find_all=True))
    raise SystemExit(f"unknown package {lib}")


def sudoku_puzzles(k: int) -> List[str]:
    path = DATA / "bench" / "magictour_top1465.txt"
    lines = [l.strip() for l in path.read_text().splitlines() if l.strip() and not l.startswith("#")]
    return [l.split()[0] for l in lines[:k]]


def sudoku_runner(lib: str, puzzles: List[str]) -> Callable[[], List[str]]:
    if lib == "dlx_engine":
        import dlx_engine

        return lambda: dlx_engine.solve_many(puzzles)
    if lib == "py-sudoku":
        from sudoku import Sudoku

        boards = [[[0 if ch in ".0" else int(ch) for ch in p[r * 9 : r * 9 + 9]] for r in range(9)] for p in puzzles]

        def run() -> List[str]:
            out = []
            for b in boards:
                s = Sudoku(3, 3, board=b).solve()
                out.append("".join(str(v) for row in s.board for v in row))
            return out

        return run
    raise SystemExit(f"unknown package {lib}")


def one(lib: str, task: str, k: int) -> None:
    """Child process: runs one measurement and prints it as JSON."""
    if task == "top1465":
        run = sudoku_runner(lib, sudoku_puzzles(k))
    else:
        run = cover_runner(lib, task)
    start = time.perf_counter()
    result = run()
    seconds = time.perf_counter() - start
    print(json.dumps({"seconds": seconds, "result": result}))


def measure(lib: str, task: str, k: int, timeout: float) -> Tuple[Optional[float], str]:
    """(seconds, note): None with the reason when it did not run."""
    try:
        done = subprocess.run(
            [sys.executable, __file__, "--one", lib, task, str(k)],
            capture_output=True,
            text=True,
            timeout=timeout,
        )
    except subprocess.TimeoutExpired:
        return None, f"> {timeout:.0f} s (stopped)"
    if done.returncode:
        last = (done.stderr.strip().splitlines() or ["failed"])[-1]
        if "ModuleNotFoundError" in last or "No module named" in last:
            return None, "not installed"
        return None, f"failed: {last[:80]}"
    out = json.loads(done.stdout.strip().splitlines()[-1])
    return out["seconds"], json.dumps(out["result"]) if task != "top1465" else json.dumps(out["result"])


def cli_batch(threads: int, repeat: int) -> Tuple[float, float]:
    """Best-of-`repeat` seconds of `dlx solve` on the 17-clue file and of
    reading the same file in Python and calling solve_many."""
    import dlx_engine

    path = DATA / "bench" / "17_clue.txt"
    binary = ROOT / "target" / "release" / "dlx"
    cli = []
    for _ in range(repeat):
        start = time.perf_counter()
        subprocess.run(
            [str(binary), "solve", "--threads", str(threads), str(path)],
            check=True,
            stdout=subprocess.DEVNULL,
        )
        cli.append(time.perf_counter() - start)
    py = []
    for _ in range(repeat):
        start = time.perf_counter()
        lines = [l for l in path.read_text().splitlines() if l and not l.startswith("#")]
        solved = dlx_engine.solve_many(lines, threads=threads)
        py.append(time.perf_counter() - start)
        assert len(solved) == 49158 and None not in solved
    return min(cli), min(py)


def main(argv: Sequence[str]) -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--one", nargs=3, metavar=("LIB", "TASK", "K"), help=argparse.SUPPRESS)
    ap.add_argument("--timeout", type=float, default=600, help="seconds per measurement (600)")
    ap.add_argument("--sudoku", type=int, default=1000, help="top1465 puzzles to solve (1000)")
    ap.add_argument("--repeat", type=int, default=3, help="runs of the CLI comparison, best kept (3)")
    args = ap.parse_args(argv)
    if args.one:
        lib, task, k = args.one
        one(lib, task, int(k))
        return

    print("| work | package | seconds | dlx_engine faster by | result |")
    print("|---|---|---:|---:|---|")
    tasks = [(t, COVER_PEERS, str(c)) for t, c in COVER_TASKS.items()]
    tasks.append(("top1465", SUDOKU_PEERS, ""))
    for task, peers, expected in tasks:
        ours: Optional[float] = None
        reference = None
        for lib in peers:
            seconds, note = measure(lib, task, args.sudoku, args.timeout)
            if task == "top1465" and seconds is not None:
                if lib == "dlx_engine":
                    reference = note
                    note = f"{args.sudoku} solved"
                else:
                    note = "same solutions" if note == reference else "DIFFERENT solutions"
            elif seconds is not None:
                note = f"{note} solutions" + ("" if note == expected else f" (expected {expected}!)")
            if lib == "dlx_engine":
                ours = seconds
            ratio = f"{seconds / ours:.1f}x" if seconds and ours and lib != "dlx_engine" else ""
            shown = f"{seconds:.3f}" if seconds is not None else "—"
            name = task if task != "top1465" else f"top1465, first {args.sudoku}"
            print(f"| {name} | {lib} | {shown} | {ratio} | {note} |", flush=True)
    for threads in (1, 2):
        cli, py = cli_batch(threads, args.repeat)
        print(
            f"| 17-clue (49,158), threads={threads} | `dlx solve` {cli:.3f} s, "
            f"`solve_many` {py:.3f} s | | {py / cli:.2f}x the CLI's time | |",
            flush=True,
        )


if __name__ == "__main__":
    main(sys.argv[1:])
