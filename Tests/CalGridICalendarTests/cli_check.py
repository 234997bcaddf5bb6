#!/usr/bin/env python3
"""`calgrid import` over the iCalendar corpus, against python-icalendar (Tests/oracle/ical_oracle.py).

    cli_check.py CALGRID CORPUS_DIR

Each corpus file is imported by path (format found from BEGIN:VCALENDAR), on standard input and with
--format ics, with --tz in zones far apart and as the local zone (TZ), written with --out - in the
native format; every todo's title, memo, tags, days, completion and creation time must be what the
oracle makes of the file. Bad input fails with FILE:LINE:COLUMN and exit 1, and writes nothing.
Runs with the venv's Python (mk/icalendar.mk), which has python-icalendar.
"""
import datetime as dt
import json
import os
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "oracle"))
import ical_oracle  # noqa: E402
from zoneinfo import ZoneInfo  # noqa: E402
import icalendar  # noqa: E402
from corpus import ics_files  # noqa: E402

ZONES = ["Pacific/Auckland", "America/Los_Angeles", "Asia/Kolkata", "UTC"]


def expected(path, zone):
    with open(path, "rb") as f:
        data = f.read()
    out = []
    for cal in icalendar.Calendar.from_ical(data, multiple=True):
        for c in cal.walk():
            if c.name in ("VTODO", "VEVENT") and "RECURRENCE-ID" not in c:
                out.append(ical_oracle.item(c, ZoneInfo(zone), cal))
    return out


def ours(native):
    doc = json.loads(native)
    todos = {}
    for t in doc["todos"]:
        created = t.get("createdAt")
        if created is not None:
            created = int(dt.datetime.fromisoformat(created.replace("Z", "+00:00")).timestamp())
        reminder = t.get("reminderTime")
        if reminder is not None:
            reminder = int(reminder[:2]) * 60 + int(reminder[3:5])
        todos[t["id"]] = {"title": t.get("title", ""), "memo": t.get("memo"), "tags": t.get("tags", []),
                          "start": t.get("startDate"), "end": t.get("endDate"),
                          "done": bool(t.get("iscompleted", False)), "createdAt": created, "reminder": reminder,
                          "kind": t.get("kind", "todo")}
    return todos


