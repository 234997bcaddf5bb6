"""The store and the commands that change it (add, done, undo, edit, rm, show), checked against an
independent model written here with Python's datetime: a fresh-home walkthrough that compares
`list --json` and `month --json` after every step, "a bad command changes nothing" (the store's
bytes before and after), a store that does not parse, and sixteen-process concurrency.
Usage: store_test.py path/to/calgrid"""
import datetime, json, os, shutil, subprocess, sys, tempfile, threading

binary = sys.argv[1]
D = datetime.date
TODAY = D(2026, 11, 30)                       # a Monday
T = f"--today={TODAY.isoformat()}"
root = tempfile.mkdtemp(prefix="calgrid-store-")
home = os.path.join(root, "home")
os.makedirs(home)
env = {k: v for k, v in os.environ.items() if k not in ("XDG_DATA_HOME", "CALGRID_TODOS")}
env["HOME"] = home
store = os.path.join(home, ".local", "share", "calgrid", "todos.json")
checks = 0


def fail(message):
    shutil.rmtree(root, ignore_errors=True)
    raise SystemExit(f"store_test: {message}")


def cg(*args, expect=0, extra_env=None):
    """Runs calgrid; checks the exit status; returns (stdout, stderr)."""
    p = subprocess.run([binary, *args], capture_output=True, text=True, env=dict(env, **(extra_env or {})))
    if p.returncode != expect:
        fail(f"calgrid {' '.join(args)}: exit {p.returncode}, expected {expect}: {p.stderr.strip()}")
    if expect != 0 and (p.stdout or p.stderr.count("\n") != 1):
        fail(f"calgrid {' '.join(args)}: a failure must print one line on stderr only, got {p.stdout!r} {p.stderr!r}")
    return p.stdout, p.stderr


def weekday(d):
    return d.isoweekday() % 7                 # 0 = Sunday, as calgrid numbers them


class Todo:
    def __init__(self, id, title, start=None, end=None, repeat=range(7), challenge=False):
        self.id, self.title, self.start, self.end = id, title, start, end
        self.repeat, self.challenge = set(repeat), challenge
        self.completed, self.ticks, self.tags, self.memo = False, set(), [], None

    def tracked(self):
        return self.start is not None and self.end is not None

    def days(self):
        if not self.tracked():
            return []
        n = (self.end - self.start).days + 1
        return [d for d in (self.start + datetime.timedelta(k) for k in range(n)) if weekday(d) in self.repeat]

    def falls(self, d):
        if self.start is None and self.end is None:
            return False
        return (self.start or D.min) <= d <= (self.end or D.max) and weekday(d) in self.repeat

    def done_on(self, d):
        if not self.falls(d):
            return False
        return d in self.ticks if self.tracked() else self.completed

    def is_done(self):
        days = self.days()
        return all(d in self.ticks for d in days) if days else self.completed


def check(model, step):
    """`list --json` and `month --json` (this month and the next) against the model."""
    global checks
    listed = json.loads(cg("list", T, "--json")[0])["todos"]
    if [t["id"] for t in listed] != [t.id for t in model]:
        fail(f"{step}: list shows {[t['id'] for t in listed]}, expected {[t.id for t in model]}")
    for got, t in zip(listed, model):
        days = t.days()
        want = {"title": t.title, "start": t.start and t.start.isoformat(), "end": t.end and t.end.isoformat(),
                "isChallenge": t.challenge, "isDone": t.is_done(), "repetition": sorted(t.repeat),
                "doneDays": len(t.ticks) if days else int(t.completed), "totalDays": len(days) or 1,
                "tags": t.tags, "memo": t.memo}
        for k, v in want.items():
            if got[k] != v:
                fail(f"{step}: todo {t.id}: {k} is {got[k]!r}, expected {v!r}")
    for month in (TODAY.replace(day=1), D(2026, 12, 1)):
        cells = json.loads(cg("month", month.strftime("%Y-%m"), T, "--json")[0])["cells"]
        for c in cells:
            d = D.fromisoformat(c["date"])
            count = sum(t.falls(d) for t in model)
            done = sum(t.done_on(d) for t in model)
            if (c["count"], c["completed"]) != (count, done):
                fail(f"{step}: {d}: month shows {c['completed']}/{c['count']}, expected {done}/{count}")
    checks += 1


def store_bytes(path=store):
    with open(path, "rb") as f:
        return f.read()


