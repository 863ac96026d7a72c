"""The rules reference: `rules explain`, the docs/rules pages, public sources, and no output that
cites a private section number (issue 10, item 10)."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path

import pytest

from canasta_score.cli import main
from canasta_score.core.errors import InputError
from canasta_score.rules.catalog import bundled_family, bundled_ids, load_ruleset
from canasta_score.rules.rulebook import explain_rule, split_rule_id
from canasta_score.rules.ruleset import Ruleset, schema_keys
from canasta_score.rules.schema import FIXED_RULES

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs" / "rules"
PRIVATE = re.compile(r"RULES \d|RULES\.md|\bD\d{1,2}\b|CONTRACT \d|digest|\bseeds?\b")
PUBLIC = (
    "Pagat: ",
    "Wikipedia: ",
    "Bicycle: ",
    "HowStuffWorks: ",
    "CLA rules",
    "CanastaConnection",
    "Rummy-games: ",
    "Britannica: ",
    "decision, see docs/rules/",
    "house-rule option, see docs/rules/",
    "see docs/rules/",
)
VARIANT_PAGES = [*(f"{i}.md" for i in bundled_ids()), "six-players.md"]
SECTIONS = (
    "players-cards-and-the-deal",
    "card-values",
    "melds",
    "canastas",
    "threes",
    "initial-meld",
    "the-discard-pile",
    "discarding",
    "going-out",
    "scoring-a-hand",
    "special-hands",
    "acaba",
    "game-end",
    "worked-examples",
    "choices-and-house-rule-options",
)


def anchors(page: Path) -> set[str]:
    """The section anchors of a Markdown page, as GitHub spells them."""
    found = set()
    for line in page.read_text(encoding="utf-8").splitlines():
        if line.startswith("## "):
            words = re.sub(r"[^\w\s-]", "", line[3:].strip().lower())
            found.add(re.sub(r"\s", "-", words))
    return found


def every_ruleset() -> list[tuple[str, int]]:
    """Every bundled ruleset at every player count it offers."""
    return [(i, n) for i in bundled_ids() for n in load_ruleset(i).table.player_counts]


@pytest.fixture
def invoke(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> Callable[..., tuple[int, str, str]]:
    """Run the command line at a terminal width; return (exit code, stdout, stderr)."""

    def run(*args: str, columns: int = 100) -> tuple[int, str, str]:
        monkeypatch.setenv("COLUMNS", str(columns))
        with pytest.raises(SystemExit) as done:
            main(list(args))
        out, err = capsys.readouterr()
        code = done.value.code
        return (code if isinstance(code, int) else 0), out, err

    return run


# ---------------------------------------------------------------- the pages


def test_docs_rules_has_an_index_and_a_page_per_bundled_variant() -> None:
    assert (DOCS / "index.md").is_file()
    index = (DOCS / "index.md").read_text(encoding="utf-8")
    for page in VARIANT_PAGES:
        assert (DOCS / page).is_file(), page
        assert f"]({page})" in index, page


@pytest.mark.parametrize("page", VARIANT_PAGES)
def test_every_variant_page_has_every_section(page: str) -> None:
    """A rule id leads to the same section on any page, so every page has all of them."""
    assert set(SECTIONS) <= anchors(DOCS / page)


@pytest.mark.parametrize("page", ["index.md", *VARIANT_PAGES])
def test_pages_speak_in_the_projects_own_words(page: str) -> None:
    text = (DOCS / page).read_text(encoding="utf-8")
    assert not PRIVATE.search(text), PRIVATE.search(text)


@pytest.mark.parametrize("page", ["index.md", *VARIANT_PAGES])
def test_page_links_lead_to_pages_and_sections_that_exist(page: str) -> None:
    text = (DOCS / page).read_text(encoding="utf-8")
    for target, anchor in re.findall(r"\]\(([\w./-]+\.md)(?:#([\w-]+))?\)", text):
        path = (DOCS / target).resolve()
        assert path.is_file(), (page, target)
        if anchor:
            assert anchor in anchors(path), (page, target, anchor)


@pytest.mark.parametrize(
    ("page", "example"),
    [
        ("modern-american.md", "**\u22123,005**"),  # M5 corrected: -160 - 300 - 45 - 2,500
        ("american.md", "**\u2212800**"),  # A1 corrected, no canasta: red 2 -> 300, black 3 -> 500
        ("american.md", "**+600**"),  # A1 corrected, two canastas: tabled threes only
        ("classic.md", "**1,240**"),  # C5
        ("samba.md", "**2,985**"),  # S2
        ("hand-and-foot.md", "**3,170**"),  # H3
        ("hand-and-foot.md", "**295**"),  # H3, team B
    ],
)
def test_worked_examples_carry_the_corrected_totals(page: str, example: str) -> None:
    assert example in (DOCS / page).read_text(encoding="utf-8")


def test_readme_links_the_rules_reference() -> None:
    assert "docs/rules/" in (ROOT / "README.md").read_text(encoding="utf-8")


# ---------------------------------------------------------------- sources


@pytest.mark.parametrize(("ident", "players"), every_ruleset())
def test_every_source_names_a_public_reference_or_a_page(ident: str, players: int) -> None:
    rs = load_ruleset(ident, players=players)
    for rule_id, _, source in rs.all_rules():
        assert source, rule_id
        for part in source.split("; "):
            assert part.startswith(PUBLIC), (rule_id, source)
        for page in re.findall(r"docs/rules/([\w-]+\.md)", source):
            assert (DOCS / page).is_file(), (rule_id, page)


# ---------------------------------------------------------------- rules explain


def every_rule_id(rs: Ruleset) -> list[str]:
    """Every id a ruling or score line can cite: each schema key and each fixed rule."""
    return [rs.rule_id(k) for k in (*schema_keys(), *FIXED_RULES)]


def check_page(rule_id: str, page_ref: str) -> None:
    page, _, anchor = page_ref.partition("#")
    path = ROOT / page
    assert path.is_file(), (rule_id, page)
    assert anchor in anchors(path), (rule_id, page_ref)


@pytest.mark.parametrize(("ident", "players"), every_ruleset())
def test_explain_covers_every_citable_rule_id(ident: str, players: int) -> None:
    """Every id any ruling or score line can cite, in every ruleset and player count, explains
    itself and leads to a page section that exists."""
    rs = load_ruleset(ident, players=players)
    family = bundled_family(ident)
    for rule_id in every_rule_id(rs):
        found = explain_rule(rs, rule_id, family)
        assert found.id == rule_id and found.ruleset == ident
        assert found.text and found.source
        check_page(rule_id, found.page)


@pytest.mark.parametrize("ident", bundled_ids())
def test_rules_explain_command_works_for_every_citable_rule_id(
    ident: str, invoke: Callable[..., tuple[int, str, str]]
) -> None:
    """Every id, through the command's one library call (``catalog.explain``); every tenth id
    through the command itself too, whose ``--json`` is that call's answer."""
    from canasta_score.rules.catalog import explain

    rs = load_ruleset(ident)
    for number, rule_id in enumerate(every_rule_id(rs)):
        found = explain(rule_id, None).as_dict()
        if number % 10 == 0:
            code, out, err = invoke("rules", "explain", rule_id, "--json")
            assert code == 0, (rule_id, err)
            assert json.loads(out) == json.loads(json.dumps(found))
        assert found["id"] == rule_id and found["text"] == rs.rule_text(found["key"])
        assert found["source"] == rs.rule_source(found["key"])
        check_page(rule_id, found["page"])


