#!/usr/bin/env python3
"""The C API's iCalendar calls over the iCalendar corpus, against python-icalendar.

    ical_check.py CORPUS_DIR SCRATCH_DIR DUMP...

Each DUMP is Tests/C/ical_dump.c linked against one library (libcalgrid.so, libcalgrid.a). Every
corpus file is imported through calgrid_ical_import_file and _buffer in zones far apart, and every
todo's title, memo, tags, days, completion, creation time (and kind, once the oracle gives it) must be what python-icalendar makes of
the file (Tests/oracle/ical_oracle.py, as for the calgrid command: Tests/CalGridICalendarTests/cli_check.py).
Exported with calgrid_ical_export_file / _buffer, python-icalendar reads the same todos back; exported
with calgrid_ical_export_vdir, every file holds one item python-icalendar reads as its todo, and
calgrid_ical_import_vdir reads the same set back. A bad vdir file is named and located by the line
python-icalendar's input has the bad value on; under skip-invalid the other files import.
Runs with the iCalendar venv's Python (mk/icalendar.mk).
"""
import os
import shutil
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "CalGridICalendarTests"))
import cli_check  # noqa: E402  (expected(): python-icalendar's fields; ours(): a native export's)

ZONES = ["Pacific/Auckland", "America/Los_Angeles", "Asia/Kolkata", "UTC"]
FIELDS = ("title", "memo", "tags", "start", "end", "done", "createdAt")


def run(dump, *args):
    return subprocess.run([dump, *args], capture_output=True, timeout=60)


def compare(where, got, want, fields, failures):
    if set(got) != set(want):
        failures.append(f"{where}: ids {sorted(got)} != python-icalendar's {sorted(want)}")
        return
    for i, w in want.items():
        # The kind (a VEVENT is an event) once the oracle and the native export both say it
        # (ical_oracle.item's "kind", cli_check.ours'): compared as soon as both have it.
        for k in fields + (("kind",) if "kind" in w and "kind" in got[i] else ()):
            if got[i][k] != w[k]:
                failures.append(f"{where}: {i}: {k} is {got[i][k]!r}, python-icalendar says {w[k]!r}")


