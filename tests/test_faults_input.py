"""Hostile input (issue 11): huge, deep and endless input, formulas and markup in names,
terminal escape sequences, absurd rulesets, absurd counts. Whatever comes in, the tool answers
with ``Error: ...`` and exit 2 (a batch line with an error object), never a traceback, never
unbounded memory or time. docs/reliability.md lists each fault with its test."""

from __future__ import annotations

import csv
import io
import json
import os
import select
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from helpers import another_game, change_stored, stored

from canasta_score.cli import main
from canasta_score.core.limits import MAX_DEPTH, MAX_EXTENDS, MAX_INT

HUGE = "9" * 5000  # past Python's 4,300-digit limit for turning text into a number
LARGE = "9" * 4000  # within that limit, far past any count or score
DEEP = 100_000  # nesting far past the interpreter's recursion limit

# A hand of RULES example C5's shape in the quick form: us 300 + 500 + 100 = 900, them 50.
QUICK = ["us: 300 melded, 1 natural, out", "them: 50 melded"]
RECORD = """
[[side]]
name = "us"
meld_points = 300
canastas = { natural = 1 }
went_out = true

[[side]]
name = "them"
meld_points = 50
"""


@dataclass
class Run:
    code: int
    out: str
    err: str


Cli = Callable[..., Run]


@pytest.fixture
def cli(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> Cli:
    """Run ``canasta-score ARGS`` in-process (games in a fresh folder); ``stdin`` is bytes."""
    monkeypatch.setenv("CANASTA_SCORE_HOME", str(tmp_path / "home"))
    monkeypatch.chdir(tmp_path)

    def run(*args: str, stdin: bytes = b"") -> Run:
        monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(stdin), encoding="utf-8"))
        capsys.readouterr()
        code: Any = 0
        try:
            main(list(args))
        except SystemExit as exc:
            code = exc.code
        out, err = capsys.readouterr()
        assert "Traceback" not in out + err
        return Run(code if isinstance(code, int) else 0 if code is None else 1, out, err)

    return run


def refused(run: Run, *words: str) -> None:
    """Exit 2 with ``Error:`` on stderr naming each of ``words``."""
    assert run.code == 2, (run.code, run.out[-500:], run.err[-500:])
    assert run.err.startswith("Error:") or "\nError:" in run.err, run.err[-500:]
    for word in words:
        assert word in run.err, (word, run.err[-500:])


def limit_memory() -> None:
    """In a child process: at most 1 GiB of memory, so a fault fails its test with a
    MemoryError instead of exhausting the machine."""
    import resource

    resource.setrlimit(resource.RLIMIT_AS, (1 << 30, 1 << 30))


def process(
    *args: str, stdin: Any = subprocess.DEVNULL, home: Path
) -> subprocess.CompletedProcess[str]:
    """The program as a separate process (for endless input), with at most 1 GiB of memory."""
    env = {**os.environ, "CANASTA_SCORE_HOME": str(home)}
    return subprocess.run(
        [sys.executable, "-m", "canasta_score", *args],
        stdin=stdin,
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
        check=False,
        preexec_fn=limit_memory,
    )


def deep_toml(key: str) -> str:
    return f"{key} = " + "[" * DEEP + "]" * DEEP + "\n"


# ---------------------------------------------------------------- item 5: a deep batch line


def test_batch_line_nested_100000_deep_gets_one_error_and_every_other_line_an_answer(
    cli: Cli, tmp_path: Path
) -> None:
    good = json.dumps({"check": "meld", "cards": "K K K"})  # three kings: legal (RULES 1.4)
    deep = '{"check": "meld", "cards": ' + "[" * DEEP + "]" * DEEP + "}"
    huge = '{"check": "min-meld", "score": ' + HUGE + "}"
    path = tmp_path / "plays.jsonl"
    path.write_text("\n".join([good, deep, good, huge, good]) + "\n", encoding="utf-8")
    run = cli("check", "--batch", str(path))
    answers = [json.loads(line) for line in run.out.splitlines()]
    assert run.code == 2
    assert len(answers) == 5
    assert [a.get("legal") for a in answers[0::2]] == [True, True, True]
    assert answers[1]["line"] == 2 and f"nested more than {MAX_DEPTH}" in answers[1]["error"]
    assert answers[3]["line"] == 4 and "whole number beyond" in answers[3]["error"]
    assert "Error: line 2:" in run.err and "Error: line 4:" in run.err


