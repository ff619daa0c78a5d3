"""A test client whose middleware chain is built once per test process, as a server
builds it once, not once per `Client()`.

Building the chain is most of what a short request costs a test: WhiteNoise's middleware
lists and stats every static file the finders know (171 of them, about 10 ms) each time it
is created, and Django's `Client` creates it again for every client. The chain is built
again after any settings change (`settings` fixture, `override_settings`), so a test that
changes a setting read when the middleware is made still sees its setting.
"""

from __future__ import annotations

from django.core.signals import setting_changed
from django.test import Client
from django.test.client import ClientHandler

__all__ = ["SharedHandlerClient"]

_handlers: dict[bool, ClientHandler] = {}


def _forget_handlers(**kwargs) -> None:
    _handlers.clear()


setting_changed.connect(_forget_handlers, dispatch_uid="tests.support.clients")


class SharedHandlerClient(Client):
    """`django.test.Client`, with the process's handler for its CSRF choice; the handler is
    looked up at each request, so one made before a settings change gets the new chain."""

    @property
    def handler(self) -> ClientHandler:
        enforce = self._enforce_csrf_checks
        if enforce not in _handlers:
            _handlers[enforce] = ClientHandler(enforce)
        return _handlers[enforce]

    @handler.setter
    def handler(self, value: ClientHandler) -> None:
        # Client.__init__ assigns its own handler: only its CSRF choice is kept.
        self._enforce_csrf_checks = value.enforce_csrf_checks
