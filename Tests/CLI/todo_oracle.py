"""Checks `calgrid list`, `stats` and `import` against answers computed here, from the input JSON,
with Python's datetime (an independent oracle: nothing below reads the program's own output to
decide what is right). Usage: todo_oracle.py path/to/calgrid

A seeded generator writes a todo file with every mix the format allows (open ends, undated todos,
repetitions by number and by name, completion flags as arrays and as objects, challenges, missing
and tied `createdAt`, Korean and mixed-case titles, unknown fields); the model below re-derives from
docs/todo-sets.md's rules which todos fall on a day, which are done, overdue or upcoming, how each sort
orders them, the statistics, and what an import reports and writes. A JSON Lines copy with bad
records checks the issue positions, and a generated Taskwarrior export checks the field mapping
and the day of each date-time at a UTC offset."""
import calendar, datetime, json, os, random, re, subprocess, sys, tempfile
from fractions import Fraction

binary = sys.argv[1]
TODAY = datetime.date(2026, 11, 29)
ONE = datetime.timedelta(days=1)
WEEKDAY_NAMES = ["sun", "mon", "tue", "wed", "thu", "fri", "sat"]
checks = 0


def weekday(d):
    """0 = Sunday, as in the format."""
    return d.isoweekday() % 7


def fail(what):
    raise SystemExit(f"todo_oracle: {what}")


def run(args, expect=0):
    p = subprocess.run([binary, *args], capture_output=True)
    if p.returncode != expect:
        fail(f"calgrid {' '.join(args)} exited {p.returncode}, want {expect}: {p.stderr.decode(errors='replace').strip()}")
    return p.stdout.decode(), p.stderr.decode()


def run_json(args):
    return json.loads(run(args)[0])