# ---------------------------------------------------------------- item 6: bounded reading


def test_batch_line_longer_than_the_limit_gets_an_error_and_the_next_line_an_answer(
    cli: Cli, tmp_path: Path
) -> None:
    path = tmp_path / "plays.jsonl"
    long_line = '{"check": "meld", "cards": "' + "K " * (1 << 20) + '"}'
    good = json.dumps({"check": "meld", "cards": "K K K"})
    path.write_text(f"{long_line}\n{good}\n", encoding="utf-8")
    run = cli("check", "--batch", str(path))
    answers = [json.loads(line) for line in run.out.splitlines()]
    assert run.code == 2
    assert answers[0] == {
        "line": 1,
        "error": "the line is longer than the limit of 1 MiB (1,048,576 bytes)",
    }
    assert answers[1]["legal"] is True


def rss_mib(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="needs /dev/zero")
def test_batch_reading_dev_zero_answers_at_the_limit_and_memory_stays_bounded(
    tmp_path: Path,
) -> None:
    env = {**os.environ, "CANASTA_SCORE_HOME": str(tmp_path)}
    with subprocess.Popen(
        [sys.executable, "-m", "canasta_score", "check", "--batch", "/dev/zero"],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        env=env,
        preexec_fn=limit_memory,
    ) as proc:
        try:
            assert proc.stdout is not None
            ready, _, _ = select.select([proc.stdout], [], [], 30)
            assert ready, "no answer within 30 seconds"
            first = json.loads(proc.stdout.readline())
            time.sleep(1.0)  # it keeps reading (and dropping) the endless line
            assert proc.poll() is None  # still reading, not dead of a MemoryError
            memory = rss_mib(proc.pid)
        finally:
            proc.kill()
    assert first["line"] == 1 and "longer than the limit of 1 MiB" in first["error"]
    assert memory < 200


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="needs /dev/zero")
@pytest.mark.parametrize(
    ("args", "limit"),
    [
        (["score-hand", "/dev/zero", "-r", "classic"], "a hand record is larger than the limit"),
        (["score-hand", "-", "-r", "classic"], "a hand record is larger than the limit"),
        (["hand", "--file", "/dev/zero"], "a hand record is larger than the limit"),
        (["hand", "--file", "-"], "a hand record is larger than the limit"),
        (["hand"], "a hand record is larger than the limit"),  # a record piped in
        (["import", "/dev/zero"], "a game log is larger than the limit of 64 MiB"),
        (["import", "-"], "a game log is larger than the limit of 64 MiB"),
    ],
)
def test_reading_dev_zero_stops_at_the_limit_with_an_error(
    tmp_path: Path, args: list[str], limit: str
) -> None:
    home = tmp_path / "home"
    assert process("new", "g", "--side", "us", "--side", "them", home=home).returncode == 0
    before = stored(home, "g")
    with open("/dev/zero", "rb") as zero:
        done = process(*args, stdin=zero, home=home)
    assert done.returncode == 2, done.stderr[-500:]
    assert done.stderr.startswith("Error:") and limit in done.stderr
    assert "Traceback" not in done.stderr
    assert stored(home, "g") == before


def test_a_ruleset_file_past_the_limit_is_refused_naming_the_limit(
    cli: Cli, tmp_path: Path
) -> None:
    path = tmp_path / "house.toml"
    path.write_text('extends = "classic"\nid = "big"\n' + "# padding\n" * 200_000, "utf-8")
    refused(cli("rules", "validate", str(path)), "a ruleset file is larger than the limit of 1 MiB")
    refused(cli("min-meld", "-r", str(path)), "larger than the limit of 1 MiB")


# ---------------------------------------------------------------- item 4: huge and deep


def make_game(cli: Cli) -> Path:
    assert cli("new", "g", "--side", "us", "--side", "them").code == 0
    assert cli("hand", *QUICK).code == 0
    return Path("home")


DEEP_JSON = "[" * DEEP + "]" * DEEP