def main() -> int:
    corpus, scratch, dumps = sys.argv[1], sys.argv[2], sys.argv[3:]
    files = sorted(os.path.join(corpus, f) for f in os.listdir(corpus) if f.endswith(".ics"))
    failures, checks, todos = [], 0, 0
    for dump in dumps:
        name = os.path.basename(dump)
        for path in files:
            for zone in ZONES:
                want = {e["id"]: e for e in cli_check.expected(path, zone)}
                todos += len(want)
                for mode in ("import-file", "import-buffer"):
                    p = run(dump, mode, path, zone)
                    checks += 1
                    if p.returncode != 0:
                        failures.append(f"{name} {mode} {path} ({zone}): exit {p.returncode}: {p.stderr.decode()[:300]}")
                        continue
                    compare(f"{name} {mode} {path} ({zone})", cli_check.ours(p.stdout), want, FIELDS, failures)
            # Export: one VCALENDAR (file and buffer) and a vdir, read back by python-icalendar.
            zone = "Asia/Seoul"
            out = os.path.join(scratch, "c-export.ics")
            vdir = os.path.join(scratch, "c-export.vdir")
            shutil.rmtree(vdir, ignore_errors=True)
            p = run(dump, "export-ics", path, zone, out)
            q = run(dump, "export-buffer", path, zone)
            r = run(dump, "export-vdir", path, zone, vdir)
            checks += 1
            if p.returncode or q.returncode or r.returncode:
                failures.append(f"{name} export {path}: exit {p.returncode}/{q.returncode}/{r.returncode}: "
                                f"{(p.stderr + q.stderr + r.stderr).decode()[:300]}")
                continue
            mine = cli_check.ours(p.stdout)
            # Read in the zone the set was read in: a zoned item is written with its TZID, an
            # instant (a Seoul evening is another day in UTC), as the vdir files below are.
            compare(f"{name} export-ics {path}", mine, {e["id"]: e for e in cli_check.expected(out, zone)}, FIELDS, failures)
            with open(out, "rb") as f:
                if f.read() .replace(b"\r\n", b"\n").count(b"BEGIN:VCALENDAR") != 1:
                    failures.append(f"{name} export-ics {path}: not one VCALENDAR")
            buffered = os.path.join(scratch, "c-export-buffer.ics")
            with open(buffered, "wb") as f:
                f.write(q.stdout)
            compare(f"{name} export-buffer {path}", mine, {e["id"]: e for e in cli_check.expected(buffered, zone)}, FIELDS, failures)
            names = sorted(os.listdir(vdir))
            if len(names) != len(mine) or not all(n.endswith(".ics") and not n.startswith(".") for n in names):
                failures.append(f"{name} export-vdir {path}: {names} for {len(mine)} todos")
            read = {}
            for n in names:
                items = cli_check.expected(os.path.join(vdir, n), zone)
                if len(items) != 1:
                    failures.append(f"{name} export-vdir {path}: {n} holds {len(items)} items")
                    continue
                read[items[0]["id"]] = items[0]
            compare(f"{name} export-vdir {path}", mine, read, FIELDS[:-1], failures)
            s = run(dump, "import-vdir", vdir, zone)
            if s.returncode != 0:
                failures.append(f"{name} import-vdir of its export of {path}: exit {s.returncode}: {s.stderr.decode()[:300]}")
            else:
                compare(f"{name} import-vdir of its export of {path}", cli_check.ours(s.stdout), mine, FIELDS[:-1], failures)
            # Unchanged, a second vdir export rewrites nothing.
            t = run(dump, "export-vdir", path, zone, vdir)
            if t.returncode != 0 or f"written 0 unchanged {len(mine)} removed 0" not in t.stderr.decode():
                failures.append(f"{name} export-vdir {path} again: {t.stderr.decode()[:300]}")
        # A vdir with a bad file: strict fails naming it at the bad value's line; skip-invalid imports
        # the rest and reports it so. The line is found in the text, not taken from the library.
        vdir = os.path.join(scratch, "c-bad.vdir")
        shutil.rmtree(vdir, ignore_errors=True)
        os.mkdir(vdir)
        good = b"BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VTODO\r\nUID:g\r\nDUE;VALUE=DATE:20241212\r\nEND:VTODO\r\nEND:VCALENDAR\r\n"
        bad = b"BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//t//EN\r\nBEGIN:VTODO\r\nUID:a\r\nSUMMARY:x\r\nDUE:20241345\r\nEND:VTODO\r\nEND:VCALENDAR\r\n"
        with open(os.path.join(vdir, "good.ics"), "wb") as f:
            f.write(good)
        with open(os.path.join(vdir, "bad.ics"), "wb") as f:
            f.write(bad)
        line = bad.split(b"\r\n").index(b"DUE:20241345") + 1
        p = run(dump, "import-vdir", vdir, "UTC")
        q = run(dump, "import-vdir", vdir, "UTC", "skip-invalid")
        checks += 1
        loc = f"line {line} column 1 field DUE: bad.ics: line {line}, column 1"
        if p.returncode != 1 or loc not in p.stderr.decode():
            failures.append(f"{name} bad vdir, strict: exit {p.returncode}, {p.stderr.decode()!r} (want {loc!r})")
        if q.returncode != 0 or loc not in q.stderr.decode() or set(cli_check.ours(q.stdout)) != {"g"}:
            failures.append(f"{name} bad vdir, skip-invalid: exit {q.returncode}, {q.stderr.decode()!r}")
        want = {e["id"]: e for e in cli_check.expected(os.path.join(vdir, "good.ics"), "UTC")}
        if q.returncode == 0:
            compare(f"{name} bad vdir, skip-invalid", cli_check.ours(q.stdout), want, FIELDS, failures)
        shutil.rmtree(vdir, ignore_errors=True)
    for f in failures:
        print("FAIL", f)
    print(f"ical_check: {checks - len(failures)} of {checks} checks passed ({len(dumps)} libraries, {len(files)} corpus files, "
          f"{len(ZONES)} zones, {todos} todos compared per mode, exports ics/buffer/vdir, a bad vdir file)")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