def test_rules_explain_prints_text_value_source_and_page(
    invoke: Callable[..., tuple[int, str, str]],
) -> None:
    """D1 in classic: naturals must outnumber wilds; its page is classic.md, section Melds."""
    code, out, _ = invoke("rules", "explain", "classic.meld.wild_ratio")
    assert code == 0
    assert out.splitlines()[0] == "classic.meld.wild-ratio"
    assert "natural cards must outnumber wild cards" in out
    assert 'meld.wild_ratio = "naturals_gt_wilds"' in out
    assert "two_naturals_per_wild" in out  # the other choices
    assert "source: decision, see docs/rules/classic.md" in out
    assert "docs/rules/classic.md#melds" in out


def test_rules_explain_samba_sequence_canasta_is_1500(
    invoke: Callable[..., tuple[int, str, str]],
) -> None:
    code, out, _ = invoke("rules", "explain", "samba.canasta.sequence", "--json")
    found = json.loads(out)
    assert code == 0 and found["value"] == 1500
    assert found["page"] == "docs/rules/samba.md#canastas"
    assert "Pagat: Samba" in found["source"]


def test_rules_explain_a_fixed_rule(invoke: Callable[..., tuple[int, str, str]]) -> None:
    code, out, _ = invoke("rules", "explain", "classic.pile.natural-pair", "--json")
    found = json.loads(out)
    assert code == 0 and found["setting"] is False and found["value"] is None
    assert "natural pair" in found["text"]
    assert found["page"] == "docs/rules/classic.md#the-discard-pile"