@pytest.mark.parametrize(
    ("column", "edit", "named"),
    [
        (
            "hands.record",
            lambda t: t.replace('"meld_points":300', f'"meld_points":{HUGE}'),
            "whole number",
        ),
        (
            "hands.record",
            lambda t: t.replace('"meld_points":300', f'"meld_points":{LARGE}'),
            "whole number",
        ),
        ("hands.record", lambda t: t[:-1] + f',"deep":{DEEP_JSON}}}', "nested more than"),
        ("games.ruleset", lambda t: t.replace('"joker":50', f'"joker":{HUGE}'), "whole number"),
    ],
    ids=["digits-past-4300", "4000-digits", "nested-100000", "ruleset-digits"],
)
def test_a_stored_game_with_huge_numbers_or_deep_nesting_is_refused_unchanged(
    cli: Cli, column: str, edit: Callable[[str], str], named: str
) -> None:
    import sqlite3

    home = make_game(cli)
    table, field = column.split(".")
    db = sqlite3.connect(home / "games.db")
    text = db.execute(f"SELECT {field} FROM {table}").fetchone()[0]
    db.close()
    assert edit(text) != text
    change_stored(home, f"UPDATE {table} SET {field} = ?", edit(text))
    before = stored(home, "g")
    for args in (["status"], ["history"], ["export"], ["hand", *QUICK], ["undo"]):
        refused(cli(*args), named)
        assert stored(home, "g") == before


def import_texts() -> list[tuple[str, str, str]]:
    log = {"format": "canasta-score game log", "version": 1, "game": "x"}
    deep_json = json.dumps(log)[:-1] + ', "deep": ' + "[" * DEEP + "]" * DEEP + "}"
    huge_json = json.dumps(log)[:-1] + ', "first_dealer": ' + HUGE + "}"
    large_json = json.dumps(log)[:-1] + ', "first_dealer": ' + LARGE + "}"
    return [
        (deep_json, "json", "nested more than"),
        (huge_json, "json", "whole number beyond"),
        (large_json, "json", "whole number beyond"),
        (deep_toml("deep"), "toml", "nested more than"),
        (f"format = {HUGE}\n", "toml", "whole number beyond"),
        (f"format = {LARGE}\n", "toml", "format: a whole number beyond"),
    ]


@pytest.mark.parametrize(("text", "kind", "named"), import_texts())
def test_import_of_huge_numbers_or_deep_nesting_is_refused(
    cli: Cli, tmp_path: Path, text: str, kind: str, named: str
) -> None:
    path = tmp_path / f"log.{kind}"
    path.write_text(text, "utf-8")
    refused(cli("import", str(path)), named)
    refused(cli("import", "-", stdin=text.encode()), named)
    assert json.loads(cli("games", "--json").out)["games"] == []


RECORDS = [
    (RECORD.replace("meld_points = 300", f"meld_points = {HUGE}"), "whole number beyond"),
    (
        RECORD.replace("meld_points = 300", f"meld_points = {LARGE}"),
        "side[0].meld_points: a whole number beyond",
    ),
    (RECORD + deep_toml("deep"), "nested more than"),
    (RECORD.replace("natural = 1", f"natural = {HUGE}"), "whole number beyond"),
]


@pytest.mark.parametrize(("text", "named"), RECORDS)
def test_a_hand_record_with_huge_numbers_or_deep_nesting_is_refused(
    cli: Cli, tmp_path: Path, text: str, named: str
) -> None:
    path = tmp_path / "hand.toml"
    path.write_text(text, "utf-8")
    refused(cli("score-hand", str(path), "-r", "classic"), named)
    refused(cli("score-hand", "-", "-r", "classic", stdin=text.encode()), named)
    game = make_game(cli)
    before = stored(game, "g")
    refused(cli("hand", "--file", str(path)), named)
    refused(cli("hand", "--file", "-", stdin=text.encode()), named)
    refused(cli("hand", stdin=text.encode()), named)
    assert stored(game, "g") == before


