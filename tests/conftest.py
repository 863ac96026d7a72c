"""Shared fixtures: bundled rulesets and a short way to write cards."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from canasta_score.cards import Card, parse_card, parse_cards
from canasta_score.catalog import load_ruleset
from canasta_score.record import parse_record
from canasta_score.ruleset import Ruleset
from canasta_score.scoring import HandScore, score_hand

# RULES 2.7, example C5 (side A goes out): A scores 1,240 and B 225.
C5_RECORD = (Path(__file__).parent / "data" / "classic_c5.toml").read_text(encoding="utf-8")


def new_game_process(name: str, env: dict[str, str]) -> None:
    """Create game ``name`` (us against them, a target no test reaches) in a real process."""
    import subprocess
    import sys

    subprocess.run(
        [
            sys.executable,
            "-m",
            "canasta_score",
            "new",
            name,
            "--side",
            "us",
            "--side",
            "them",
            "--target",
            "10000000",
        ],
        env=env,
        check=True,
        capture_output=True,
    )


def c(text: str) -> tuple[Card, ...]:
    """Cards from notation."""
    return parse_cards(text)


def one(text: str) -> Card:
    return parse_card(text)


def score(rs: Ruleset, toml_text: str) -> HandScore:
    """Score a hand record given as TOML text."""
    return score_hand(rs, parse_record(tomllib.loads(toml_text)))


def items(result: HandScore, side: str) -> dict[str, int]:
    """A side's breakdown as {rule id: points}."""
    return {i.rule: i.points for i in result.side(side).items}


def totals(result: HandScore) -> dict[str, int]:
    return {s.name: s.total for s in result.sides}


@pytest.fixture(scope="session")
def classic() -> Ruleset:
    return load_ruleset("classic")


@pytest.fixture(scope="session")
def classic2() -> Ruleset:
    return load_ruleset("classic", players=2)


@pytest.fixture(scope="session")
def classic3() -> Ruleset:
    return load_ruleset("classic", players=3)


@pytest.fixture(scope="session")
def modern() -> Ruleset:
    return load_ruleset("modern-american")
