"""Fuzzing (CONTRACT sections 2, 4 and 6): card strings, hand records and ruleset TOML, through
the library and through the command line.

Whatever comes in, the library either answers or raises one of the project's own errors, and
the command line ends with exit 0, 1 (``check`` only) or 2, never with a traceback; on exit 2 it
says ``Error: ...`` (or lists the problems) on stderr and leaves a game file exactly as it was.
"""

from __future__ import annotations

import contextlib
import copy
import datetime
import io
import json
import os
import re
import subprocess
import sys
import tomllib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import tomli_w
from helpers import stored
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from canasta_score.cli import main
from canasta_score.core.errors import CanastaError
from canasta_score.hands.record import parse_record
from canasta_score.hands.scoring import score_hand
from canasta_score.judging.judge import (
    check_discard,
    check_go_out,
    check_initial_meld,
    check_meld,
    check_pickup,
    min_meld,
)
from canasta_score.rules.cards import format_cards, parse_card, parse_cards
from canasta_score.rules.catalog import load_ruleset, resolve
from canasta_score.rules.ruleset import Ruleset, build_ruleset, schema_keys

# FUZZ_SCALE=20 runs twenty times as many examples (a deeper search than the normal suite's).
SCALE = int(os.environ.get("FUZZ_SCALE", "1"))
FUZZ = settings(max_examples=100 * SCALE, suppress_health_check=[HealthCheck.too_slow])
CLI_FUZZ = settings(max_examples=40 * SCALE, suppress_health_check=[HealthCheck.too_slow])
pytestmark = pytest.mark.filterwarnings("ignore:Generating overly large repr")
RULESET_IDS = ("classic", "modern-american", "samba", "hand-and-foot", "bolivian", "american")
RULESETS = {name: load_ruleset(name) for name in RULESET_IDS}

# ---------------------------------------------------------------- strategies

RANKS = ["A", "K", "Q", "J", "10", "T", "9", "8", "7", "6", "5", "4", "3", "2"]
JOKERS = ["JK", "JKR", "JOKER"]
SUITS = ["S", "H", "D", "C", "♠", "♥", "♦", "♣"]
JUNK_TOKENS = ["11", "1", "0", "X", "KX", "3X", "ZZ", "10HH", "-", "JKS", "♠♠", "ß", "Ⅻ", "\x00"]

valid_token = st.one_of(
    st.builds(
        lambda r, s: r + s, st.sampled_from([*RANKS[:-2], "2"]), st.sampled_from(["", *SUITS])
    ),
    st.builds(lambda s: "3" + s, st.sampled_from([*SUITS, "R", "B"])),
    st.sampled_from(JOKERS),
)
any_token = st.one_of(
    valid_token,
    st.sampled_from([*JUNK_TOKENS, "3", "", "R", "B"]),
    st.builds(
        lambda r, s: r + s,
        st.sampled_from(RANKS + JOKERS),
        st.sampled_from([*SUITS, "R", "B", "X"]),
    ),
    st.text(max_size=4),
)
case = st.sampled_from([str, str.lower, str.upper, str.swapcase])
separator = st.sampled_from([" ", ",", ", ", "  ", " ,", "\t", "\n", ";", "/"])


@st.composite
def joined(draw: st.DrawFn, token: st.SearchStrategy[str], max_size: int = 10) -> str:
    tokens = draw(st.lists(token, max_size=max_size))
    shape = draw(case)
    seps = draw(st.lists(separator, min_size=len(tokens), max_size=len(tokens)))
    return shape("".join(t + s for t, s in zip(tokens, seps, strict=True)))


card_text = st.one_of(joined(any_token), st.text(max_size=30))
good_cards = joined(valid_token, 12).filter(lambda t: t.strip(" ,\t\n") != "")
good_meld_list = st.lists(good_cards, max_size=4)
natural_rank = st.sampled_from(["A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4"])

# Values TOML can hold: anything a user may type into a record or a ruleset file.
toml_scalar = st.one_of(
    st.booleans(),
    st.integers(min_value=-(2**63), max_value=2**63 - 1),
    st.integers(min_value=-20, max_value=200),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=12),
    card_text,
    st.dates(),
    st.datetimes(),
    st.times(),
)
toml_value = st.recursive(
    toml_scalar,
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=12,
)


