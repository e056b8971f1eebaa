#!/usr/bin/env python3
"""Count the public items of a crate from rustdoc's JSON.

Usage:
    cargo +nightly rustdoc -p dlx-engine --lib -- -Z unstable-options --output-format json
    python3 scripts/public_items.py target/doc/dlx_engine.json [--list]

Walks the crate from its root through public modules and re-exports, as a
second program sees it, and counts each item once by kind: modules,
structs, enums, traits, constants, statics, type aliases, macros, free
functions and public inherent methods. Fields, variants and methods of
trait impls are not counted (the way issue 44 counted 497). Items marked
`#[doc(hidden)]` are absent from rustdoc's JSON unless it was run with
`--document-hidden-items`.
"""
import collections
import json
import sys


def main():
    path = sys.argv[1]
    listing = "--list" in sys.argv
    doc = json.load(open(path))
    index = doc["index"]
    root = str(doc["root"])
    seen = set()
    counts = collections.Counter()
    names = []

    def item(i):
        return index.get(str(i))

    def visit(id_, path):
        it = item(id_)
        if it is None or str(id_) in seen:
            return
        seen.add(str(id_))
        (kind, inner), = it["inner"].items()
        name = it.get("name") or ""
        here = f"{path}::{name}" if path else name
        if kind == "use":
            target = inner.get("id")
            if target is not None:
                if inner.get("is_glob"):
                    t = item(target)
                    if t and "module" in t["inner"]:
                        for child in t["inner"]["module"]["items"]:
                            c = item(child)
                            if c and c["visibility"] == "public":
                                visit(child, path)
                else:
                    visit(target, path)
            return
        counts[kind] += 1
        names.append((kind, here))
        if kind == "module":
            for child in inner["items"]:
                c = item(child)
                if c and c["visibility"] == "public":
                    visit(child, here)
        if kind in ("struct", "enum", "union"):
            for impl_id in inner.get("impls", []):
                impl = item(impl_id)
                if not impl:
                    continue
                imp = impl["inner"]["impl"]
                if imp.get("trait") is not None or imp.get("blanket_impl") is not None:
                    continue
                for m in imp["items"]:
                    mi = item(m)
                    if mi and mi["visibility"] == "public" and str(m) not in seen:
                        seen.add(str(m))
                        (mk, _), = mi["inner"].items()
                        key = "method" if mk == "function" else f"assoc_{mk}"
                        counts[key] += 1
                        names.append((key, f"{here}::{mi['name']}"))

    visit(root, "")
    if listing:
        for kind, name in sorted(names, key=lambda x: x[1]):
            print(f"{kind:10} {name}")
    total = sum(counts.values())
    print(f"total {total}: " + ", ".join(f"{v} {k}" for k, v in counts.most_common()))


if __name__ == "__main__":
    main()
