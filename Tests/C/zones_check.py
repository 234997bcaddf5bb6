#!/usr/bin/env python3
"""Times per occurrence through the C API (calgrid_todo.time_zone) against Python's zoneinfo.

    zones_check.py SCRATCH_DIR DUMP [DUMP ...]

Each DUMP is Tests/C/zones_dump.c linked against one library. For each case a weekly event keeps
its wall-clock time in its own zone and is read in the set's zone, over the weeks of March and of
October and November where the two zones' daylight-saving changes fall on different dates. The
oracle: each occurrence's start and end in its own zone (the DTSTART's wall-clock time on each
week's day, RFC 5545), converted by zoneinfo into the set's zone. The program is given only the
first occurrence as the set's zone reads it (as an import would), adds the item by each C path
(set, add_many, update, a copy, a store) and prints each occurrence of the range; every line must
equal the oracle's, and each range must hold occurrences whose times moved (so the check can fail).
"""
import datetime
import os
import subprocess
import sys
import zoneinfo

# (set zone, item zone, first day in the item's zone, start HH:MM there, minutes long)
CASES = [
    ("Europe/Berlin", "America/New_York", datetime.date(2026, 1, 5), (9, 0), 60),
    ("America/New_York", "Europe/Berlin", datetime.date(2026, 1, 7), (18, 30), 45),
]
RANGES = [(datetime.date(2026, 3, 1), datetime.date(2026, 4, 12)),
          (datetime.date(2026, 10, 11), datetime.date(2026, 11, 15))]


def oracle(set_zone, item_zone, first, hm, minutes, lo, hi):
    """The occurrences' (day, start, end) in the set's zone whose day is in lo...hi, and the
    first occurrence's (day, start minutes, end minutes) there."""
    s, z = zoneinfo.ZoneInfo(set_zone), zoneinfo.ZoneInfo(item_zone)
    rows, head = [], None
    for k in range(0, 60):
        day = first + datetime.timedelta(weeks=k)
        start = datetime.datetime(day.year, day.month, day.day, hm[0], hm[1], tzinfo=z)
        end_wall = datetime.datetime.combine(day, datetime.time(hm[0], hm[1])) + datetime.timedelta(minutes=minutes)
        end = end_wall.replace(tzinfo=z)
        a, b = start.astimezone(s), end.astimezone(s)
        if head is None:
            head = (a.date(), a.hour * 60 + a.minute, b.hour * 60 + b.minute)
        if lo <= a.date() <= hi:
            rows.append(f"{a.date().isoformat()} {a:%H:%M} {b:%H:%M}")
    return head, rows


def main():
    scratch, dumps = sys.argv[1], sys.argv[2:]
    checks = failures = moved_total = 0
    for program in dumps:
        for case_number, (set_zone, item_zone, first, hm, minutes) in enumerate(CASES):
            for lo, hi in RANGES:
                head, want = oracle(set_zone, item_zone, first, hm, minutes, lo, hi)
                usual = f"{head[1] // 60:02d}:{head[1] % 60:02d}"
                moved = [r for r in want if r.split()[1] != usual]
                moved_total += len(moved)
                if not moved:
                    print(f"zones_check: {set_zone}/{item_zone} {lo}...{hi}: no occurrence moves; the case cannot fail")
                    failures += 1
                for mode in ["set", "many", "update", "copy", "store"]:
                    arg = mode
                    if mode == "store":
                        path = os.path.join(scratch, f"zones-{os.path.basename(program)}-{case_number}-{lo}.json")
                        if os.path.exists(path):
                            os.remove(path)
                        arg = "store:" + path
                    run = subprocess.run([program, arg, set_zone, item_zone, head[0].isoformat(), str(head[1]),
                                          str(head[2]), "FREQ=WEEKLY", lo.isoformat(), hi.isoformat()],
                                         capture_output=True, text=True, timeout=60)
                    got = run.stdout.splitlines()
                    checks += 1
                    if run.returncode != 0 or got[:1] != [f"zone {item_zone}"] or got[1:] != want:
                        failures += 1
                        print(f"zones_check: {os.path.basename(program)} {mode} {set_zone}/{item_zone} {lo}...{hi}: "
                              f"exit {run.returncode} {run.stderr.strip()}")
                        print("  want:", [f"zone {item_zone}"] + want)
                        print("  got: ", got)
                    checks += len(want)
    print(f"zones_check: {checks} checks ({moved_total} occurrences moved by the zones' different DST dates), "
          f"{failures} failures")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