@pytest.mark.parametrize(
    ("rule", "named"),
    [
        (f"game.target={HUGE}", "house rule game.target: a whole number beyond"),
        (f"game.target={LARGE}", "house rule game.target: a whole number beyond"),
        ("go_out.bonus=" + "[" * DEEP + "]" * DEEP, "house rule go_out.bonus: nested more than"),
        ("go_out.bonus=" + "[" * 200 + "]" * 200, "house rule go_out.bonus"),
        (f"threes.red_values=[0, {MAX_INT + 1}]", "house rule threes.red_values[1]"),
    ],
    ids=["digits-past-4300", "4000-digits", "nested-100000", "nested-200", "list-item"],
)
def test_a_house_rule_with_huge_numbers_or_deep_nesting_is_refused(
    cli: Cli, rule: str, named: str
) -> None:
    refused(cli("min-meld", "--rule", rule), named)
    refused(cli("check", "meld", "K K K", "--rule", rule), named)


def write_chain(folder: Path, length: int) -> Path:
    """house0.toml extends house1.toml ... extends the bundled classic ruleset."""
    for i in range(length):
        parent = f"house{i + 1}.toml" if i + 1 < length else "classic"
        (folder / f"house{i}.toml").write_text(
            f'extends = "{parent}"\nid = "house{i}"\n', encoding="utf-8"
        )
    return folder / "house0.toml"


def test_a_chain_of_1000_extends_files_is_refused_naming_the_limit(
    cli: Cli, tmp_path: Path
) -> None:
    top = write_chain(tmp_path, 1000)
    words = f"a chain of more than {MAX_EXTENDS} steps (the limit)"
    refused(cli("rules", "validate", str(top)), words)
    refused(cli("min-meld", "-r", str(top)), words)
    assert cli("new", "g", "-r", str(top), "--side", "a", "--side", "b").code == 2


def test_a_chain_of_extends_files_up_to_the_limit_still_loads(cli: Cli, tmp_path: Path) -> None:
    top = write_chain(tmp_path, MAX_EXTENDS)  # MAX_EXTENDS steps, the last to classic
    run = cli("min-meld", "-r", str(top), "--score", "1500", "--json")
    assert run.code == 0
    assert json.loads(run.out)["minimum"] == 90  # RULES 1.6: 1,500 to 2,995 needs 90


# ---------------------------------------------------------------- item 13: CSV injection


def csv_rows(text: str) -> list[list[str]]:
    return list(csv.reader(io.StringIO(text)))


def test_csv_header_from_a_ruleset_id_holding_a_formula_is_text(cli: Cli, tmp_path: Path) -> None:
    house = tmp_path / "house.toml"
    house.write_text(
        'extends = "classic"\nid = "=HYPERLINK(\\"http://x\\",\\"y\\")"\n', encoding="utf-8"
    )
    assert cli("new", "g", "-r", str(house), "--side", "us", "--side", "them").code == 0
    assert cli("hand", *QUICK).code == 0
    rows = csv_rows(cli("export", "--format", "csv", "--detail").out)
    rules = [row[rows[0].index("rule")] for row in rows[1:]]
    assert rules and all(r.startswith("'=HYPERLINK") for r in rules)
    cells = [c for row in rows for c in row if not c.lstrip("-").isdigit()]
    assert not any(c.startswith(("=", "+", "-", "@", "\t", "\r")) for c in cells)


@pytest.mark.parametrize(
    ("name", "shown"),
    [
        ("=1+1", "'=1+1"),
        ("+1+1", "'+1+1"),
        ("-2+3", "'-2+3"),
        ("@SUM(A1)", "'@SUM(A1)"),
        ("\t=1+1", "'\t=1+1"),
        ("\r=1+1", "'\r=1+1"),
        ("-45", "-45"),  # just a number: no spreadsheet runs it, so it stays as typed
        ("Ann", "Ann"),
    ],
)
def test_csv_text_cells_that_could_start_a_formula_get_a_quote(name: str, shown: str) -> None:
    from canasta_score.output.export import cell

    assert cell(name) == shown


def test_csv_negative_scores_stay_numbers_and_names_stay_text(cli: Cli) -> None:
    assert cli("new", "g", "--side", "=cmd|' /C calc'!A0", "--side", "them").code == 0
    # RULES 2.6: a side that has not melded counts its cards in hand against it: -45.
    run = cli("hand", "=cmd: 300 melded, 1 natural, out", "them: 0 melded, 45 left")
    assert run.code == 0, run.err
    rows = csv_rows(cli("export", "--format", "csv").out)
    head, hand = rows[0], rows[1]
    assert head[4] == "'=cmd|' /C calc'!A0 score"
    assert hand[head.index("them score")] == "-45"
    assert hand[head.index("them total")] == "-45"


