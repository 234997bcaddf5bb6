#!/usr/bin/env python3
"""The non-Swift snippets of README.md and docs/*.md, read from the docs themselves.

  snippets.py extract NAME       print the code of the block(s) marked <!-- snippet: NAME -->
                                 (exit 1 when there is none or it is empty); mk/capi.mk builds the
                                 README's C program from it, Tests/CLI/store_test.py its walkthrough
  snippets.py cli CALGRID        run the command-line blocks (cli-output, cli-session, cli-commands-*),
                                 check the set-up block and the module graph (against Package.swift),
                                 fail on any fenced block without a marker, and on any backticked
                                 name of ours the sources no longer have (stale_names)

Markers are HTML comments in the first column right above a fence (docs/README.md, "Snippets").
The Swift blocks are run by Tests/DocSnippets/Extractor through SwiftPM instead.
"""
import glob, os, re, shlex, shutil, subprocess, sys, tempfile

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
DATA = os.path.join(ROOT, "Tests", "CLI", "data")


def docs():
    return [os.path.join(ROOT, "README.md")] + sorted(glob.glob(os.path.join(ROOT, "docs", "*.md")))


def blocks(path):
    """Every fenced block of a page: (marker or None, language, first line number, code)."""
    lines = open(path, encoding="utf-8").read().split("\n")
    found, marker, i = [], None, 0
    while i < len(lines):
        line = lines[i]
        if line.startswith("<!--"):
            text = line
            while "-->" not in text and i + 1 < len(lines):
                i += 1
                text += "\n" + lines[i]
            m = re.match(r"<!-- snippet:\s*(.*?)\s*(-->|\n)", text)
            marker = m.group(1) if m else (marker if text.startswith("<!-- check") else None)
            i += 1
            continue
        if line.startswith("```"):
            language, start, body = line[3:].strip(), i + 1, []
            i += 1
            while i < len(lines) and not (lines[i].startswith("```") and lines[i].strip() == "```"):
                body.append(lines[i])
                i += 1
            found.append((marker, language, start, "\n".join(body) + "\n"))
            marker = None
        elif line.strip():
            marker = None
        i += 1
    return found


def extract(name):
    code = [b[3] for f in docs() for b in blocks(f) if b[0] == name]
    if not code or not any(c.strip() for c in code):
        sys.exit(f"snippets.py: no block marked <!-- snippet: {name} --> with code in README.md or docs/*.md")
    return code


def env_for(home):
    # No config but the fresh home's (~/.config/calgrid/config, which a session may write).
    env = {k: v for k, v in os.environ.items() if k not in ("CALGRID_TODOS", "CALGRID_HOLIDAYS", "XDG_CONFIG_HOME", "TZ", "NO_COLOR")}
    env.update(HOME=home, XDG_DATA_HOME=os.path.join(home, "xdg"), LC_ALL="C.UTF-8", TZ="UTC", TERM="dumb",
               TASKDATA=os.path.join(home, "task"), TASKRC=os.path.join(home, "taskrc"))
    open(env["TASKRC"], "a").close()
    return env


def front_door():
    """The README stays a front door (issue 18): at most 350 lines, and every page of docs/ is
    linked from its Links section and from the index, docs/README.md."""
    problems = []
    readme = open(os.path.join(ROOT, "README.md"), encoding="utf-8").read()
    if readme.count("\n") > 350:
        problems.append(f"README.md: {readme.count(chr(10))} lines, more than the 350 of a front door: move reference to docs/")
    links = readme.split("\n## Links", 1)[1] if "\n## Links" in readme else ""
    index = open(os.path.join(ROOT, "docs", "README.md"), encoding="utf-8").read()
    for page in sorted(os.listdir(os.path.join(ROOT, "docs"))):
        if page == "README.md" or not (page.endswith(".md") or page.endswith(".1") or page.endswith(".json")):
            continue
        if f"(docs/{page})" not in links and page.endswith(".md"):
            problems.append(f"README.md: docs/{page} is not in the Links section: add a line `- [docs/{page}](docs/{page}) — what it is`")
        if f"]({page})" not in index:
            problems.append(f"docs/README.md: {page} is not in the index table: add a row `| [{page}]({page}) | what it is |`")
    problems += broken_links()
    return problems