def maybe(strategy: st.SearchStrategy[Any]) -> st.SearchStrategy[Any]:
    """The strategy's values, or now and then any TOML value in their place."""
    return st.one_of(strategy, strategy, strategy, toml_value)


side_name = st.sampled_from(["A", "B", "C", "us", "them", " ", ""]) | st.text(max_size=6)
side_record = st.fixed_dictionaries(
    {"name": maybe(side_name)},
    optional={
        "melds": maybe(st.lists(maybe(good_cards | card_text), max_size=5)),
        "in_hand": maybe(st.one_of(card_text, st.lists(card_text, max_size=3))),
        "red_threes": maybe(
            st.integers(-2, 9) | st.lists(st.sampled_from(["3H", "3D", "3R", "3S", "3B", "KS"]))
        ),
        "black_threes": maybe(st.integers(-2, 9) | st.lists(st.sampled_from(["3S", "3C", "3B"]))),
        "went_out": maybe(st.booleans()),
        "concealed": maybe(st.booleans()),
        "meld_points": maybe(st.integers(-100, 20000)),
        "in_hand_points": maybe(st.integers(-100, 2000)),
        "canastas": maybe(
            st.dictionaries(
                st.sampled_from(["natural", "mixed", "sevens", "aces", "wild", "samba", "bogus"]),
                maybe(st.integers(-1, 14)),
                max_size=3,
            )
        ),
        "incomplete": maybe(st.lists(st.sampled_from(["sevens", "aces", "wild", "sequence", "x"]))),
        "special_hand": maybe(st.sampled_from(["straight", "pairs", "pairs-27a", "garbage", "no"])),
        "acaba": maybe(st.booleans()),
        "black_threes_removed": maybe(st.integers(-1, 8)),
        "held_penalties": maybe(st.integers(-1, 4)),
        "concealed_canastas": maybe(st.integers(-1, 4)),
        "colour": toml_value,
    },
)
hand_record = st.one_of(
    st.fixed_dictionaries(
        {"side": maybe(st.lists(side_record, max_size=4))},
        optional={
            "ruleset": maybe(st.sampled_from(RULESET_IDS)),
            "players": maybe(st.integers(0, 8)),
            "hand": maybe(st.integers(0, 5)),
        },
    ),
    st.dictionaries(st.text(max_size=8), toml_value, max_size=4),
)


@st.composite
def ruleset_data(draw: st.DrawFn) -> dict[str, Any]:
    """A bundled ruleset's data with some keys set to other values, removed or added."""
    data = copy.deepcopy(resolve(draw(st.sampled_from(RULESET_IDS))))
    keys = list(schema_keys())
    for _ in range(draw(st.integers(1, 4))):
        action = draw(st.sampled_from(["set", "set", "set", "drop", "add", "section", "meta"]))
        section, _, name = draw(st.sampled_from(keys)).partition(".")
        table = data.setdefault(section, {})
        if action in ("set", "drop", "add") and not isinstance(table, dict):
            continue  # an earlier step made the section something else
        if action == "set":
            table[name] = draw(st.one_of(near(table.get(name)), toml_value))
        elif action == "drop":
            table.pop(name, None)
        elif action == "add":
            table[draw(st.text(min_size=1, max_size=6))] = draw(toml_value)
        elif action == "section":
            data[draw(st.sampled_from([section, "bogus", "by_players", "sources"]))] = draw(
                toml_value
            )
        else:
            data[draw(st.sampled_from(["id", "name", "status", "extends"]))] = draw(toml_value)
    return data


def near(value: Any) -> st.SearchStrategy[Any]:
    """Values close to a ruleset value: other numbers, other words, edited lists of tiers."""
    if isinstance(value, bool):
        return st.booleans()
    if isinstance(value, int):
        return st.integers(-3, 12) | st.integers(-(10**6), 10**6)
    if isinstance(value, str):
        return st.text(max_size=12) | st.sampled_from([value.upper(), value + "x", ""])
    if isinstance(value, list):
        tier = st.fixed_dictionaries(
            {"minimum": maybe(st.integers(-5, 200))},
            optional={
                "from": maybe(st.integers(-3000, 6000)),
                "requires": maybe(st.sampled_from(["canasta", "natural_canasta", "x"])),
            },
        )
        return st.lists(st.integers(-5, 900) | tier, max_size=5)
    return toml_value