# ---------------------------------------------------------------- item 14: names shown


EVIL = "\x1b[2J\x1b]0;pwned\x07Ann\u202e<img src=x onerror=alert(1)>|x*"


def evil_game(cli: Cli) -> None:
    """A game whose first side is named EVIL, with one hand (RULES C5's shape)."""
    assert cli("new", "g", "--side", EVIL, "--side", "them").code == 0
    record = RECORD.replace('"us"', json.dumps(EVIL))
    assert cli("hand", "--file", "-", stdin=record.encode()).code == 0


def test_markdown_escapes_html_and_table_pipes_in_names(cli: Cli) -> None:
    assert cli("new", "g", "--side", "<b>x</b>|y", "--side", "them").code == 0
    assert cli("hand", "<b>: 300 melded, 1 natural, out", "them: 50 melded").code == 0
    text = cli("export", "--format", "md").out
    # Outside the TOML blocks (the record and ruleset as entered, shown as code).
    shown = "".join(text.split("```")[0::2])
    assert "<b>" not in shown.replace("\\<b>", "")  # every "<" escaped: text, not a tag
    assert "\\<b>x\\</b>\\|y" in shown
    sheet = next(line for line in shown.splitlines() if line.startswith("| Hand"))
    # Hand, Entered, Dealer, then each side's score and total: 7 cells, 8 unescaped pipes.
    assert sheet.replace("\\|", "").count("|") == 8


@pytest.mark.parametrize(
    "args",
    [
        ["status"],
        ["history"],
        ["games"],
        ["export", "--format", "md"],
        ["export", "--format", "csv"],
    ],
)
def test_terminal_output_has_no_control_or_escape_sequences_from_names(
    cli: Cli, args: list[str]
) -> None:
    evil_game(cli)
    run = cli(*args)
    assert run.code == 0
    for bad in ("\x1b", "\x07", "\u202e"):
        assert bad not in run.out + run.err
    assert "Ann" in run.out
    if args != ["export", "--format", "md"]:  # its TOML blocks show the name escaped
        assert "pwned" not in run.out  # the window title sequence is dropped whole


def test_error_messages_hold_no_escape_sequences_from_names(cli: Cli) -> None:
    evil_game(cli)
    run = cli("hand", "nobody\x1b[2J: 1 melded", "them: 5 melded")
    refused(run, "nobody")
    assert "\x1b" not in run.err and "\u202e" not in run.err


def test_json_output_keeps_names_exactly_with_controls_escaped(cli: Cli) -> None:
    evil_game(cli)
    run = cli("status", "--json")
    assert not any(c in run.out for c in "\x1b\x07\u202e")
    assert json.loads(run.out)["sides"][0]["name"] == EVIL
    log = cli("export", "--format", "json").out
    assert not any(c in log for c in "\x1b\x07\u202e")
    assert json.loads(log)["sides"][0]["name"] == EVIL


# ---------------------------------------------------------------- item 15: absurd rulesets


ABSURD = [
    ("[canasta]\nmin_cards = 0", "canasta.min_cards"),
    ("[meld]\nmin_cards = 8\nmax_cards = 7", "meld.min_cards: 8 is more than meld.max_cards (7)"),
    ("[threes]\nred_values = []", "threes.red_values: the table is empty"),
    ("[canasta]\nnatural = 1000005", "canasta.natural: 1,000,005 is out of range"),
    ("[go_out]\nbonus = -100", "go_out.bonus"),
    ("[deck]\njokers_per_deck = -2", "deck.jokers_per_deck: -2 is out of range"),
    ("[deal]\nhand_size = -1", "deal.hand_size: -1 is out of range"),
    ("[deck]\ndecks = 100000", "deck.decks: 100,000 is out of range"),
    ("[threes]\nsign_by_canastas = [2]", "threes.sign_by_canastas"),
    ("[initial_meld]\ntiers = [{ minimum = 5000000 }]", "initial_meld.tiers"),
]


