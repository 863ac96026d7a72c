"""The bundled rulesets as a whole (CONTRACT 3; RULES 16, D45): ids, parents, sources."""

from __future__ import annotations

import json
import tomllib

import pytest
from typer.testing import CliRunner

from canasta_score.cli import app
from canasta_score.rules.catalog import bundled_dir, load_ruleset
from canasta_score.rules.ruleset import schema_keys

CONTRACT_IDS = {
    "classic",
    "modern-american",
    "american",
    "samba",
    "bolivian",
    "brazilian",
    "british",
    "chilean",
    "cuban",
    "italian",
    "uruguayan",
    "hand-and-foot",
}
PARENTS = {
    "american": "classic",
    "samba": "classic",
    "bolivian": "samba",
    "brazilian": "bolivian",
    "chilean": "bolivian",
    "cuban": "classic",
    "italian": "samba",
    "british": "classic",
    "uruguayan": "classic",
    "hand-and-foot": "classic",
}


def test_rules_list_json_names_every_contract_id_and_no_boat() -> None:
    result = CliRunner().invoke(app, ["rules", "list", "--json"])
    assert result.exit_code == 0
    found = json.loads(result.stdout)["rulesets"]
    ids = {r["id"] for r in found}
    assert ids >= CONTRACT_IDS
    assert not any("boat" in r["id"] or "Boat" in r["name"] for r in found)
    players = {r["id"]: r["players"] for r in found}
    assert players["hand-and-foot"] == [2, 3, 4, 6, 8]
    assert players["samba"] == [4]


@pytest.mark.parametrize(("ident", "parent"), sorted(PARENTS.items()))
def test_each_variant_extends_its_parent(ident: str, parent: str) -> None:
    """RULES 0.2 inheritance: every variant names its parent and lists only what differs."""
    doc = tomllib.loads((bundled_dir() / f"{ident}.toml").read_text(encoding="utf-8"))
    assert doc["id"] == ident and doc["extends"] == parent
    resolved_parent = load_ruleset(parent)
    child = load_ruleset(ident)
    sources = doc.get("sources", {})
    for section, table in doc.items():
        if isinstance(table, dict) and section not in ("sources", "by_players"):
            for key in table:
                name = f"{section}.{key}"
                assert name in sources, f"{ident}: {name} has no source"
                assert child.value(name) != resolved_parent.value(name), f"{ident}: {name}"
    assert set(sources) <= set(schema_keys())
    for key, text in sources.items():
        assert child.rule_source(key) == text


@pytest.mark.parametrize("ident", sorted(CONTRACT_IDS))
def test_every_ruleset_shows(ident: str) -> None:
    result = CliRunner().invoke(app, ["rules", "show", ident])
    assert result.exit_code == 0, result.output
    assert f"({ident})" in result.stdout.splitlines()[0]


def test_rules_show_american_lists_the_special_hands() -> None:
    result = CliRunner().invoke(app, ["rules", "show", "american"])
    assert "american.special-hands.straight" in result.stdout
    assert "Wikipedia: Canasta (American Canasta)" in result.stdout


def test_boat_is_not_a_ruleset() -> None:
    """RULES 16 / D45: the seeds give no rules for Boat Canasta, so there is no ruleset."""
    result = CliRunner().invoke(app, ["rules", "show", "boat"])
    assert result.exit_code != 0
    assert not (bundled_dir() / "boat.toml").exists()
