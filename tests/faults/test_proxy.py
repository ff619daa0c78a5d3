"""The cuttable proxy the fault tests rely on: a cut is on record before any client sees it."""

from __future__ import annotations

import socket
import threading

from tests.support.proxy import TcpProxy


def echo_server() -> tuple[socket.socket, int]:
    listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    listener.bind(("127.0.0.1", 0))
    listener.listen(64)

    def serve() -> None:
        while True:
            try:
                conn, _ = listener.accept()
            except OSError:
                return
            threading.Thread(target=echo, args=(conn,), daemon=True).start()

    def echo(conn: socket.socket) -> None:
        with conn:
            while data := conn.recv(4096):
                conn.sendall(data)

    threading.Thread(target=serve, daemon=True).start()
    return listener, listener.getsockname()[1]


def test_a_client_that_sees_the_cut_finds_it_tripped():
    # A fault test asserts `tripped` right after its query fails; the proxy must have
    # recorded the cut before it closed the client's socket, or that assertion races.
    listener, port = echo_server()
    proxy = TcpProxy("127.0.0.1", port).start()
    try:
        for _ in range(300):
            proxy.cut_on(b"CUT")
            with socket.create_connection(("127.0.0.1", proxy.port), timeout=5) as client:
                client.sendall(b"hello")
                assert client.recv(16) == b"hello"
                client.sendall(b"then CUT")
                assert client.recv(16) == b""  # dropped, the bytes never echoed
                assert proxy.tripped.is_set()
    finally:
        proxy.close()
        listener.close()