# --- A fresh home: the views show the sample set, say nothing through a pipe and create nothing.
listed, said = cg("list", T, "--json")
sample = json.loads(listed)["todos"]
if not sample or said or os.path.exists(os.path.dirname(store)):
    fail(f"a fresh home must show the sample set, quietly, and create no store ({said!r})")

model = []
gid = cg("add", "Gym", "--repeat", "mon,wed,fri", "--challenge", "--end", "+4w", T)[0].strip()
if len(gid) != 6 or any(ch not in "0123456789abcdefghjkmnpqrstvwxyz" for ch in gid):
    fail(f"the default id {gid!r} is not six characters of the id alphabet")
model.append(Todo(gid, "Gym", TODAY, TODAY + datetime.timedelta(28), {1, 3, 5}, challenge=True))
check(model, "add a challenge")

added = json.loads(cg("add", "Quarterly", "report", "--end", "2026-12-10", "--id", "report", T, "--json")[0])
model.append(Todo("report", "Quarterly report", TODAY, D(2026, 12, 10)))   # starts today
if added["id"] != "report" or added["title"] != "Quarterly report":
    fail(f"add --json printed {added}")
check(model, "add a deadline")

cg("done", gid, T)                                          # today, a Monday
model[0].ticks.add(TODAY)
check(model, "tick today")
cg("done", gid[:3], "--on", "wed", T)                       # a unique prefix; the next Wednesday
cg("done", gid, "--on", "+4d", T)                           # Friday
model[0].ticks |= {D(2026, 12, 2), D(2026, 12, 4)}
check(model, "tick Wednesday and Friday")
before = store_bytes()
cg("done", gid, "--on", "2026-12-04", T)                    # already done: nothing to write
if store_bytes() != before:
    fail("ticking a day that is already done rewrote the store")
cg("undo", gid, "--on", "2026-11-30", T)
model[0].ticks.discard(TODAY)
check(model, "undo a tick")
cg("done", "rep", T)                                        # a span: today's tick
model[1].ticks.add(TODAY)
check(model, "tick the deadline's today")
ticked = json.loads(cg("done", gid, "--on", "2026-12-07", T, "--json")[0])
model[0].ticks.add(D(2026, 12, 7))
if ticked["id"] != gid or ticked["doneDays"] != 3:
    fail(f"done --json printed {ticked}")
check(model, "done --json")

# --- A bad command changes nothing: exit 1 (the data says no) or 2 (the command line is wrong).
cg("add", "Read", "--id", "ab1", T)
cg("add", "Run", "--id", "ab2", "--start", "2026-12-01", T)
model += [Todo("ab1", "Read"), Todo("ab2", "Run", D(2026, 12, 1))]
cg("done", "ab1", T)                                        # no span: done as a whole
model[2].completed = True
check(model, "complete an undated todo")
cg("done", "ab2", "--on", "2026-12-24", T)                  # open-ended: done as a whole, --on aside
model[3].completed = True
cg("undo", "ab1", T)
model[2].completed = False
check(model, "complete an open-ended todo, undo an undated one")
bad = [
    (("done", gid, "--on", "tue"), 1),                      # not a repeat day
    (("done", gid, "--on", "2027-06-01"), 1),               # outside the span
    (("undo", gid, "--on", "2026-11-29"), 1),               # before the start
    (("add", "X", "--start", "2026-12-10", "--end", "2026-12-01"), 1),
    (("add", "X", "--id", "report"), 1),                    # duplicate id
    (("add", "X", "--id", ""), 1),                          # empty id
    (("add", "X", "--repeat", "mon,funday"), 2),            # unknown weekday
    (("add", "X", "--remind", "25:00"), 2),
    (("add", "X", "--start", "2026-02-30"), 2),
    (("add", "X", "--end", "next week"), 2),
    (("add",), 2),
    (("add", "X", "--frob"), 2),
    (("done", "zzz"), 1),                                   # unknown id
    (("done", "ab"), 1),                                    # ambiguous prefix
    (("done",), 2),
    (("done", gid, "--on", "+2x"), 2),
    (("undo", gid, "ab1"), 2),
    (("done", gid, "--todos", "-"), 2),
    (("edit", gid, "--end", "2026-11-01"), 1),             # before its start
    (("edit", gid, "--start", "2027-01-01"), 1),           # after its end
    (("edit", gid), 2),                                     # nothing to change
    (("edit", gid, "--repeat", "funday"), 2),
    (("edit", gid, "--no-tags", "--tag", "x"), 2),
    (("edit", "ab", "--title", "X"), 1),                    # ambiguous
    (("edit", gid, "--remind", "7h"), 2),
    (("rm", gid, "zzz"), 1),                                # one unknown: none removed
    (("rm",), 2),
    (("done", gid, "--all", "--on", "today"), 2),
    (("show", "zzz"), 1),
]
for args, status in bad:
    before = store_bytes()
    cg(*args, T, expect=status)
    if store_bytes() != before:
        fail(f"calgrid {' '.join(args)} failed but changed the store")
