#!/usr/bin/env python3
"""The python-dateutil baseline of the rrule-year scenario, timed in its own process.

Usage: dateutil_rrule.py RULES_FILE FIRST LAST REPETITIONS
RULES_FILE has one "START RULE" line per rule (START a CalGrid day number). Each repetition parses
every rule (rrulestr with a DATE start) and walks it over FIRST...LAST (rrule.between, inclusive),
folding every day as the Swift side does. Prints the checksum, then one line per repetition: the
CPU nanoseconds it took (time.process_time_ns: this process only, steady on a shared machine).
"""
import datetime
import sys
import time

from dateutil.rrule import rrulestr

EPOCH = 719163


def expand(rules, lo, hi):
    h = 0xcbf29ce484222325
    for start, text in rules:
        rule = rrulestr(text, dtstart=start)
        for t in rule.between(lo, hi, inc=True):
            h = ((h ^ (t.toordinal() - EPOCH + 1000000)) * 0x100000001b3) & 0xFFFFFFFFFFFFFFFF
    return h


def main():
    path, first, last, reps = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
    rules = []
    for line in open(path):
        start, text = line.split(" ", 1)
        rules.append((datetime.datetime.fromordinal(int(start) + EPOCH), text.strip()))
    lo = datetime.datetime.fromordinal(first + EPOCH)
    hi = datetime.datetime.fromordinal(last + EPOCH)
    checksum = expand(rules, lo, hi)   # warm-up
    samples = []
    for _ in range(reps):
        t0 = time.process_time_ns()
        if expand(rules, lo, hi) != checksum:
            sys.exit("dateutil disagrees with itself")
        samples.append(time.process_time_ns() - t0)
    print(checksum)
    for s in samples:
        print(s)


if __name__ == "__main__":
    main()