def slug(heading):
    """GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens."""
    text = re.sub(r"[`*]", "", heading.strip().lower())
    return re.sub(r"[^\w\- ]", "", text).replace(" ", "-")


def broken_links():
    """Every relative link of README.md and docs/*.md names a file that exists and, with #anchor,
    a heading of that page."""
    problems, anchors = [], {}
    for path in docs():
        text = open(path, encoding="utf-8").read()
        text = re.sub(r"(?ms)^```.*?^```", "", text)                   # code blocks
        for target in re.findall(r"\]\(([^)\s]+)\)", text):
            if re.match(r"[a-z]+:", target):
                continue
            file, _, anchor = target.partition("#")
            full = os.path.normpath(os.path.join(os.path.dirname(path), file)) if file else path
            where = os.path.relpath(path, ROOT)
            if not os.path.exists(full):
                problems.append(f"{where}: link to {target}: no such file")
            elif anchor and full.endswith(".md"):
                if full not in anchors:
                    page = re.sub(r"(?ms)^```.*?^```", "", open(full, encoding="utf-8").read())
                    anchors[full] = {slug(h) for h in re.findall(r"(?m)^#+ (.*)$", page)}
                if anchor not in anchors[full]:
                    problems.append(f"{where}: link to {target}: no heading '#{anchor}' in {os.path.relpath(full, ROOT)}")
    return problems


def stale_names():
    """Every backticked name in README.md and docs/*.md that looks like one of ours still exists
    (issue 18: the architecture page named internals long gone). Ours: an `_`-prefixed internal,
    a `calgrid_`/`CALGRID_` C name, a CamelCase type, each part of `Type.member`, a source file
    (`X.swift`, `.c`, `.h`, `.py`, `.mk`). It exists when it is a word of Sources/, Include/, Tests/,
    Benchmarks/, Examples/ or mk/ (a file name: a file there); a fragment of C names (`_add_many`,
    `_AMBIGUOUS`) when a `calgrid_` name ends with it. Placeholders are in capitals
    (`TodoSet+FACET.swift`); generated files under `.build/` are not checked."""
    words, files = set(), set()
    for top in ("Sources", "Include", "Tests", "Benchmarks", "Examples", "mk"):
        for dirpath, _, names in os.walk(os.path.join(ROOT, top)):
            for name in names:
                files.add(name)
                if name.endswith((".swift", ".h", ".c", ".py", ".mk", ".modulemap", ".sh", ".ld")):
                    with open(os.path.join(dirpath, name), encoding="utf-8", errors="replace") as f:
                        words.update(re.findall(r"[A-Za-z_][A-Za-z0-9_]*", f.read()))
    c_names = [w.lower() for w in words if w.lower().startswith("calgrid_")]

    def exists(part):
        return part in words or ("_" in part and len(part) > 2 and any(n.endswith(part.lower()) for n in c_names))

    def ours(part):
        return (part.startswith("_") and not part.startswith("__")) or part.lower().startswith("calgrid_") \
            or re.match(r"^[A-Z][a-z0-9]+[A-Z][A-Za-z0-9]*$", part) is not None

    problems = []
    for path in docs():
        text = re.sub(r"(?ms)^```.*?^```", lambda m: "\n" * m.group(0).count("\n"), open(path, encoding="utf-8").read())
        for number, line in enumerate(text.split("\n"), 1):
            for span in re.findall(r"`([^`\n]+)`", line):
                where = f"{os.path.relpath(path, ROOT)}:{number}: `{span}`"
                m = re.match(r"^(?:[\w./+-]*/)?([\w+-]+\.(?:swift|c|h|py|mk))$", span)
                if m:
                    if m.group(1) not in files and not span.startswith(".build/") and not re.search(r"[A-Z]{3,}", m.group(1)):
                        problems.append(f"{where}: no file {m.group(1)} in the repository: the doc names something gone")
                    continue
                if not re.match(r"^[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*(?:\([\w:]*\))?$", span):
                    continue
                for part in re.sub(r"\(.*\)$", "", span).split("."):
                    if ours(part) and not exists(part):
                        problems.append(f"{where}: no `{part}` in the sources: the doc names something gone or renamed")
    return problems


