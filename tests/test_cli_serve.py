"""The ``serve`` command: its two links with a QR code each, the port it is told (0: any free
one), a port it cannot take refused as an error, and Ctrl-C stopping it with the game as after
its last saved hand."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest
from helpers import TWO, Cli, stored

from canasta_score.cli.serve import qr_text


def test_a_port_already_taken_is_refused_before_anyone_is_told_a_link(cli: Cli) -> None:
    assert cli("new", "club", "--side", "a", "--side", "b").code == 0
    taken = socket.socket()
    taken.bind(("127.0.0.1", 0))
    taken.listen()
    try:
        port = taken.getsockname()[1]
        run = cli("serve", "--port", str(port))
    finally:
        taken.close()
    assert run.code == 2
    assert f"cannot listen on port {port}" in run.err
    assert "http://" not in run.out


def test_a_port_already_taken_is_refused_in_korean_words_only(cli: Cli) -> None:
    """The reason the port cannot be taken is said in the language in use, not in the
    system's English (Address already in use)."""
    assert cli("new", "club", "--side", "a", "--side", "b").code == 0
    taken = socket.socket()
    taken.bind(("127.0.0.1", 0))
    taken.listen()
    try:
        port = taken.getsockname()[1]
        run = cli("--lang", "ko", "serve", "--port", str(port))
    finally:
        taken.close()
    assert run.code == 2
    assert f"포트 {port}에서 접속을 받을 수 없습니다 (이미 다른 프로그램이 쓰고 있음)" in run.err
    assert "Address" not in run.err and "http://" not in run.out


def test_serve_without_a_game_says_how_to_start_one(cli: Cli) -> None:
    run = cli("serve", "--port", "0")
    assert run.code == 2
    assert "no current game" in run.err


def test_a_links_qr_code_is_drawn_with_blocks_two_rows_a_line() -> None:
    """A link of 47 characters needs a QR code of version 4 at error level M (version 3-M
    holds 42 bytes, 4-M 62): 33 modules and a border of 2 on each side, 37 modules wide; drawn
    two rows to a line, it is 37 characters wide and 19 lines high."""
    link = "http://127.0.0.1:8421/" + "x" * 24 + "/"
    lines = qr_text(link).splitlines()
    widths = {len(line) for line in lines}
    assert widths == {37}
    assert len(lines) == 19
    assert set("".join(lines)) <= set("█▀▄ ")


def test_serve_prints_both_links_serves_them_and_ctrl_c_leaves_the_game_as_saved(
    cli: Cli, home: Path, tmp_path: Path
) -> None:
    """The links printed open the page (the viewer's and the scorer's); SIGINT stops the
    server with exit 0 at once, a page's live stream still open, saying the game is as after
    its last saved hand, and the game's stored hands are unchanged."""
    assert cli("new", "club", "--side", "a", "--side", "b").code == 0
    assert cli("hand", *TWO).code == 0
    before = stored(home)
    env = {**os.environ, "CANASTA_SCORE_HOME": str(home), "CANASTA_SCORE_LANG": "en"}
    server = subprocess.Popen(
        [sys.executable, "-m", "canasta_score", "serve", "--port", "0", "--no-qr"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
        cwd=tmp_path,
    )
    try:
        assert server.stdout is not None
        links = []
        deadline = time.monotonic() + 30
        while len(links) < 2 and time.monotonic() < deadline:
            line = server.stdout.readline()
            links += [word for word in line.split() if word.startswith("http://127.0.0.1:")]
        assert len(links) == 2
        for link in links:  # the port listens before the links are printed
            with urllib.request.urlopen(link, timeout=10) as page:
                assert page.status == 200
                assert "club" in page.read().decode("utf-8")
        stream = urllib.request.urlopen(links[0] + "events", timeout=10)
        assert stream.readline() == b"retry: 1000\n"
        start = time.monotonic()
        server.send_signal(signal.SIGINT)
        out, err = server.communicate(timeout=30)
        took = time.monotonic() - start
        stream.close()
    finally:
        if server.poll() is None:
            server.kill()
    assert server.returncode == 0, err
    assert took < 5 and "ERROR" not in err
    assert "Stopped; the game is as after its last saved hand." in out
    assert stored(home) == before


def test_on_the_local_network_the_links_carry_an_address_the_phones_can_reach(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A name that resolves only to loopback (127.0.1.1 on many systems) is no use to a
    phone: the links then carry the machine's name on the local network."""
    from canasta_score.cli import serve

    loopback = (2, 1, 6, "", ("127.0.1.1", 0))
    monkeypatch.setattr(serve.socket, "gethostname", lambda: "den")
    monkeypatch.setattr(serve.socket, "getaddrinfo", lambda *a: [loopback])
    assert serve.lan_address() == "den.local"
    network = (2, 1, 6, "", ("192.168.1.20", 0))
    monkeypatch.setattr(serve.socket, "getaddrinfo", lambda *a: [loopback, network])
    assert serve.lan_address() == "192.168.1.20"
