"""A hand record with very many sides is refused in a moment, as every input within the limits
(docs/reliability.md, "Hostile input"): its sides are told apart in one pass, not each against
all the others."""

from __future__ import annotations

import json
import time

from helpers import Cli

from canasta_score.hands.score_data import HandBatch

# CONTRACT 3 and RULES 2: classic with 4 players is played by 2 sides (partnerships).
SIDES = 45_000


def test_a_record_of_many_sides_is_refused_at_once(cli: Cli) -> None:
    """Each side named once, well within the 1 MiB of a record: refused as having more sides
    than classic's 2, in seconds rather than minutes."""
    record = 'ruleset = "classic"\n' + "".join(f'[[side]]\nname="{i}"\n' for i in range(SIDES))
    assert len(record.encode()) < 1 << 20
    start = time.monotonic()
    run = cli("score-hand", "-", stdin=record)
    assert time.monotonic() - start < 10
    assert run.code == 2, run.err[-300:]
    assert "has 2 sides" in run.err


def test_a_batch_line_of_many_sides_is_refused_at_once() -> None:
    """The same record as a batch line's JSON table gets its error object as quickly."""
    sides = [{"name": str(i)} for i in range(SIDES)]
    line = json.dumps({"record": {"side": sides}, "ruleset": "classic"})
    start = time.monotonic()
    _text, code, problem = HandBatch().answer_text(line, 1)
    assert time.monotonic() - start < 10
    assert code == 2
    assert "has 2 sides" in problem


def test_the_first_name_given_twice_is_named() -> None:
    """RULES 2 (sides are told apart by name): of several names given twice, the one met first
    in the record is the one the error names."""
    sides = [{"name": n} for n in ("A", "B", "C", "B", "A")]
    line = json.dumps({"record": {"side": sides}, "ruleset": "classic"})
    _text, code, problem = HandBatch().answer_text(line, 1)
    assert (code, problem) == (2, 'two sides are named "A"')