check(model, "bad commands")

# --- Edit: re-dating keeps the ticks of days that stay tracked; fields change one by one.
g = model[0]
cg("edit", gid, "--start", "2026-12-02", "--repeat", "weekdays", T)   # Mon 11-30 leaves the span
g.start, g.repeat = D(2026, 12, 2), {1, 2, 3, 4, 5}
g.ticks = {d for d in g.ticks if d in g.days()}
check(model, "edit the challenge's dates")
edited = json.loads(cg("edit", "report", "--title", "Q4 report", "--tag", "work", "--tag", "q4",
                       "--memo", "draft first", T, "--json")[0])
model[1].title, model[1].tags, model[1].memo = "Q4 report", ["work", "q4"], "draft first"
if edited["title"] != "Q4 report":
    fail(f"edit --json printed {edited}")
check(model, "edit the deadline's fields")
cg("edit", "report", "--end", "none", "--memo", "none", "--no-tags", T)    # no end: no per-day ticks
model[1].end, model[1].ticks, model[1].memo, model[1].tags = None, set(), None, []
check(model, "drop the deadline's end")
cg("edit", gid, "--end", "2027-01-31", T)
g.end = D(2027, 1, 31)
check(model, "extend the challenge")
cg("done", gid, "--on", "2026-12-03", T)
g.ticks.add(D(2026, 12, 3))


def streaks(t, today):
    """TodoSet's rules, written again: the run of done repeat days up to today (today's own day
    counts only once done), the longest run, and the first repeat day from today not done."""
    days = t.days()
    upto = [d for d in days if d <= today]
    if upto and upto[-1] == today and today not in t.ticks:
        upto.pop()
    current = 0
    for d in reversed(upto):
        if d not in t.ticks:
            break
        current += 1
    longest = run = 0
    for d in days:
        run = run + 1 if d in t.ticks else 0
        longest = max(longest, run)
    due = next((d for d in days if d >= today and d not in t.ticks), None)
    return current, longest, due


for day in (TODAY, D(2026, 12, 3), D(2026, 12, 4), D(2026, 12, 10)):
    shown = json.loads(cg("show", gid[:4], f"--today={day}", "--json")[0])
    cur, longest, due = streaks(g, day)
    want = {"currentStreak": cur, "longestStreak": longest, "nextDue": due and due.isoformat(),
            "doneDates": sorted(d.isoformat() for d in g.ticks), "doneDays": len(g.ticks), "totalDays": len(g.days())}
    for k, v in want.items():
        if shown[k] != v:
            fail(f"show on {day}: {k} is {shown[k]!r}, expected {v!r}")
check(model, "show")

# --- done --all / undo --all: the todo as a whole, every tracked day at once.
cg("done", gid, "--all", T)
g.ticks = set(g.days())
check(model, "done --all")
cg("undo", gid, "--all", T)
g.ticks = set()
check(model, "undo --all")
cg("done", gid, "--on", "2026-12-03", T)
g.ticks.add(D(2026, 12, 3))
check(model, "tick again")

# --- rm: all named todos go, or none.
removed = json.loads(cg("rm", "ab1", "ab2", "ab1", T, "--json")[0])["removed"]
if [t["id"] for t in removed] != ["ab1", "ab2"]:
    fail(f"rm --json printed {removed}")
model = [t for t in model if t.id not in ("ab1", "ab2")]
check(model, "rm two todos")

# --- A task recorded after its deadline starts on that deadline (not today, which would put the
# end before the start) and is overdue; so is a late challenge. Other defaults stay: an end ahead
# starts today (checked above), an explicit start before an end is kept.
late_end = TODAY - datetime.timedelta(4)
cg("add", "File", "tax", "return", "--end", late_end.isoformat(), "--id", "tax", T)
cg("add", "Stretch", "--challenge", "--end", "yesterday", "--id", "stretch", T)
model += [Todo("tax", "File tax return", late_end, late_end),
          Todo("stretch", "Stretch", TODAY - datetime.timedelta(1), TODAY - datetime.timedelta(1), challenge=True)]
