"""Cross-checks `calgrid month --json` against Python's calendar module (an independent oracle)
and checks that every JSON output parses. Usage: oracle.py path/to/calgrid"""
import calendar, datetime, json, subprocess, sys

binary = sys.argv[1]
failures = 0

def run(*args):
    p = subprocess.run([binary, *args], capture_output=True, text=True)
    if p.returncode != 0:
        raise SystemExit(f"oracle: calgrid {' '.join(args)} exited {p.returncode}: {p.stderr.strip()}")
    return json.loads(p.stdout)

cases = [(y, m) for y in (1, 1900, 2000, 2024, 2026, 9999) for m in range(1, 13)]
for (y, m) in cases:
    for fw in range(7):               # 0 = Sunday
        for rows in (("fixed", "auto") if fw in (0, 1) else ("auto",)):
            names = ["sun", "mon", "tue", "wed", "thu", "fri", "sat"]
            today = datetime.date(y, m, min(15, calendar.monthrange(y, m)[1]))
            doc = run("month", f"{y:04d}-{m:02d}", "--json", "--today", today.isoformat(),
                      "--first-weekday", names[fw], "--rows", rows)
            # Python: Monday = 0; calgrid: Sunday = 0.
            cal = calendar.Calendar(firstweekday=(fw - 1) % 7)
            weeks = cal.monthdatescalendar(y, m) if (y, m) not in ((1, 1), (9999, 12)) else None
            first = datetime.date(y, m, 1)
            lead = (first.isoweekday() % 7 - fw) % 7
            ndays = calendar.monthrange(y, m)[1]
            want_rows = 6 if rows == "fixed" else (lead + ndays + 6) // 7
            ok = doc["year"] == y and doc["month"] == m and doc["firstWeekday"] == fw and doc["rows"] == want_rows
            ok = ok and len(doc["cells"]) == 7 * want_rows
            if weeks is not None and rows == "auto":
                flat = [d for w in weeks for d in w]
                ok = ok and [c["date"] for c in doc["cells"]] == [d.isoformat() for d in flat]
            for i, c in enumerate(doc["cells"]):
                if y in (1, 9999) and not c["inMonth"]:
                    continue                  # outside 0001...9999: not a Python date
                d = first + datetime.timedelta(days=i - lead)
                ok = ok and c["date"] == d.isoformat() and c["weekday"] == d.isoweekday() % 7
                ok = ok and c["inMonth"] == (d.month == m and d.year == y) and c["isToday"] == (d == today)
                ok = ok and 0 <= c["completed"] <= c["count"] and c["selection"] == "none"
            if not ok:
                failures += 1
                print(f"oracle: month {y}-{m:02d} first weekday {fw} rows {rows}: mismatch", file=sys.stderr)

if failures:
    raise SystemExit(f"oracle: {failures} mismatching grids")
print(f"oracle: {len(cases) * 9} month grids match Python's calendar")

# Per-day counts of the sample set, recomputed from `list --json` (each todo's start, end and
# repetition weekdays) and compared with `month --json` for three months around the pinned today.
todos = run("list", "--today", "2026-11-29", "--json")["todos"]
checked = 0
for month in ("2026-10", "2026-11", "2026-12"):
    doc = run("month", month, "--today", "2026-11-29", "--json")
    for c in doc["cells"]:
        d = datetime.date.fromisoformat(c["date"])
        n = 0
        for t in todos:
            if t["start"] is None and t["end"] is None:
                continue
            s = datetime.date.fromisoformat(t["start"]) if t["start"] else datetime.date.min
            e = datetime.date.fromisoformat(t["end"]) if t["end"] else datetime.date.max
            if s <= d <= e and (d.isoweekday() % 7) in t["repetition"]:
                n += 1
        if c["count"] != n:
            raise SystemExit(f"oracle: {c['date']}: calgrid counts {c['count']} todos, the todo list says {n}")
        checked += 1
print(f"oracle: {checked} per-day counts of the sample set match its todo list")

# Round trip through standard input: export | import - --out - gives the export back, byte for byte.
exported = subprocess.run([binary, "export", "--today", "2026-11-29"], capture_output=True, check=True).stdout
again = subprocess.run([binary, "import", "-", "--out", "-"], input=exported, capture_output=True)
if again.returncode != 0 or again.stdout != exported:
    raise SystemExit(f"oracle: export | import - --out - changed the todos (exit {again.returncode}): {again.stderr.decode()}")
print(f"oracle: export | import - | export round-trips {len(exported)} bytes unchanged")

# Colour follows the terminal: under a pseudo-terminal `--color auto` colours, NO_COLOR turns it
# off, and a pipe (every case above) never gets escapes.
import os
import clisupport

def on_pty(args, env_extra):
    env = dict(os.environ, TERM="xterm", **env_extra)
    env.pop("NO_COLOR", None) if "NO_COLOR" not in env_extra else None
    return clisupport.on_pty([binary, *args], env)

colored = on_pty(["month", "--today", "2026-11-29"], {})
plain = on_pty(["month", "--today", "2026-11-29"], {"NO_COLOR": "1"})
forced = on_pty(["month", "--today", "2026-11-29", "--color", "never"], {})
if b"\x1b[" not in colored:
    raise SystemExit("oracle: no colour on a terminal with --color auto")
if b"\x1b[" in plain or b"\x1b[" in forced:
    raise SystemExit("oracle: colour despite NO_COLOR or --color never")
print("oracle: colour on a terminal, none with NO_COLOR or --color never")