# ---------------------------------------------------------------- running the command line


@contextlib.contextmanager
def stdin_bytes(data: bytes) -> Iterator[None]:
    saved = sys.stdin
    sys.stdin = io.TextIOWrapper(io.BytesIO(data), encoding="utf-8")
    try:
        yield
    finally:
        sys.stdin = saved


def cli(*args: str, stdin: bytes = b"") -> tuple[int, str, str]:
    """Run the command line in this process; (exit code, stdout, stderr). Anything but a
    SystemExit escaping ``main`` would be a traceback for the user, and fails the test."""
    out, err = io.StringIO(), io.StringIO()
    with (
        contextlib.redirect_stdout(out),
        contextlib.redirect_stderr(err),
        stdin_bytes(stdin),
        pytest.raises(SystemExit) as done,
    ):
        main(list(args))
    code = done.value.code
    code = 0 if code is None else code
    assert isinstance(code, int)
    return code, out.getvalue(), err.getvalue()


def assert_contract(code: int, out: str, err: str, allowed: tuple[int, ...], as_json: bool) -> None:
    """CONTRACT section 4: the exit code, one JSON object on success, Error: on bad input."""
    assert code in allowed, (code, out, err)
    assert "Traceback" not in out + err
    if code == 2:
        assert out == "", out
        assert "Error: " in err, err
    elif as_json:
        assert out.count("\n") == 1 and isinstance(json.loads(out), dict), out


# ---------------------------------------------------------------- library: card strings


@FUZZ
@given(card_text)
def test_card_strings_parse_or_raise_a_notation_error_naming_the_token(text: str) -> None:
    try:
        cards = parse_cards(text)
    except CanastaError as exc:
        tokens = [t for t in re.split(r"[\s,]+", text.strip()) if t]
        if tokens:
            assert any(t.strip() in str(exc) for t in tokens), (text, str(exc))
        return
    assert cards and parse_cards(format_cards(cards)) == cards


@FUZZ
@given(any_token)
def test_one_card_token_parses_or_raises_a_notation_error(token: str) -> None:
    try:
        card = parse_card(token)
    except CanastaError:
        return
    assert parse_cards(format_cards((card,))) == (card,)


# ---------------------------------------------------------------- library: rulings


def cards_or_error(text: str) -> Any:
    try:
        return parse_cards(text)
    except CanastaError:
        return None


def assert_ruling(rs: Ruleset, ruling: Any) -> None:
    """CONTRACT section 5: legal is a bool; an illegal play names the rules it breaks."""
    data = ruling.as_dict()
    json.dumps(data)
    assert isinstance(data["legal"], bool)
    assert data["legal"] or data["reasons"], data
    for reason in data["reasons"]:
        assert reason["rule"].startswith(f"{rs.id}.") and reason["text"], reason


@FUZZ
@given(
    st.sampled_from(RULESET_IDS),
    good_cards,
    st.booleans(),
    st.booleans(),
    st.one_of(st.none(), good_cards),
    good_meld_list,
    st.sets(natural_rank, max_size=3),
)
def test_check_meld_answers_any_cards(
    ruleset: str,
    text: str,
    initial: bool,
    going_out: bool,
    to: str | None,
    table: list[str],
    closed: set[str],
) -> None:
    rs = RULESETS[ruleset]
    try:
        ruling = check_meld(
            rs,
            parse_cards(text),
            initial=initial,
            to=parse_cards(to) if to else None,
            going_out=going_out,
            table=tuple(parse_cards(t) for t in table),
            closed=frozenset(parse_card(r).rank for r in closed),
        )
    except CanastaError:
        return
    assert_ruling(rs, ruling)
    assert isinstance(ruling.extra["points"], int)


