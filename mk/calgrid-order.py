#!/usr/bin/env python3
"""Writes the section ordering file the static calgrid is linked with (mk/calgrid-order.txt).

    mk/calgrid-order.py BINARY OUT

Runs BINARY (a static calgrid built with function sections) under callgrind for the main job,
`calgrid month`, takes every function it executes that the binary defines, and lists their
sections (`.text.NAME`), sorted, for gold's --section-ordering-file. Linked in that order, the code
a start touches sits in about 30 pages instead of being spread over 6 MB of runtime, standard
library and command: fewer page faults, which is most of what a start costs beyond a C program's.
Names that are no longer there are ignored by the linker, so a stale file only loses some of the
effect; `make calgrid-order` regenerates it.
"""
import os
import re
import subprocess
import sys
import tempfile


def executed_functions(binary):
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "callgrind.out")
        subprocess.run(["valgrind", "--tool=callgrind", "--demangle=no", "--callgrind-out-file=" + out,
                        binary, "month", "2026-11", "--today", "2026-11-15", "--color", "never"],
                       check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        names = set()
        with open(out, encoding="utf-8", errors="replace") as f:
            for line in f:
                # "fn=(12) name" defines a function the first time it appears, "fn=(12)" after.
                m = re.match(r"c?fn=\(\d+\) (.+)$", line.rstrip("\n"))
                if m:
                    names.add(re.sub(r"'\d+$", "", m.group(1)))
        return names


def defined_functions(binary):
    out = subprocess.run(["nm", "--defined-only", binary], check=True, capture_output=True, text=True).stdout
    return {p[2] for p in (line.split() for line in out.splitlines()) if len(p) == 3 and p[1] in "tTwW"}


def main():
    if len(sys.argv) != 3:
        sys.exit("usage: calgrid-order.py BINARY OUT")
    binary, target = sys.argv[1], sys.argv[2]
    names = sorted(executed_functions(binary) & defined_functions(binary))
    with open(target, "w", encoding="utf-8") as f:
        f.write("".join(".text." + n + "\n" for n in names))
    print(f"{target}: {len(names)} sections")


if __name__ == "__main__":
    main()