def test_rules_explain_a_bare_key_with_ruleset(invoke: Callable[..., tuple[int, str, str]]) -> None:
    """Cuban tiers: 150 from 5,000."""
    code, out, _ = invoke("rules", "explain", "initial_meld.tiers", "--ruleset", "cuban", "--json")
    found = json.loads(out)
    assert code == 0 and found["id"] == "cuban.initial-meld.tiers"
    assert found["value"][-1] == {"from": 5000, "minimum": 150}


def test_rules_explain_six_players_points_to_their_page(
    invoke: Callable[..., tuple[int, str, str]],
) -> None:
    code, out, _ = invoke("rules", "explain", "classic.go-out.canastas", "-p", "6", "--json")
    found = json.loads(out)
    assert code == 0 and found["value"] == 2
    assert found["page"] == "docs/rules/six-players.md#going-out"


def test_rules_explain_with_a_house_rule_shows_the_new_value(
    invoke: Callable[..., tuple[int, str, str]],
) -> None:
    code, out, _ = invoke("rules", "explain", "go_out.bonus", "--rule", "go_out.bonus=200")
    assert code == 0 and "go_out.bonus = 200" in out and "house rule (--rule)" in out


def test_rules_explain_a_house_file_uses_the_page_of_its_bundled_base(
    tmp_path: Path, invoke: Callable[..., tuple[int, str, str]]
) -> None:
    path = tmp_path / "ours.toml"
    path.write_text('id = "ours"\nextends = "samba"\n[go_out]\nbonus = 300\n', encoding="utf-8")
    code, out, _ = invoke("rules", "explain", "ours.go-out.bonus", "-r", str(path), "--json")
    found = json.loads(out)
    assert code == 0 and found["value"] == 300
    assert found["page"] == "docs/rules/samba.md#going-out"


@pytest.mark.parametrize(
    ("rule_id", "named", "hint"),
    [
        ("meld.wild_rato", "meld.wild_rato", "meld.wild-ratio"),
        ("samba.canasta.sequense", "samba.canasta.sequense", "samba.canasta.sequence"),
        ("clasic.meld.wild-ratio", "clasic", "classic"),
        ("nonsense", "nonsense", None),
    ],
)
def test_rules_explain_unknown_id_is_an_error_with_a_suggestion(
    rule_id: str, named: str, hint: str | None, invoke: Callable[..., tuple[int, str, str]]
) -> None:
    code, out, err = invoke("rules", "explain", rule_id)
    assert code == 2 and out == ""
    assert err.startswith("Error: ") and named in err
    assert "Traceback" not in err
    if hint:
        assert f'did you mean "{hint}"' in err


def test_rules_explain_id_of_another_ruleset_is_an_error(
    invoke: Callable[..., tuple[int, str, str]],
) -> None:
    code, _, err = invoke("rules", "explain", "samba.meld.max-wilds", "--ruleset", "classic")
    assert code == 2 and "samba" in err and "classic" in err