@FUZZ
@given(
    st.sampled_from(RULESET_IDS),
    st.lists(good_cards, min_size=1, max_size=4),
    st.integers(-5000, 12000),
    st.one_of(st.none(), valid_token),
    st.one_of(st.none(), st.integers(-2, 9)),
)
def test_check_initial_meld_answers_any_melds(
    ruleset: str, melds: list[str], score: int, top: str | None, hand_number: int | None
) -> None:
    rs = RULESETS[ruleset]
    try:
        ruling = check_initial_meld(
            rs,
            [parse_cards(m) for m in melds],
            score=score,
            top_card=parse_card(top) if top else None,
            hand_number=hand_number,
        )
    except CanastaError:
        return
    assert_ruling(rs, ruling)


@FUZZ
@given(
    st.sampled_from(RULESET_IDS),
    valid_token,
    joined(valid_token, 11),
    st.booleans(),
    st.booleans(),
    st.integers(-5000, 12000),
    st.lists(good_cards, max_size=3),
    st.one_of(st.none(), st.integers(-1, 60)),
)
def test_check_pickup_answers_any_hand(
    ruleset: str,
    top: str,
    hand: str,
    opened: bool,
    frozen: bool,
    score: int,
    table: list[str],
    pile_size: int | None,
) -> None:
    rs = RULESETS[ruleset]
    try:
        ruling = check_pickup(
            rs,
            parse_card(top),
            parse_cards(hand, allow_empty=True),
            opened=opened,
            frozen=frozen,
            score=score,
            table=tuple(parse_cards(t) for t in table),
            pile_size=pile_size,
        )
    except CanastaError:
        return
    assert_ruling(rs, ruling)


@FUZZ
@given(
    st.sampled_from(RULESET_IDS),
    valid_token,
    joined(valid_token, 8),
    st.booleans(),
    st.booleans(),
    good_meld_list,
    st.one_of(st.none(), valid_token),
    st.sampled_from([None, "yes", "no"]),
)
def test_check_discard_and_go_out_answer_anything(
    ruleset: str,
    card: str,
    hand: str,
    pile_empty: bool,
    going_out: bool,
    table: list[str],
    discard: str | None,
    partner: str | None,
) -> None:
    rs = RULESETS[ruleset]
    try:
        ruling = check_discard(
            rs,
            parse_card(card),
            (parse_card(card), *parse_cards(hand, allow_empty=True)),
            pile_empty=pile_empty,
            going_out=going_out,
        )
        assert_ruling(rs, ruling)
        ruling = check_go_out(
            rs,
            tuple(parse_cards(t) for t in table),
            discard=parse_card(discard) if discard else None,
            partner=partner,
        )
        assert_ruling(rs, ruling)
    except CanastaError:
        return


# ---------------------------------------------------------------- library: hand records


@FUZZ
@given(st.sampled_from(RULESET_IDS), hand_record)
def test_hand_records_score_or_raise_a_record_error(ruleset: str, data: dict[str, Any]) -> None:
    rs = RULESETS[ruleset]
    try:
        result = score_hand(rs, parse_record(data))
    except CanastaError:
        return
    for side in result.sides:
        assert sum(i.points for i in side.items) == side.total
    json.dumps(result.as_dict())


# ---------------------------------------------------------------- library: ruleset TOML


@FUZZ
@given(ruleset_data(), st.sampled_from([None, 1, 2, 3, 4, 6, 9]))
def test_edited_rulesets_load_or_raise_a_ruleset_error_and_then_work(
    c5_text: str, data: dict[str, Any], players: int | None
) -> None:
    try:
        rs = build_ruleset(data, origin="fuzz.toml", players=players)
    except CanastaError as exc:
        assert str(exc)
        return
    # A ruleset that validates must not break any mechanism.
    try:
        need = min_meld(rs, 1500, 2)
        assert isinstance(need.minimum, int)
        ruling = check_meld(rs, parse_cards("K K K 2"), initial=True)
        assert_ruling(rs, ruling)
        record = parse_record(tomllib.loads(c5_text))
        score_hand(rs, record)
    except CanastaError:
        pass
    rs.all_rules()


@FUZZ
@given(st.one_of(ruleset_data().map(lambda d: tomli_w.dumps(clean(d))), st.text(max_size=200)))
def test_ruleset_files_validate_or_list_their_problems(tmp_path_factory: Any, text: str) -> None:
    from canasta_score.rules.catalog import validate_file

    path = tmp_path_factory.mktemp("rs") / "house.toml"
    path.write_text(text, encoding="utf-8")
    try:
        validate_file(str(path))
    except CanastaError as exc:
        assert str(exc)