check(model, "add tasks already late")
overdue = [t["id"] for t in json.loads(cg("list", T, "--status", "overdue", "--json")[0])["todos"]]
if not {"tax", "stretch"} <= set(overdue):
    fail(f"late tasks must be overdue, list --status overdue shows {overdue}")
cg("done", "tax", T)                                        # its only day, though today is past it
model[-2].ticks.add(late_end)
check(model, "done on a late task ticks its only day")
cg("add", "Trip", "--start", "2026-11-20", "--end", "2026-11-22", "--id", "trip", T)
cg("done", "trip", T, expect=1)                             # three past days: which one? --on says
cg("rm", "trip", T)
cg("undo", "tax", T)
model[-2].ticks.clear()
check(model, "undo on a late task")
cg("rm", "tax", "stretch", T)
model = model[:-2]
check(model, "rm the late tasks")
for args in (("done", "x"), ("edit", "x", "--title", "y"), ("rm", "x")):
    empty = os.path.join(root, "nowhere", "todos.json")
    _, err = cg(*args, "--todos", empty, T, expect=1)
    if err != f"calgrid: {empty}: no such file or directory (--todos)\n":
        fail(f"calgrid {args[0]} on a missing store: {err.strip()!r} does not name it and --todos")
    if os.path.exists(os.path.dirname(empty)):
        fail(f"calgrid {args[0]} on a missing store created {os.path.dirname(empty)}")

# --- A store that does not parse is never overwritten; the error names the line and column.
broken = os.path.join(root, "broken.json")
with open(broken, "wb") as f:
    f.write(b'{"format":"calgrid","version":1,"todos":[\n{"id":"a","title":"A"},\n{"id":"b","title":}\n]}\n')
original = store_bytes(broken)
for args in (("add", "X"), ("done", "a"), ("undo", "a"), ("edit", "a", "--title", "Z"), ("rm", "a")):
    _, err = cg(*args, "--todos", broken, T, expect=1)
    if not err.startswith(f"calgrid: {broken}:3:"):
        fail(f"calgrid {args[0]} on a broken store: {err.strip()!r} does not name line 3")
    if store_bytes(broken) != original:
        fail(f"calgrid {args[0]} overwrote a store that does not parse")

# --- Concurrency: 16 adds and 16 ticks at once all land; a reader always sees a whole store.
shared = os.path.join(root, "shared", "todos.json")
os.makedirs(os.path.dirname(shared))              # add creates a given store only in a folder that exists
cg("add", "Daily", "--id", "daily", "--start", "2026-11-01", "--end", "2026-11-16", "--todos", shared, T)
stop = threading.Event()
reads = [0]


def reader():
    while not stop.is_set():
        with open(shared, "rb") as f:
            data = f.read()
        try:
            json.loads(data)
        except ValueError:
            fail(f"a reader saw a half-written store ({len(data)} bytes)")
        reads[0] += 1


watcher = threading.Thread(target=reader)
watcher.start()
procs = []
for k in range(16):
    procs.append(subprocess.Popen([binary, "add", f"Task {k}", "--todos", shared, T], env=env,
                                  stdout=subprocess.PIPE, stderr=subprocess.PIPE))
    procs.append(subprocess.Popen([binary, "done", "daily", "--on", f"2026-11-{k + 1:02d}", "--todos", shared, T],
                                  env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE))
results = [(p.wait(), p.stderr.read().decode()) for p in procs]
stop.set()
watcher.join()
if any(rc != 0 for rc, _ in results):
    fail(f"a concurrent change failed: {[e for rc, e in results if rc]}")
todos = json.loads(cg("list", "--todos", shared, T, "--json")[0])["todos"]
titles = sorted(t["title"] for t in todos)
if titles != sorted(["Daily"] + [f"Task {k}" for k in range(16)]) or len({t["id"] for t in todos}) != 17:
    fail(f"after 16 concurrent adds the store holds {titles}")
if todos[0]["doneDays"] != 16:
    fail(f"after 16 concurrent ticks 'daily' has {todos[0]['doneDays']} of 16 days done")

# --- On a terminal a view says, in one line on standard error, that it shows the sample set;
# through a pipe (every call above) it says nothing.
import clisupport


def on_pty(args, home_dir):
    return clisupport.on_pty([binary, *args], dict(env, HOME=home_dir, NO_COLOR="1")).decode()


