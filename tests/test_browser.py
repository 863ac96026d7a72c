"""The game page in a real browser: headless Chromium prints it on A4 and on Letter and takes
a screenshot (the page holds no script, see test_pages.py); the print has pages of the right
size and the picture shows the sheet and both sides' lines in their colours.

Chromium comes from the system packages (``.ci/run`` installs it). Without it the test is
skipped on a workstation, but fails under continuous integration (``CI=true``).
"""

from __future__ import annotations

import os
import re
import shutil
import struct
import subprocess
import zlib
from pathlib import Path

import pytest

from canasta_score.games.game import replay
from canasta_score.output.page import COLOURS, game_page
from tests.sample_games import ODD, odd_game

BROWSERS = ("chromium", "chromium-browser", "google-chrome", "headless_shell")
PAPER = {"A4": (595.0, 842.0), "letter": (612.0, 792.0)}  # points


def browser() -> str:
    found = next((path for name in BROWSERS if (path := shutil.which(name))), None)
    if found is None:
        if os.environ.get("CI", "").lower() == "true":
            pytest.fail("Chromium is not installed; .ci/run installs it (apt-get install chromium)")
        pytest.skip("Chromium is not installed (apt-get install chromium)")
    return found


def run(binary: str, work: Path, *args: str) -> None:
    subprocess.run(
        [
            binary,
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--no-first-run",
            f"--user-data-dir={work / 'profile'}",
            *args,
        ],
        check=True,
        capture_output=True,
        timeout=120,
    )


def pixels(png: bytes) -> tuple[int, int, list[bytes]]:
    """Width, height and rows of RGB(A) pixels of an 8-bit, non-interlaced PNG."""
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    pos, data, header = 8, b"", b""
    while pos < len(png):
        (length,) = struct.unpack(">I", png[pos : pos + 4])
        kind, body = png[pos + 4 : pos + 8], png[pos + 8 : pos + 8 + length]
        if kind == b"IHDR":
            header = body
        elif kind == b"IDAT":
            data += body
        pos += 12 + length
    width, height, depth, colour, _, _, interlace = struct.unpack(">IIBBBBB", header)
    assert depth == 8 and colour in (2, 6) and interlace == 0
    step = 3 if colour == 2 else 4
    raw, stride = zlib.decompress(data), width * step
    rows: list[bytes] = []
    previous = bytearray(stride)
    for y in range(height):
        kind, line = (
            raw[y * (stride + 1)],
            bytearray(raw[y * (stride + 1) + 1 : (y + 1) * (stride + 1)]),
        )
        for i in range(stride):
            left = line[i - step] if i >= step else 0
            up, corner = previous[i], previous[i - step] if i >= step else 0
            if kind == 1:
                line[i] = (line[i] + left) & 255
            elif kind == 2:
                line[i] = (line[i] + up) & 255
            elif kind == 3:
                line[i] = (line[i] + (left + up) // 2) & 255
            elif kind == 4:
                p = left + up - corner
                pa, pb, pc = abs(p - left), abs(p - up), abs(p - corner)
                guess = left if pa <= pb and pa <= pc else up if pb <= pc else corner
                line[i] = (line[i] + guess) & 255
        rows.append(bytes(line))
        previous = line
    return width, step, rows


@pytest.fixture(scope="module")
def page(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("page")
    path = folder / "sheet.html"
    path.write_text(game_page(replay(odd_game())), encoding="utf-8")
    return path


def test_names_with_markup_ampersands_and_quotes_are_escaped_in_the_source(page: Path) -> None:
    source = page.read_text(encoding="utf-8")
    assert all(name not in source for name in ODD)
    assert "&lt;b&gt;Ann&lt;/b&gt; &amp; &#34;Bo&#34;" in source
    assert "Cy&#39;s &lt;script&gt;alert(1)&lt;/script&gt; &amp; Di" in source


@pytest.mark.parametrize("paper", ["A4", "letter"])
def test_prints_on_a4_and_letter(page: Path, tmp_path: Path, paper: str) -> None:
    binary = browser()
    sized = tmp_path / f"sheet-{paper}.html"
    source = page.read_text(encoding="utf-8")
    sized.write_text(source.replace("</style>", f"@page {{ size: {paper}; }}</style>"), "utf-8")
    pdf = tmp_path / f"sheet-{paper}.pdf"
    run(binary, tmp_path, "--no-pdf-header-footer", f"--print-to-pdf={pdf}", sized.as_uri())
    data = pdf.read_bytes()
    assert data.startswith(b"%PDF")
    pages = len(re.findall(rb"/Type\s*/Page(?!s)", data))
    assert 1 <= pages <= 4
    boxes = {
        tuple(round(float(v)) for v in box.split()[2:])
        for box in re.findall(rb"/MediaBox\s*\[([^\]]*)\]", data)
    }
    assert boxes == {tuple(round(v) for v in PAPER[paper])}


def test_screenshot_shows_the_page_and_both_lines(page: Path, tmp_path: Path) -> None:
    binary = browser()
    png = tmp_path / "sheet.png"
    run(
        binary,
        tmp_path,
        "--hide-scrollbars",
        "--window-size=900,1100",
        f"--screenshot={png}",
        page.as_uri(),
    )
    width, step, rows = pixels(png.read_bytes())
    seen: set[bytes] = set()
    ink = 0
    for row in rows:
        for x in range(0, width * step, step):
            colour = row[x : x + 3]
            seen.add(colour)
            ink += colour != b"\xff\xff\xff"
    assert ink > 0.02 * width * len(rows)  # not a blank page
    for hex_colour in COLOURS[:2]:  # each side's line and mark in its colour
        assert bytes.fromhex(hex_colour[1:]) in seen


def test_a_missing_browser_fails_under_ci_and_skips_elsewhere(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(shutil, "which", lambda _name: None)
    monkeypatch.setenv("CI", "true")
    with pytest.raises(pytest.fail.Exception):
        browser()
    monkeypatch.delenv("CI")
    with pytest.raises(pytest.skip.Exception):
        browser()