def clean(data: Any) -> Any:
    """Data tomli-w can write (it refuses nothing TOML holds, but keys must be strings)."""
    if isinstance(data, dict):
        return {str(k): clean(v) for k, v in data.items()}
    if isinstance(data, list):
        return [clean(v) for v in data]
    return data


# ---------------------------------------------------------------- the command line


@CLI_FUZZ
@given(
    card_text,
    st.sampled_from([[], ["--initial"], ["--going-out"], ["--to", "K K K"], ["--closed", "K"]]),
    st.lists(card_text, max_size=2),
    st.sampled_from([*RULESET_IDS, "nope", "samba.toml"]),
)
def test_cli_check_meld_on_any_text(
    text: str, flags: list[str], table: list[str], ruleset: str
) -> None:
    args = ["check", "meld", text, *flags, "--ruleset", ruleset, "--json"]
    for meld in table:
        args += ["--table", meld]
    assert_contract(*cli(*args), allowed=(0, 1, 2), as_json=True)


@CLI_FUZZ
@given(
    st.sampled_from(["check pickup", "check discard", "check go-out", "check initial-meld"]),
    card_text,
    card_text,
    st.lists(st.sampled_from(["--not-opened", "--frozen", "--pile-empty", "--going-out"])),
    st.sampled_from(["--score", "--pile-size", "--hand-number"]),
    st.one_of(st.integers(-(10**20), 10**20).map(str), st.text(max_size=5)),
)
def test_cli_other_checks_on_any_text(
    command: str, first: str, second: str, flags: list[str], number_opt: str, number: str
) -> None:
    words = command.split()
    if words[1] == "pickup":
        args = [*words, "--top", first, "--hand", second]
    elif words[1] == "discard":
        args = [*words, first, "--hand", second]
    elif words[1] == "go-out":
        args = [*words, "--table", first, "--discard", second]
    else:
        args = [*words, first, second, "--top-card", second[:3]]
    args += [*flags, number_opt, number, "--json"]
    assert_contract(*cli(*args), allowed=(0, 1, 2), as_json=True)


@CLI_FUZZ
@given(
    st.one_of(st.integers(-(10**30), 10**30).map(str), st.text(max_size=6)),
    st.one_of(st.integers(-5, 40).map(str), st.text(max_size=3)),
    st.sampled_from([*RULESET_IDS, "nope"]),
    st.lists(
        st.sampled_from(["game.target=2500", "meld.bogus=1", "x", "values.joker=yes"]), max_size=2
    ),
)
def test_cli_min_meld_on_any_numbers(score: str, hand: str, ruleset: str, rules: list[str]) -> None:
    args = ["min-meld", "--score", score, "--hand-number", hand, "--ruleset", ruleset, "--json"]
    for rule in rules:
        args += ["--rule", rule]
    assert_contract(*cli(*args), allowed=(0, 2), as_json=True)


@CLI_FUZZ
@given(st.one_of(hand_record.map(lambda d: tomli_w.dumps(clean(d))), st.text(max_size=300)))
def test_cli_score_hand_on_any_record(text: str) -> None:
    code, out, err = cli("score-hand", "-", "--ruleset", "classic", "--json", stdin=text.encode())
    assert_contract(code, out, err, allowed=(0, 2), as_json=True)


@CLI_FUZZ
@given(st.one_of(ruleset_data().map(lambda d: tomli_w.dumps(clean(d))), st.text(max_size=200)))
def test_cli_rules_validate_on_any_file(tmp_path_factory: Any, text: str) -> None:
    path = tmp_path_factory.mktemp("rs") / "house.toml"
    path.write_text(text, encoding="utf-8")
    code, out, err = cli("rules", "validate", str(path), "--json")
    assert code in (0, 2) and "Traceback" not in out + err
    assert isinstance(json.loads(out), dict)


