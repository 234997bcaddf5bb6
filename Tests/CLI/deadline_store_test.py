#!/usr/bin/env python3
"""A deadline with nothing else, in a vdir and in a native store (issue 37): todoman, Tasks.org and
Apple Reminders write a todo as DUE alone, which falls on its due day. The same commands on the same
todos, once in a vdir of those files and once in the native store `calgrid import` makes of them,
print the same (done, undo, list, month, day, show; text and JSON; the refusals too), and after each
change python-icalendar reads the vdir's item done or not as calgrid says: STATUS:COMPLETED with
COMPLETED, then NEEDS-ACTION. The registration time stays: todoman writes no CREATED, so it is read
from DTSTAMP, which each write moves.
    deadline_store_test.py path/to/calgrid   (run with the ical venv's python: make test-cli)"""
import json
import os
import subprocess
import sys

from icalendar import Calendar

from clisupport import Suite

suite = Suite("deadline_store", sys.argv[1], "calgrid-deadline-store-")
suite.env["LC_ALL"] = "C.UTF-8"
root, check, binary, env = suite.root, suite.check, suite.binary, suite.env
ZONE = "Pacific/Auckland"


def item(uid, summary, due, stamp="20260301T081500Z"):
    """A VTODO as todoman 4.7 writes one with `todo new -d`: DTSTAMP, no CREATED, DUE only."""
    return ("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//pimutils.org//NONSGML todoman 4.7.0//EN\r\nBEGIN:VTODO\r\n"
            f"UID:{uid}\r\nDTSTAMP:{stamp}\r\nSUMMARY:{summary}\r\n{due}\r\nSEQUENCE:0\r\nEND:VTODO\r\nEND:VCALENDAR\r\n")


vdir = os.path.join(root, "tasks")
os.makedirs(vdir)
todos = {
    "dentist": item("dentist", "Dentist", "DUE;VALUE=DATE:20260310"),
    "milk": item("milk", "Buy milk", "DUE:20260311T203000Z"),          # 09:30 on the 12th in Auckland
    "rates": item("rates", "Pay the rates", "DUE;VALUE=DATE:20260302"),  # overdue on the 5th
}
for uid, text in todos.items():
    with open(os.path.join(vdir, uid + ".ics"), "w", newline="") as f:
        f.write(text)
native = os.path.join(root, "todos.json")
p = subprocess.run([binary, "import", vdir, "--tz", ZONE, "--out", native], capture_output=True, text=True, env=env)
check(p.returncode == 0, f"import of the vdir: {p.stderr}")


def run(store, *words, today="2026-03-05"):
    p = subprocess.run([binary, *words, "--todos", store, "--tz", ZONE, f"--today={today}"], capture_output=True, text=True, env=env)
    return p.returncode, p.stdout, p.stderr.replace(store, "STORE")


def status(uid):
    """STATUS and whether COMPLETED is there, as python-icalendar reads the vdir's item."""
    with open(os.path.join(vdir, uid + ".ics"), "rb") as f:
        cal = Calendar.from_ical(f.read())
    todo = [c for c in cal.walk("VTODO")][0]
    return str(todo.get("STATUS", "NEEDS-ACTION")), "COMPLETED" in todo


views = [("list", "--period", "all"), ("list", "--period", "all", "--json"), ("list", "--status", "overdue"),
         ("list", "--sort", "deadline", "--period", "all"), ("list", "--sort", "registered", "--period", "all", "--json"),
         ("month", "2026-03"), ("month", "2026-03", "--json"), ("day", "2026-03-10", "--json"), ("day", "2026-03-12"),
         ("show", "dentist", "--json"), ("show", "milk"), ("stats", "--json")]


def without_memory(result):
    """`stats --json` without its memory figures: arrays' capacities (from malloc_usable_size) and
    the process's peak, which differ between a set read from the vdir's cache and one parsed."""
    code, out, err = result
    doc = json.loads(out)
    doc.pop("memory", None)
    doc.pop("peakResidentKiB", None)
    return code, doc, err


def same_views(when):
    for v in views:
        a, b = run(vdir, *v), run(native, *v)
        if v[0] == "stats":
            a, b = without_memory(a), without_memory(b)
        check(a == b, f"{when}: calgrid {' '.join(v)} differs between the vdir and the native store:\n{a}\n{b}")


same_views("as read")
steps = [
    (("done", "dentist"), {"dentist": ("COMPLETED", True)}),
    (("done", "milk", "--on", "2026-03-12"), {"milk": ("COMPLETED", True)}),
    (("done", "rates"), {"rates": ("COMPLETED", True)}),
    (("undo", "dentist"), {"dentist": ("NEEDS-ACTION", False)}),
    (("done", "dentist", "--on", "2026-03-09"), {"dentist": ("NEEDS-ACTION", False)}),   # not its day: refused
    (("done", "dentist", "--all"), {"dentist": ("COMPLETED", True)}),
    (("undo", "milk", "--on", "2026-03-12"), {"milk": ("NEEDS-ACTION", False)}),
]
for words, after in steps:
    a, b = run(vdir, *words), run(native, *words)
    check(a == b, f"calgrid {' '.join(words)} differs between the vdir and the native store:\n{a}\n{b}")
    for uid, want in after.items():
        got = status(uid)
        check(got == want, f"after calgrid {' '.join(words)}, python-icalendar reads {uid} as {got}, not {want}")
    same_views(f"after {' '.join(words)}")

suite.finish(f"DUE-only todos in a vdir and a native store: {len(steps)} changes, {len(views)} views after each")
