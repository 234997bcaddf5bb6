#!/usr/bin/env python3
"""Where a Cortex-M firmware's flash goes, from its GNU ld map file: code and read-only data by
origin. Usage: flash_report.py FIRMWARE.map

Embedded Swift compiles the standard library's generic code into the modules that use it, so a
module's object holds both its own code and the stdlib code it specialized; symbols are
attributed by their demangled names (swift demangle): CalGrid's own, the stdlib's String and
Unicode code, the rest of the stdlib, the firmware's, and C (picolibc, libgcc, the harness).
"""
import collections
import re
import subprocess
import sys

FLASH_SECTIONS = (".text", ".rodata", ".init", ".fini", ".ARM.exidx", ".ARM.extab", ".data")
STRING_WORDS = ("String", "UTF8", "UTF16", "Unicode", "Character", "Substring", "_StringGuts", "_StringObject",
                "Breadcrumbs", "Scalar")


def entries(path):
    """(section, size, object, symbol) for each input section placed in flash."""
    out, pending, placed = [], None, False
    for line in open(path, errors="replace"):
        if line.startswith("Linker script and memory map"):
            placed = True   # what comes before (discarded sections, memory regions) is not in the image
            continue
        if not placed:
            continue
        m = re.match(r"^ (\.[\w.$]+)\s*$", line)
        if m:
            pending = m.group(1)
            continue
        m = re.match(r"^ (\.[\w.$]+)?\s+0x([0-9a-f]+)\s+0x([0-9a-f]+)\s+(\S+)", line)
        if not m:
            pending = None
            continue
        name = m.group(1) or pending
        pending = None
        if not name or not name.startswith(FLASH_SECTIONS) or int(m.group(2), 16) >= 0x20000000 and not name.startswith(".data"):
            continue
        size = int(m.group(3), 16)
        if size:
            out.append((name, size, m.group(4)))
    return out


def main():
    rows = entries(sys.argv[1])
    symbols = []
    for name, size, obj in rows:
        sym = name.split(".", 2)[2] if name.count(".") >= 2 else ""
        symbols.append(sym)
    demangled = subprocess.run(["swift", "demangle", "--simplified"], input="\n".join(symbols), capture_output=True,
                               text=True).stdout.split("\n")
    groups = collections.Counter()
    for (name, size, obj), sym, d in zip(rows, symbols, demangled):
        base = obj.rsplit("/", 1)[-1]
        if base.endswith("CalGrid.o") or base.endswith("Firmware.o"):
            if sym == "firmware_main":
                key = "firmware (its own code)"
            elif not sym.startswith("$e") and not sym.startswith("$s"):
                key = "Swift runtime and data (" + base + ")"
            elif sym[2:].startswith("7CalGrid"):
                key = "CalGrid (its own code)"
            elif sym[2:].startswith("8Firmware") or sym == "firmware_main":
                key = "firmware (its own code)"
            elif any(w in d for w in STRING_WORDS):
                key = "Swift stdlib: String/Unicode"
            else:
                key = "Swift stdlib: other (arrays, sorting, integers)"
        elif "libc" in base:
            key = "picolibc"
        elif "libgcc" in base:
            key = "libgcc"
        else:
            key = "harness (" + base.split("(")[0] + ")"
        groups[key] += size
    total = sum(groups.values())
    for k, v in groups.most_common():
        print(f"# flash {v:6d} {k}")
    print(f"# flash {total:6d} total")


if __name__ == "__main__":
    main()