@pytest.mark.parametrize(("body", "named"), ABSURD)
def test_rules_validate_refuses_an_absurd_ruleset_naming_the_key(
    cli: Cli, tmp_path: Path, body: str, named: str
) -> None:
    path = tmp_path / "house.toml"
    path.write_text(f'extends = "classic"\nid = "house"\n{body}\n', encoding="utf-8")
    run = cli("rules", "validate", str(path), "--json")
    assert run.code == 2
    problems = json.loads(run.out)["problems"]
    assert any(named in p for p in problems), problems


def test_rules_validate_reports_every_problem_of_an_absurd_ruleset(
    cli: Cli, tmp_path: Path
) -> None:
    path = tmp_path / "house.toml"
    sections: dict[str, list[str]] = {}
    for body, _named in ABSURD:
        head, *lines = body.split("\n")
        sections.setdefault(head, []).extend(lines)
    text = "\n".join(f"{head}\n" + "\n".join(lines) for head, lines in sections.items())
    path.write_text(f'extends = "classic"\nid = "house"\n{text}\n', encoding="utf-8")
    run = cli("rules", "validate", str(path), "--json")
    assert run.code == 2
    problems = json.loads(run.out)["problems"]
    for _body, named in ABSURD:
        assert any(named in p for p in problems), (named, problems)


# ---------------------------------------------------------------- item 2: absurd counts

# One quick-form word for each canasta kind of the record (CONTRACT 6).
KIND_WORDS = {
    "natural": "natural",
    "mixed": "mixed",
    "sevens": "sevens",
    "aces": "aces",
    "wild": "wild",
    "wild_twos": "wild twos",
    "wild_four_jokers": "wild four jokers",
    "samba": "samba",
    "escalera": "escalera",
    "bolivia": "bolivia",
    "deuces": "deuces",
    "deuces_mixed": "deuces with jokers",
}


def test_every_canasta_kind_has_a_quick_form_word() -> None:
    from canasta_score.rules import kinds

    assert set(KIND_WORDS) == {*kinds.BY_RECORD_KEY, *kinds.SEQUENCE_WORDS[:2]}
    assert all(kinds.canasta_word(word) == key for key, word in KIND_WORDS.items())


@pytest.fixture
def game_home(tmp_path: Path) -> Path:
    home = tmp_path / "home"
    assert process("new", "g", "--side", "us", "--side", "them", home=home).returncode == 0
    return home


def refused_at_once(done: subprocess.CompletedProcess[str], *words: str) -> None:
    assert done.returncode == 2, done.stderr[-500:]
    assert done.stderr.startswith("Error:") and "Traceback" not in done.stderr
    for word in words:
        assert word in done.stderr, (word, done.stderr)


# RULES 1.1: two packs of 52 cards and 4 jokers, 108 cards; no side holds more canastas.
DECK = "the Classic Canasta deck (2 packs) holds 108 cards"


@pytest.mark.parametrize("kind", list(KIND_WORDS))
def test_a_typed_canasta_count_beyond_the_deck_is_refused_at_once(
    game_home: Path, kind: str
) -> None:
    before = stored(game_home, "g")
    quick = f"us: 100 melded, 100000000 {KIND_WORDS[kind]}, out"
    done = process("hand", quick, "them: 50 melded", home=game_home)
    refused_at_once(done, f"canastas.{kind} = 100,000,000 is more than the deck allows", DECK)
    assert stored(game_home, "g") == before


@pytest.mark.parametrize(
    ("item", "named"),
    [
        (f"1{'0' * 30} natural", "is far more than any count or score"),
        (f"1{'0' * 30} melded", "is far more than any count or score"),
        ("100000000 incomplete sevens", "100,000,000 incomplete melds are more than any deck"),
        ("200 incomplete sevens", "incomplete = 200 is more than the deck allows"),
        ("100000000 red", "red_threes = 100,000,000"),
        ("100000000 held", "held_penalties = 100,000,000"),
        ("100000000 concealed canastas", "concealed_canastas = 100,000,000"),
        ("100000000 removed", "black_threes_removed = 100,000,000"),
    ],
)
def test_other_typed_counts_beyond_the_deck_are_refused_at_once(
    game_home: Path, item: str, named: str
) -> None:
    done = process("hand", f"us: 100 melded, {item}, out", "them: 50 melded", home=game_home)
    refused_at_once(done, named)


