"""``serve``'s pages and routes, through Starlette's test client (no network): the tokens, the
viewer who cannot change anything, the CSRF token, the hand form read with the command line's
own questions and messages, saving through the one hand service, a page that no longer shows
the game refused, undo and redo, rulings under the game's ruleset, the live sheet sent once
for every open page, Korean, bounded requests and the page of a long game."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path
from typing import Any

import pytest
from helpers import TWO, Cli, stored
from starlette.testclient import TestClient

from canasta_score.games.store import Ref, Store
from canasta_score.web.app import MAX_BODY, Table, build

# Contract hand 2 (tests/helpers.py TWO): A 300 + 300 - 40 = 560; B 250 + 500 + 100 = 850,
# as the page's form gives it: B went out.
HAND_TWO = {
    "out": "1",
    "s0.meld_points": "300",
    "s0.canastas.mixed": "1",
    "s0.in_hand_points": "40",
    "s1.meld_points": "250",
    "s1.canastas.natural": "1",
}


@pytest.fixture
def table(cli: Cli, home: Path) -> Table:
    assert cli("new", "club", "--side", "a: Ann & Bob", "--side", "b: Cy & Di").code == 0
    return Table(home, "club")


@pytest.fixture
def client(table: Table) -> Any:
    with TestClient(build(table)) as running:
        yield running


def form(table: Table, revision: int = 0, **values: str) -> dict[str, str]:
    return {"csrf": table.csrf, "revision": str(revision), **HAND_TWO, **values}


def totals(home: Path) -> list[int]:
    with Store(home) as store:
        return [s.score for s in store.summary(Ref("club")).sides]


def test_each_link_opens_the_page_and_no_other_token_does(client: Any, table: Table) -> None:
    """The viewer's and the scorer's links open the page; the scorer's holds the hand form,
    the viewer's does not; the root, a wrong token and a token of the other kind cut short get
    403."""
    scorer = client.get(f"/{table.scorer}/")
    viewer = client.get(f"/{table.viewer}/")
    assert scorer.status_code == viewer.status_code == 200
    assert 'id="hand-form"' in scorer.text
    assert 'id="hand-form"' not in viewer.text
    for path in ("/", "/nope/", f"/{table.scorer[:-1]}/", f"/{table.viewer}x/events"):
        assert client.get(path).status_code == 403


def test_every_page_forbids_inline_scripts_and_names_are_escaped(
    cli: Cli, home: Path, tmp_path: Path
) -> None:
    """The Content-Security-Policy allows only the program's own script; a side named like a
    tag is shown as text."""
    assert cli("new", "x", "--side", "<script>alert(1)</script>", "--side", "b").code == 0
    table = Table(home, "x")
    with TestClient(build(table)) as client:
        page = client.get(f"/{table.viewer}/")
    policy = page.headers["content-security-policy"]
    assert "script-src 'self'" in policy and "unsafe-inline" not in policy
    assert "<script>alert" not in page.text
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in page.text
    assert page.text.count("<script") == 1  # the program's own file, by its address


def test_a_link_refused_is_told_in_the_language_the_link_asks_for(
    client: Any, table: Table
) -> None:
    """A link of an earlier server (its token no longer valid) opened with ``?lang=ko`` is
    refused (403) in Korean, whatever language the server speaks; the viewer's link asking
    to edit a hand too."""
    old = client.get("/nope/", params={"lang": "ko"})
    assert old.status_code == 403
    assert old.text == "이 링크는 이 게임에 쓸 수 없습니다."
    viewer = client.get(f"/{table.viewer}/edit?hand=1", params={"lang": "ko"})
    assert viewer.status_code == 403
    assert "This link" not in viewer.text
    assert client.get("/nope/").text == "This link is not valid for this game."


def test_a_viewer_cannot_change_the_game(client: Any, table: Table, home: Path) -> None:
    """Every change posted with the viewer's token gets 403 and the game is as it was."""
    before = stored(home)
    for path in ("hand", "hand/preview", "undo", "redo"):
        answer = client.post(f"/{table.viewer}/{path}", data=form(table, do="save"))
        assert answer.status_code == 403
    assert stored(home) == before


