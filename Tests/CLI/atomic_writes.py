#!/usr/bin/env python3
"""What a failed or interrupted `calgrid import --out` leaves behind: the old file byte for byte or the
whole new one, and never a temporary file (except after kill -9, which the next write cleans up).
Usage: atomic_writes.py path/to/calgrid [kills] [store-kills]

- a full disk: a 64 KiB tmpfs when root (mount allowed), and always RLIMIT_FSIZE, with SIGXFSZ
  ignored (the write fails with EFBIG) and with its default action (the process dies by the signal);
- a read-only directory: a read-only tmpfs when root, chmod 555 otherwise;
- SIGINT, SIGTERM and SIGHUP during the write;
- kill -9 at random moments of the write phase (from the temporary file's appearance to the exit);
- kill -9 at random moments of whole store commands (`add`, `done`, `import --out STORE`) on a
  20,000-todo store (issue 24 item 7): the store is the old or the new content, and the next write
  leaves no temporary file;
- permission bits kept, new files 0666 & ~umask.
The new content is checked against the generated records (an independent oracle): every id, in order."""
import json, os, random, resource, signal, subprocess, sys, tempfile, time
from clisupport import Checks, write_store_inputs

binary = os.path.abspath(sys.argv[1])
kills = int(sys.argv[2]) if len(sys.argv) > 2 else 100
store_kills = int(sys.argv[3]) if len(sys.argv) > 3 else 50
STORE_TODOS = 20_000
here = os.path.dirname(os.path.abspath(__file__))
rng = random.Random(12)
check = Checks("atomic writes")
is_root = os.geteuid() == 0
RECORDS = 30_000


def temps(directory):
    return sorted(n for n in os.listdir(directory) if ".calgrid-tmp-" in n)


def read(path):
    with open(path, "rb") as f:
        return f.read()


def write(path, data):
    with open(path, "wb") as f:
        f.write(data)


def run(args, cwd, **kw):
    return subprocess.run([binary, *args], cwd=cwd, capture_output=True, text=True, **kw)


def mount(directory, options):
    return subprocess.run(["mount", "-t", "tmpfs", "-o", options, "tmpfs", directory],
                          capture_output=True).returncode == 0


