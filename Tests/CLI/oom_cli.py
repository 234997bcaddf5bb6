#!/usr/bin/env python3
"""Out of memory is a status for `calgrid` too (issue 24 item 3): the static executable runs `add`,
`done`, `import --out STORE`, `list` and `month` on a 20,000-todo store under a descending series of
address-space limits (RLIMIT_AS, as `ulimit -v` sets it), from one at which every command succeeds
down to the lowest at which the executable still starts (below that the kernel cannot load it: no
code of ours runs). Every run must exit 0, or exit 1 saying "calgrid: out of memory" in one line;
never die by a signal. The store must be the old content or what the command writes (whole), and
no temporary file may outlive the next uninterrupted write.
Usage: oom_cli.py path/to/calgrid"""
import json, os, resource, subprocess, sys, tempfile
from clisupport import Checks, write_store_inputs

binary = os.path.abspath(sys.argv[1])
TODOS = 20_000
check = Checks("oom cli")


def limited(kib):
    def apply():
        resource.setrlimit(resource.RLIMIT_AS, (kib << 10, kib << 10))
    return apply


def run(args, cwd, kib=None):
    return subprocess.run([binary, *args], cwd=cwd, capture_output=True, text=True,
                          preexec_fn=limited(kib) if kib else None)


work = tempfile.mkdtemp(prefix="calgrid-oom-")
try:
    write_store_inputs(os.path.join(work, "seed.jsonl"), os.path.join(work, "other.jsonl"), TODOS)
    store = os.path.join(work, "todos.json")
    p = run(["import", "seed.jsonl", "--out", store], work)
    check(p.returncode == 0, f"making the store failed: {p.stderr}")
    with open(store, "rb") as f:
        old = f.read()

    # The floor: the lowest limit (in 256 KiB steps) at which the executable starts and answers.
    lo, hi = 256, 1 << 20
    while hi - lo > 256:
        mid = (lo + hi) // 2
        try:
            ok = run(["--version"], work, mid).returncode == 0
        except OSError:
            ok = False
        lo, hi = (lo, mid) if ok else (mid, hi)
    floor = hi
    # The lean binary (issue 41): without ICU's 30 MB data table (mk/cli.mk) the executable starts
    # under 13.5 MiB (2026-12-06; 44,533 KiB with the table). A link that pulls the table back in
    # (libicudata.a's member) cannot start under this bound.
    FLOOR_BOUND_KIB = 24 << 10
    check(floor <= FLOOR_BOUND_KIB, f"calgrid --version needs {floor} KiB of address space (bound {FLOOR_BOUND_KIB}): is ICU's data linked in?")
    commands = {
        "add": ["add", "Added", "--id", "added", "--todos", store],
        "done": ["done", "s7", "--on", "2026-02-03", "--todos", store],
        "import --out": ["import", "other.jsonl", "--out", store],
        "list": ["list", "--todos", store],
        "month": ["month", "2026-02", "--todos", store],
    }
    # What each command writes when memory suffices, and its top of the series.
    news = {}
    for name, args in commands.items():
        with open(store, "wb") as f:
            f.write(old)
        p = run(args, work)
        check(p.returncode == 0, f"{name} without a limit failed: {p.stderr}")
        with open(store, "rb") as f:
            news[name] = f.read()
    start = 512 << 10   # KiB: every command succeeds under 512 MiB
    series, kib = [], start
    while kib > floor:
        series.append(kib)
        kib = kib * 7 // 8
    series.append(floor)
    tally = {name: {"ok": 0, "out of memory": 0, "other": 0} for name in commands}
    for name, args in commands.items():
        for kib in series:
            with open(store, "wb") as f:
                f.write(old)
            p = run(args, work, kib)
            if p.returncode < 0:
                check(False, f"{name} under {kib} KiB: killed by signal {-p.returncode} ({p.stderr.strip()[-200:]})")
                tally[name]["other"] += 1
                continue
            if p.returncode == 0:
                tally[name]["ok"] += 1
            elif p.returncode == 1 and p.stderr == "calgrid: out of memory\n":
                tally[name]["out of memory"] += 1
            else:
                tally[name]["other"] += 1
                check(False, f"{name} under {kib} KiB: exit {p.returncode}, stderr {p.stderr!r}")
            with open(store, "rb") as f:
                data = f.read()
            if name == "add" and data != old:
                doc = json.loads(data)   # the created time is the clock's
                ok = [t["id"] for t in doc["todos"]][-1] == "added" and len(doc["todos"]) == TODOS + 1
            else:
                ok = data in (old, news[name])
            check(ok, f"{name} under {kib} KiB: the store is neither the old nor the new content")
        # The next write removes what an exit left.
        p = run(["done", "s1", "--on", "2026-02-02", "--todos", store], work)
        left = [n for n in os.listdir(work) if ".calgrid-tmp-" in n]
        check(p.returncode == 0 and not left, f"after {name}: the next write left {left}")
    print(f"oom cli: RLIMIT_AS from {start >> 10} MiB down to the start-up floor {floor} KiB in {len(series)} steps; " +
          "; ".join(f"{n}: {t['ok']} ok, {t['out of memory']} out of memory" for n, t in tally.items()))
finally:
    subprocess.run(["rm", "-rf", work])

print(f"oom cli: {len(check.failures)} failures")
sys.exit(1 if check.failures else 0)
