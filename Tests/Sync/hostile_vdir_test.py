#!/usr/bin/env python3
"""A vdir that holds what no item file should be (issue 41), and what import accepts read back.

Usage: hostile_vdir_test.py CALGRID ICAL_DUMP

1. Hostile entries. Each case runs in a throwaway vdir W beside a folder O that must stay byte for
   byte as it was (the files a link in W points at live there): a FIFO, a socket, links to /dev/zero
   and /dev/urandom and a directory, each named *.ics; an item that is a link to O; a link as
   .calgrid.lock (to a file in O, and dangling into O); a link named like a stale temporary file.
   `list`, `add`, `done`, `edit`, `rm`, `import W` and the C API's calgrid_ical_import_vdir
   (Tests/C/ical_dump.c) each run with a 10 s bound: none may hang, O must not change, and the
   output must name the file (a warning for what is passed over, an error for what is refused).
2. Idempotence: a second vdir export of every file of the iCalendar test corpus (Corpus, Clients,
   Phones) writes no file, through the CLI (`export --format vdir`) and the C API
   (calgrid_ical_export_vdir).
3. What import accepts, the store reads back: every file of the hostile iCalendar and JSON corpora
   is imported into a native store; a failed import must say where (FILE:LINE:COLUMN) and leave
   the store byte-identical; an accepted one is saved as JSON Lines, ics and a vdir, and each must
   read back with the same count and the same per-day tallies (`year --json`, 2026 and the years
   the todos span) as the store; each iCalendar file also goes through the C API's pair (import,
   native and JSON Lines export, re-import into a fresh set: the same bytes), accepted or refused
   as the command does. Rules whose occurrences outrun the span limit (COUNT=40000, 1000000000, a
   ticked one, UNTIL 2200) must be accepted and kept as rules; a 200-year DUE span refused.
"""
import glob
import hashlib
import json
import os
import re
import shutil
import socket
import subprocess
import sys
import tempfile
from vdir_support import Checks

CALGRID, ICAL_DUMP = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
check = Checks()


def run(argv, env, cwd):
    try:
        return subprocess.run(argv, env=env, cwd=cwd, capture_output=True, text=True, timeout=10)
    except subprocess.TimeoutExpired:
        return None


def tree_digest(folder):
    """Every entry under `folder`: its name, kind and (for files) content hash."""
    out = []
    for base, dirs, files in os.walk(folder):
        for n in sorted(dirs + files):
            p = os.path.join(base, n)
            st = os.lstat(p)
            h = hashlib.sha256(open(p, "rb").read()).hexdigest() if os.path.isfile(p) and not os.path.islink(p) else ""
            out.append((os.path.relpath(p, folder), st.st_mode, h))
    return sorted(out)


ITEM = ("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//CalGrid hostile test//EN\r\nBEGIN:VTODO\r\nUID:{uid}\r\n"
        "DTSTAMP:20261201T090000Z\r\nDTSTART;VALUE=DATE:20261201\r\nDUE;VALUE=DATE:20261210\r\nSUMMARY:{uid}\r\n"
        "END:VTODO\r\nEND:VCALENDAR\r\n")


def make_vdir(root, case):
    """W with two plain items (keep, milk) and the hostile entry `case`; O beside it."""
    w, o = os.path.join(root, "W"), os.path.join(root, "O")
    os.makedirs(w)
    os.makedirs(o)
    for uid in ("keep", "milk"):
        with open(os.path.join(w, uid + ".ics"), "w", newline="") as f:
            f.write(ITEM.format(uid=uid))
    with open(os.path.join(o, "victim.ics"), "w", newline="") as f:
        f.write(ITEM.format(uid="victim"))
    with open(os.path.join(o, "lockfile"), "w") as f:
        f.write("someone else's\n")
    name = None
    if case == "fifo":
        name = "fifo.ics"; os.mkfifo(os.path.join(w, name))
    elif case == "socket":
        name = "sock.ics"
        s = socket.socket(socket.AF_UNIX)
        s.bind(os.path.join(w, name))
        s.close()
    elif case == "zero":
        name = "zero.ics"; os.symlink("/dev/zero", os.path.join(w, name))
    elif case == "urandom":
        name = "random.ics"; os.symlink("/dev/urandom", os.path.join(w, name))
    elif case == "directory":
        name = "folder.ics"; os.mkdir(os.path.join(w, name))
    elif case == "linked-item":
        name = "victim.ics"; os.symlink("../O/victim.ics", os.path.join(w, name))
    elif case == "linked-lock":
        name = ".calgrid.lock"; os.symlink("../O/lockfile", os.path.join(w, name))
    elif case == "dangling-lock":
        name = ".calgrid.lock"; os.symlink("../O/made-by-calgrid", os.path.join(w, name))
    elif case == "linked-temporary":
        # Named as a temporary file of a process that no longer runs (no pid is 999999999).
        name = "milk.ics.calgrid-tmp-999999999-1"; os.symlink("../O/victim.ics", os.path.join(w, name))
    return w, o, name