def main() -> int:
    calgrid, corpus = sys.argv[1], sys.argv[2]
    files = [path for _, path in ics_files([corpus])]
    failures, checks = [], 0
    env = dict(os.environ, LC_ALL="C.UTF-8")
    for path in files:
        for zone in ZONES:
            want = {e["id"]: e for e in expected(path, zone)}
            with open(path, "rb") as f:
                data = f.read()
            runs = [
                ("path", [calgrid, "import", path, "--tz", zone, "--out", "-"], None, env),
                ("stdin", [calgrid, "import", "-", "--tz", zone, "--out", "-"], data, env),
                ("--format ics", [calgrid, "import", path, "--format", "ics", "--out", "-"], None, dict(env, TZ=zone)),
            ]
            for how, argv, stdin, e in runs:
                p = subprocess.run(argv, input=stdin, capture_output=True, env=e, timeout=60)
                checks += 1
                if p.returncode != 0:
                    failures.append(f"{path} ({how}, {zone}): exit {p.returncode}: {p.stderr.decode()[:300]}")
                    continue
                got = ours(p.stdout)
                if set(got) != set(want):
                    failures.append(f"{path} ({how}, {zone}): ids {sorted(got)} != {sorted(want)}")
                    continue
                for i, w in want.items():
                    for k in ("title", "memo", "tags", "start", "end", "done", "createdAt", "reminder", "kind"):
                        if got[i][k] != w[k]:
                            failures.append(f"{path} ({how}, {zone}): {i}: {k} is {got[i][k]!r}, python-icalendar says {w[k]!r}")
                report = p.stderr.decode()
                if "ics," not in report:
                    failures.append(f"{path} ({how}): the report does not name the format: {report!r}")
    # calgrid export --format ics of each imported file: python-icalendar reads the same todos back.
    with tempfile.TemporaryDirectory() as d:
        for path in files:
            native = os.path.join(d, "todos.json")
            p = subprocess.run([calgrid, "import", path, "--tz", "Asia/Seoul", "--out", native], capture_output=True, env=env, timeout=60)
            out = os.path.join(d, "out.ics")
            q = subprocess.run([calgrid, "export", "--todos", native, "--format", "ics", "--out", out], capture_output=True, env=env, timeout=60)
            checks += 1
            if p.returncode or q.returncode:
                failures.append(f"{path}: export --format ics: exit {p.returncode}/{q.returncode}: {q.stderr.decode()[:300]}")
                continue
            with open(native, "rb") as f:
                mine = ours(f.read())
            read = {e["id"]: e for e in expected(out, "UTC")}
            for i, t in mine.items():
                w = read.get(i)
                if w is None:
                    failures.append(f"{path}: export --format ics lost {i}")
                    continue
                for k in ("title", "memo", "tags", "start", "end", "done", "createdAt", "reminder", "kind"):
                    if t[k] != w[k]:
                        failures.append(f"{path}: export --format ics: {i}: {k} is {t[k]!r}, python-icalendar reads {w[k]!r}")
    # calgrid export --format vdir: one file per UID, each read by python-icalendar to the todo's
    # fields, and calgrid import DIR reads the same todos back.
    with tempfile.TemporaryDirectory() as d:
        for path in files:
            native = os.path.join(d, "todos.json")
            vdir = os.path.join(d, os.path.basename(path) + ".vdir")
            p = subprocess.run([calgrid, "import", path, "--tz", "Pacific/Auckland", "--out", native], capture_output=True, env=env, timeout=60)
            q = subprocess.run([calgrid, "export", "--todos", native, "--format", "vdir", "--out", vdir, "--tz", "Pacific/Auckland"],
                               capture_output=True, env=env, timeout=60)
            r = subprocess.run([calgrid, "import", vdir, "--tz", "Pacific/Auckland", "--out", "-"], capture_output=True, env=env, timeout=60)
            checks += 1
            if p.returncode or q.returncode or r.returncode:
                failures.append(f"{path}: vdir: exit {p.returncode}/{q.returncode}/{r.returncode}: {(q.stderr + r.stderr).decode()[:300]}")
                continue
            with open(native, "rb") as f:
                mine = ours(f.read())
            back = ours(r.stdout)
            # The items are the *.ics files, as vdirsyncer, todoman and khal read a vdir; beside
            # them only the lock the vdir's writers hold (DIR/.calgrid.lock, docs/system.md).
            listed = sorted(os.listdir(vdir))
            names = [n for n in listed if n != ".calgrid.lock"]
            if len(names) != len(mine) or not all(n.endswith(".ics") and not n.startswith(".") for n in names):
                failures.append(f"{path}: vdir holds {listed} for {len(mine)} todos")
            for n in names:
                items = expected(os.path.join(vdir, n), "Pacific/Auckland")
                if len(items) != 1:
                    failures.append(f"{path}: vdir file {n} holds {len(items)} items")
                    continue
                w = items[0]
                t = mine.get(w["id"])
                if t is None or back.get(w["id"]) is None:
                    failures.append(f"{path}: vdir file {n}: {w['id']} is not a todo of the set or of its import")
                    continue
                for k in ("title", "memo", "tags", "start", "end", "done", "reminder", "kind"):
                    if t[k] != w[k] or back[w["id"]][k] != w[k]:
                        failures.append(f"{path}: vdir {n}: {k}: set {t[k]!r}, re-import {back[w['id']][k]!r}, python-icalendar {w[k]!r}")
        # A bad file in a vdir: named and located in it; skip-invalid imports the rest.
        vdir = os.path.join(d, "bad.vdir")
        os.mkdir(vdir)
        with open(os.path.join(vdir, "good.ics"), "wb") as f:
            f.write(b"BEGIN:VCALENDAR\r\nBEGIN:VTODO\r\nUID:g\r\nDUE:20241212\r\nEND:VTODO\r\nEND:VCALENDAR\r\n")
        with open(os.path.join(vdir, "bad.ics"), "wb") as f:
            f.write(b"BEGIN:VCALENDAR\r\nBEGIN:VTODO\r\nUID:a\r\nDUE:20241345\r\nEND:VTODO\r\nEND:VCALENDAR\r\n")
        p = subprocess.run([calgrid, "import", vdir], capture_output=True, env=env, timeout=60)
        q = subprocess.run([calgrid, "import", vdir, "--policy", "skip-invalid", "--out", "-"], capture_output=True, env=env, timeout=60)
        checks += 1
        loc = f"{vdir}/bad.ics:4:1: record 1: DUE: DUE 2024-13-45 is not a date"
        if p.returncode != 1 or loc not in p.stderr.decode() or q.returncode != 0 or loc not in q.stderr.decode() or set(ours(q.stdout)) != {"g"}:
            failures.append(f"bad vdir file: exit {p.returncode}/{q.returncode}, {p.stderr.decode()!r} {q.stderr.decode()!r}")
    # A bad file: located, exit 1, nothing written.
    with tempfile.TemporaryDirectory() as d:
        bad = os.path.join(d, "bad.ics")
        with open(bad, "wb") as f:
            f.write(b"BEGIN:VCALENDAR\r\nBEGIN:VTODO\r\nUID:a\r\nDUE:20241345\r\nEND:VTODO\r\nEND:VCALENDAR\r\n")
        out = os.path.join(d, "out.json")
        p = subprocess.run([calgrid, "import", bad, "--out", out], capture_output=True, env=env, timeout=60)
        checks += 1
        msg = p.stderr.decode()
        if p.returncode != 1 or f"{bad}:4:1: record 1: DUE: DUE 2024-13-45 is not a date" not in msg or os.path.exists(out):
            failures.append(f"bad file: exit {p.returncode}, {msg!r}, wrote {os.path.exists(out)}")
    # What is read liberally: imported under strict, each warning on standard error in the issues'
    # form with "warning:", and in --json's "warnings" (docs/icalendar.md, Reading liberally).
    with tempfile.TemporaryDirectory() as d:
        odd = os.path.join(d, "odd.ics")
        with open(odd, "wb") as f:
            f.write(b"BEGIN:VEVENT\r\nSUMMARY:no uid\r\nDTSTART;VALUE=DATE:20260310\r\nEND:VEVENT\r\n"
                    b"BEGIN:VTODO\r\nUID:t\r\nPRIORITY:\r\nDUE;VALUE=DATE:20260311\r\nEND:VTODO\r\n")
        p = subprocess.run([calgrid, "import", odd], capture_output=True, env=env, timeout=60)
        q = subprocess.run([calgrid, "import", odd, "--json"], capture_output=True, env=env, timeout=60)
        checks += 1
        err = p.stderr.decode()
        report = json.loads(q.stdout) if q.returncode == 0 else {}
        want = [f"{odd}:1:1: record 1: warning: a VEVENT outside any VCALENDAR", f"{odd}:1:1: record 1: UID: warning: a VEVENT without a UID",
                f"{odd}:5:1: record 2: warning: a VTODO outside any VCALENDAR", f"{odd}:7:1: record 2: PRIORITY: warning: libical repaired"]
        if (p.returncode != 0 or any(w not in err for w in want) or "2 imported" not in p.stdout.decode() or "4 warnings" not in p.stdout.decode()
                or report.get("imported") != 2 or [w["field"] for w in report.get("warnings", [])] != ["", "UID", "", "PRIORITY"]):
            failures.append(f"warnings: exit {p.returncode}/{q.returncode}, {err!r}, {p.stdout.decode()!r}, {report}")
    for f in failures:
        print("FAIL", f)
    print(f"test-icalendar: {checks - len(failures)} of {checks} checks passed ({len(files)} corpus files, {len(ZONES)} zones, path/stdin/--format ics, export ics and vdir)")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
