#!/usr/bin/env python3
"""Every function declared in calgrid.h is exported by both libraries, and every calgrid_* symbol
the libraries export is declared in the header. The shared library exports nothing else at all.

usage: check_symbols.py calgrid.h libcalgrid.so libcalgrid.a
"""
import re
import subprocess
import sys


def declared(header_path):
    """Names of the functions the header declares (not macros, types or function-pointer typedefs)."""
    text = open(header_path, encoding="utf-8").read()
    text = re.sub(r"/\*.*?\*/", " ", text, flags=re.S)           # comments
    text = text.replace("\\\n", " ")                              # macro continuation lines
    text = re.sub(r"(?m)^\s*#.*$", " ", text)                      # preprocessor lines
    names = set()
    for statement in re.split(r"[;{}]", text):
        s = " ".join(statement.split())
        if s.startswith("typedef"):
            continue
        m = re.match(r"^[\w\s*]*?\b(calgrid_\w+)\s*\(", s)
        if m:
            names.add(m.group(1))
    return names


def exported(lib, dynamic):
    args = ["nm", "--defined-only", "-g"] + (["-D"] if dynamic else []) + [lib]
    out = subprocess.run(args, check=True, capture_output=True, text=True).stdout
    syms = {}
    for line in out.splitlines():
        parts = line.split()
        if len(parts) == 3:
            syms[parts[2]] = parts[1]
    return syms


def main():
    header, so, a = sys.argv[1:4]
    want = declared(header)
    ok = True
    if len(want) < 10:
        print(f"check_symbols: found only {len(want)} prototypes in {header}; the parser is broken")
        return 1
    for lib, dynamic in ((so, True), (a, False)):
        syms = exported(lib, dynamic)
        funcs = {n for n, t in syms.items() if t == "T" and n.startswith("calgrid_")}
        missing = sorted(want - funcs)
        undeclared = sorted(funcs - want)
        others = sorted(n for n in syms if not n.startswith("calgrid_")) if dynamic else \
            sorted(n for n, t in syms.items() if t not in "VWvw" and not n.startswith("calgrid_"))
        for n in missing:
            print(f"{lib}: declared in {header} but not exported: {n}")
        for n in undeclared:
            print(f"{lib}: exported but not declared in {header}: {n}")
        for n in others:
            print(f"{lib}: exports a symbol outside the calgrid_ namespace: {n}")
        ok = ok and not missing and not undeclared and not others
    if ok:
        print(f"check_symbols: {len(want)} prototypes, all exported by both libraries, nothing else exported")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