@pytest.mark.parametrize(
    ("text", "parsed"),
    [
        ("classic.meld.wild_ratio", ("classic", "meld.wild_ratio")),
        ("classic.meld.wild-ratio", ("classic", "meld.wild_ratio")),
        ("hand-and-foot.go-out.mixed-canastas", ("hand-and-foot", "go_out.mixed_canastas")),
        ("meld.wild_ratio", (None, "meld.wild_ratio")),
        ("samba.meld.sequence", ("samba", "meld.sequence")),  # the fixed rule
        ("samba.meld.sequences", ("samba", "meld.sequences")),  # the key
        ("initial-meld.minimum", (None, "initial-meld.minimum")),
    ],
)
def test_split_rule_id(text: str, parsed: tuple[str | None, str]) -> None:
    assert split_rule_id(text) == parsed


def test_split_rule_id_unknown_names_it() -> None:
    with pytest.raises(InputError, match=r'"go_out\.bonsu"'):
        split_rule_id("go_out.bonsu")


# ---------------------------------------------------------------- rules show wraps


@pytest.mark.parametrize("columns", [60, 100, 200])
@pytest.mark.parametrize("ident", ["classic", "samba", "hand-and-foot", "italian"])
def test_rules_show_fits_the_terminal_width(
    ident: str, columns: int, invoke: Callable[..., tuple[int, str, str]]
) -> None:
    code, out, _ = invoke("rules", "show", ident, columns=columns)
    assert code == 0
    longest = max(out.splitlines(), key=len)
    assert len(longest) <= columns, longest
    rs = load_ruleset(ident)
    flat = " ".join(out.split())
    for rule_id, _, _ in rs.all_rules():
        assert rule_id in flat


# ---------------------------------------------------------------- no private citations


RULINGS = [
    ["check", "meld", "K K 2 2"],
    ["check", "meld", "K K 2 2", "--ruleset", "samba"],
    ["check", "meld", "Q Q Q Q 2 2 2", "--ruleset", "samba"],
    ["check", "meld", "3S 3C 3S"],
    ["check", "meld", "3H 3D 3H", "--going-out"],
    ["check", "meld", "2 2 JK", "--ruleset", "modern-american"],
    ["check", "meld", "7 7 2", "--ruleset", "american"],
    ["check", "meld", "4H 5H 6H 7H", "--ruleset", "samba"],
    ["check", "meld", "2 2 2", "--ruleset", "italian"],
    ["check", "meld", "K K K 2", "--to", "K K K K 2 2", "--ruleset", "american"],
    ["check", "initial-meld", "7C 7D 7H 7S", "AC AH JK", "--score", "1600"],
    ["check", "initial-meld", "K K K", "Q Q 2", "--score", "2950", "--ruleset", "modern-american"],
    ["check", "initial-meld", "K K K K K 2 JK", "A A A", "--score", "8200", "-r", "brazilian"],
    [
        "check",
        "pickup",
        "--top",
        "KD",
        "--hand",
        "KS KH 5C 5D 5H",
        "--not-opened",
        "--score",
        "2000",
    ],
    ["check", "pickup", "--top", "8H", "--hand", "8C JK", "--frozen", "--table", "8 8 8"],
    ["check", "pickup", "--top", "9H", "--hand", "9C JK", "--ruleset", "modern-american"],
    ["check", "discard", "KC", "--hand", "AS 7D KC JK", "--pile-empty", "-r", "modern-american"],
    ["check", "discard", "JK", "--hand", "AS JK", "--ruleset", "american"],
    ["check", "go-out", "--table", "Q Q Q Q Q Q Q", "--table", "K K K", "--partner", "yes"],
    ["check", "go-out", "--table", "Q Q Q Q Q Q Q", "--ruleset", "samba"],
    ["check", "go-out", "--table", "Q Q Q Q Q Q Q", "--ruleset", "hand-and-foot"],
    ["min-meld", "--score", "8500", "--ruleset", "brazilian"],
    ["min-meld", "--hand-number", "3", "--ruleset", "hand-and-foot"],
    ["rules", "list"],
    ["demo"],
]

