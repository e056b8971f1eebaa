#!/usr/bin/env python3
"""Writes data/bench/sizes16.txt and sizes25.txt: the 16x16 and 25x25 puzzles
of data/sizes (space-separated numbers, 0 = empty) and data/judges (POJ 3076,
letters A-P, '-' = empty) as one-puzzle-a-line text in the standard alphabet
(1-9 then A-Z, '.' = empty), for `dlx bench` and the criterion benches.

Run from the repository root: python3 scripts/sizes_to_line.py
"""
STANDARD = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"


def numbers(path):
    cells = [int(t) for t in open(path).read().split()]
    return "".join(STANDARD[d - 1] if d else "." for d in cells)


def poj3076(path):
    rows = [l.strip() for l in open(path) if l.strip()]
    for k in range(0, len(rows) - 15, 16):
        text = "".join(rows[k : k + 16])
        yield "".join("." if c == "-" else STANDARD[ord(c) - ord("A")] for c in text)


def write(path, source, puzzles):
    with open(path, "w") as f:
        f.write(f"# {source}; converted by scripts/sizes_to_line.py\n")
        for p in puzzles:
            f.write(p + "\n")


write(
    "data/bench/sizes16.txt",
    "16x16: data/sizes/bnguyen_16x16_puzzle.txt, data/judges/poj3076_uva1309_acwing169.in",
    [numbers("data/sizes/bnguyen_16x16_puzzle.txt")]
    + list(poj3076("data/judges/poj3076_uva1309_acwing169.in")),
)
write(
    "data/bench/sizes25.txt",
    "25x25: data/sizes/bnguyen_25x25_puzzle.txt",
    [numbers("data/sizes/bnguyen_25x25_puzzle.txt")],
)
