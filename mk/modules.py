#!/usr/bin/env python3
"""The Makefile's module table, derived from Package.swift (the one list of modules).

Reads `swift package dump-package` (JSON) on standard input and writes make variables on standard
output; the Makefile includes the result ($(BUILD)/modules.mk, remade whenever Package.swift or this
script changes). For every library target of the package, in dependency order:

    SWIFT_MODULES        the library targets (regular Swift targets), dependencies first
    <M>_DIR              its source folder
    <M>_USES             the Swift library targets it needs, transitively, dependencies first
    <M>_CMODULES         the system-library targets (C module maps) it needs, transitively
    <C>_DIR              a system-library target's folder (holding module.modulemap)
    <C>_PKGCONFIG        its pkg-config name, when it has one (its flags and libraries come from it)

Executables and tests are SwiftPM's alone; the swiftc flavours (Embedded, the C library, TSan, the
fuzzer) compile only library targets. Target settings (swiftSettings) are not translated: a flavour
passes its own flags.
"""
import json
import sys


def main() -> int:
    manifest = json.load(sys.stdin)
    targets = {t["name"]: t for t in manifest["targets"]}

    def folder(t):
        if t.get("path"):
            return t["path"]
        return ("Tests/" if t["type"] == "test" else "Sources/") + t["name"]

    def direct(t):
        names = []
        for d in t.get("dependencies", []):
            if "byName" in d:
                names.append(d["byName"][0])
            elif "target" in d:
                names.append(d["target"][0])
            else:
                raise SystemExit(f"mk/modules.py: {t['name']}: only dependencies inside the package are supported: {d}")
        for n in names:
            if n not in targets:
                raise SystemExit(f"mk/modules.py: {t['name']} depends on {n}, which Package.swift does not define")
        return names

    # Depth-first post-order: every module after what it uses, in the manifest's order otherwise.
    order, state = [], {}

    def visit(name, path):
        if state.get(name) == "done":
            return
        if state.get(name) == "open":
            raise SystemExit("mk/modules.py: dependency cycle: " + " -> ".join(path + [name]))
        state[name] = "open"
        for d in direct(targets[name]):
            visit(d, path + [name])
        state[name] = "done"
        order.append(name)

    for t in manifest["targets"]:
        if t["type"] == "regular":
            visit(t["name"], [])

    def closure(name):
        seen = set()
        stack = list(direct(targets[name]))
        while stack:
            n = stack.pop()
            if n not in seen:
                seen.add(n)
                stack.extend(direct(targets[n]))
        return [n for n in order if n in seen]

    swift = [n for n in order if targets[n]["type"] == "regular"]
    system = [n for n in order if targets[n]["type"] == "system"]
    out = ["# Generated from Package.swift by mk/modules.py (make remakes it); edit Package.swift instead.",
           f"PACKAGE_NAME := {manifest['name']}",
           f"SWIFT_MODULES := {' '.join(swift)}",
           f"SYSTEM_MODULES := {' '.join(system)}"]
    for n in swift:
        uses = closure(n)
        out.append(f"{n}_DIR := {folder(targets[n])}")
        out.append(f"{n}_USES := {' '.join(u for u in uses if targets[u]['type'] == 'regular')}")
        out.append(f"{n}_CMODULES := {' '.join(u for u in uses if targets[u]['type'] == 'system')}")
    for n in system:
        out.append(f"{n}_DIR := {folder(targets[n])}")
        out.append(f"{n}_PKGCONFIG := {targets[n].get('pkgConfig') or ''}")
    print("\n".join(out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