CASES = ["fifo", "socket", "zero", "urandom", "directory", "linked-item", "linked-lock", "dangling-lock", "linked-temporary"]


def hostile():
    for case in CASES:
        for command in ["list", "add", "done", "edit", "rm", "import", "c-import"]:
            root = tempfile.mkdtemp(prefix="calgrid-hostile-")
            try:
                w, o, name = make_vdir(root, case)
                before = tree_digest(o)
                env = dict(os.environ, XDG_CACHE_HOME=os.path.join(root, "cache"), TZ="UTC")
                target = "victim" if case == "linked-item" else "milk"
                argv = {
                    "list": [CALGRID, "list", "--todos", w],
                    "add": [CALGRID, "add", "New todo", "--todos", w],
                    "done": [CALGRID, "done", target, "--todos", w],
                    "edit": [CALGRID, "edit", target, "--title", "Changed", "--todos", w],
                    "rm": [CALGRID, "rm", target, "--todos", w],
                    "import": [CALGRID, "import", w],
                    "c-import": [ICAL_DUMP, "import-vdir", w, "UTC"],
                }[command]
                r = run(argv, env, root)
                what = f"{case}/{command}"
                check(r is not None, f"{what}: still running after 10 s")
                if r is None:
                    continue
                check(tree_digest(o) == before, f"{what}: the folder outside the vdir changed")
                said = r.stdout + r.stderr
                writes = command in ("add", "done", "edit", "rm")
                if case in ("linked-lock", "dangling-lock"):
                    if writes:
                        # The lock is refused: exit 1, naming it, nothing changed in W either.
                        check(r.returncode == 1 and ".calgrid.lock" in r.stderr and "symbolic link" in r.stderr,
                              f"{what}: expected a refusal naming .calgrid.lock, got {r.returncode}: {said.strip()[:300]}")
                    else:
                        check(r.returncode == 0, f"{what}: a reader takes no lock, yet exit {r.returncode}: {said.strip()[:300]}")
                    check(os.path.islink(os.path.join(w, ".calgrid.lock")), f"{what}: the lock link was replaced")
                elif case == "linked-item":
                    if command in ("done", "edit"):
                        check(r.returncode == 1 and "victim.ics" in r.stderr and "symbolic link" in r.stderr,
                              f"{what}: expected a refusal naming victim.ics, got {r.returncode}: {said.strip()[:300]}")
                        check(os.path.islink(os.path.join(w, "victim.ics")), f"{what}: the link was replaced")
                    else:
                        # Read like any item (vdirsyncer reads links too); rm removes the link itself.
                        check(r.returncode == 0, f"{what}: exit {r.returncode}: {said.strip()[:300]}")
                        if command in ("list", "import"):
                            check("victim" in r.stdout or "2 imported" not in r.stdout, f"{what}: the linked item was not read")
                        if command == "rm":
                            check(not os.path.lexists(os.path.join(w, "victim.ics")), f"{what}: the link is still there")
                elif case == "linked-temporary":
                    check(r.returncode == 0, f"{what}: exit {r.returncode}: {said.strip()[:300]}")
                    check(os.path.islink(os.path.join(w, name)), f"{what}: a link named like a temporary file was removed")
                else:
                    check(r.returncode == 0, f"{what}: exit {r.returncode}: {said.strip()[:300]}")
                    check(name in said and "not a regular file" in said, f"{what}: no warning naming {name}: {said.strip()[:300]}")
                    check(os.path.lexists(os.path.join(w, name)), f"{what}: {name} was removed or replaced")
                    if command == "c-import":
                        check(r.stdout.count('"id":') == 2, f"{what}: the C import did not read the 2 items")
            finally:
                shutil.rmtree(root, ignore_errors=True)


def inodes(folder):
    if not os.path.isdir(folder):
        return {}
    return {n: os.stat(os.path.join(folder, n)).st_ino for n in os.listdir(folder) if n.endswith(".ics")}


