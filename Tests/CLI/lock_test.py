"""The lock rule (issue 24): every command that replaces a user's file holds FILE.lock for its whole
read-modify-write, so two writers of one path serialize and neither loses the other's success.

The interleaving that used to lose an import: a store imported from a small file, 30 `calgrid add`
started in the background, and `calgrid import big.json --out store.json` meanwhile. Then (every
trial, 20 trials) the import's todos must all be in the final store, and every add that succeeded
must be there too unless it finished before the import did (the import replaced the store after it:
ordered before, not lost). The same for `export --out` over the store (5 trials). Each process has a
timeout, so a deadlock fails the test instead of hanging it.
Usage: lock_test.py path/to/calgrid [trials]"""
import json, os, shutil, subprocess, sys, tempfile, time

binary = sys.argv[1]
trials = int(sys.argv[2]) if len(sys.argv) > 2 else 20
ADDS, BIG = 30, 4000
T = "--today=2026-11-30"
root = tempfile.mkdtemp(prefix="calgrid-lock-")
env = {k: v for k, v in os.environ.items() if k not in ("XDG_DATA_HOME", "CALGRID_TODOS")}
env["HOME"] = root


def fail(message):
    shutil.rmtree(root, ignore_errors=True)
    raise SystemExit(f"lock_test: {message}")


def native(records):
    return json.dumps({"format": "calgrid", "version": 1, "todos": records}) + "\n"


def todo(id, title):
    return {"id": id, "title": title, "startDate": "2026-11-01", "endDate": "2026-11-30"}


def ids_in(path):
    with open(path) as f:
        return {t["id"] for t in json.load(f)["todos"]}


small_path, big_path = os.path.join(root, "small.json"), os.path.join(root, "big.json")
with open(small_path, "w") as f:
    f.write(native([todo(f"small-{k}", f"Small {k}") for k in range(3)]))
with open(big_path, "w") as f:
    f.write(native([todo(f"big-{k}", f"Big {k}") for k in range(BIG)]))
big_ids = {f"big-{k}" for k in range(BIG)}


def trial(n, writer):
    """One interleaving; `writer(store)` is the whole-file writer's command line. Returns how many
    adds finished before the writer (their todos legitimately replaced)."""
    d = os.path.join(root, f"t{n}")
    os.mkdir(d)
    store = os.path.join(d, "store.json")
    p = subprocess.run([binary, "import", small_path, "--out", store], env=env, capture_output=True, text=True, timeout=60)
    if p.returncode != 0:
        fail(f"trial {n}: the first import failed: {p.stderr}")
    adds = []
    for k in range(ADDS):
        adds.append((f"add-{k}", subprocess.Popen([binary, "add", f"Add {k}", "--id", f"add-{k}", "--todos", store, T],
                                                  env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)))
        if k == 4:
            whole = subprocess.Popen(writer(store), env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    deadline = time.monotonic() + 120
    ended = {}
    while len(ended) < ADDS + 1:
        if time.monotonic() > deadline:
            for _, q in adds:
                q.kill()
            whole.kill()
            fail(f"trial {n}: writers still running after 120 s (a deadlock?)")
        for id, q in adds + [("whole", whole)]:
            if id not in ended and q.poll() is not None:
                ended[id] = time.monotonic()
        time.sleep(0.002)
    if whole.returncode != 0:
        fail(f"trial {n}: {' '.join(writer(store)[1:2])} failed: {whole.stderr.read().decode()}")
    final = ids_in(store)
    missing_whole = big_ids - final
    if missing_whole:
        fail(f"trial {n}: the whole-file write said success, but {len(missing_whole)} of its {BIG} todos are gone "
             f"(a concurrent add replaced the store with its own copy)")
    before = 0
    for id, q in adds:
        if q.returncode != 0:
            fail(f"trial {n}: calgrid add --id {id} failed: {q.stderr.read().decode()}")
        if id not in final:
            # Exit times are seen by polling, and a process may exit a moment after its rename: a
            # quarter second of slack, far less than an add that ran after the whole-file write takes.
            if ended[id] > ended["whole"] + 0.25:
                fail(f"trial {n}: add {id} said success after the whole-file write ended, but is not in the store")
            before += 1
    extra = final - big_ids - {id for id, _ in adds}
    if extra:
        fail(f"trial {n}: the store holds todos nobody wrote last: {sorted(extra)[:5]}")
    leftovers = [x for x in os.listdir(d) if ".calgrid-tmp-" in x]
    if leftovers:
        fail(f"trial {n}: temporary files left: {leftovers}")
    return before


started = time.monotonic()
ordered_before = sum(trial(n, lambda s: [binary, "import", big_path, "--out", s]) for n in range(trials))
export_before = sum(trial(trials + n, lambda s: [binary, "export", "--todos", big_path, "--out", s, T]) for n in range(5))
print(f"lock: {trials} import --out and 5 export --out trials against {ADDS} concurrent adds each, 0 lost "
      f"({ordered_before + export_before} of {(trials + 5) * ADDS} adds ordered before the whole-file write, "
      f"the rest present), {time.monotonic() - started:.1f} s")
shutil.rmtree(root, ignore_errors=True)
