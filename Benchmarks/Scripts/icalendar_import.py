#!/usr/bin/env python3
"""The python-icalendar baseline of the iCalendar import scenario, in its own process.

Usage: icalendar_import.py PATH
PATH is an .ics file or a vdir (every *.ics in it, in the byte order of the names). Each file is
parsed with Calendar.from_ical and walked: for every VTODO, in order, its UID and SUMMARY (their
UTF-8 bytes) and its DTSTART and DUE days are folded as the Swift side folds CalGrid's set. Prints
"<ns> <checksum hex> <todos> <peak RSS bytes>" (ns: the import's own wall time).
"""
import datetime
import os
import sys
import time

from icalendar import Calendar

SEED = 0xcbf29ce484222325
PRIME = 0x100000001b3
MASK = 0xFFFFFFFFFFFFFFFF
EPOCH = 719163


def fold(h, v):
    return ((h ^ v) * PRIME) & MASK


def text_hash(s):
    h = SEED
    for b in s.encode("utf-8"):
        h = fold(h, b)
    return h


def day(component, name):
    prop = component.get(name)
    if prop is None:
        return 0xFFFFFFFFFFFF
    v = prop.dt
    if isinstance(v, datetime.datetime):
        v = v.date()
    return (v.toordinal() - EPOCH) & 0xFFFFFFFF


def peak_rss():
    with open("/proc/self/status") as f:
        for line in f:
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) * 1024
    return 0


def main():
    path = sys.argv[1]
    t0 = time.monotonic_ns()
    if os.path.isdir(path):
        names = sorted((n for n in os.listdir(path) if n.endswith(".ics")), key=lambda n: n.encode())
        files = [os.path.join(path, n) for n in names]
    else:
        files = [path]
    h, count = SEED, 0
    for name in files:
        with open(name, "rb") as f:
            cal = Calendar.from_ical(f.read())
        for todo in cal.walk("VTODO"):
            h = fold(h, text_hash(str(todo.get("UID", ""))))
            h = fold(h, text_hash(str(todo.get("SUMMARY", ""))))
            h = fold(h, day(todo, "DTSTART"))
            h = fold(h, day(todo, "DUE"))
            count += 1
    print(f"{time.monotonic_ns() - t0} {h:x} {count} {peak_rss()}")


if __name__ == "__main__":
    main()