def test_a_canasta_count_beyond_the_deck_in_a_record_file_is_refused_at_once(
    game_home: Path, tmp_path: Path
) -> None:
    path = tmp_path / "hand.toml"
    path.write_text(RECORD.replace("natural = 1", "natural = 100000000"), "utf-8")
    named = "canastas.natural = 100,000,000 is more than the deck allows"
    refused_at_once(process("hand", "--file", str(path), home=game_home), named, DECK)
    refused_at_once(process("score-hand", str(path), "-r", "classic", home=game_home), named)
    with path.open("rb") as record:
        refused_at_once(process("hand", "--file", "-", stdin=record, home=game_home), named)


def test_a_stored_game_with_a_canasta_count_beyond_the_deck_is_refused_at_once(
    game_home: Path,
) -> None:
    assert process("hand", *QUICK, home=game_home).returncode == 0
    # Changed outside canasta-score, with sqlite3.
    change_stored(
        game_home,
        "UPDATE hands SET record = json_set(record, '$.side[0].canastas.natural', ?)",
        100000000,
    )
    before = stored(game_home, "g")
    for args in (["status"], ["history"], ["hand", *QUICK]):
        refused_at_once(process(*args, home=game_home), "100,000,000")
    assert stored(game_home, "g") == before


def test_a_record_listing_more_cards_than_the_deck_is_refused_at_once(cli: Cli) -> None:
    melds = ", ".join(['"K K K"'] * 100_000)
    record = RECORD.replace("meld_points = 300\ncanastas = { natural = 1 }", f"melds = [{melds}]")
    start = time.monotonic()
    run = cli("score-hand", "-", "-r", "classic", stdin=record.encode())
    refused(run, "the record lists 300,000 cards, more than the deck allows", DECK)
    assert time.monotonic() - start < 20


def test_a_count_typed_at_a_question_longer_than_any_count_is_refused() -> None:
    from canasta_score.core.errors import InputError
    from canasta_score.hands.entry import parse_count

    assert parse_count("1_000") == 1000
    with pytest.raises(InputError, match="far more than any count"):
        parse_count("9" * 5000)


# ---------------------------------------------------------------- item 7: many melds


def test_merge_same_rank_joins_groups_of_one_rank_in_order() -> None:
    from canasta_score.judging.melds import merge_same_rank
    from canasta_score.rules.cards import parse_cards
    from canasta_score.rules.catalog import load_ruleset

    # RULES 1.4: a side holds one meld of each rank; melds of one rank are one meld.
    melds = tuple(parse_cards(t) for t in ("K K K", "Q Q Q", "K K 2", "4S 5S 6S", "Q"))
    merged = merge_same_rank(melds, load_ruleset("classic"))
    assert merged == (
        parse_cards("K K K K K 2"),
        parse_cards("Q Q Q Q"),
        parse_cards("4S 5S 6S"),
    )


def test_checking_100000_melds_takes_seconds_not_minutes(tmp_path: Path) -> None:
    lines = [
        {"check": "go-out", "table": ["K K K"] * 100_000},
        {"check": "meld", "cards": "K", "to": "K K K", "table": ["K K K"] * 100_000},
        {"check": "pickup", "top": "QD", "hand": "Q Q 5 6", "table": ["K K K"] * 100_000},
    ]
    path = tmp_path / "many.jsonl"
    path.write_text("\n".join(json.dumps(line) for line in lines) + "\n", "utf-8")
    start = time.monotonic()
    done = process("check", "--batch", str(path), home=tmp_path)
    assert time.monotonic() - start < 40
    answers = [json.loads(line) for line in done.stdout.splitlines()]
    assert len(answers) == 3 and all("legal" in a for a in answers), done.stderr[-500:]