def test_a_change_without_the_forms_csrf_token_is_refused(
    client: Any, table: Table, home: Path
) -> None:
    before = stored(home)
    answer = client.post(f"/{table.scorer}/hand", data={**form(table, do="save"), "csrf": "x"})
    assert answer.status_code == 403
    assert stored(home) == before


def test_the_scorer_saves_a_hand_scored_as_the_command_line_scores_it(
    client: Any, table: Table, home: Path
) -> None:
    """Contract hand 2 (helpers.TWO) entered on the page: A 560, B 850; the page first shows
    the breakdown with a save button, then saving stores the hand and says so."""
    checked = client.post(f"/{table.scorer}/hand", data=form(table, do="check"))
    assert checked.status_code == 200
    assert "+560" in checked.text and "+850" in checked.text
    assert 'value="save"' in checked.text
    assert totals(home) == [0, 0]  # a check saves nothing
    saved = client.post(f"/{table.scorer}/hand", data=form(table, do="save"))
    assert saved.status_code == 200 and "Hand 1 saved." in saved.text
    assert totals(home) == [560, 850]


def test_the_form_says_what_the_command_line_says_of_a_wrong_answer(
    client: Any, table: Table, home: Path
) -> None:
    """A count that is not a multiple of 5 is refused with the interactive entry's own
    message (every card counts a multiple of 5, RULES card values), and nothing is saved."""
    answer = client.post(
        f"/{table.scorer}/hand", data=form(table, do="save", **{"s0.meld_points": "302"})
    )
    assert answer.status_code == 400
    assert "is not a multiple of 5; every card counts a multiple of 5" in answer.text
    assert 'value="302"' in answer.text  # what was typed is kept
    assert totals(home) == [0, 0]


def test_a_count_typed_with_its_hangul_decomposed_is_read_as_the_quick_form_reads_it(
    client: Any, table: Table, home: Path, cli: Cli
) -> None:
    """``300점`` typed as a phone may send it (NFD: the syllable 점 as its three jamo) is the
    count 300, as the quick form (``a: 멜드 300점``) reads it: contract hand 2 (helpers.TWO)
    gives A 560 and B 850 either way."""
    from unicodedata import normalize

    decomposed = normalize("NFD", "300점")
    assert decomposed != "300점"
    values = form(table, do="save", **{"s0.meld_points": decomposed})
    answer = client.post(f"/{table.scorer}/hand", data=values)
    assert answer.status_code == 200 and "Hand 1 saved." in answer.text
    assert totals(home) == [560, 850]
    assert cli("undo").code == 0
    quick = cli("--lang", "ko", "hand", f"a: 멜드 {decomposed}, 믹스드 1, 남은 카드 40", *TWO[1:])
    assert quick.code == 0, quick.err
    assert totals(home) == [560, 850]


def test_a_three_of_the_wrong_colour_is_refused_in_the_pages_words_alone(
    client: Any, table: Table, home: Path
) -> None:
    """Red threes given as cards must be red threes (RULES card notation: 3S is a black
    three): the answer is refused naming the card, with no record key (``threes``) in the
    Korean or the English words, and nothing is saved; a card that is no card is named as
    every card answer names it."""
    values = form(table, do="save", lang="ko", **{"s0.red_threes": "3S"})
    korean = client.post(f"/{table.scorer}/hand", data=values)
    assert korean.status_code == 400
    assert "빨간 3 (개수 또는 카드): &#34;3S&#34;는 빨간 3이 아닙니다" in korean.text
    assert "threes:" not in korean.text
    values = form(table, do="save", lang="en", **{"s0.red_threes": "3H 3S"})
    english = client.post(f"/{table.scorer}/hand", data=values)
    assert "red threes (a count, or cards): &#34;3S&#34; is not a red three" in english.text
    values = form(table, do="save", lang="en", **{"s0.red_threes": "XX"})
    unknown = client.post(f"/{table.scorer}/hand", data=values)
    assert "red threes (a count, or cards): unknown card &#34;XX&#34;" in unknown.text
    assert totals(home) == [0, 0]


