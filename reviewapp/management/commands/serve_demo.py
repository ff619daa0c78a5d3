"""Run the web server and a Celery worker together; Ctrl-C stops both."""

from __future__ import annotations

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
        worker = subprocess.Popen(worker_command(concurrency))
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
    if worker.poll() is None:
        worker.terminate()
        try:
            worker.wait(timeout=15)
        except subprocess.TimeoutExpired:
            worker.kill()
