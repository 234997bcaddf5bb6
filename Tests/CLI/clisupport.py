"""What the CLI's Python suites share: running calgrid on a pseudo-terminal, the store tests' inputs.

Import it from a script in Tests/CLI (the script's folder is on sys.path)."""
import os
import pty
import select
import signal
import time


def on_pty(argv, env, timeout=60.0):
    """Runs argv[0] with argv on a new pseudo-terminal and environment `env`; returns everything
    it wrote there (standard output and standard error, as a terminal shows them) once it exits.
    The wait is bounded: a program still running after `timeout` seconds is killed and reported."""
    pid, fd = pty.fork()
    if pid == 0:
        try:
            os.execve(argv[0], argv, env)
        finally:
            os._exit(127)
    out = b""
    deadline = time.monotonic() + timeout
    try:
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                os.kill(pid, signal.SIGKILL)
                raise SystemExit(f"on_pty: {' '.join(argv)} still running after {timeout:.0f} s")
            ready, _, _ = select.select([fd], [], [], left)
            if not ready:
                continue
            try:
                chunk = os.read(fd, 65536)
            except OSError:     # EIO: the child closed the terminal
                break
            if not chunk:
                break
            out += chunk
    finally:
        os.close(fd)
        os.waitpid(pid, 0)
    return out


def write_store_inputs(seed_path, other_path, n):
    """The inputs of the store tests (atomic_writes.py, oom_cli.py): `n` dated todos s0... to make the
    store from, and `n` undated todos o0... to import over it."""
    import json
    with open(seed_path, "w") as f:
        for i in range(n):
            f.write(json.dumps({"id": f"s{i}", "title": f"Store todo {i}", "startDate": "2026-02-01",
                                "endDate": "2026-02-28", "createdAt": "2026-01-01T00:00:00Z"}) + "\n")
    with open(other_path, "w") as f:
        for i in range(n):
            f.write(json.dumps({"id": f"o{i}", "title": f"Other {i}"}) + "\n")


class Checks:
    """The checks of a script that goes on after a failure: each call counts one, a false one is
    printed at once and kept; `report` prints the count and gives the exit status."""

    def __init__(self, name=""):
        self.name, self.count, self.failures = name, 0, []

    def __call__(self, ok, what):
        self.count += 1
        if not ok:
            self.failures.append(what)
            print("FAIL:", what)

    @property
    def passed(self):
        return self.count - len(self.failures)

    def report(self, what=""):
        print(f"{self.name}: {self.passed} of {self.count} checks passed" + (f" ({what})" if what else ""))
        return 1 if self.failures else 0


class Suite:
    """A test script's throwaway home and its checks. `check` counts; `fail` removes the home and
    exits naming the script; `run` runs calgrid (args, then `tail`, the script's fixed options) with
    a bounded wait and checks its exit status; `finish` removes the home and prints the count.
    The environment drops what would point calgrid at the user's own store, cache or zone."""

    def __init__(self, name, binary, prefix, tail=()):
        import os, tempfile
        self.name, self.binary, self.tail = name, os.path.abspath(binary), list(tail)
        self.root = tempfile.mkdtemp(prefix=prefix)
        self.env = {k: v for k, v in os.environ.items() if k not in ("XDG_DATA_HOME", "CALGRID_TODOS", "CALGRID_HOLIDAYS", "TZ")}
        self.env.update(HOME=self.root, XDG_CACHE_HOME=os.path.join(self.root, "cache"), XDG_CONFIG_HOME=os.path.join(self.root, "config"))
        self.checks = 0

    def fail(self, message):
        import shutil
        shutil.rmtree(self.root, ignore_errors=True)
        raise SystemExit(f"{self.name}: {message}")

    def check(self, condition, message):
        self.checks += 1
        if not condition:
            self.fail(message)

    def run(self, *args, expect=0):
        """calgrid's (stdout, stderr); a wrong exit status fails the script."""
        import subprocess
        p = subprocess.run([self.binary, *args, *self.tail], env=self.env, capture_output=True, text=True, timeout=60)
        if expect is not None and p.returncode != expect:
            self.fail(f"calgrid {' '.join(args)}: exit {p.returncode}, expected {expect}: {p.stderr.strip()}")
        return p.stdout, p.stderr

    def finish(self, what=""):
        import shutil
        shutil.rmtree(self.root, ignore_errors=True)
        print(f"{self.name}: {self.checks} checks passed" + (f" ({what})" if what else ""))
