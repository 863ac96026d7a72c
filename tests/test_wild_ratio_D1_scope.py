"""D1 scope (RULES 0.3): "naturals must outnumber wilds" is Classic's own rule. The Samba group
(Samba, Bolivian, Brazilian, Chilean, Italian) and US American need at least 2 naturals and at
most 2 wilds, with no ratio; British, Cuban, Uruguayan, six players and Hand and Foot keep
Classic's D1 (at most 3 wilds, naturals outnumber wilds)."""

from __future__ import annotations

import pytest
from helpers import c, score, totals
from typer.testing import CliRunner

from canasta_score.cli import app
from canasta_score.judging.judge import check_meld
from canasta_score.rules.catalog import load_ruleset

NO_RATIO = ("samba", "bolivian", "brazilian", "chilean", "italian", "american")
CLASSIC_D1 = ("british", "cuban", "uruguayan", "hand-and-foot")


@pytest.mark.parametrize("ruleset", NO_RATIO)
def test_D1_scope_two_naturals_two_wilds_no_ratio(ruleset: str) -> None:
    rs = load_ruleset(ruleset)
    assert (rs.meld.wild_ratio, rs.meld.min_naturals, rs.meld.max_wilds) == ("none", 2, 2)


@pytest.mark.parametrize("ruleset", NO_RATIO)
@pytest.mark.parametrize(
    ("cards", "legal"),
    [
        ("K K 2 2", True),  # 2 naturals, 2 wilds: no ratio to break
        ("K K JK 2", True),
        ("K K K 2 2", True),
        ("K K 2 2 2", False),  # 3 wilds: more than 2
        ("K 2 2", False),  # 1 natural: fewer than 2
    ],
)
def test_D1_scope_melds_in_the_samba_group_and_us_american(
    ruleset: str, cards: str, legal: bool
) -> None:
    assert check_meld(load_ruleset(ruleset), c(cards)).legal is legal


@pytest.mark.parametrize(("ruleset", "players"), [(r, None) for r in CLASSIC_D1] + [("classic", 6)])
@pytest.mark.parametrize(
    ("cards", "legal"),
    [("K K 2", True), ("K K 2 2", False), ("K K K 2 2", True), ("K K K 2 2 2", False)],
)
def test_D1_scope_classic_rule_kept(
    ruleset: str, players: int | None, cards: str, legal: bool
) -> None:
    """Naturals must outnumber wilds (K K K 2 2 2: three of each, not more naturals)."""
    rs = load_ruleset(ruleset, players=players)
    assert rs.meld.wild_ratio == "naturals_gt_wilds"
    assert check_meld(rs, c(cards)).legal is legal


def test_D1_scope_ratio_is_a_house_rule_in_samba() -> None:
    rs = load_ruleset("samba", overrides=["meld.wild_ratio=naturals_gt_wilds"])
    ruling = check_meld(rs, c("K K 2 2"))
    assert not ruling.legal and "samba.meld.wild-ratio" in [r.rule for r in ruling.reasons]


def test_D1_scope_samba_record_with_K_K_2_2() -> None:
    """A Samba side may hold K K 2 2: K canasta 70 + 500, Q Q 2 2 counts 20 + 40 = 60: 630."""
    record = (
        '[[side]]\nname = "A"\nmelds = ["K K K K K K K", "Q Q 2 2"]\n'
        '[[side]]\nname = "B"\nmelds = ["4 4 4"]\n'
    )
    assert totals(score(load_ruleset("samba"), record))["A"] == 630


def test_D1_scope_cli_samba_legal_british_illegal() -> None:
    runner = CliRunner()
    samba = runner.invoke(app, ["check", "meld", "K K 2 2", "--ruleset", "samba"])
    british = runner.invoke(app, ["check", "meld", "K K 2 2", "--ruleset", "british"])
    assert samba.exit_code == 0 and "LEGAL" in samba.stdout
    assert british.exit_code == 1 and "ILLEGAL" in british.stdout
