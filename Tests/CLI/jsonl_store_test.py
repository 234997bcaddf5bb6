"""The store as one JSON Lines file: `add`, `done`, `edit` and `rm` keep it JSON Lines (one todo
object a line, the format `export --format jsonl` writes), whether its name says so (`.jsonl`, a
new file) or only its content does (an existing file named otherwise); the same commands on a
native store give the same todos. A Taskwarrior export is read as a store, never written.
Usage: jsonl_store_test.py path/to/calgrid"""
import json, os, shutil, sys

from clisupport import Suite

suite = Suite("jsonl_store_test", sys.argv[1], "calgrid-jsonl-", tail=["--today=2026-11-30"])
root, check = suite.root, suite.check


def cg(store, *args, expect=0):
    return suite.run(*args, "--todos", store, expect=expect)


def lines(path):
    """The file's todos when it is JSON Lines: every line one JSON object; fails otherwise."""
    with open(path, encoding="utf-8") as f:
        text = f.read()
    check(text.endswith("\n"), f"{path}: JSON Lines end with a newline")
    objects = []
    for n, line in enumerate(text.splitlines(), 1):
        try:
            o = json.loads(line)
        except ValueError as e:
            suite.fail(f"{path}:{n}: not a JSON object on its own line ({e}): {line[:80]!r}")
        check(isinstance(o, dict) and "title" in o, f"{path}:{n}: a todo object a line")
        objects.append(o)
    return objects


def native(path):
    with open(path, encoding="utf-8") as f:
        doc = json.load(f)
    check(isinstance(doc, dict) and doc.get("format") == "calgrid", f"{path}: the native wrapper")
    return doc["todos"]


def without_creation(value):
    """`value` without its creation times, which differ between two runs a second apart."""
    if isinstance(value, dict):
        return {k: without_creation(v) for k, v in value.items() if k not in ("createdAt", "created")}
    if isinstance(value, list):
        return [without_creation(v) for v in value]
    return value


def walk(store):
    """The same changes on any store; returns what `list --json` says afterwards."""
    _, err = cg(store, "add", "Water the plants", "--id", "w1", "--start", "2026-11-30", "--end", "2026-12-06", "--repeat", "mon,thu")
    cg(store, "add", "Pay rent", "--id", "r1", "--end", "2026-12-01", "--tag", "home")
    cg(store, "add", "Call the bank", "--id", "b1")
    cg(store, "done", "w1", "--on", "2026-12-03")
    cg(store, "done", "r1")
    cg(store, "edit", "b1", "--title", "Call the bank about the card", "--memo", "before noon")
    cg(store, "rm", "r1")
    out, _ = cg(store, "list", "--json")
    return err, json.loads(out)


# A new store named .jsonl: JSON Lines from the first add, and after every change.
jl = os.path.join(root, "todos.jsonl")
err, listed_jl = walk(jl)
check("JSON Lines" in err, f"add names the format it created: {err!r}")
todos_jl = lines(jl)
check([t["id"] for t in todos_jl] == ["w1", "b1"], f"the JSON Lines store's ids: {[t['id'] for t in todos_jl]}")

# The same walk on a native store: the same todos, and its export as JSON Lines is the file above.
nat = os.path.join(root, "todos.json")
err_n, listed_n = walk(nat)
check("native format" in err_n, f"add on todos.json creates a native file: {err_n!r}")
todos_n = native(nat)
check(without_creation(todos_n) == without_creation(todos_jl), "the JSON Lines store holds what the native store holds")
check(without_creation(listed_n) == without_creation(listed_jl), "list --json reads both stores alike")
exported, _ = cg(nat, "export", "--format", "jsonl")
check(without_creation([json.loads(l) for l in exported.splitlines()]) == without_creation(todos_jl),
      "the JSON Lines store is what export --format jsonl writes")

# An existing JSON Lines file named otherwise stays JSON Lines after a change.
other = os.path.join(root, "my-todos.txt")
with open(other, "w", encoding="utf-8") as f:
    f.write(exported)
cg(other, "done", "w1", "--on", "2026-11-30")
todos_o = lines(other)
check(len(todos_o) == 2 and todos_o[0]["completed"][:2] == [True, True], f"done kept my-todos.txt JSON Lines: {todos_o[0]}")

# A Taskwarrior export is a store to read, never to write: a change fails, naming the file, and
# leaves its bytes as they were.
tw = os.path.join(root, "tasks.json")
shutil.copy(os.path.join(os.path.dirname(os.path.abspath(__file__)), "data", "tasks.json"), tw)
before = open(tw, "rb").read()
out, _ = cg(tw, "list", "--json")
check("Pay rent" in out, "a Taskwarrior export is read as a store")
_, err = cg(tw, "add", "Something new", expect=1)
check(err.count("\n") == 1 and tw in err and "taskwarrior" in err and "never written" in err, f"the refusal names the file: {err!r}")
check(open(tw, "rb").read() == before, "the Taskwarrior file is unchanged")

suite.finish("a JSON Lines store and a native one walked alike; a Taskwarrior store never written")