# ---------------------------------------------------------------- the model
class Todo:
    def __init__(self, i, rng):
        self.id = f"t{i:03d}"
        words = ["Run", "run club", "RUNNING shoes", "Read", "read a book", "Plan", "장보기", "한국어 공부", "Call Mom", "Pay rent"]
        self.title = rng.choice(words) + ("" if rng.random() < 0.2 else f" #{rng.randrange(20)}")
        self.memo = rng.choice([None, None, "a memo", "줄\n두 줄"])
        shape = rng.choice(["both"] * 5 + ["start", "end", "none"])
        self.start = self.end = None
        if shape in ("both", "start"):
            self.start = TODAY + ONE * rng.randint(-70, 50)
        if shape == "both":
            self.end = self.start + ONE * rng.choice([0, 0, 1, 2, 5, 13, 20, 40])
        if shape == "end":
            self.end = TODAY + ONE * rng.randint(-40, 60)
        self.rep = set(range(7)) if rng.random() < 0.5 else set(rng.sample(range(7), rng.randint(1, 6)))
        self.rep_written = None if self.rep == set(range(7)) and rng.random() < 0.7 else sorted(self.rep)
        self.challenge = rng.random() < 0.3
        self.completed_flag = rng.random() < 0.3
        self.flags = None
        if self.tracked:
            n = len(self.repeat_days)
            r = rng.random()
            if n == 0 or r < 0.25:
                self.flags = [False] * n
            elif r < 0.45:
                self.flags = [True] * n
            else:
                self.flags = [rng.random() < 0.5 for _ in range(n)]
        stamp = rng.choice([None, 1793556000, 1793556000, 1794000000 + rng.randrange(4_000_000)])
        self.created = stamp
        self.tags = rng.choice([[], [], ["work"], ["home", "집"]])
        self.unknown = rng.random() < 0.2

    @property
    def tracked(self):
        return self.start is not None and self.end is not None

    @property
    def repeat_days(self):
        if not self.tracked:
            return []
        days, d = [], self.start
        while d <= self.end:
            if weekday(d) in self.rep:
                days.append(d)
            d += ONE
        return days

    def falls_on(self, d):
        if self.start is None and self.end is None:
            return False
        return (self.start is None or d >= self.start) and (self.end is None or d <= self.end) and weekday(d) in self.rep

    def done_on(self, d):
        if not self.falls_on(d):
            return False
        if self.tracked:
            return self.flags[self.repeat_days.index(d)]
        return self.completed_flag

    @property
    def is_done(self):
        if self.tracked and self.repeat_days:
            return all(self.flags)
        return self.completed_flag

    @property
    def progress(self):
        if self.tracked and self.repeat_days:
            return sum(self.flags), len(self.repeat_days)
        return (1 if self.is_done else 0), 1

    def overdue(self, day):
        return self.end is not None and self.end < day and not self.is_done

    def record(self, rng):
        """The todo as the input file writes it (field order and spellings vary)."""
        r = {"id": self.id, "title": self.title}
        if self.memo is not None or rng.random() < 0.2:
            r["memo"] = self.memo
        if self.start is not None:
            r["startDate"] = self.start.isoformat()
        if self.end is not None:
            r["endDate"] = self.end.isoformat()
        if self.rep_written is not None:
            r["repetition"] = [WEEKDAY_NAMES[w] if rng.random() < 0.3 else w for w in self.rep_written]
        if self.challenge or rng.random() < 0.2:
            r["isChallenge"] = self.challenge
        if self.completed_flag or rng.random() < 0.2:
            r["iscompleted" if rng.random() < 0.5 else "isCompleted"] = self.completed_flag
        if self.tracked and self.repeat_days and (any(self.flags) or rng.random() < 0.3):
            if rng.random() < 0.3:   # the object form: only the listed days
                r["completed"] = {d.isoformat(): f for d, f in zip(self.repeat_days, self.flags) if f or rng.random() < 0.3}
            else:
                r["completed"] = self.flags
        if self.created is not None:
            r["createdAt"] = self.created if rng.random() < 0.4 else \
                datetime.datetime.fromtimestamp(self.created, datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")
        if self.tags or rng.random() < 0.2:
            r["tags"] = self.tags
        if self.unknown:
            r["priority"] = "H"
        self.explicit_flags = "completed" in r       # then export writes them back, even all false
        if not self.explicit_flags and self.tracked and self.repeat_days and self.completed_flag:
            self.flags = [True] * len(self.repeat_days)   # iscompleted without flags: done on every day
        items = list(r.items())
        rng.shuffle(items)
        return dict(items)

    def list_row(self, today):
        """What `list --json` shows for the todo."""
        done, total = self.progress
        return {"id": self.id, "title": self.title, "memo": self.memo,
                "start": self.start and self.start.isoformat(), "end": self.end and self.end.isoformat(),
                "createdAt": self.created, "kind": "todo", "isChallenge": self.challenge, "isDone": self.is_done,
                "isOverdue": self.overdue(today), "doneDays": done, "totalDays": total,
                "repetition": sorted(self.rep), "tags": self.tags,
                "rrule": None, "exdates": [], "rdates": []}   # the oracle's todos repeat on weekdays


rng = random.Random(14)
todos = [Todo(i, rng) for i in range(90)]
tmp = tempfile.mkdtemp(prefix="calgrid-oracle-")
native = os.path.join(tmp, "todos.json")
wrapper = {"format": "calgrid", "version": 1, "generator": "todo_oracle.py", "todos": [t.record(rng) for t in todos]}
with open(native, "w") as f:
    json.dump(wrapper, f, ensure_ascii=False, indent=1)


# ---------------------------------------------------------------- list
def period_days(kind, around, first_weekday):
    if kind == "all":
        return None
    if kind == "day":
        return around, around
    if kind == "week":
        first = around - ONE * ((weekday(around) - first_weekday) % 7)
        return first, first + 6 * ONE
    if kind == "month":
        return around.replace(day=1), around.replace(day=calendar.monthrange(around.year, around.month)[1])
    return datetime.date(around.year, 1, 1), datetime.date(around.year, 12, 31)


def expected_rows(period, around, status, search, sort, first_weekday):
    rows = list(range(len(todos)))
    span = period_days(period, around, first_weekday)
    if span:
        days = [span[0] + k * ONE for k in range((span[1] - span[0]).days + 1)]
        rows = [i for i in rows if any(todos[i].falls_on(d) for d in days)]
    if status == "completed":
        rows = [i for i in rows if todos[i].done_on(around)]
    elif status == "incomplete":
        rows = [i for i in rows if todos[i].falls_on(around) and not todos[i].done_on(around)]
    elif status == "upcoming":
        rows = [i for i in rows if todos[i].start is not None and todos[i].start > around]
    elif status == "no-deadline":
        rows = [i for i in rows if todos[i].end is None]
    elif status == "overdue":
        rows = [i for i in rows if todos[i].overdue(around)]
    if search:
        needle = search.encode().lower()          # bytes.lower(): ASCII letters only, as documented
        rows = [i for i in rows if needle in todos[i].title.encode().lower()]
    return sorted(rows, key=SORT_KEYS[sort])


# What each --sort word means, from docs/cli.md and docs/todo-sets.md: missing keys last, ties in file order.
FAR = datetime.date.max
SORT_KEYS = {
    "registered": lambda i: (todos[i].created is None, todos[i].created or 0, i),
    "newest": lambda i: (todos[i].created is None, -(todos[i].created or 0), i),
    "deadline": lambda i: (todos[i].end is None, todos[i].end or FAR, i),
    "start": lambda i: (todos[i].start is None, todos[i].start or FAR, i),
    "title": lambda i: (todos[i].title.encode(), i),
    "progress": lambda i: (-Fraction(*todos[i].progress), i),
    # Start day (none last), all-day first (these generated todos have no times), then title bytes.
    "time": lambda i: (todos[i].start is None, todos[i].start or FAR, todos[i].title.encode(), i),
}


def check_list(period="all", date=None, status=None, search=None, sort="registered", limit=None, first_weekday=0):
    global checks
    args = ["list", "--todos", native, "--today", TODAY.isoformat(), "--json", "--sort", sort,
            "--period", period, "--first-weekday", WEEKDAY_NAMES[first_weekday]]
    around = date or TODAY
    if date:
        args += ["--date", date.isoformat()]
    if status:
        args += ["--status", status]
    if search is not None:
        args += ["--search", search]
    if limit is not None:
        args += ["--limit", str(limit)]
    want = expected_rows(period, around, status, search, sort, first_weekday)
    shown = want if limit is None else want[:limit]
    doc = run_json(args)
    got = [t["id"] for t in doc["todos"]]
    if doc["total"] != len(want) or doc["shown"] != len(shown) or got != [todos[i].id for i in shown]:
        fail(f"calgrid {' '.join(args[3:])}: total {doc['total']} shown {doc['shown']} {got[:12]}..., "
             f"want total {len(want)} shown {len(shown)} {[todos[i].id for i in shown][:12]}...")
    for row, i in zip(doc["todos"], shown):
        if row != todos[i].list_row(TODAY):
            fail(f"list row {todos[i].id}: {row}\n  want {todos[i].list_row(TODAY)}")
    checks += 1
    return want


# The --sort words are the core's dropdown entries (`list --help` and the error for a bad word list
# them); each needs an order above, so an entry added to the core without one here fails.
help_words = re.search(r"--sort (\S+)", run(["list", "--help"])[0]).group(1).split("|")
_, bad_sort = run(["list", "--todos", native, "--sort", "nope"], expect=2)
if sorted(help_words) != sorted(SORT_KEYS) or f"expected {'|'.join(help_words)}, got 'nope'" not in bad_sort:
    fail(f"--sort words {help_words} ({bad_sort.strip()}), the model has {sorted(SORT_KEYS)}")
list_help = " ".join(run(["list", "--help"])[0].split())
for word in help_words:
    if f"{word}: " not in list_help:
        fail(f"list --help does not explain --sort {word}")
checks += 1
check_list()
for sort in help_words:
    check_list(sort=sort)
for around in (TODAY, TODAY - 20 * ONE, TODAY + 15 * ONE, datetime.date(2026, 10, 31)):
    for period in ("day", "week", "month", "year"):
        for fw in ((0, 1) if period == "week" else (0,)):
            check_list(period=period, date=around, first_weekday=fw)
    for status in ("completed", "incomplete", "upcoming", "no-deadline", "overdue"):
        check_list(status=status, date=around, sort="deadline")
for search in ("run", "RUN", "an", "공부", "zzz", "#1"):
    check_list(search=search, sort="title")
for limit in (0, 3, 1000):
    check_list(limit=limit, sort="newest")
combo = random.Random(7)
for _ in range(25):
    check_list(period=combo.choice(["all", "day", "week", "month", "year"]),
               date=TODAY + combo.randint(-60, 60) * ONE,
               status=combo.choice([None, "completed", "incomplete", "upcoming", "no-deadline", "overdue"]),
               search=combo.choice([None, "r", "Plan", "한국어"]),
               sort=combo.choice(help_words),
               limit=combo.choice([None, None, 5]), first_weekday=combo.randrange(7))

# The text table: one row per todo (id first), then the count.
text, _ = run(["list", "--todos", native, "--today", TODAY.isoformat(), "--sort", "deadline", "--limit", "7"])
lines = text.rstrip("\n").split("\n")
want = expected_rows("all", TODAY, None, None, "deadline", 0)
if [l.split()[0] for l in lines[1:-1]] != [todos[i].id for i in want[:7]] or lines[-1] != f"7 of {len(todos)} todos":
    fail(f"list text table: {lines}")
checks += 1
print(f"todo_oracle: {checks} list queries (periods, statuses, sorts, searches, limits) match the model")

# ---------------------------------------------------------------- stats
for today in (TODAY, TODAY + 40 * ONE, TODAY - 90 * ONE):
    doc = run_json(["stats", "--todos", native, "--today", today.isoformat(), "--json"])
    dated = [t for t in todos if t.tracked]
    starts = [t.start for t in todos if t.start is not None]
    ends = [t.end for t in todos if t.end is not None]
    longest = None
    for t in dated:                                # the first of the longest spans, in file order
        n = (t.end - t.start).days + 1
        if longest is None or n > longest["days"]:
            longest = {"id": t.id, "days": n}
    want = {"todos": len(todos), "challenges": sum(t.challenge for t in todos), "events": 0, "dated": len(dated),
            "openEnded": sum((t.start is None) != (t.end is None) for t in todos),
            "undated": sum(t.start is None and t.end is None for t in todos),
            "done": sum(t.is_done for t in todos), "overdue": sum(t.overdue(today) for t in todos),
            "trackedDays": sum(len(t.repeat_days) for t in dated), "doneDays": sum(sum(t.flags) for t in dated),
            "earliestStart": min(starts).isoformat(), "latestEnd": max(ends).isoformat(), "longest": longest}
    got = {k: doc[k] for k in want}
    if got != want:
        fail(f"stats --today {today}: {got}\n  want {want}")
    text, _ = run(["stats", "--todos", native, "--today", today.isoformat()])
    pct = (want["doneDays"] * 200 + want["trackedDays"]) // (2 * want["trackedDays"])
    for expected in (f"{want['todos']}: {want['challenges']} challenges, {want['dated']} dated, "
                     f"{want['openEnded']} open-ended, {want['undated']} undated",
                     f"{want['done']} done, {want['todos'] - want['done']} not done, {want['overdue']} overdue",
                     f"{want['doneDays']} of {want['trackedDays']} done ({pct}%)"):
        if expected not in text:
            fail(f"stats --today {today} text lacks '{expected}':\n{text}")
print("todo_oracle: stats (counts, tracked days, spans, longest) match the model for 3 todays, JSON and text")


# ---------------------------------------------------------------- import
def exported_todos(text):
    doc = json.loads(text)
    if doc.get("format") != "calgrid" or doc.get("version") != 1:
        fail(f"export wrapper: {list(doc)[:3]}")
    return doc["todos"]


def normalize_export(r):
    """An exported record as (id, title, memo, start, end, createdAt seconds, challenge, iscompleted, repetition, flags, tags)."""
    created = r.get("createdAt")
    if isinstance(created, str):
        created = calendar.timegm(datetime.datetime.strptime(created, "%Y-%m-%dT%H:%M:%SZ").timetuple())
    return (r["id"], r["title"], r.get("memo"), r.get("startDate"), r.get("endDate"), created,
            r.get("isChallenge", False), r.get("iscompleted", False), r.get("repetition", list(range(7))),
            r.get("completed"), r.get("tags", []))


def model_export(t):
    flags = t.flags if t.explicit_flags else None
    return (t.id, t.title, t.memo, t.start and t.start.isoformat(), t.end and t.end.isoformat(), t.created,
            t.challenge, t.completed_flag, sorted(t.rep), flags, t.tags)


size = os.path.getsize(native)
doc = run_json(["import", native, "--json"])
unknown = sum(t.unknown for t in todos) + 1       # + the wrapper's "generator"
want = {"file": native, "format": "native", "bytes": size, "records": len(todos), "imported": len(todos),
        "skipped": 0, "unknownFields": unknown, "deletedSkipped": 0, "recurringSkipped": 0, "issues": [], "warnings": [], "unreportedIssues": 0, "unreportedWarnings": 0}
if {k: doc[k] for k in want} != want:
    fail(f"import --json: {doc}\n  want {want}")
out, err = run(["import", native, "--out", "-"])
if [normalize_export(r) for r in exported_todos(out)] != [model_export(t) for t in todos]:
    got = [normalize_export(r) for r in exported_todos(out)]
    bad = next(k for k in range(len(todos)) if k >= len(got) or got[k] != model_export(todos[k]))
    fail(f"import --out -: record {bad}: {got[bad] if bad < len(got) else None}\n  want {model_export(todos[bad])}")
if err.strip() != f"{native}: native, {len(todos)} records, {len(todos)} imported, 0 skipped, {unknown} unknown fields ignored" \
        f"; date-times read in {doc['zone']}":
    fail(f"import summary: {err.strip()}")

# JSON Lines with bad records (and blank lines, which are not records): where each issue is.
rng = random.Random(5)
lines, bad, good = [], [], []
bad_kinds = [
    ("endDate", lambda r: r.update(startDate="2026-11-10", endDate="2026-11-01")),
    ("startDate", lambda r: r.update(startDate="2026-02-30")),
    ("id", lambda r: r.update(id="t000")),
    ("completed", lambda r: r.update(startDate="2026-11-01", endDate="2026-11-03", completed=[True], repetition=None)),
    ("repetition", lambda r: r.update(repetition=[])),
    ("repetition[1]", lambda r: r.update(repetition=[1, 9])),
]
record_number = 0
for i, t in enumerate(todos[:40]):
    if rng.random() < 0.15:
        lines.append("")
    r = {k: v for k, v in t.record(rng).items() if k != "priority"}
    record_number += 1
    if i > 0 and i % 6 == 0:
        field, damage = bad_kinds[(i // 6) % len(bad_kinds)]
        damage(r)
        r = {k: v for k, v in r.items() if v is not None or k == "memo"}
        if field in ("endDate", "startDate"):     # so the date is the record's first problem
            r.pop("completed", None)
        bad.append((len(lines) + 1, record_number, field))
    else:
        good.append(t)
    lines.append(json.dumps(r, ensure_ascii=False))
jsonl = os.path.join(tmp, "todos.jsonl")
with open(jsonl, "w") as f:
    f.write("\n".join(lines) + "\n")
raw = open(jsonl, "rb").read()
doc = run_json(["import", jsonl, "--policy", "skip-invalid", "--json"])
if (doc["format"], doc["records"], doc["imported"], doc["skipped"]) != ("jsonl", 40, 40 - len(bad), len(bad)):
    fail(f"import jsonl: {doc['format']} {doc['records']} records {doc['imported']} imported {doc['skipped']} skipped, "
         f"want jsonl 40, {40 - len(bad)}, {len(bad)}")
got = [(x["line"], x["record"], x["field"]) for x in doc["issues"]]
if got != bad:
    fail(f"import jsonl issues (line, record, field): {got}\n  want {bad}")
for x in doc["issues"]:                            # line and column say where byteOffset is
    o = x["byteOffset"]
    if raw[:o].count(b"\n") + 1 != x["line"] or o - (raw.rfind(b"\n", 0, o) + 1) + 1 != x["column"]:
        fail(f"import jsonl issue {x}: line and column do not match byte {o}")
out, err = run(["import", jsonl, "--policy", "skip-invalid", "--out", "-"])
if [normalize_export(r) for r in exported_todos(out)] != [model_export(t) for t in good]:
    fail("import jsonl --out -: the good records do not come back as written")
prefixes = [l.split(": ")[0] + ": " + l.split(": ")[1] for l in err.strip().split("\n")[:-1]]
for (line, number, field), p, x in zip(bad, prefixes, doc["issues"]):
    if p != f"{jsonl}:{line}:{x['column']}: record {number}":
        fail(f"import jsonl stderr: '{p}', want '{jsonl}:{line}:{x['column']}: record {number}'")
_, err = run(["import", jsonl], expect=1)           # strict: the first bad record fails it all
if f"{jsonl}:{bad[0][0]}:" not in err:
    fail(f"import jsonl strict: {err.strip()}, want the first bad record at line {bad[0][0]}")

# Taskwarrior: uuid, description, the day of scheduled/entry/due at the offset, status, tags, project.
rng = random.Random(11)
tasks, expected, deleted, recurring = [], [], 0, 0
offset = datetime.timedelta(hours=9)
for i in range(30):
    entry = datetime.datetime(2026, 10, 1, tzinfo=datetime.timezone.utc) + datetime.timedelta(minutes=rng.randrange(90 * 1440))
    stamp = lambda dt: dt.strftime("%Y%m%dT%H%M%SZ")
    status = rng.choice(["pending"] * 5 + ["completed", "completed", "deleted", "recurring", "waiting"])
    task = {"id": i + 1, "uuid": f"00000000-0000-4000-8000-{i:012d}", "description": f"task {i} ✓" if i % 4 == 0 else f"task {i}",
            "entry": stamp(entry), "modified": stamp(entry), "status": status, "urgency": 1.5}
    scheduled = due = None
    if rng.random() < 0.4:
        scheduled = entry + datetime.timedelta(minutes=rng.randrange(20 * 1440))
        task["scheduled"] = stamp(scheduled)
    if rng.random() < 0.6:
        due = entry + datetime.timedelta(minutes=rng.randrange(-5 * 1440, 30 * 1440))
        task["due"] = stamp(due)
    tags = rng.choice([[], ["errand"], ["home", "bills"]])
    if tags:
        task["tags"] = tags
    if rng.random() < 0.3:
        task["project"] = "house"
    if rng.random() < 0.2:
        task["annotations"] = [{"entry": stamp(entry), "description": "first"}, {"entry": stamp(entry), "description": "second"}]
    if status == "recurring":
        task["recur"] = "weekly"
    tasks.append(task)
    if status == "deleted":
        deleted += 1
        continue
    if status == "recurring":
        recurring += 1
        continue
    day = lambda dt: (dt + offset).date()
    end = day(due) if due else None
    start = day(scheduled) if scheduled else day(entry)
    if end is not None and start > end:
        start = end
    memo = "\n".join(a["description"] for a in task.get("annotations", [])) or None
    expected.append((task["uuid"], task["description"], memo, start.isoformat(), end and end.isoformat(),
                     int(entry.timestamp()), False, status == "completed", list(range(7)), None,
                     tags + (["project:house"] if "project" in task else [])))
tw = os.path.join(tmp, "tasks.json")
with open(tw, "w") as f:
    f.write("[\n" + ",\n".join(json.dumps(t, ensure_ascii=False) for t in tasks) + "\n]\n")
out, _ = run(["import", tw, "--format", "taskwarrior", "--tz-offset", "+09:00", "--out", "-"])
got = [normalize_export(r) for r in exported_todos(out)]
if got != expected:
    bad = next(k for k in range(len(expected)) if k >= len(got) or got[k] != expected[k])
    fail(f"taskwarrior import: task {bad}: {got[bad] if bad < len(got) else None}\n  want {expected[bad]}")
doc = run_json(["import", tw, "--format", "taskwarrior", "--tz-offset", "+09:00", "--json"])
if (doc["records"], doc["imported"], doc["deletedSkipped"], doc["recurringSkipped"]) != (30, len(expected), deleted, recurring):
    fail(f"taskwarrior import counts: {doc}")
print(f"todo_oracle: import reports and writes what the model expects: {len(todos)} native records, "
      f"{len(bad)} bad JSON Lines records located, {len(expected)} Taskwarrior tasks mapped")
subprocess.run(["rm", "-rf", tmp])