def test_damaged_derived_data_nested_100000_deep_is_worked_out_again(cli: Cli) -> None:
    home = make_game(cli)
    assert cli("status").code == 0  # keeps the summary
    assert cli("stats").code == 0  # keeps the figures of the statistics
    change_stored(home, "UPDATE summaries SET head = ?, facts = ?", DEEP_JSON, DEEP_JSON)
    change_stored(home, "UPDATE lines SET line = ?", DEEP_JSON)
    run = cli("status", "--json")
    assert run.code == 0
    # RULES C5's shape: us 300 + 500 (natural canasta) + 100 (out) = 900, them 50.
    assert [s["score"] for s in json.loads(run.out)["sides"]] == [900, 50]
    assert cli("stats").code == 0


# ---------------------------------------------------------------- dotted keys and byte-order marks

DOTTED = "a." * 40_000 + "a = 1\n"  # 80 KB, quadratic in the standard parser
MANY_DOTTED = "\n".join(f"k{i}." + ".".join(["a"] * 60) + " = 1" for i in range(2_000))


@pytest.mark.parametrize(
    ("text", "named"),
    [
        (DOTTED, "a key with more than 64 dotted parts"),
        (MANY_DOTTED, "keys with more than 100,000 dotted parts in all"),
    ],
    ids=["one-long-key", "many-keys"],
)
def test_toml_with_dotted_keys_past_the_limit_is_refused_before_parsing(
    cli: Cli, tmp_path: Path, text: str, named: str
) -> None:
    """Every way TOML comes in: a record file and stdin, a batch line, hand --file, import, a
    ruleset file; each refused at once (the parser is never run on it)."""
    path = tmp_path / "dots.toml"
    path.write_text(text, "utf-8")
    start = time.monotonic()
    refused(cli("score-hand", str(path), "-r", "classic"), named)
    refused(cli("score-hand", "-", "-r", "classic", stdin=text.encode()), named)
    line = json.dumps({"record": text, "ruleset": "classic"})
    batch = cli("score-hand", "--batch", "-", stdin=(line + "\n").encode())
    assert batch.code == 2 and named in batch.out
    refused(cli("import", str(path)), named)
    refused(cli("rules", "validate", str(path)), named)
    make_game(cli)
    refused(cli("hand", "--file", str(path)), named)
    assert time.monotonic() - start < 20


def test_a_log_or_record_starting_with_a_byte_order_mark_is_read(cli: Cli, tmp_path: Path) -> None:
    """As Windows editors write them: a JSON and a TOML export, and a hand record."""
    home = make_game(cli)
    for fmt in ("json", "toml"):
        text = another_game(cli("export", "--format", fmt).out)
        path = tmp_path / f"log.{fmt}"
        path.write_bytes(b"\xef\xbb\xbf" + text.encode("utf-8"))
        assert cli("import", str(path), "--name", f"copy-{fmt}").code == 0
    record = tmp_path / "hand.toml"
    record.write_bytes(b"\xef\xbb\xbf" + RECORD.encode("utf-8"))
    run = cli("score-hand", str(record), "-r", "classic", "--json")
    assert run.code == 0 and "Traceback" not in run.err
    assert (home / "games.db").is_file()


def test_rules_validate_refuses_what_no_table_could_play_rules_1_1(
    cli: Cli, tmp_path: Path
) -> None:
    """RULES 1.1: Classic's deck is 2 packs of 52 and 4 jokers, 108 cards; a canasta needs 7,
    so no side makes more than 15 canastas of it, and four hands of 1,000 cannot be dealt."""
    path = tmp_path / "absurd.toml"
    path.write_text(
        'extends = "classic"\nid = "absurd"\nname = "Absurd"\n[deal]\nhand_size = 1000\n'
        "[go_out]\ncanastas = 1000\n[meld]\nmin_naturals = 5\n",
        "utf-8",
    )
    run = cli("rules", "validate", str(path))
    assert run.code == 2
    assert "deal.hand_size: 4 players are dealt 4,000 cards, more than the deck's 108" in run.err
    assert "go_out.canastas: 1,000 canastas, more than the deck's 108 cards can make (15)" in (
        run.err
    )
    assert "meld.min_naturals: 5 is more than meld.min_cards (3)" in run.err
    big = tmp_path / "big.toml"
    big.write_text(
        'extends = "classic"\nid = "big"\nname = "Big"\n[canasta]\nmin_cards = 200\n', "utf-8"
    )
    assert (
        "canasta.min_cards: 200 cards, more than the deck's 108"
        in cli("rules", "validate", str(big)).err
    )
