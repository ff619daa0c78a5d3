"""One real `celery worker` process, started and stopped the same way by the tests, the
fault tests and the benchmarks.

The worker leads its own process group: `stop()` and `kill()` reach its pool processes
too, so none is left running after a test or a benchmark, even after a crash.
"""

from __future__ import annotations

import os
import signal
import subprocess
import time
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path

from .celery import worker_argv

__all__ = ["WorkerProcess"]

ROOT = Path(__file__).resolve().parents[1]


class WorkerProcess:
    """`WorkerProcess(environment=..., log=..., hostname="x-1@%h").start()`: a prefork worker
    with `environment` as its whole environment, its output in `log`.

    `start()` returns once the worker logged that it is ready, or once `ready()` says so
    (a worker logging below INFO never says it); it raises with the log's end when the
    worker exits first or takes longer than `timeout` seconds."""

    def __init__(
        self,
        *,
        environment: Mapping[str, str],
        log: Path,
        hostname: str,
        concurrency: int = 1,
        loglevel: str = "INFO",
        extra_args: Sequence[str] = (),
    ) -> None:
        self.environment = dict(environment)
        self.log = log
        self.command = worker_argv(concurrency, hostname=hostname, loglevel=loglevel)
        self.command += list(extra_args)
        self.proc: subprocess.Popen | None = None

    def start(
        self, *, ready: Callable[[], bool] | None = None, timeout: float = 60
    ) -> WorkerProcess:
        self.log.parent.mkdir(parents=True, exist_ok=True)
        with self.log.open("wb") as out:
            self.proc = subprocess.Popen(
                self.command,
                cwd=ROOT,
                env=self.environment,
                stdout=out,
                stderr=subprocess.STDOUT,
                start_new_session=True,  # its own process group, pool processes included
            )
        is_ready = ready or self.logged_ready
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"worker exited early:\n{self.tail()}")
            if is_ready():
                return self
            time.sleep(0.1)
        raise RuntimeError(f"worker not ready after {timeout}s:\n{self.tail()}")

    def logged_ready(self) -> bool:
        return b" ready." in self.log.read_bytes()

    def running(self) -> bool:
        return self.proc is not None and self.proc.poll() is None

    def stop(self, timeout: float = 20) -> None:
        """A warm shutdown (SIGTERM), then SIGKILL to whatever of the group is left."""
        if self.proc is None:
            return
        if self.proc.poll() is None:
            self._signal(signal.SIGTERM)
            try:
                self.proc.wait(timeout=timeout)
            except subprocess.TimeoutExpired:
                pass
        self.kill()  # also reaps a pool process orphaned by a crashed main process

    def kill(self) -> None:
        """SIGKILL the worker and its pool processes at once, as a machine dying would: no
        warm shutdown, no acknowledgement."""
        if self.proc is not None:
            self._signal(signal.SIGKILL)
            self.proc.wait()

    def tail(self, chars: int = 4000) -> str:
        return self.log.read_text(errors="replace")[-chars:] if self.log.exists() else ""

    def _signal(self, sig: int) -> None:
        try:
            os.killpg(self.proc.pid, sig)  # the group this worker leads, and only it
        except ProcessLookupError:
            pass