fresh = os.path.join(root, "fresh-home")
os.makedirs(fresh)
shown = on_pty(["month", T], fresh)
if shown.count("no todos of your own yet") != 1 or "calgrid add" not in shown:
    fail(f"a view on a terminal without a store does not say it shows the sample set: {shown[:200]!r}")
if "no todos of your own yet" in on_pty(["month", T], home):
    fail("a view with a store says it shows the sample set")

# --- show's "created" row: the instant in the chosen zone's wall clock with its offset, as
# Python's zoneinfo gives it (Kathmandu +05:45, St John's -03:30 / -02:30 by DST, Berlin, UTC).
import zoneinfo
created_rows = 0
for zone in ("Asia/Kathmandu", "America/St_Johns", "Europe/Berlin", "UTC"):
    for todo in json.loads(cg("list", "--json", T)[0])["todos"]:
        if todo.get("createdAt") is None:
            continue
        shown = cg("show", todo["id"], T, "--tz", zone)[0]
        row = next(l.strip() for l in shown.split("\n") if l.strip().startswith("created"))
        t = datetime.datetime.fromtimestamp(todo["createdAt"], zoneinfo.ZoneInfo(zone))
        off = t.utcoffset().total_seconds()
        sign, m = ("-" if off < 0 else "+"), int(abs(off)) // 60
        want = t.strftime("%Y-%m-%d %H:%M ") + f"{sign}{m // 60:02d}:{m % 60:02d}"
        if row.split(None, 1)[1] != want:
            fail(f"show --tz {zone}: {row!r}, expected created {want}")
        created_rows += 1
if created_rows < 4:
    fail(f"show's created row was checked {created_rows} times; the store holds too few todos with createdAt")

# --- The README's walkthrough, read from the README by its snippet markers: its five commands, run in
# a fresh home on the day it names (the ids it shows given with --id), print the month it shows; then
# docs/cli.md's `show` after three ticks (Monday, Wednesday, Friday), on the Saturday it names.
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "DocSnippets"))
import snippets
walkthrough = snippets.extract("cli-store-walkthrough")
if len(walkthrough) != 2:
    fail(f"the README's walkthrough is {len(walkthrough)} blocks, expected the commands and the month")
commands_block, month_block = walkthrough
readme_home = os.path.join(root, "readme-home")
os.makedirs(readme_home)
import re, shlex
printed, ran = "", 0
for line in commands_block.strip().split("\n"):
    command, _, comment = line.partition("#")
    words = shlex.split(command)[1:]
    shown_id = re.search(r"prints (?:its id: )?(\w+)", comment)
    if shown_id:
        words += ["--id", shown_id.group(1)]
    p = subprocess.run([binary, *words, T], capture_output=True, text=True, env=dict(env, HOME=readme_home))
    if p.returncode != 0:
        fail(f"README command '{line.strip()}': {p.stderr.strip()}")
    printed, ran = p.stdout, ran + 1
if ran != 5:
    fail(f"the README's walkthrough ran {ran} commands, expected five")
if printed != month_block:
    fail(f"the README's month after its five commands differs from calgrid's:\n{printed}")
(show_block,) = snippets.extract("cli-show-after-ticks")
show_command, _, shown = show_block.partition("\n")
for day in ("2026-12-02", "2026-12-04"):
    p = subprocess.run([binary, "done", "k3m", "--on", day, "--today", day], capture_output=True, text=True,
                       env=dict(env, HOME=readme_home))
    if p.returncode != 0:
        fail(f"ticking the README's Gym on {day}: {p.stderr.strip()}")
p = subprocess.run([binary, *shlex.split(show_command)[2:], "--today", "2026-12-05"], capture_output=True, text=True,
                   env=dict(env, HOME=readme_home))
mask = lambda text: re.sub(r"(?m)^  created   .*$", "  created   N", text)
if p.returncode != 0 or mask(p.stdout) != mask(shown) or "  created   " not in shown:
    fail(f"docs/cli.md's `{show_command}` after three ticks differs from calgrid's:\n{p.stdout}{p.stderr}")

shutil.rmtree(root, ignore_errors=True)
print(f"store: walkthrough ({checks} list/month checks), {len(bad)} bad commands leave the store unchanged, "
      f"{created_rows} created rows in four zones, "
      f"a broken store stays, 32 concurrent changes land ({reads[0]} whole reads meanwhile), the README's five commands and show after three ticks")