batch_line = st.one_of(
    st.fixed_dictionaries(
        {
            "check": maybe(
                st.sampled_from(["meld", "initial-meld", "pickup", "discard", "go-out", "min-meld"])
            )
        },
        optional={
            "cards": maybe(card_text),
            "melds": maybe(st.lists(card_text, max_size=3)),
            "card": maybe(card_text),
            "top": maybe(card_text),
            "hand": maybe(card_text),
            "table": maybe(st.lists(card_text, max_size=3)),
            "closed": maybe(st.lists(st.text(max_size=3), max_size=2)),
            "initial": maybe(st.booleans()),
            "score": maybe(st.integers(-(10**20), 10**20)),
            "hand-number": maybe(st.integers(-3, 30)),
            "partner": maybe(st.sampled_from(["yes", "no", "maybe"])),
            "ruleset": maybe(st.sampled_from([*RULESET_IDS, "nope"])),
            "players": maybe(st.integers(0, 8)),
            "rule": maybe(st.lists(st.sampled_from(["game.target=2500", "x=1"]), max_size=2)),
        },
    ).map(lambda d: json.dumps(clean_json(d), ensure_ascii=False)),
    st.text(max_size=40).map(lambda t: t.replace("\n", " ")),
)


def clean_json(data: Any) -> Any:
    """TOML-typed values made JSON-ready (dates become text)."""
    if isinstance(data, dict):
        return {str(k): clean_json(v) for k, v in data.items()}
    if isinstance(data, list):
        return [clean_json(v) for v in data]
    if isinstance(data, datetime.date | datetime.time):
        return data.isoformat()
    if isinstance(data, float) and data != data:
        return None
    return data


@CLI_FUZZ
@given(st.lists(batch_line, max_size=6))
def test_cli_batch_answers_every_line_with_one_object(lines: list[str]) -> None:
    code, out, err = cli("check", "--batch", "-", stdin="\n".join(lines).encode())
    assert code in (0, 1, 2) and "Traceback" not in out + err
    answers = [json.loads(line) for line in out.split("\n")[:-1]]
    # A line of ASCII white space only is skipped; every other line gets one answer.
    assert len(answers) == sum(1 for line in lines if line.encode().strip())
    assert all(isinstance(a, dict) for a in answers)
    assert (code == 2) == any("error" in a for a in answers)


@pytest.fixture(scope="module")
def game_home(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    home = tmp_path_factory.mktemp("games")
    saved = os.environ.get("CANASTA_SCORE_HOME")
    os.environ["CANASTA_SCORE_HOME"] = str(home)
    try:
        code, _, err = cli("new", "fuzz", "--side", "A", "--side", "B", "--target", "100000000")
        assert code == 0, err
        yield home
    finally:
        if saved is None:
            os.environ.pop("CANASTA_SCORE_HOME", None)
        else:
            os.environ["CANASTA_SCORE_HOME"] = saved


@CLI_FUZZ
@given(text=st.one_of(hand_record.map(lambda d: tomli_w.dumps(clean(d))), st.text(max_size=200)))
def test_cli_hand_refuses_bad_records_and_leaves_the_game_file_as_it_was(
    game_home: Path, text: str
) -> None:
    os.environ["CANASTA_SCORE_HOME"] = str(game_home)
    before = stored(game_home, "fuzz")
    hands = len(json.loads(before)[1])
    code, out, err = cli("hand", "--game", "fuzz", "--file", "-", "--json", stdin=text.encode())
    assert_contract(code, out, err, allowed=(0, 2), as_json=True)
    after = stored(game_home, "fuzz")
    if code == 2:
        assert after == before
    else:
        assert len(json.loads(after)[1]) == hands + 1


@settings(max_examples=5 * SCALE)
@given(card_text.filter(lambda t: "\x00" not in t), st.binary(max_size=120))
def test_real_process_never_prints_a_traceback(text: str, record: bytes) -> None:
    """The same in a separate interpreter, as a user runs it."""
    run = [sys.executable, "-m", "canasta_score"]
    done = subprocess.run(
        [*run, "check", "meld", "--json", "--", text], capture_output=True, check=False
    )
    assert done.returncode in (0, 1, 2) and b"Traceback" not in done.stderr
    done = subprocess.run(
        [*run, "score-hand", "-", "-r", "classic"], input=record, capture_output=True, check=False
    )
    assert done.returncode in (0, 2) and b"Traceback" not in done.stderr
