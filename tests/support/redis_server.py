"""A throwaway redis-server for fault tests: its own port and folder, no persistence.

Fault tests stop, restart and inspect this server; the shared Redis other test runs use
(CELERY_BROKER_URL) is never touched.
"""

from __future__ import annotations

import shutil
import subprocess
import tempfile
import time
from pathlib import Path

import redis

from .services import free_port, missing

REDIS_SERVER = "redis-server"


def require_redis_server() -> str:
    path = shutil.which(REDIS_SERVER)
    if path is None:
        missing("redis-server", "the binary is not on PATH (Debian package 'redis-server')")
    return path


class RedisServer:
    """`start()`, `stop()` (a clean shutdown that saves nothing: the queue is lost, as in a
    restart without persistence), `restart()` on the same port, `url(db)`, `client()`."""

    def __init__(self) -> None:
        self.binary = require_redis_server()
        self.port = 0
        self.dir = Path(tempfile.mkdtemp(prefix="lexicheck-redis-"))
        self.proc: subprocess.Popen | None = None

    def url(self, db: int = 0) -> str:
        return f"redis://127.0.0.1:{self.port}/{db}"

    def client(self, db: int = 0) -> redis.Redis:
        return redis.Redis(host="127.0.0.1", port=self.port, db=db, socket_timeout=5)

    def start(self) -> RedisServer:
        for _ in range(5):  # another process may take the free port before we bind it
            self.port = self.port or free_port()
            if self._launch():
                return self
            self.port = 0
        raise RuntimeError(f"redis-server did not start:\n{self._log()}")

    def _launch(self) -> bool:
        command = [
            self.binary,
            "--port", str(self.port),
            "--bind", "127.0.0.1",
            "--save", "",
            "--appendonly", "no",
            "--dir", str(self.dir),
            "--logfile", str(self.dir / "redis.log"),
            "--daemonize", "no",
        ]  # fmt: skip
        self.proc = subprocess.Popen(
            command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True
        )
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                return False
            try:
                if self.client().ping():
                    return True
            except redis.RedisError:
                time.sleep(0.05)
        self.proc.kill()
        self.proc.wait()
        return False

    def stop(self) -> None:
        """Stop the server; it keeps nothing, so every queued message is gone."""
        if self.proc and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()

    def restart(self, down_for: float = 0.0) -> None:
        port = self.port
        self.stop()
        time.sleep(down_for)
        self.port = port
        if not self._launch():
            raise RuntimeError(f"redis-server did not come back on port {port}:\n{self._log()}")

    def close(self) -> None:
        self.stop()
        shutil.rmtree(self.dir, ignore_errors=True)

    def _log(self) -> str:
        log = self.dir / "redis.log"
        return log.read_text(errors="replace")[-2000:] if log.exists() else "(no log)"