work = tempfile.mkdtemp(prefix="calgrid-writes-")
ro = os.path.join(work, "ro")
mounted = []
try:
    # The input: RECORDS generated todos; the old file: the CLI tests' small todo file.
    ids = [f"task-{i}" for i in range(RECORDS)]
    with open(os.path.join(work, "big.jsonl"), "w") as f:
        for i, id in enumerate(ids):
            f.write(json.dumps({"id": id, "title": f"Todo {i} \u00e9 \"quoted\"", "startDate": "2026-01-%02d" % (i % 28 + 1),
                                "endDate": "2026-03-%02d" % (i % 28 + 1), "tags": ["a", "b"]}) + "\n")
    big = os.path.join(work, "big.jsonl")
    old = read(os.path.join(here, "data", "todos.json"))
    json.loads(old)

    # The reference: one uninterrupted write, checked against the generated records.
    p = run(["import", big, "--out", "new.json"], work)
    check(p.returncode == 0, f"reference import failed: {p.stderr}")
    new = read(os.path.join(work, "new.json"))
    doc = json.loads(new)
    check([t["id"] for t in doc["todos"]] == ids, "the written file does not hold the generated ids in order")
    check(new != old, "old and new content are the same")

    def interrupted(sig, target, delay_scale):
        """Starts an import --out into `target` (holding `old`), sends `sig` a random moment after
        the temporary file appears; returns (exit status, whether it was sent mid-write)."""
        write(target, old)
        directory = os.path.dirname(target)
        before = set(temps(directory))
        proc = subprocess.Popen([binary, "import", big, "--out", target], cwd=work,
                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        while proc.poll() is None and set(temps(directory)) == before:
            time.sleep(0.0002)
        delay = rng.uniform(0, delay_scale)
        time.sleep(delay)
        mid = proc.poll() is None and set(temps(directory)) != before
        try:
            proc.send_signal(sig)
        except ProcessLookupError:
            pass
        return proc.wait(), mid

    # How long the write phase takes: the temporary file's appearance to the exit.
    d = os.path.join(work, "k")
    os.mkdir(d)
    target = os.path.join(d, "todos.json")
    write(target, old)
    proc = subprocess.Popen([binary, "import", big, "--out", target], cwd=work, stdout=subprocess.DEVNULL)
    while proc.poll() is None and not temps(d):
        time.sleep(0.0002)
    t0 = time.monotonic()
    proc.wait()
    phase = max(time.monotonic() - t0, 0.005)

    # kill -9 at random moments: the target is always the old or the new content, whole.
    outcomes = {"old": 0, "new": 0, "mid-write": 0, "left a temporary file": 0}
    for k in range(kills):
        rc, mid = interrupted(signal.SIGKILL, target, phase * 1.3)
        data = read(target)
        ok = data in (old, new)
        check(ok, f"kill -9 #{k}: the target is neither the old nor the new content ({len(data)} bytes)")
        if ok:
            json.loads(data)
            outcomes["old" if data == old else "new"] += 1
        outcomes["mid-write"] += mid
        outcomes["left a temporary file"] += bool(temps(d))
        check(rc in (0, -signal.SIGKILL), f"kill -9 #{k}: exit status {rc}")
    # The next write removes what the killed processes left.
    p = run(["import", big, "--out", target], work)
    check(p.returncode == 0 and read(target) == new and temps(d) == [],
          f"a write after the kills left {temps(d)} (exit {p.returncode})")
    print(f"kill -9 x{kills} (write phase {phase * 1000:.0f} ms): " + ", ".join(f"{v} {k}" for k, v in outcomes.items()))

    # kill -9 at random moments of store commands on a 20k-todo store: add, done, import --out STORE.
    sd = os.path.join(work, "store")
    os.mkdir(sd)
    store = os.path.join(sd, "todos.json")
    write_store_inputs(os.path.join(work, "store-seed.jsonl"), os.path.join(work, "store-other.jsonl"), STORE_TODOS)
    p = run(["import", "store-seed.jsonl", "--out", store], work)
    check(p.returncode == 0, f"making the store failed: {p.stderr}")
    store_old = read(store)
    old_todos = json.loads(store_old)["todos"]
    check(len(old_todos) == STORE_TODOS, "the store does not hold the seed todos")

    def store_command(kind, k):
        if kind == "add":
            return ["add", f"Added {k}", "--id", f"added-{k}", "--todos", store]
        if kind == "done":
            return ["done", f"s{rng.randrange(STORE_TODOS)}", "--on", "2026-02-%02d" % rng.randrange(1, 29), "--todos", store]
        return ["import", "store-other.jsonl", "--out", store]

    def store_new(kind, args):
        """The content the command writes when it runs to the end: run on a copy (an independent check
        for `add`, whose created time is the clock's: the old todos, then the one added)."""
        ref = os.path.join(work, "ref")
        os.makedirs(ref, exist_ok=True)
        copy = os.path.join(ref, "todos.json")
        write(copy, store_old)
        t0 = time.monotonic()
        p = run([copy if a == store else a for a in args], work)
        took = time.monotonic() - t0
        check(p.returncode == 0, f"{kind} on a copy of the store failed: {p.stderr}")
        return read(copy), took

    def is_new(kind, args, data, expected):
        if kind != "add":
            return data == expected
        try:
            todos = json.loads(data)["todos"]
        except ValueError:
            return False
        return todos[:-1] == old_todos and todos[-1]["id"] == args[args.index("--id") + 1] and \
            todos[-1]["title"] == args[1]

    store_outcomes = {"old": 0, "new": 0, "mid-write": 0, "temporary file left by the kill": 0}
    kinds = ["add", "done", "import"]
    for k in range(store_kills):
        kind = kinds[k % 3]
        args = store_command(kind, k)
        expected, took = store_new(kind, args)
        write(store, store_old)
        before = set(temps(sd))
        proc = subprocess.Popen([binary, *args], cwd=work, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        # A random moment of the whole command, from its start to a little past its usual end.
        time.sleep(rng.uniform(0, took * 1.1))
        mid = proc.poll() is None and set(temps(sd)) != before
        try:
            proc.send_signal(signal.SIGKILL)
        except ProcessLookupError:
            pass
        rc = proc.wait()
        data = read(store)
        old_kept, new_written = data == store_old, is_new(kind, args, data, expected)
        check(old_kept or new_written, f"store kill -9 #{k} ({kind}): the store is neither the old nor the new content")
        check(rc in (0, -signal.SIGKILL), f"store kill -9 #{k} ({kind}): exit status {rc}")
        store_outcomes["old" if old_kept else "new"] += old_kept or new_written
        store_outcomes["mid-write"] += mid
        store_outcomes["temporary file left by the kill"] += bool(temps(sd))
        # The next write cleans up: an uninterrupted change of the store leaves no temporary file.
        p = run(["done", "s0", "--on", "2026-02-02", "--todos", store] if kind != "import" else
                ["add", "after", "--id", f"after-{k}", "--todos", store], work)
        check(p.returncode == 0 and temps(sd) == [],
              f"store kill -9 #{k} ({kind}): the next write left {temps(sd)} (exit {p.returncode}: {p.stderr.strip()})")
    print(f"store kill -9 x{store_kills} on {STORE_TODOS} todos (add, done, import --out in turn): " +
          ", ".join(f"{v} {k}" for k, v in store_outcomes.items()))

    # SIGINT, SIGTERM, SIGHUP: no temporary file, ever.
    for sig in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
        mids = 0
        for k in range(6):
            rc, mid = interrupted(sig, target, phase)
            mids += mid
            check(rc in (0, -sig), f"{sig.name} #{k}: exit status {rc}")
            check(read(target) in (old, new), f"{sig.name} #{k}: the target is damaged")
            check(temps(d) == [], f"{sig.name} #{k}: left {temps(d)}")
        print(f"{sig.name} x6: no temporary file left ({mids} mid-write)")

    def failed_write(directory, expect_text, preexec=None, expect_signal=None, label="", variants=(True, False)):
        """import --out into `directory` fails: with (True) and without (False) an old target file,
        which the caller put there for a read-only directory."""
        for previous in variants:
            target = os.path.join(directory, "todos.json")
            if previous and not os.path.exists(target):
                write(target, old)
            p = subprocess.run([binary, "import", big, "--out", target], cwd=work, capture_output=True,
                               text=True, preexec_fn=preexec)
            what = f"{label} ({'over an old file' if previous else 'no old file'})"
            if expect_signal:
                check(p.returncode == -expect_signal, f"{what}: exit status {p.returncode}, expected death by signal")
            else:
                check(p.returncode == 1 and expect_text in p.stderr, f"{what}: exit {p.returncode}, stderr {p.stderr!r}")
            if previous:
                check(os.path.exists(target) and read(target) == old, f"{what}: the old file changed")
                if os.access(directory, os.W_OK) and directory != ro:
                    os.unlink(target)
            else:
                check(not os.path.exists(target), f"{what}: a partial target was left")
            check(temps(directory) == [], f"{what}: left {temps(directory)}")
        print(f"{label}: old file kept, nothing left")

    # A full disk.
    full = os.path.join(work, "full")
    os.mkdir(full)
    if is_root and mount(full, "size=64k"):
        mounted.append(full)
        failed_write(full, "No space left on device", label="full 64 KiB tmpfs")
    else:
        print("full tmpfs: skipped (not root or mount not permitted); RLIMIT_FSIZE below")
    limited = os.path.join(work, "limited")
    os.mkdir(limited)

    def limit(ignore):
        def set_limit():
            resource.setrlimit(resource.RLIMIT_FSIZE, (64 << 10, 64 << 10))
            signal.signal(signal.SIGXFSZ, signal.SIG_IGN if ignore else signal.SIG_DFL)
        return set_limit
    failed_write(limited, "File too large", preexec=limit(True), label="RLIMIT_FSIZE 64 KiB, SIGXFSZ ignored")
    failed_write(limited, "", preexec=limit(False), expect_signal=signal.SIGXFSZ,
                 label="RLIMIT_FSIZE 64 KiB, SIGXFSZ default")

    # A read-only directory (root ignores permission bits: a read-only tmpfs then).
    os.mkdir(ro)
    if is_root:
        if mount(ro, "size=1m"):
            mounted.append(ro)
            for previous in (False, True):
                if previous:
                    write(os.path.join(ro, "todos.json"), old)
                subprocess.run(["mount", "-o", "remount,ro", ro], check=True)
                failed_write(ro, "Read-only file system", label="read-only tmpfs", variants=(previous,))
                subprocess.run(["mount", "-o", "remount,rw", ro], check=True)
        else:
            print("read-only directory: skipped (root without mount permission)")
    else:
        for previous in (False, True):
            if previous:
                write(os.path.join(ro, "todos.json"), old)
            os.chmod(ro, 0o555)
            failed_write(ro, "Permission denied", label="chmod 555 directory", variants=(previous,))
            os.chmod(ro, 0o755)

    # Permission bits: kept on replacement; a new file gets 0666 & ~umask.
    m = os.path.join(work, "modes")
    os.mkdir(m)
    write(os.path.join(m, "kept.json"), old)
    os.chmod(os.path.join(m, "kept.json"), 0o640)
    run(["import", big, "--out", "kept.json"], m)
    check(os.stat(os.path.join(m, "kept.json")).st_mode & 0o7777 == 0o640, "the old file's mode was not kept")
    p = subprocess.run([binary, "import", big, "--out", "fresh.json"], cwd=m, capture_output=True,
                       preexec_fn=lambda: os.umask(0o027))
    check(os.stat(os.path.join(m, "fresh.json")).st_mode & 0o7777 == 0o640, "a new file's mode is not 0666 & ~umask")
    check(read(os.path.join(m, "fresh.json")) == new, "the new file's content differs")
finally:
    for directory in reversed(mounted):
        subprocess.run(["umount", directory])
    subprocess.run(["rm", "-rf", work])

print(f"atomic writes: {len(check.failures)} failures")
sys.exit(1 if check.failures else 0)
