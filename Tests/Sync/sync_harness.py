"""A real CalDAV round trip for tests: a Radicale server on 127.0.0.1 and vdirsyncer between it
and a vdir.

Every server gets a free port, a throwaway folder, bounded waits, and is stopped whatever happens
(`with RadicaleServer() as server:`). vdirsyncer runs with its own config and status folder in the
same throwaway folder, so nothing touches the user's ~/.config or ~/.local.
"""
import contextlib
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import base64
import urllib.request

VENV = os.environ.get("CALGRID_SYNC_VENV", ".build/sync-venv")
START_TIMEOUT = 20.0   # seconds for Radicale to answer
RUN_TIMEOUT = 120      # seconds for one vdirsyncer command


def _free_port():
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class RadicaleServer:
    """Radicale with no authentication, filesystem storage under a throwaway folder."""

    def __init__(self, user="calgrid"):
        self.user = user
        self.folder = tempfile.mkdtemp(prefix="calgrid-caldav-")
        self.port = _free_port()
        self.url = f"http://127.0.0.1:{self.port}/"
        self.process = None

    def __enter__(self):
        config = os.path.join(self.folder, "radicale.conf")
        with open(config, "w") as f:
            f.write(f"[server]\nhosts = 127.0.0.1:{self.port}\n"
                    "[auth]\ntype = none\n"
                    f"[storage]\nfilesystem_folder = {self.folder}/collections\n"
                    "[logging]\nlevel = warning\n")
        self.log = open(os.path.join(self.folder, "radicale.log"), "w")
        self.process = subprocess.Popen([os.path.join(VENV, "bin", "radicale"), "--config", config],
                                        stdout=self.log, stderr=subprocess.STDOUT, start_new_session=True)
        deadline = time.monotonic() + START_TIMEOUT
        while True:
            if self.process.poll() is not None:
                raise RuntimeError(f"radicale exited with {self.process.returncode}: {self.log_text()}")
            try:
                urllib.request.urlopen(self.url, timeout=1).close()
                return self
            except OSError:
                if time.monotonic() > deadline:
                    self.__exit__(None, None, None)
                    raise RuntimeError(f"radicale did not answer on {self.url} within {START_TIMEOUT} s")
                time.sleep(0.1)

    def log_text(self):
        self.log.flush()
        with open(self.log.name) as f:
            return f.read()[-2000:]

    def __exit__(self, *exc):
        if self.process and self.process.poll() is None:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(self.process.pid, signal.SIGTERM)
            try:
                self.process.wait(timeout=5)
            except subprocess.TimeoutExpired:
                os.killpg(self.process.pid, signal.SIGKILL)
                self.process.wait(timeout=5)
        self.log.close()
        shutil.rmtree(self.folder, ignore_errors=True)
        return False

    def make_calendar(self, name, components="VTODO,VEVENT"):
        """MKCALENDAR /user/name/; returns the collection's URL."""
        url = f"{self.url}{self.user}/{name}/"
        comps = "".join(f'<C:comp name="{c}"/>' for c in components.split(","))
        body = ('<?xml version="1.0" encoding="utf-8"?>'
                '<C:mkcalendar xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav"><D:set><D:prop>'
                f'<C:supported-calendar-component-set>{comps}</C:supported-calendar-component-set>'
                '</D:prop></D:set></C:mkcalendar>').encode()
        # Radicale makes a user's principal collection when that user first asks for it.
        self._request(f"{self.url}{self.user}/", "PROPFIND", headers={"Depth": "0"})
        self._request(url, "MKCALENDAR", body, {"Content-Type": "application/xml"})
        return url

    def _request(self, url, method, body=None, headers=None):
        auth = base64.b64encode(f"{self.user}:x".encode()).decode()
        req = urllib.request.Request(url, data=body, method=method,
                                     headers={"Authorization": f"Basic {auth}", **(headers or {})})
        urllib.request.urlopen(req, timeout=10).close()

    def items(self, name):
        """The .ics texts the server stores in collection `name`, by file name."""
        folder = os.path.join(self.folder, "collections", "collection-root", self.user, name)
        out = {}
        for entry in sorted(os.listdir(folder)):
            path = os.path.join(folder, entry)
            if os.path.isfile(path) and not entry.startswith("."):
                with open(path, encoding="utf-8") as f:
                    out[entry] = f.read()
        return out


class VdirSyncer:
    """vdirsyncer in a scratch home: `config_text` is its ~/.config/vdirsyncer/config there, and its
    status goes wherever that config says (under the scratch home for `~` paths), so nothing
    touches the user's own ~/.config or ~/.local."""

    def __init__(self, home, config_text):
        self.home = home
        self.set_config(config_text)

    def set_config(self, config_text):
        folder = os.path.join(self.home, ".config", "vdirsyncer")
        os.makedirs(folder, exist_ok=True)
        with open(os.path.join(folder, "config"), "w") as f:
            f.write(config_text)

    def env(self, extra_path=()):
        env = {k: v for k, v in os.environ.items() if not k.startswith("XDG_") and k not in ("CALGRID_TODOS", "TZ")}
        env["HOME"] = self.home
        env["PATH"] = os.pathsep.join([os.path.abspath(os.path.join(VENV, "bin")), *extra_path, env.get("PATH", "")])
        return env

    def run(self, *args):
        p = subprocess.run([os.path.join(VENV, "bin", "vdirsyncer"), *args],
                           capture_output=True, text=True, timeout=RUN_TIMEOUT, env=self.env(), input="")
        if p.returncode != 0:
            raise RuntimeError(f"vdirsyncer {' '.join(args)} exited {p.returncode}:\n{p.stdout}{p.stderr}")
        return p.stdout + p.stderr

    def sync(self):
        return self.run("sync")

    def script(self, text, extra_path=()):
        """Runs `text` with bash -e in the scratch home (the README's commands, as written)."""
        p = subprocess.run(["bash", "-e", "-c", text], capture_output=True, text=True, timeout=RUN_TIMEOUT,
                           env=self.env(extra_path), cwd=self.home, input="")
        if p.returncode != 0:
            raise RuntimeError(f"bash -e exited {p.returncode} running\n{text}\n{p.stdout}{p.stderr}")
        return p.stdout