def run_cli(binary):
    binary = os.path.abspath(binary)
    failures, counts = [], {}
    scratch = tempfile.mkdtemp(prefix="calgrid-doc-")
    bindir = os.path.join(scratch, "bin")
    os.makedirs(bindir)
    os.symlink(binary, os.path.join(bindir, "calgrid"))

    def fresh():
        home = tempfile.mkdtemp(dir=scratch)
        work = os.path.join(home, "work")
        shutil.copytree(DATA, work)
        env = env_for(home)
        env["PATH"] = bindir + os.pathsep + env.get("PATH", "")
        return work, env

    try:
        for path in docs():
            page = os.path.relpath(path, ROOT)
            for marker, language, line, code in blocks(path):
                where = f"{page}:{line}"
                if marker is None:
                    failures.append(f"{where}: a ```{language} block without a <!-- snippet: NAME --> marker "
                                    "(docs/README.md, Snippets, says which kinds there are)")
                    continue
                kind = marker.split()[0]
                tally = "swift" if language == "swift" else "cli-commands" if kind.startswith("cli-commands") else kind
                counts[tally] = counts.get(tally, 0) + 1
                if language == "swift" or kind in ("c-month", "c-recurrence", "c-lunar-cells", "cli-store-walkthrough", "cli-show-after-ticks",
                                                   "vdirsyncer-config", "vdir-sync", "vdirsyncer-conflict"):
                    continue                          # run by the Swift tests, mk/capi.mk, store_test.py, Tests/Sync/roundtrip.py
                if kind == "make-commands":
                    commands = [l.split("#")[0].strip() for l in code.strip().split("\n")]
                    ci = open(os.path.join(ROOT, ".ci", "run")).read()
                    if commands != ["make demo", "make test"] or "\nmake test\n" not in ci + "\n":
                        failures.append(f"{where}: the set-up block must be exactly `make demo` and `make test`, "
                                        f"and .ci/run must run `make test` (got {commands})")
                    continue
                if kind == "cli-output":
                    work, env = fresh()
                    p = subprocess.run([binary, *shlex.split(marker)[1:]], cwd=work, env=env, capture_output=True, text=True)
                    if p.returncode != 0 or p.stdout != code:
                        failures.append(f"{where}: `calgrid {' '.join(shlex.split(marker)[1:])}` prints\n{p.stdout}{p.stderr}"
                                        f"[exit {p.returncode}], the doc shows\n{code}")
                    continue
                if kind == "cli-session":
                    work, env = fresh()
                    sessions = re.split(r"^\$ ", code, flags=re.M)[1:]
                    if not sessions:
                        failures.append(f"{where}: a cli-session block without a `$ calgrid` line")
                    for s in sessions:
                        command, _, shown = s.partition("\n")
                        p = subprocess.run(["bash", "-c", command + " 2>&1"], cwd=work, env=env, capture_output=True, text=True)
                        if p.stdout != shown:
                            failures.append(f"{where}: `{command}` prints\n{p.stdout}the doc shows\n{shown}")
                    continue
                if kind.startswith("cli-commands"):
                    work, env = fresh()
                    script = ["set -u"]
                    ran = 0
                    for l in code.strip().split("\n"):
                        command, _, comment = l.partition(" # ")
                        command, comment = command.strip(), comment.strip()
                        if not command:
                            continue
                        ran += 1
                        q = shlex.quote(command)
                        if comment.startswith("calgrid:"):
                            want = comment.split(" (…)")[0]
                            script.append(f"out=$( {command} 2>&1 ) && {{ echo 'succeeded: '{q}; exit 1; }}; "
                                          f"[[ \"$out\" == {shlex.quote(want)}* ]] || {{ echo 'said: '\"$out\"' for '{q}; exit 1; }}")
                        else:
                            script.append(f"{command} >/dev/null || {{ echo 'failed: '{q}; exit 1; }}")
                    if ran == 0:
                        failures.append(f"{where}: an empty command block")
                    p = subprocess.run(["bash", "-c", "\n".join(script)], cwd=work, env=env, capture_output=True, text=True)
                    if p.returncode != 0:
                        failures.append(f"{where}: {p.stdout.strip()} {p.stderr.strip()}")
                    continue
                if kind == "module-graph":
                    manifest = open(os.path.join(ROOT, "Package.swift"), encoding="utf-8").read()
                    # Every target but the tests' own (test targets, and helpers and tools under Tests/).
                    calls = re.findall(r'\.(?:target|systemLibrary|executableTarget)\(((?:[^()]|\([^()]*\))*)\)', manifest)
                    modules = {re.search(r'name:\s*"([^"]+)"', c).group(1) for c in calls if 'path: "Tests/' not in c}
                    drawn = set(re.findall(r"\b(calgrid|CalGrid\w*|C[A-Z][A-Za-z]+)\b", code))
                    if not modules or modules != drawn:
                        failures.append(f"{where}: the module graph draws {sorted(drawn)}, Package.swift has {sorted(modules)}: "
                                        "redraw it (and the paths around it) in docs/architecture.md")
                    # The arrows: each `M ──► A, B` line against M's `dependencies:`, and every
                    # module with dependencies has its line.
                    uses = {}
                    for c in calls:
                        name = re.search(r'name:\s*"([^"]+)"', c).group(1)
                        if name in modules:
                            deps = re.search(r'dependencies:\s*\[([^\]]*)\]', c)
                            uses[name] = set(re.findall(r'"([^"]+)"', deps.group(1))) if deps else set()
                    arrows = {}
                    for l in code.split("\n"):
                        m = re.match(r"\s*(\w+)\s+──►\s+(.*)$", l)
                        if m:
                            arrows[m.group(1)] = {x.strip() for x in m.group(2).split(",") if x.strip()}
                    for name in sorted(modules):
                        if arrows.get(name, set()) != uses.get(name, set()):
                            failures.append(f"{where}: the module graph draws {name} ──► {sorted(arrows.get(name, set()))}, "
                                            f"Package.swift gives it {sorted(uses.get(name, set()))}: redraw its arrows")
                    continue
                failures.append(f"{where}: unknown snippet kind '{kind}'")
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    failures += front_door()
    failures += stale_names()
    for f in failures:
        print("FAIL doc snippet", f)
    ran = ", ".join(f"{n} {k}" for k, n in sorted(counts.items()))
    if not all(counts.get(k) for k in ("swift", "c-month", "cli-output", "cli-session", "cli-commands", "make-commands")):
        failures.append("too few command-line blocks found: were the docs moved?")
        print("FAIL doc snippets: too few command-line blocks found")
    print(f"doc snippets: {ran} marked blocks in {len(docs())} pages" + ("" if not failures else f"; {len(failures)} failed"))
    return 1 if failures else 0


if __name__ == "__main__":
    if len(sys.argv) == 3 and sys.argv[1] == "extract":
        sys.stdout.write("".join(extract(sys.argv[2])))
    elif len(sys.argv) == 3 and sys.argv[1] == "cli":
        sys.exit(run_cli(sys.argv[2]))
    else:
        sys.exit(__doc__)