def test_going_out_without_a_canasta_is_refused_before_saving(
    client: Any, table: Table, home: Path
) -> None:
    """A side goes out only with a canasta (RULES 2.5: classic needs one): the side's own
    check refuses it, as the command line's questions do."""
    values = form(table, do="save", **{"s1.canastas.natural": "0"})
    answer = client.post(f"/{table.scorer}/hand", data=values)
    assert answer.status_code == 400
    assert totals(home) == [0, 0]


def test_the_preview_shows_the_breakdown_as_the_form_is_filled(client: Any, table: Table) -> None:
    """The live check returns the breakdown alone: B's 250 melded, 500 natural canasta and
    100 for going out."""
    answer = client.post(f"/{table.scorer}/hand/preview", data=form(table))
    assert answer.status_code == 200
    assert "<html" not in answer.text
    for points in ("+250", "+500", "+100", "+850"):
        assert points in answer.text


def test_two_scorers_saving_the_same_hand_save_it_once_and_the_second_is_told(
    client: Any, table: Table, home: Path
) -> None:
    """Both pages showed revision 0; the first save wins, the second is refused (409) with
    the reason, its answers kept, and sees the new sheet."""
    first = client.post(f"/{table.scorer}/hand", data=form(table, do="save"))
    second = client.post(f"/{table.scorer}/hand", data=form(table, do="save"))
    assert first.status_code == 200
    assert second.status_code == 409
    assert "changed since it was shown" in second.text
    assert 'value="250"' in second.text
    assert "Enter hand 2" in second.text
    assert totals(home) == [560, 850]


def test_undo_and_redo_from_the_page(client: Any, table: Table, home: Path) -> None:
    client.post(f"/{table.scorer}/hand", data=form(table, do="save"))
    revision = Store(home).revision(Ref("club"))
    undone = client.post(f"/{table.scorer}/undo", data=form(table, revision))
    assert "Hand 1 taken back" in undone.text
    assert totals(home) == [0, 0]
    stale = client.post(f"/{table.scorer}/redo", data=form(table, revision))
    assert stale.status_code == 409
    revision = Store(home).revision(Ref("club"))
    redone = client.post(f"/{table.scorer}/redo", data=form(table, revision))
    assert "Hand 1 put back." in redone.text
    assert totals(home) == [560, 850]


def test_a_ruling_from_the_page_cites_the_rule(client: Any, table: Table) -> None:
    """K K 2 is a legal meld; K 2 2 has more wild cards than natural ones (RULES 2.3), and the
    page says ILLEGAL citing the rule, for the viewer too."""
    legal = client.get(f"/{table.viewer}/ruling", params={"check": "meld", "cards": "K K 2"})
    illegal = client.get(f"/{table.viewer}/ruling", params={"check": "meld", "cards": "K 2 2"})
    assert "LEGAL" in legal.text and "ILLEGAL" not in legal.text
    assert "ILLEGAL" in illegal.text and "classic.meld." in illegal.text


def test_a_ruling_for_a_side_reads_its_score_from_the_game(
    client: Any, table: Table, home: Path
) -> None:
    """Side b at 850 needs 50 to open (classic tiers: 0 to 1,495: 50); side a at 560 too; the
    minimum page names 50 for the side chosen."""
    client.post(f"/{table.scorer}/hand", data=form(table, do="save"))
    answer = client.get(f"/{table.viewer}/ruling", params={"check": "min-meld", "side": "b"})
    assert "initial meld 50" in answer.text


def test_the_page_speaks_korean_when_asked(client: Any, table: Table) -> None:
    page = client.get(f"/{table.scorer}/", params={"lang": "ko"})
    assert '<html lang="ko">' in page.text
    assert "누가 나갔습니까?" in page.text
    assert "English" in page.text  # the way back


def test_the_korean_page_names_the_ruleset_in_korean_as_status_does(
    client: Any, table: Table, cli: Cli
) -> None:
    """The page's heading names the game's ruleset as ``--lang ko status`` does: 클래식
    카나스타, not its English name (the data keeps the English one)."""
    status = cli("--lang", "ko", "status")
    assert "클래식 카나스타" in status.out
    page = client.get(f"/{table.viewer}/", params={"lang": "ko"})
    assert '<p class="meta">클래식 카나스타 · ' in page.text
    assert "Classic Canasta" not in page.text
    english = client.get(f"/{table.viewer}/", params={"lang": "en"})
    assert '<p class="meta">Classic Canasta · ' in english.text


