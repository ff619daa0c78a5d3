"""Run the web server and a Celery worker together; Ctrl-C stops both."""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess

from django.core.management import call_command
from django.core.management.base import BaseCommand


class Command(BaseCommand):
    help = "Serve the app and run one Celery worker beside it (demo and development)."

    def add_arguments(self, parser) -> None:
        parser.add_argument("--addr", default="127.0.0.1:8000")
        parser.add_argument("--concurrency", type=int, default=2)

    def handle(self, *args, addr: str, concurrency: int, **options) -> None:
        # Stop both on Ctrl-C or SIGTERM, even when started from a non-interactive shell
        # (which starts background jobs with SIGINT ignored).
        signal.signal(signal.SIGINT, signal.default_int_handler)
        signal.signal(signal.SIGTERM, _interrupt)
        # In a process group of its own: a terminal's Ctrl-C reaches this command alone,
        # which stops the worker once, and the worker's pool processes can be stopped
        # with it.
        worker = subprocess.Popen(worker_command(concurrency), start_new_session=True)
        self.stdout.write(f"Celery worker started (pid {worker.pid}); web app on http://{addr}/")
        try:
            call_command("runserver", addr, use_reloader=False)
        except KeyboardInterrupt:
            pass
        finally:
            _stop(worker)


def worker_command(concurrency: int) -> list[str]:
    from lexicheck.celery import worker_argv

    return worker_argv(concurrency)


def _interrupt(signum, frame) -> None:
    raise KeyboardInterrupt


def _stop(worker: subprocess.Popen) -> None:
    """A warm shutdown (the task running finishes), for at most 15 s; then, or at once on a
    second Ctrl-C or SIGTERM, the worker and its pool are killed (acks_late: a task they
    were running is delivered again). Nothing of the worker outlives this command."""
    if worker.poll() is None:
        worker.terminate()
        try:
            worker.wait(timeout=15)
        except (subprocess.TimeoutExpired, KeyboardInterrupt):
            pass
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_IGN)
    with contextlib.suppress(ProcessLookupError):
        os.killpg(worker.pid, signal.SIGKILL)  # the group outlives a main process gone first
    worker.wait()