RECORDS = {
    "modern-american": """
[[side]]
name = "A"
melds = ["K K K K K K K", "9 9 9 9 9 9 2", "7 7 7 7 7 7 7", "Q Q Q"]
red_threes = 2
black_threes = 1
in_hand = ["", "8D 4C"]
went_out = true

[[side]]
name = "B"
melds = ["J J J J J 2 JK", "A A A", "2C 2H JK"]
red_threes = 1
black_threes = 2
in_hand = ["AC AD AH KS", "6H 4S"]
""",
    "samba": """
[[side]]
name = "A"
melds = ["5S 6S 7S 8S 9S 10S JS", "Q Q Q Q Q Q Q", "8 8 8 8 8 2 2"]
red_threes = 3
in_hand = ["", "9C 9D 5H"]
went_out = true

[[side]]
name = "B"
melds = ["K K K"]
in_hand = ["4C", "5D"]
""",
    "british": """
[[side]]
name = "A"
acaba = true

[[side]]
name = "B"
melds = ["K K K"]
""",
}


def assert_no_private_citation(text: str) -> None:
    found = re.search(r"RULES \d|RULES\.md|CONTRACT \d", text)
    assert not found, text[max(0, found.start() - 80) : found.end() + 80]


@pytest.mark.parametrize(("ident", "players"), every_ruleset())
def test_rules_show_never_cites_a_private_section(
    ident: str, players: int, invoke: Callable[..., tuple[int, str, str]]
) -> None:
    for extra in ([], ["--json"]):
        code, out, err = invoke("rules", "show", ident, "--players", str(players), *extra)
        assert code == 0
        assert_no_private_citation(out + err)


@pytest.mark.parametrize("args", RULINGS, ids=lambda a: " ".join(a))
def test_rulings_never_cite_a_private_section(
    args: list[str], invoke: Callable[..., tuple[int, str, str]]
) -> None:
    for extra in ([], ["--json"]):
        if args == ["demo"] and extra:
            continue  # the demo has no JSON form
        code, out, err = invoke(*args, *extra)
        assert code in (0, 1), err
        assert_no_private_citation(out + err)


@pytest.mark.parametrize("ident", sorted(RECORDS))
def test_score_lines_never_cite_a_private_section(
    ident: str, tmp_path: Path, invoke: Callable[..., tuple[int, str, str]]
) -> None:
    path = tmp_path / "hand.toml"
    path.write_text(RECORDS[ident], encoding="utf-8")
    for extra in ([], ["--json"]):
        code, out, err = invoke("score-hand", str(path), "--ruleset", ident, *extra)
        assert code == 0, err
        assert_no_private_citation(out + err)
    c5 = str(ROOT / "tests" / "data" / "classic_c5.toml")
    code, out, err = invoke("score-hand", c5, "--ruleset", "classic", "--json")
    assert code == 0 and "classic." in out
    assert_no_private_citation(out + err)


def test_refusals_never_cite_a_private_section(
    tmp_path: Path, invoke: Callable[..., tuple[int, str, str]]
) -> None:
    """A ruleset with a value that is not a multiple of 5, and a special hand that is not the
    side's only meld, are refused in plain words."""
    bad = tmp_path / "bad.toml"
    bad.write_text('id = "bad"\nextends = "classic"\n[go_out]\nbonus = 103\n', encoding="utf-8")
    code, _, err = invoke("rules", "validate", str(bad))
    assert code == 2 and "go_out.bonus" in err
    assert_no_private_citation(err)
    record = tmp_path / "special.toml"
    record.write_text(
        '[[side]]\nname = "A"\nspecial_hand = "straight"\nmeld_points = 100\n'
        '[[side]]\nname = "B"\nmelds = ["K K K"]\n',
        encoding="utf-8",
    )
    code, _, err = invoke("score-hand", str(record), "--ruleset", "american")
    assert code == 2 and "first and only meld" in err
    assert_no_private_citation(err)


@pytest.mark.parametrize("columns", [60, 100])
def test_rules_explain_fits_the_terminal_width(
    columns: int, invoke: Callable[..., tuple[int, str, str]]
) -> None:
    code, out, _ = invoke(
        "rules", "explain", "initial_meld.tiers", "-r", "italian", columns=columns
    )
    assert code == 0 and "160" in out  # Italian: 160 from 5,000
    assert max(len(line) for line in out.splitlines()) <= columns