def idempotence():
    corpus = sorted(glob.glob(os.path.join(ROOT, "Tests/CalGridICalendarTests/Corpus/*.ics")))
    check(len(corpus) >= 10, "the iCalendar corpus is missing")
    # The clients' and phones' files are the same corpus in the shapes those programs write.
    corpus += sorted(glob.glob(os.path.join(ROOT, "Tests/CalGridICalendarTests/Clients/*.ics")))
    corpus += sorted(glob.glob(os.path.join(ROOT, "Tests/CalGridICalendarTests/Phones/*.ics")))
    root = tempfile.mkdtemp(prefix="calgrid-idem-")
    env = dict(os.environ, XDG_CACHE_HOME=os.path.join(root, "cache"), TZ="UTC")
    try:
        for f in corpus:
            for via in ("cli", "c"):
                out = os.path.join(root, via + "-" + os.path.basename(os.path.dirname(f)) + "-" + os.path.basename(f))
                argv = ([CALGRID, "export", "--todos", f, "--format", "vdir", "--out", out, "--tz", "Europe/Berlin"] if via == "cli"
                        else [ICAL_DUMP, "export-vdir", f, "Europe/Berlin", out])
                r1 = run(argv, env, root)
                check(r1 is not None and r1.returncode == 0, f"{os.path.basename(f)} ({via}): first export failed")
                first = inodes(out)
                r2 = run(argv, env, root)
                check(r2 is not None and r2.returncode == 0, f"{os.path.basename(f)} ({via}): second export failed")
                rewritten = [n for n, i in inodes(out).items() if first.get(n) != i]
                check(first and not rewritten, f"{os.path.basename(f)} ({via}): the second export rewrote {rewritten}")
                if via == "c" and r2 is not None:
                    check("written 0 " in r2.stderr, f"{os.path.basename(f)} (c): report says {r2.stderr.strip()}")
    finally:
        shutil.rmtree(root, ignore_errors=True)


def tallies(path, years, env, cwd):
    """(count, {day: (count, completed, events)}) of the todos at `path` over `years`."""
    r = run([CALGRID, "stats", "--todos", path, "--json"], env, cwd)
    if r is None or r.returncode != 0:
        return None, (r.stderr.strip() if r else "timeout")
    count = json.loads(r.stdout)["todos"]
    days = {}
    for y in years:
        r = run([CALGRID, "year", str(y), "--todos", path, "--json"], env, cwd)
        if r is None or r.returncode != 0:
            return None, (r.stderr.strip() if r else "timeout")
        for m in json.loads(r.stdout)["months"]:
            for c in m["cells"]:
                if c["inMonth"] and (c["count"] or c["events"]):
                    days[c["date"]] = (c["count"], c["completed"], c["events"])
    return count, days


