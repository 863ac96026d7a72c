"""``serve`` on a phone: the system's Chromium driven by Playwright at 390 x 844, against a server
on 127.0.0.1. A hand entered with taps on the scorer's page reaches a viewer's page without
reloading it; the viewer's link cannot post and a wrong token gets 403; the Korean page; two
scorers saving the same hand, one saved and the other told.

Chromium comes from the system packages (``.ci/run`` installs it); Playwright never downloads
a browser here. Without Chromium the tests are skipped on a workstation and fail under
continuous integration (``CI=true``), as tests/test_browser.py does.
"""

from __future__ import annotations

import os
import shutil
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from helpers import Cli

from canasta_score.games.store import Ref, Store
from canasta_score.web.app import Table, build

CHROMIUM = "/usr/bin/chromium"
ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
    "--disable-sync",
]
PHONE = {"width": 390, "height": 844}


def chromium() -> str:
    found = CHROMIUM if os.path.exists(CHROMIUM) else shutil.which("chromium")
    if found is None:
        if os.environ.get("CI", "").lower() == "true":
            pytest.fail("Chromium is not installed; .ci/run installs it (apt-get install chromium)")
        pytest.skip("Chromium is not installed (apt-get install chromium)")
    return found


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    path = chromium()
    sync_api = pytest.importorskip("playwright.sync_api")
    with sync_api.sync_playwright() as driver:
        launched = driver.chromium.launch(executable_path=path, args=ARGS)
        yield launched
        launched.close()


@pytest.fixture
def served(cli: Cli, home: Path) -> Iterator[tuple[Table, str]]:
    """A game of two sides (a: Ann & Bob, b: Cy & Di) served on 127.0.0.1 on a free port."""
    import uvicorn

    assert cli("new", "club", "--side", "a: Ann & Bob", "--side", "b: Cy & Di").code == 0
    table = Table(home, "club")
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    port = sock.getsockname()[1]
    config = uvicorn.Config(
        build(table, poll=0.05), log_level="warning", lifespan="on", timeout_graceful_shutdown=1
    )
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    deadline = time.monotonic() + 10
    while not server.started and time.monotonic() < deadline:
        time.sleep(0.02)
    yield table, f"http://127.0.0.1:{port}"
    server.should_exit = True
    thread.join(10)
    sock.close()


@pytest.fixture
def phone(browser: Any, served: tuple[Table, str]) -> Iterator[Any]:
    """Opens a page on a new phone (390 x 844, touch); every phone is closed before the server
    stops."""
    contexts: list[Any] = []

    def open_page() -> Any:
        contexts.append(browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True))
        return contexts[-1].new_page()

    yield open_page
    for context in contexts:
        context.close()


def enter_hand_two(page: Any) -> None:
    """Contract hand 2 with taps: b went out; a 300 melded, a mixed canasta (tapped +), 40
    left; b 250 melded, a natural canasta (tapped +)."""
    page.get_by_label("b", exact=True).tap()
    page.fill("input[name='s0.meld_points']", "300")
    page.locator("input[name='s0.canastas.mixed'] + button").tap()
    page.fill("input[name='s0.in_hand_points']", "40")
    page.fill("input[name='s1.meld_points']", "250")
    page.locator("input[name='s1.canastas.natural'] + button").tap()


def totals(home: Path) -> list[int]:
    with Store(home) as store:
        return [s.score for s in store.summary(Ref("club")).sides]


def test_a_hand_entered_with_taps_reaches_the_viewers_page_without_reloading(
    phone: Any, served: tuple[Table, str], home: Path
) -> None:
    """Contract hand 2 (A 560, B 850) entered on the scorer's phone: a count that is not a
    multiple of 5 is marked as it is typed, with the command line's message; the breakdown
    shows before saving; once saved, the viewer's phone shows 850 on the same page (no reload)."""
    table, base = served
    viewer = phone()
    viewer.goto(f"{base}/{table.viewer}/")
    viewer.evaluate("window.kept = 'same page'")
    scorer = phone()
    scorer.goto(f"{base}/{table.scorer}/")
    scorer.fill("input[name='s0.meld_points']", "302")  # no card counts 2 (RULES card values)
    scorer.wait_for_selector("label.wrong input[name='s0.meld_points']", timeout=5000)
    assert "is not a multiple of 5" in scorer.inner_text("#preview")
    enter_hand_two(scorer)
    save = scorer.locator("button.save")
    save.wait_for(timeout=5000)
    scorer.locator("#preview", has_text="+850").wait_for(timeout=5000)
    save.tap()
    scorer.wait_for_selector(".notice")
    viewer.wait_for_function(
        "document.querySelector('#sheet .total .score').textContent.trim() === '560'",
        timeout=5000,
    )
    assert viewer.evaluate("window.kept") == "same page"
    assert "850" in viewer.inner_text("#sheet .totals")
    assert totals(home) == [560, 850]


