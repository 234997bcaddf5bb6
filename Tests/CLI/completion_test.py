"""`calgrid completion bash|zsh|fish` run in the shells themselves: commands, options, option values
and the store's ids complete; every option offered is one the command's parser accepts; the man
page documents every command and renders without warnings. bash always runs; zsh and fish run
when they are installed. Usage: completion_test.py path/to/calgrid"""
import os, shutil, subprocess, sys, tempfile

binary = os.path.abspath(sys.argv[1])
root = tempfile.mkdtemp(prefix="calgrid-completion-")
env = {k: v for k, v in os.environ.items() if k not in ("XDG_DATA_HOME", "CALGRID_TODOS")}
env.update(HOME=root, PATH=os.path.dirname(binary) + os.pathsep + env.get("PATH", ""))
here = os.path.dirname(os.path.abspath(__file__))
checks = 0


def fail(message):
    shutil.rmtree(root, ignore_errors=True)
    raise SystemExit(f"completion_test: {message}")


def run(*args, **kw):
    return subprocess.run(args, capture_output=True, text=True, env=env, **kw)


def expect(shell, line, got, want):
    global checks
    if sorted(set(got)) != sorted(set(want)):
        fail(f"{shell}: '{line}' completes to {sorted(set(got))}, expected {sorted(set(want))}")
    checks += 1


run(binary, "add", "Gym", "--id", "gym1", "--end", "+2w")
run(binary, "add", "Golf", "--id", "golf")
other = os.path.join(root, "other.json")
run(binary, "add", "Piano", "--id", "piano", "--todos", other)

# (command line, the word being completed, expected completions)
cases = [
    ("calgrid mo", ["month"]),
    ("calgrid add --re", ["--repeat", "--remind"]),
    ("calgrid add --repeat w", ["wed", "weekdays", "weekends", "weekly"]),
    ("calgrid edit --repeat mo", ["mon", "monthly"]),
    ("calgrid done --on t", ["today", "tomorrow", "tue", "thu"]),
    ("calgrid edit g --end n", ["none"]),
    ("calgrid list --sort d", ["deadline"]),
    ("calgrid month --first-weekday s", ["sun", "sat"]),
    ("calgrid done g", ["gym1", "golf"]),
    ("calgrid rm --todos " + other + " p", ["piano"]),
    ("calgrid completion ", ["bash", "zsh", "fish"]),
]


def bash_complete(script, line):
    words = line.split(" ")
    program = (f"source {script}\nCOMP_WORDS=({' '.join(repr(w) for w in words)})\nCOMP_CWORD={len(words) - 1}\n"
               "_calgrid\nprintf '%s\\n' \"${COMPREPLY[@]}\"\n")
    p = run("bash", "--norc", "-c", program)
    if p.returncode != 0:
        fail(f"bash: '{line}': {p.stderr.strip()}")
    return [w for w in p.stdout.split("\n") if w]


scripts = {}
for shell in ("bash", "zsh", "fish"):
    p = run(binary, "completion", shell)
    if p.returncode != 0 or not p.stdout:
        fail(f"calgrid completion {shell}: exit {p.returncode} {p.stderr.strip()}")
    scripts[shell] = os.path.join(root, f"calgrid.{shell}")
    with open(scripts[shell], "w") as f:
        f.write(p.stdout)

for line, want in cases:
    expect("bash", line, bash_complete(scripts["bash"], line), want)

# Every option the script offers is one the command accepts (none is "unknown option").
commands = bash_complete(scripts["bash"], "calgrid ")
for c in commands:
    for o in bash_complete(scripts["bash"], f"calgrid {c} --"):
        p = run(binary, c, o, "x", "--help")
        if "unknown option" in p.stderr:
            fail(f"the completion offers '{c} {o}', which calgrid {c} does not accept")
        checks += 1
tried = ["zsh"] if shutil.which("zsh") else []

if shutil.which("zsh"):
    # The completion functions are called with zsh's completion builtins replaced by printers.
    stubs = ("compadd() { while [[ $1 == -* && $1 != -- ]]; do shift; done; [[ $1 == -- ]] && shift; "
             "print -l -- ${(M)@:#${PREFIX}*} }\n"
             "_describe() { local -a l; l=(${(P)${@[-1]}}); print -l -- ${(M)${l%%:*}:#${PREFIX}*} }\n"
             "_files() { print FILES }\ncompdef() { :; }\n")
    for line, want in cases:
        words = line.split(" ")
        program = (stubs + f"source {scripts['zsh']}\nwords=({' '.join(repr(w) for w in words)})\n"
                   f"CURRENT={len(words)}\nPREFIX={words[-1]!r}\n_calgrid\n")
        p = run("zsh", "-f", "-c", program)
        got = [w.replace("\\:", ":") for w in p.stdout.split("\n") if w]
        expect("zsh", line, got, want)

if shutil.which("fish"):
    tried.append("fish")
    for line, want in cases:
        p = run("fish", "--no-config", "-c", f"source {scripts['fish']}; complete -C {line!r}")
        got = [w.split("\t")[0] for w in p.stdout.split("\n") if w]
        if line.endswith(" --re") or " --" in line.split(" ")[-1]:
            got = [w for w in got if w.startswith("--")]
        expect("fish", line, got, want)

# The man page: renders without warnings and names every command.
page = os.path.join(here, "..", "..", "docs", "calgrid.1")
p = run("groff", "-man", "-Tutf8", "-ww", "-z", page)
if p.returncode != 0 or p.stderr:
    fail(f"groff warns about docs/calgrid.1: {p.stderr.strip()}")
text = run("groff", "-man", "-Tutf8", "-P", "-cbou", page).stdout
for c in commands:
    if f"\n       {c}" not in text:
        fail(f"the man page does not describe the command '{c}'")
    checks += 1

shutil.rmtree(root, ignore_errors=True)
print(f"completion: {checks} checks (bash{''.join(', ' + s for s in tried)}; man page)")