def test_the_hand_form_names_an_unnamed_dealer_in_the_pages_language(cli: Cli, home: Path) -> None:
    """Sides given without players deal from seats (a (player 1) deals hand 1): the form's
    heading names the seat in Korean as ``--lang ko hand`` and the sheet do, 1번 플레이어."""
    assert cli("new", "x", "--side", "a", "--side", "b").code == 0
    table = Table(home, "x")
    with TestClient(build(table)) as client:
        korean = client.get(f"/{table.scorer}/", params={"lang": "ko"}).text
        english = client.get(f"/{table.scorer}/", params={"lang": "en"}).text
    assert "1번째 판 입력 (딜러 a (1번 플레이어))" in korean
    assert "player 1" not in korean
    assert "Enter hand 1, dealt by a (player 1)" in english


@pytest.mark.parametrize("number", ["²", "٣", "9" * 5000])
def test_a_number_in_a_link_or_form_that_is_no_plain_number_is_never_a_server_error(
    table: Table, home: Path, number: str
) -> None:
    """A revision, a hand number, who went out or a notice's number written with a digit
    that is not 0-9 (², the Arabic-Indic ٣) or with 5,000 digits is read as no number: the
    page answers as for any other wrong value (the change refused as out of date, who went
    out asked again, no notice), never with a server error, and nothing is changed."""
    before = stored(home)
    with TestClient(build(table), raise_server_exceptions=False) as client:
        shown = client.get(f"/{table.scorer}/", params={"saved": number})
        assert shown.status_code == 200 and 'class="notice"' not in shown.text
        undo = client.post(
            f"/{table.scorer}/undo", data=form(table, revision=0) | {"revision": number}
        )
        assert undo.status_code == 409
        out = client.post(f"/{table.scorer}/hand/preview", data=form(table, out=number))
        assert out.status_code == 200 and "choose who went out, or nobody" in out.text
        edited = client.post(f"/{table.scorer}/hand/preview", data=form(table, number=number))
        assert edited.status_code == 200 and "+850" in edited.text
        with client.stream("GET", f"/{table.viewer}/events", params={"revision": number}) as live:
            assert live.status_code == 200
            first = next(live.iter_lines())
            assert first == "retry: 1000"
    assert stored(home) == before


def test_a_body_larger_than_the_bound_is_refused(client: Any, table: Table) -> None:
    big = {"csrf": table.csrf, "x": "y" * (MAX_BODY + 1)}
    assert client.post(f"/{table.scorer}/hand", data=big).status_code == 413


def test_only_the_programs_own_assets_are_served(client: Any) -> None:
    assert client.get("/static/app.js").status_code == 200
    for path in ("/static/../app.py", "/static/app.py", "/static/sheet.html.j2"):
        assert client.get(path).status_code in (403, 404)


def test_one_watcher_renders_each_change_once_for_every_open_page(
    table: Table, home: Path, cli: Cli
) -> None:
    """Twenty open pages, one hand entered on the command line: each page gets the new sheet,
    which was rendered once."""
    app = build(table, poll=0.01)
    hub = app.state.hub

    async def watch() -> list[str]:
        hub.look()
        streams = [hub.stream(hub.revision, "en") for _ in range(20)]
        for s in streams:
            assert await anext(s) == "retry: 1000\n\n"
        waiting = [asyncio.ensure_future(anext(s)) for s in streams]
        await asyncio.sleep(0.05)
        assert cli("hand", *TWO).code == 0
        assert hub.look()
        got = await asyncio.wait_for(asyncio.gather(*waiting), 5)
        for s in streams:
            await s.aclose()
        return got

    events = asyncio.run(watch())
    assert len(events) == 20 and len(set(events)) == 1
    assert events[0].startswith("event: sheet\n") and "850" in events[0]
    assert hub.renders == 1
    assert not hub.listeners


