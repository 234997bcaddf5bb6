"""`calgrid export --out` where the folder is not there yet (issue 20's vdir export; Tests/CLI).

A vdir is a folder: `export --format vdir --out DIR` makes DIR and every missing folder above it,
as `mkdir -p` would, and holds the vdir's own lock, DIR/.calgrid.lock (the one the vdir store's
changes hold), so nothing is left beside DIR. It used to fail on DIR.lock, beside DIR, when DIR's
parent did not exist. A file (ics, native, jsonl) goes only into a folder that exists: otherwise
the error names the file and the missing folder, and nothing is made. Checks, each against the
files on disk and the todos `calgrid export` prints:
  1. vdir into ROOT/a/b/cal (a, b, cal missing): one .ics per todo, each holding its id as UID;
     ROOT/a/b holds only cal; cal holds the items and .calgrid.lock; again into it: the same files;
  2. vdir onto a regular file, and into a folder below one: refused by name, the file unchanged;
  3. ics, native and jsonl into a missing folder, and import --out likewise: refused, naming the
     missing folder, which is not made;
  4. the vdir export waits while another process holds DIR/.calgrid.lock, then writes.
Usage: export_test.py path/to/calgrid"""
import fcntl, json, os, shutil, subprocess, sys, tempfile, time
from clisupport import Checks

binary = sys.argv[1]
root = tempfile.mkdtemp(prefix="calgrid-export-")
env = {k: v for k, v in os.environ.items() if k not in ("XDG_DATA_HOME", "CALGRID_TODOS")}
env.update(HOME=root, XDG_DATA_HOME=os.path.join(root, "xdg"), XDG_CACHE_HOME=os.path.join(root, "cache"), TZ="UTC")
T = "--today=2026-11-30"
check = Checks("export_test")


def calgrid(*args):
    return subprocess.run([binary, *args, T], env=env, capture_output=True, text=True, timeout=60)


def uids(folder):
    """file name -> the UIDs its item lines hold, for every *.ics in `folder`."""
    out = {}
    for n in sorted(os.listdir(folder)):
        if n.endswith(".ics"):
            with open(os.path.join(folder, n)) as f:
                out[n] = sorted({l[4:].strip() for l in f.read().splitlines() if l.startswith("UID:")})
    return out


try:
    sample = calgrid("export")
    ids = sorted(t["id"] for t in json.loads(sample.stdout)["todos"])
    check(sample.returncode == 0 and len(ids) > 5, f"calgrid export of the sample set: {sample.returncode} {sample.stderr}")

    # 1. Missing parents are made; the lock is inside the vdir.
    cal = os.path.join(root, "a", "b", "cal")
    p = calgrid("export", "--format", "vdir", "--out", cal)
    check(p.returncode == 0 and p.stderr == "", f"export --format vdir into a missing parent: exit {p.returncode}, {p.stderr!r}")
    if os.path.isdir(cal):
        files = uids(cal)
        check(sorted(u for us in files.values() for u in us) == ids and all(len(us) == 1 for us in files.values()),
              f"the vdir's files {files}, the set's ids {ids}")
        check(os.listdir(os.path.dirname(cal)) == ["cal"], f"beside the vdir: {os.listdir(os.path.dirname(cal))}")
        check(sorted(os.listdir(cal)) == sorted([*files, ".calgrid.lock"]), f"in the vdir: {sorted(os.listdir(cal))}")
        again = calgrid("export", "--format", "vdir", "--out", cal)
        check(again.returncode == 0 and uids(cal) == files, f"export into the vdir again: {again.stderr!r}, {uids(cal)}")
    else:
        check(False, f"export --format vdir made no {cal}")

    # 2. A regular file is no vdir, and no folder can be made below one.
    plain = os.path.join(root, "plain.txt")
    with open(plain, "w") as f:
        f.write("mine\n")
    p = calgrid("export", "--format", "vdir", "--out", plain)
    check(p.returncode == 1 and p.stderr.strip() == f"calgrid: {plain}: is not a directory (--format vdir writes one)",
          f"export --format vdir onto a file: exit {p.returncode}, {p.stderr!r}")
    below = os.path.join(plain, "cal")
    p = calgrid("export", "--format", "vdir", "--out", below)
    check(p.returncode == 1 and p.stderr.startswith(f"calgrid: {below}: mkdir failed: Not a directory"),
          f"export --format vdir below a file: exit {p.returncode}, {p.stderr!r}")
    check(open(plain).read() == "mine\n" and not os.path.exists(plain + ".lock"), "the file was changed or a lock made beside it")

    # 3. A file goes only into a folder that exists; the error names it, and it is not made.
    missing = os.path.join(root, "nowhere")
    for fmt, name in (("ics", "x.ics"), ("native", "x.json"), ("jsonl", "x.jsonl")):
        out = os.path.join(missing, name)
        p = calgrid("export", "--format", fmt, "--out", out)
        check(p.returncode == 1 and p.stderr.strip() == f"calgrid: {out}: cannot write it: {missing} does not exist",
              f"export --format {fmt} into a missing folder: exit {p.returncode}, {p.stderr!r}")
    source = os.path.join(root, "sample.json")
    with open(source, "w") as f:
        f.write(sample.stdout)
    out = os.path.join(missing, "y.json")
    p = calgrid("import", source, "--out", out)
    check(p.returncode == 1 and p.stderr.strip() == f"calgrid: {out}: cannot write it: {missing} does not exist",
          f"import --out into a missing folder: exit {p.returncode}, {p.stderr!r}")
    p = calgrid("export", "--out", os.path.join(plain, "x.json"))
    check(p.returncode == 1 and p.stderr.strip() == f"calgrid: {plain}/x.json: cannot write it: {plain} is not a directory",
          f"export --out below a file: exit {p.returncode}, {p.stderr!r}")
    check(not os.path.exists(missing), f"{missing} was made")

    # 4. The vdir's writers' lock: the export waits for it.
    held = os.path.join(root, "held")
    os.makedirs(held)
    with open(os.path.join(held, ".calgrid.lock"), "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        w = subprocess.Popen([binary, "export", "--format", "vdir", "--out", held, T], env=env,
                             stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        time.sleep(0.5)
        waiting = w.poll() is None and not uids(held)
        fcntl.flock(lock, fcntl.LOCK_UN)
    try:
        rc = w.wait(timeout=60)
    except subprocess.TimeoutExpired:
        w.kill()
        rc = None
    check(waiting and rc == 0 and sorted(u for us in uids(held).values() for u in us) == ids,
          f"export under another process's lock: waited {waiting}, exit {rc}, {w.stderr.read().decode()!r}")
finally:
    shutil.rmtree(root, ignore_errors=True)

sys.exit(check.report())
