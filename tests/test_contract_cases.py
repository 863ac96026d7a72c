"""The outside contract, case by case (CONTRACT sections 3 to 7): each ``[[case]]`` in
``tests/data/contract/*.toml`` is one command with the exit code it must end with and the JSON
keys it must print, worked out by hand from the RULES section its ``source`` names (the initial
meld tables of 19.2, the worked examples of each variant, the going-out requirements of 19.1);
a ``[[scenario]]`` is several commands on one game home. ``totals`` and ``scores`` are each named
side's ``total`` (score-hand) and ``score`` (status)."""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

import pytest
from helpers import Cli

FOLDER = Path(__file__).parent / "data" / "contract"
FILES = {
    path.stem: tomllib.loads(path.read_text("utf-8")) for path in sorted(FOLDER.glob("*.toml"))
}
CASES = [(f"{name}::{c['id']}", c) for name, data in FILES.items() for c in data.get("case", [])]
SCENARIOS = [
    (f"{name}::{s['id']}", s) for name, data in FILES.items() for s in data.get("scenario", [])
]


def keyed(items: list[Any]) -> str | None:
    """The key that names each object of a list (``name`` or ``id``), if every one has it."""
    for key in ("name", "id"):
        if items and all(isinstance(i, dict) and key in i for i in items):
            return key
    return None


def differences(expected: Any, actual: Any, where: str = "") -> list[str]:
    """What ``actual`` lacks of ``expected``: every key of an object, every object of a list
    named by its name or id (other lists are compared whole)."""
    if isinstance(expected, dict):
        if not isinstance(actual, dict):
            return [f"{where or '.'}: expected an object, got {actual!r}"]
        out: list[str] = []
        for key, value in expected.items():
            if key not in actual:
                out.append(f"{where}.{key}: missing")
            else:
                out += differences(value, actual[key], f"{where}.{key}")
        return out
    key = keyed(expected) if isinstance(expected, list) else None
    named = isinstance(actual, list) and all(isinstance(i, dict) and key in i for i in actual)
    if key is not None and named:
        found = {item[key]: item for item in actual}
        out = []
        for item in expected:
            if item[key] not in found:
                out.append(f"{where}[{item[key]}]: missing")
            else:
                out += differences(item, found[item[key]], f"{where}[{item[key]}]")
        return out
    return [] if expected == actual else [f"{where or '.'}: expected {expected!r}, got {actual!r}"]


def wanted(step: dict[str, Any]) -> dict[str, Any]:
    """The JSON a step expects, with ``totals`` and ``scores`` folded into its sides."""
    expect = dict(step.get("expect", {}))
    for short, field in (("totals", "total"), ("scores", "score")):
        if short in step:
            sides = {s["name"]: dict(s) for s in expect.get("sides", [])}
            for name, value in step[short].items():
                sides.setdefault(name, {"name": name})[field] = value
            expect["sides"] = list(sides.values())
    return expect


def problems(cli: Cli, step: dict[str, Any]) -> list[str]:
    run = cli(*map(str, step["args"]), stdin=step.get("stdin", ""))
    found = []
    if run.code != step.get("exit", 0):
        found.append(f"exit {run.code}, expected {step.get('exit', 0)}: {run.err.strip()}")
    expect = wanted(step)
    if expect:
        found += differences(expect, run.json())
    return found


@pytest.mark.parametrize("case", [c for _, c in CASES], ids=[i for i, _ in CASES])
def test_contract_case(cli: Cli, case: dict[str, Any]) -> None:
    assert case.get("source"), "every case names the rule it was worked out from"
    assert problems(cli, case) == []


@pytest.mark.parametrize("scenario", [s for _, s in SCENARIOS], ids=[i for i, _ in SCENARIOS])
def test_contract_scenario(cli: Cli, scenario: dict[str, Any]) -> None:
    assert scenario.get("source"), "every scenario names the rule it was worked out from"
    for number, step in enumerate(scenario["steps"], 1):
        assert problems(cli, step) == [], f"step {number}: {step['args']}"