def test_a_hand_saved_elsewhere_reaches_an_open_page_within_a_second(
    table: Table, home: Path
) -> None:
    """The server's own watcher (its usual pace) sees a hand recorded by another connection
    to the store, as the command line records it, and the open page has the new sheet in
    under a second."""
    from canasta_score.games import scorekeeper
    from canasta_score.hands.entry import parse_quick

    app = build(table)
    hub = app.state.hub
    record = parse_quick(TWO, ["a", "b"])

    async def watch() -> tuple[str, float]:
        hub.look()
        watcher = asyncio.create_task(hub.watch())
        stream = hub.stream(hub.revision, "en")
        await anext(stream)
        waiting = asyncio.ensure_future(anext(stream))
        with Store(home) as other:
            scorekeeper.record(other, Ref("club"), record)
        start = time.perf_counter()
        event = await asyncio.wait_for(waiting, 5)
        took = time.perf_counter() - start
        hub.stop()
        await watcher
        await stream.aclose()
        return event, took

    event, took = asyncio.run(watch())
    assert "850" in event
    assert took < 1.0


def test_the_page_of_a_thirty_hand_game_loads_in_under_100_ms(
    cli: Cli, table: Table, home: Path
) -> None:
    """Thirty hands of 50 points each (no side reaches 5,000): once the game's breakdowns are
    kept, the page (sheet, chart, breakdowns, form) is served in under 100 ms, the median of
    five loads (the machine may be busy with other work)."""
    import statistics

    for _ in range(30):
        assert cli("hand", "a: 50 melded", "b: 50 melded").code == 0
    with TestClient(build(table)) as client:
        client.get(f"/{table.viewer}/")
        took = []
        for _ in range(5):
            start = time.perf_counter()
            page = client.get(f"/{table.scorer}/")
            took.append(time.perf_counter() - start)
    assert page.status_code == 200 and 'id="hand-30"' in page.text
    assert "1,500" in page.text
    assert statistics.median(took) < 0.1


def test_the_scorer_edits_a_hand_and_every_total_after_it_follows(
    client: Any, table: Table, home: Path, cli: Cli
) -> None:
    """Hand 1 shown with its answers (B 250 melded), changed to B 300 melded: B 300 + 500 +
    100 = 900; hand 2 (helpers.THREE-like: a 400 melded, a natural canasta, 30 left; b 95
    melded, 20 left; A +870, B +75) follows: B 975."""
    client.post(f"/{table.scorer}/hand", data=form(table, do="save"))
    assert cli("hand", "a: 400 melded, 1 natural, 30 left", "b: 95 melded, 20 left").code == 0
    shown = client.get(f"/{table.scorer}/edit?hand=1")
    assert shown.status_code == 200 and 'value="250"' in shown.text
    revision = Store(home).revision(Ref("club"))
    changed = form(table, revision, do="save", **{"s1.meld_points": "300"})
    answer = client.post(f"/{table.scorer}/edit?hand=1", data=changed)
    assert "Hand 1 changed." in answer.text
    assert totals(home) == [560 + 870, 900 + 75]
    assert client.get(f"/{table.viewer}/edit?hand=1").status_code == 403
    assert client.post(f"/{table.viewer}/edit?hand=1", data=changed).status_code == 403


def test_from_the_form_editing_one_hand_the_sheets_link_opens_another_hand(
    client: Any, table: Table, cli: Cli
) -> None:
    """Hand 2's *Edit this hand* link, tapped on the page that edits hand 1 (its sheet is the
    one every page shows), opens hand 2's answers (B 95 melded, helpers.THREE), as it does
    from the scorer's own page."""
    import re
    from urllib.parse import urljoin

    client.post(f"/{table.scorer}/hand", data=form(table, do="save"))
    assert cli("hand", "a: 400 melded, 1 natural, 30 left", "b: 95 melded, 20 left").code == 0
    home_page = client.get(f"/{table.scorer}/")
    link = re.search(
        r'<p class="meta">Hand 1, dealt by [^<]*<a [^>]*href="([^"]+)"', home_page.text
    )
    assert link is not None
    first = client.get(urljoin(str(home_page.url), link.group(1)))
    assert first.status_code == 200 and "Edit hand 1" in first.text
    link = re.search(r'<p class="meta">Hand 2, dealt by [^<]*<a [^>]*href="([^"]+)"', first.text)
    assert link is not None
    second = client.get(urljoin(str(first.url), link.group(1)))
    assert second.status_code == 200 and "Edit hand 2" in second.text
    assert 'value="95"' in second.text