def readback():
    files = []
    for pattern in ["Tests/Fuzz/corpus/*", "Tests/Fuzz/regressions/*/*", "Tests/CalGridICalendarTests/Corpus/*",
                    "Tests/CalGridICalendarTests/Clients/*", "Tests/CalGridICalendarTests/Phones/*",
                    "Tests/CalGridJSONTests/Fixtures/*", "Tests/CLI/data/*", "Tests/C/data/*"]:
        files += sorted(glob.glob(os.path.join(ROOT, pattern)))
    files = [f for f in files if os.path.isfile(f)]
    check(len(files) > 40, f"the corpora hold only {len(files)} files")
    # Made here, as rules outrunning the span limit arrive from a phone: accepted, then unreadable
    # before; now kept as rules (a completed instance ticks one occurrence), and a span with no rule
    # that long is refused at its DUE.
    root = tempfile.mkdtemp(prefix="calgrid-readback-")
    env = dict(os.environ, XDG_CACHE_HOME=os.path.join(root, "cache"), TZ="UTC")
    tick = ("BEGIN:VTODO\r\nUID:{uid}\r\nDTSTAMP:20261201T090000Z\r\nRECURRENCE-ID;VALUE=DATE:20261203\r\n"
            "DTSTART;VALUE=DATE:20261203\r\nSTATUS:COMPLETED\r\nEND:VTODO\r\nEND:VCALENDAR\r\n")
    made = {f"rrule-count-{n}.ics": ITEM.format(uid=f"r{n}").replace("DUE;VALUE=DATE:20261210\r\n", f"RRULE:FREQ=DAILY;COUNT={n}\r\n")
            for n in (40000, 1000000000)}
    made["rrule-count-40000-ticked.ics"] = made["rrule-count-40000.ics"].replace("r40000", "t40000").replace(
        "END:VCALENDAR\r\n", tick.format(uid="t40000"))
    made["rrule-weekly-until-2200.ics"] = ITEM.format(uid="w2200").replace(
        "DUE;VALUE=DATE:20261210\r\n", "RRULE:FREQ=WEEKLY;UNTIL=22000101;BYDAY=TU\r\n")
    made["span-1900-2100.ics"] = ITEM.format(uid="s").replace("20261201\r\nDUE;VALUE=DATE:20261210", "19000101\r\nDUE;VALUE=DATE:21000101")
    for n, text in made.items():
        p = os.path.join(root, n)
        with open(p, "w", newline="") as f:
            f.write(text)
        files.append(p)
    accepted = refused = c_pairs = 0
    outcome = {}
    try:
        for f in files:
            name = os.path.relpath(f, ROOT) if f.startswith(ROOT) else os.path.basename(f)
            store = os.path.join(root, "store.json")
            with open(store, "w") as s:
                s.write('{"format":"calgrid","version":1,"todos":[]}\n')
            old = open(store, "rb").read()
            r = run([CALGRID, "import", f, "--out", store], env, root)
            if r is None:
                check(False, f"{name}: import still running after 10 s")
                continue
            is_ics = open(f, "rb").read(64).lstrip(b"\xef\xbb\xbf \r\n").startswith(b"BEGIN:V")
            if is_ics:
                # The C API's pair: its import of the file, exported as native JSON and as JSON
                # Lines, each re-imported into a fresh set that exports the same bytes (ical_dump
                # reimport); it accepts what the command accepts and refuses, located, what it refuses.
                c = run([ICAL_DUMP, "reimport", f, "UTC"], env, root)
                c_pairs += 1
                check(c is not None, f"{name}: the C reimport still running after 10 s")
                if c is not None and r.returncode == 0:
                    check(c.returncode == 0, f"{name}: the C API's export does not re-import: {c.stderr.strip()[:200]}")
                elif c is not None:
                    check(c.returncode == 1 and re.search(r"line \d+ column \d+", c.stderr) is not None,
                          f"{name}: refused by the command, the C import says {c.returncode}: {c.stderr.strip()[:200]}")
            outcome[os.path.basename(f)] = r.returncode == 0
            if r.returncode != 0:
                refused += 1
                check(open(store, "rb").read() == old, f"{name}: a failed import changed the store")
                check(re.search(r":\d+:\d+: ", r.stderr) is not None or "failed:" in r.stderr,
                      f"{name}: the import failed without saying where: {r.stderr.strip()[:200]}")
                continue
            accepted += 1
            s = json.loads(run([CALGRID, "stats", "--todos", store, "--json"], env, root).stdout or "{}") if True else {}
            first, last = s.get("earliestStart"), s.get("latestEnd")
            # A fixed window (2026, where the rules made here fall) and the years the todos span.
            years = {2026}
            if first:
                y0 = int(first[:4]); y1 = int((last or first)[:4])
                years = set(range(y0, min(y1, y0 + 2) + 1)) | ({y1} if y1 - y0 <= 200 else set())
            count, days = tallies(store, sorted(years), env, root)
            check(count is not None, f"{name}: accepted, then the store does not read back: {days}")
            if count is None:
                continue
            for fmt in ("jsonl", "ics", "vdir"):
                out = os.path.join(root, "out-" + fmt)
                shutil.rmtree(out, ignore_errors=True)
                if os.path.exists(out):
                    os.remove(out)
                r = run([CALGRID, "export", "--todos", store, "--format", fmt, "--out", out], env, root)
                check(r is not None and r.returncode == 0, f"{name}: export as {fmt} failed: {r.stderr.strip()[:200] if r else 'timeout'}")
                c2, d2 = tallies(out, sorted(years), env, root)
                if is_ics and fmt == "jsonl" and c is not None and c.returncode == 0:
                    check(c.stdout.count('"id":') == count, f"{name}: the C import holds {c.stdout.count(chr(34) + 'id' + chr(34) + ':')} todos, the command's {count}")
                check(c2 == count, f"{name}: {fmt} reads back {c2} todos, the store {count}: {d2 if c2 is None else ''}")
                if c2 is not None:
                    diff = sorted(k for k in set(days) | set(d2) if days.get(k) != d2.get(k))
                    check(not diff, f"{name}: {fmt} reads back other tallies on {len(diff)} days, first {diff[:1]}: "
                                    f"{[days.get(k) for k in diff[:1]]} vs {[d2.get(k) for k in diff[:1]]}")
    finally:
        shutil.rmtree(root, ignore_errors=True)
    print(f"hostile_vdir_test: read-back over {len(files)} files: {accepted} accepted and read back, {refused} refused; "
          f"{c_pairs} through the C API's export/import pair")
    for n in made:
        check(outcome.get(n) == (not n.startswith("span-")), f"{n}: {'accepted' if outcome.get(n) else 'refused'}, "
              f"expected {'a located refusal' if n.startswith('span-') else 'a rule kept as a rule'}")


hostile()
idempotence()
readback()
print(f"hostile_vdir_test: {check.passed} of {check.count} checks passed")
sys.exit(1 if check.failures else 0)