def test_the_viewer_cannot_post_and_a_wrong_token_gets_403(
    phone: Any, served: tuple[Table, str], home: Path
) -> None:
    table, base = served
    page = phone()
    page.goto(f"{base}/{table.viewer}/")
    assert page.locator("#hand-form").count() == 0
    posted = page.request.post(
        f"{base}/{table.viewer}/hand",
        form={"csrf": table.csrf, "revision": "0", "do": "save", "out": "none"},
    )
    assert posted.status == 403
    assert page.goto(f"{base}/{table.viewer[::-1]}/").status == 403
    assert totals(home) == [0, 0]


def test_the_korean_page(phone: Any, served: tuple[Table, str]) -> None:
    table, base = served
    page = phone()
    page.goto(f"{base}/{table.scorer}/?lang=ko")
    assert page.get_attribute("html", "lang") == "ko"
    assert "누가 나갔습니까?" in page.inner_text("#entry")


def test_two_scorers_saving_at_once_one_is_saved_and_the_other_told(
    phone: Any, served: tuple[Table, str], home: Path
) -> None:
    """Both phones fill in hand 1 and save: one hand is saved, the other phone is told the
    game changed, keeps what was typed and shows the new sheet."""
    table, base = served
    first, second = phone(), phone()
    for page in (first, second):
        page.goto(f"{base}/{table.scorer}/")
        enter_hand_two(page)
        page.locator("button.save").wait_for(timeout=5000)
    first.locator("button.save").tap()
    second.locator("button.save").tap()
    first.wait_for_selector(".notice")
    second.wait_for_selector(".problem")
    assert "changed since it was shown" in second.inner_text(".problem")
    assert second.input_value("input[name='s1.meld_points']") == "250"
    assert "560" in second.inner_text("#sheet .totals")
    assert totals(home) == [560, 850]


def test_the_stepper_of_a_count_of_points_steps_by_five(
    phone: Any, served: tuple[Table, str]
) -> None:
    """Every card counts a multiple of 5 in classic (RULES card values), so + on the melded
    count goes 0, 5, 10 and minus back to 5, each a count the form takes (+5 in the breakdown);
    + on a count of canastas still steps by one."""
    table, base = served
    page = phone()
    page.goto(f"{base}/{table.scorer}/")
    plus = page.locator("input[name='s0.meld_points'] + button")
    minus = page.locator("button:has(+ input[name='s0.meld_points'])")
    plus.tap()
    assert page.input_value("input[name='s0.meld_points']") == "5"
    plus.tap()
    minus.tap()
    assert page.input_value("input[name='s0.meld_points']") == "5"
    page.locator("button.save").wait_for(timeout=5000)
    # The preview is asked for after each change; wait for the last one's answer.
    page.locator("#preview", has_text="+5").wait_for(timeout=5000)
    assert page.locator("label.wrong").count() == 0
    page.locator("input[name='s1.canastas.natural'] + button").tap()
    assert page.input_value("input[name='s1.canastas.natural']") == "1"


def test_red_threes_given_as_cards_are_saved_from_the_phone(
    phone: Any, served: tuple[Table, str], home: Path
) -> None:
    """The red threes' answer takes a count or the cards ("3H 3D"), as ``hand`` asks it: the
    phone sends the cards and the hand is saved. Nobody went out, a 2 red threes and nothing
    melded: -200 (RULES red threes: 100 each, counted against a side that has not melded)."""
    table, base = served
    page = phone()
    page.goto(f"{base}/{table.scorer}/")
    page.fill("input[name='s0.red_threes']", "3H 3D")
    save = page.locator("button.save")
    save.wait_for(timeout=5000)
    assert "-200" in page.inner_text("#preview")
    save.tap()
    page.wait_for_selector(".notice", timeout=5000)
    assert totals(home) == [-200, 0]
