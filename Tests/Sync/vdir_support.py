"""What the vdir tests share (Tests/Sync/*_test.py): a vdir's files, and checks that count and keep
going (every failure printed, the run's exit status at the end)."""
import os


def files(vdir):
    """name -> bytes of every file in the vdir (the lock file aside)."""
    out = {}
    for n in sorted(os.listdir(vdir)):
        if n != ".calgrid.lock":
            with open(os.path.join(vdir, n), "rb") as f:
                out[n] = f.read()
    return out


class Checks:
    """Counts checks and collects the failed ones, printing each as it fails."""
    def __init__(self):
        self.count = 0
        self.failures = []

    def __call__(self, ok, what):
        self.count += 1
        if not ok:
            self.failures.append(what)
            print("FAIL:", what)

    @property
    def passed(self):
        return self.count - len(self.failures)