def test_an_edit_of_a_missing_hand_is_refused_in_the_words_of_the_edit_command(
    client: Any, table: Table, home: Path
) -> None:
    client.post(f"/{table.scorer}/hand", data=form(table, do="save"))
    revision = Store(home).revision(Ref("club"))
    answer = client.post(f"/{table.scorer}/edit?hand=2", data=form(table, revision, do="save"))
    assert "game &#34;club&#34; has 1 hand; there is no hand 2" in answer.text
    assert totals(home) == [560, 850]


def test_an_edit_of_a_hand_numbered_beyond_any_game_is_refused_never_a_server_error(
    table: Table, home: Path
) -> None:
    """A hand number of 5,000 digits in the edit link is not found (404), on the page and
    when posted; one of 12 digits posted is refused in the words of the edit command, as hand 2
    of a game of no hands is, and never shown as a form to fill; nothing is changed."""
    before = stored(home)
    with TestClient(build(table), raise_server_exceptions=False) as client:
        huge = "9" * 5000
        assert client.get(f"/{table.scorer}/edit?hand={huge}").status_code == 404
        posted = client.post(f"/{table.scorer}/edit?hand={huge}", data=form(table, do="save"))
        assert posted.status_code == 404
        far = client.post(f"/{table.scorer}/edit?hand=999999999999", data=form(table, do="check"))
        assert far.status_code == 409
        assert "there is no hand 999999999999" in far.text
        assert "Edit hand 999999999999" not in far.text
    assert stored(home) == before


def test_a_hand_entered_card_by_card_is_edited_on_the_command_line(
    client: Any, table: Table, home: Path, tmp_path: Path, cli: Cli
) -> None:
    record = tmp_path / "hand.toml"
    record.write_text(
        '[[side]]\nname = "a"\nmelds = ["K K K K K K K"]\nwent_out = true\n'
        '[[side]]\nname = "b"\nmelds = []\n',
        "utf-8",
    )
    assert cli("hand", "--file", str(record)).code == 0
    answer = client.get(f"/{table.scorer}/edit?hand=1")
    assert answer.status_code == 409
    assert "canasta-score edit 1" in answer.text


def test_a_ruling_says_yes_or_no_or_leaves_it_unsaid(client: Any, table: Table) -> None:
    """May they take the pile with KD on top holding KS KH 5C 5D 5H at 2,000? Opened: the
    pair of kings takes it (RULES 2.4). Not opened: the initial meld at 1,500-2,995 needs 90
    (RULES 1.6) and K K K (30) with 5 5 5 (15) make only 45."""
    asked = {"check": "pickup", "top": "KD", "hand": "KS KH 5C 5D 5H", "score": "2000"}
    opened = client.get(f"/{table.viewer}/ruling", params={**asked, "opened": "yes"})
    unopened = client.get(f"/{table.viewer}/ruling", params={**asked, "opened": "no"})
    assert '<p class="verdict">LEGAL</p>' in opened.text
    assert '<p class="verdict">ILLEGAL</p>' in unopened.text


def test_an_edit_on_the_page_keeps_the_player_who_went_out(
    client: Any, table: Table, home: Path, cli: Cli
) -> None:
    """Hand 1 entered as ``b: ..., out Cy``; the page edits a's cards left from 40 to 30:
    a 300 + 300 - 30 = 570, b still 850 (RULES 1.3, 1.5, 1.7), and Cy is still the player
    who went out (the page asks which side went out, not which player)."""
    quick = ("a: 300 melded, 1 mixed, 40 left", "b: 250 melded, 1 natural, out Cy")
    assert cli("hand", *quick).code == 0
    revision = Store(home).revision(Ref("club"))
    changed = form(table, revision, do="save", **{"s0.in_hand_points": "30"})
    answer = client.post(f"/{table.scorer}/edit?hand=1", data=changed)
    assert "Hand 1 changed." in answer.text
    assert totals(home) == [570, 850]
    with Store(home) as store:
        b = store.load(Ref("club")).hands[0]["side"][1]
    assert b["went_out_player"] == "Cy"
