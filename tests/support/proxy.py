"""A TCP proxy in the test process between Django and PostgreSQL, which a test can cut.

The real server is never stopped (other test runs share it): a fault test points one
connection at the proxy and breaks that connection instead, at a chosen moment:

    proxy = TcpProxy("127.0.0.1", 5432).start()
    proxy.cut_on(b'INSERT INTO "reviewapp_turn"')   # the next such query never arrives
    ...                                              # the query fails, the server rolls back
    proxy.tripped.is_set()                           # the cut happened

`cut()` drops every open connection now; `refuse()` / `accept()` turn away or take new
connections (an outage that lasts, then its end).
"""

from __future__ import annotations

import socket
import threading


class TcpProxy:
    def __init__(self, upstream_host: str, upstream_port: int) -> None:
        self.upstream = (upstream_host, upstream_port)
        self.listener: socket.socket | None = None
        self.port = 0
        self.tripped = threading.Event()
        self.connections_seen = 0
        self._pairs: set[tuple[socket.socket, socket.socket]] = set()
        self._lock = threading.Lock()
        self._pattern: bytes | None = None
        self._refusing = False
        self._closed = False

    # --- control -------------------------------------------------------------------

    def start(self) -> TcpProxy:
        self.listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        self.listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self.listener.bind(("127.0.0.1", 0))
        self.listener.listen(32)
        self.port = self.listener.getsockname()[1]
        threading.Thread(target=self._accept_loop, name="proxy-accept", daemon=True).start()
        return self

    def cut_on(self, pattern: bytes) -> None:
        """Arm a one-shot cut: when a client sends `pattern`, every connection is dropped
        before the bytes reach the server."""
        self.tripped.clear()
        with self._lock:
            self._pattern = pattern

    def cut(self) -> None:
        """Drop every open connection now (in-flight queries fail, the server rolls back)."""
        with self._lock:
            pairs, self._pairs = self._pairs, set()
        for client, upstream in pairs:
            _close(client)
            _close(upstream)

    def refuse(self) -> None:
        """New connections are closed as soon as they arrive (the database is down)."""
        self._refusing = True

    def accept(self) -> None:
        self._refusing = False

    def close(self) -> None:
        self._closed = True
        self.cut()
        if self.listener is not None:
            _close(self.listener)

    # --- plumbing --------------------------------------------------------------------

    def _accept_loop(self) -> None:
        while not self._closed:
            try:
                client, _ = self.listener.accept()
            except OSError:
                return
            if self._refusing:
                _close(client)
                continue
            try:
                upstream = socket.create_connection(self.upstream, timeout=5)
                upstream.settimeout(None)
            except OSError:
                _close(client)
                continue
            pair = (client, upstream)
            with self._lock:
                self._pairs.add(pair)
                self.connections_seen += 1
            threading.Thread(target=self._pump, args=(client, upstream, True), daemon=True).start()
            threading.Thread(target=self._pump, args=(upstream, client, False), daemon=True).start()

    def _pump(self, source: socket.socket, target: socket.socket, from_client: bool) -> None:
        tail = b""
        while True:
            try:
                data = source.recv(65536)
            except OSError:
                data = b""
            if not data:
                break
            if from_client and self._pattern is not None:
                window = tail + data
                if self._pattern in window and self._trip():
                    return
                tail = window[-len(self._pattern) :]
            try:
                target.sendall(data)
            except OSError:
                break
        _close(source)
        _close(target)

    def _trip(self) -> bool:
        with self._lock:
            if self._pattern is None:
                return False
            self._pattern = None
        # on record before any socket closes: the client's query fails as soon as it does,
        # and its test asserts `tripped` straight after
        self.tripped.set()
        self.cut()
        return True


def _close(sock: socket.socket) -> None:
    try:
        sock.shutdown(socket.SHUT_RDWR)
    except OSError:
        pass
    try:
        sock.close()
    except OSError:
        pass
