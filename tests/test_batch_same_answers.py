"""A varied batch answers exactly as the single commands do (CONTRACT sections 4-6): every check
kind and ``min-meld``, three rulesets, house rules and player counts, repeated and bad lines,
and hand records card by card or in totals. Whatever makes a batch faster must keep this."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from helpers import run_main as run

from canasta_score.judging.batch import OPTIONS

RULESETS = ("classic", "modern-american", "samba")
NATURALS = ["A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4"]


def card(rng: random.Random) -> str:
    roll = rng.random()
    if roll < 0.1:
        return "2" + rng.choice("SHDC")
    if roll < 0.14:
        return "JK"
    if roll < 0.18:
        return "3" + rng.choice("SCHD")
    return rng.choice(NATURALS) + rng.choice(["S", "H", "D", "C", ""])


def group(rng: random.Random, rank: str, size: int, wilds: int) -> str:
    cards = [rank + rng.choice(["S", "H", "D", "C", ""]) for _ in range(size)]
    cards += [rng.choice(["2", "2C", "JK"]) for _ in range(wilds)]
    rng.shuffle(cards)
    return " ".join(cards)


def table(rng: random.Random, count: int, canastas: int = 0) -> list[str]:
    melds = []
    for i, rank in enumerate(rng.sample(NATURALS, count)):
        size = 7 if i < canastas else rng.randint(2, 6)
        melds.append(group(rng, rank, size, rng.choice([0, 0, 1, 2])))
    return melds


def request(rng: random.Random, check: str) -> dict[str, Any]:
    """A request of this kind with a random selection of its options."""
    out: dict[str, Any] = {"check": check, "ruleset": rng.choice(RULESETS)}
    if rng.random() < 0.15:
        out["players"] = rng.choice([2, 3, 4, 6])
    if rng.random() < 0.1:
        out["rule"] = [rng.choice(["go_out.bonus=200", "meld.max_cards=0"])]
    coin = rng.random
    if check == "meld":
        rank = rng.choice([*NATURALS, "3S", "2"])
        out["cards"] = group(rng, rank, rng.randint(1, 8), rng.choice([0, 0, 1, 2, 3]))
        if coin() < 0.1:
            out["cards"] = f"{rank}H {rank}S 5H"
        out |= {"initial": coin() < 0.4, "going-out": coin() < 0.2}
        if coin() < 0.3:
            out["table"] = table(rng, rng.randint(1, 3))
        if coin() < 0.15:
            out["to"] = group(rng, rank, 3, 0)
        if coin() < 0.15:
            out["closed"] = rng.sample(NATURALS, 2)
    elif check == "pickup":
        top = rng.choice([*NATURALS, "2", "3"]) + rng.choice("SHDC")
        hand = [card(rng) for _ in range(rng.randint(1, 11))]
        if coin() < 0.6:
            hand[: rng.randint(1, 3)] = [top[:-1] + rng.choice("SHDC")] * 2
        out |= {"top": top, "hand": " ".join(hand), "opened": coin() < 0.5}
        out |= {"frozen": coin() < 0.3, "score": 5 * rng.randint(-100, 1400)}
        if coin() < 0.5:
            out["table"] = table(rng, rng.randint(0, 3), rng.randint(0, 1))
        if coin() < 0.2:
            out["pile-size"] = rng.randint(0, 3)
        if coin() < 0.1:
            out["closed"] = [top[:-1]] if top[0] not in "23" else ["K"]
        if coin() < 0.2:
            out["hand-number"] = rng.randint(1, 5)
    elif check == "discard":
        hand = [card(rng) for _ in range(rng.randint(1, 8))]
        pick = rng.choice(hand) if coin() < 0.9 else "KD"
        if coin() < 0.2:
            hand.append(pick := "3H")
        out |= {"card": pick, "hand": " ".join(hand), "pile-empty": coin() < 0.3}
        out["going-out"] = coin() < 0.2
        if coin() < 0.1:
            out["closed"] = ["K", "7"]
    elif check == "go-out":
        out["table"] = table(rng, rng.randint(1, 5), canastas=rng.randint(0, 3))
        if coin() < 0.6:
            out["discard"] = card(rng)
        if coin() < 0.2 and out.get("players") not in (2, 3):
            out["partner"] = rng.choice(["yes", "no"])
        if coin() < 0.15:
            out.pop("discard", None)
            out["hand"] = " ".join(card(rng) for _ in range(rng.randint(1, 5)))
    elif check == "initial-meld":
        melds = table(rng, rng.randint(1, 3), rng.randint(0, 1))
        out |= {"melds": melds, "score": 5 * rng.randint(-200, 2000)}
        if coin() < 0.3:
            out["top-card"] = rng.choice(melds[0].split())
        if coin() < 0.2:
            out["hand-number"] = rng.randint(1, 6)
    else:
        out["score"] = 5 * rng.randint(-2000, 3000)
        if coin() < 0.3:
            out["hand-number"] = rng.randint(0, 6)
    return out


def argv(req: dict[str, Any]) -> list[str]:
    """The command line that asks what the request asks (options it gives as false are left
    out: the command line then assumes them, which adds only ``assumptions`` to its answer)."""
    check = req["check"]
    out = ["min-meld"] if check == "min-meld" else ["check", check]
    for key, value in req.items():
        if key == "check":
            continue
        if key in ("ruleset", "players"):
            out += [f"--{key}", str(value)]
            continue
        if key == "rule":
            out += [part for rule in value for part in ("--rule", rule)]
            continue
        option = OPTIONS[check][key]
        if option.argument:
            out += value if isinstance(value, list) else [value]
        elif option.kind == "bool":
            on, _, off = option.flags[0].partition("/")
            if value or off:
                out.append(on if value else off)
        elif isinstance(value, list):
            out += [part for item in value for part in (f"--{key}", item)]
        else:
            out += [f"--{key}", str(value)]
    return out


def mixed_requests(count: int, seed: int) -> list[dict[str, Any]]:
    rng = random.Random(seed)
    kinds = ["meld"] * 4 + ["pickup"] * 2 + ["discard", "go-out", "initial-meld", "min-meld"]
    return [request(rng, kinds[i % len(kinds)]) for i in range(count)]


BAD_LINES = [
    "not json",
    '{"check": "meld", "cards": "K KX K"}',
    '{"check": "meld", "cards": "K K K", "intial": true}',
    '{"check": "fold"}',
    '["meld"]',
    '{"check": "meld", "cards": "K K K", "ruleset": "nope"}',
    '{"check": "meld", "cards": "K K K", "initial": "yes"}',
    '{"check": "pickup", "top": "KD"}',
    '{"check": "initial-meld", "melds": []}',
    '{"check": "go-out", "table": ["Q Q Q"], "partner": "maybe"}',
    '{"check": "meld", "cards": "K K K", "rule": ["meld.nope=1"]}',
    '{"check": "min-meld", "score": 1.5}',
]


def test_a_mixed_batch_answers_each_line_as_its_single_command(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """Each line's answer is the object its single command prints with ``--json`` (less the
    ``assumptions`` a batch does not work out), line by line, with the same worst exit code;
    a bad line gets its own error object and a repeated line the same answer."""
    requests = mixed_requests(150, seed=14)
    lines = [json.dumps(r) for r in requests]
    lines = [*lines[:40], *BAD_LINES, *lines[40:], lines[3], lines[7]]
    path = tmp_path / "plays.jsonl"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    code, out, _ = run(capsys, "check", "--batch", str(path))
    texts = out.splitlines()
    answers = [json.loads(text) for text in texts]
    assert len(answers) == len(lines)
    worst = 0
    for number, (line, answer) in enumerate(zip(lines, answers, strict=True), start=1):
        text = texts[number - 1]
        if line in BAD_LINES:
            assert answer["line"] == number and set(answer) == {"line", "error"}, line
            worst = 2
            continue
        single_code, single, err = run(capsys, *argv(json.loads(line)), "--json")
        if single_code == 2:
            assert answer == {"line": number, "error": answer.get("error")}, line
            assert err.startswith("Error: "), line
            worst = 2
            continue
        expected = json.loads(single)
        if "assumptions" in expected:
            expected.pop("assumptions")
        else:
            assert text == single.rstrip("\n"), line  # byte for byte, spacing and all
        assert answer == expected, line
        worst = max(worst, single_code)
    assert code == worst == 2


def test_the_mixed_batch_covers_every_check_and_both_verdicts(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """The batch above is varied: each check is asked, and each ruling check is found both legal
    and illegal somewhere."""
    requests = mixed_requests(150, seed=14)
    path = tmp_path / "plays.jsonl"
    path.write_text("\n".join(json.dumps(r) for r in requests) + "\n", encoding="utf-8")
    _code, out, _err = run(capsys, "check", "--batch", str(path))
    answers = [json.loads(line) for line in out.splitlines()]
    seen: dict[str, set[object]] = {name: set() for name in OPTIONS}
    for req, answer in zip(requests, answers, strict=True):
        seen[req["check"]].add(answer.get("legal", "error" if "error" in answer else "min"))
    assert all(len(verdicts) >= 2 for name, verdicts in seen.items() if name != "min-meld")
    assert all(True in v and False in v for name, v in seen.items() if name != "min-meld")


def hand_record(rng: random.Random, out: int | None) -> dict[str, Any]:
    """A hand card by card, or (one in three) in totals."""
    sides: list[dict[str, Any]] = []
    if rng.random() < 1 / 3:
        for index in (0, 1):
            side: dict[str, Any] = {"name": f"s{index}", "red_threes": rng.randint(0, 2)}
            side["meld_points"] = 5 * rng.randint(10, 120)
            side["canastas"] = {"natural": rng.randint(0, 2), "mixed": rng.randint(0, 1)}
            if out == index:
                side["went_out"] = True
            else:
                side["in_hand_points"] = 5 * rng.randint(0, 30)
            sides.append(side)
        return {"side": sides}
    ranks = rng.sample(NATURALS, 8)
    for index in (0, 1):
        own = ranks[index * 4 : index * 4 + 4]
        count = rng.randint(2, 4)
        melds = [
            group(rng, rank, 7 if out == index and i < 2 else rng.randint(3, 6), rng.choice([0, 1]))
            for i, rank in enumerate(own[:count])
        ]
        spare = own[count:] or [own[0]]
        held = "" if out == index else " ".join(rng.choice(spare) for _ in range(3))
        side = {"name": f"s{index}", "melds": melds, "in_hand": held}
        side["red_threes"] = rng.randint(0, 2)
        if out == index:
            side["went_out"] = True
        sides.append(side)
    return {"side": sides}


def test_a_batch_of_hand_records_scores_each_as_score_hand_does(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """Each record, as TOML text or a table, under three rulesets, house rules and player
    counts: the batch's object is the one ``score-hand FILE --json`` prints (an error object
    where it refuses the record)."""
    import tomli_w

    rng = random.Random(14)
    requests: list[dict[str, Any]] = []
    for _ in range(60):
        record = hand_record(rng, rng.choice([0, 1, None]))
        req: dict[str, Any] = {"ruleset": rng.choice(RULESETS)}
        req["record"] = tomli_w.dumps(record) if rng.random() < 0.5 else record
        if rng.random() < 0.15:
            req["rule"] = ["go_out.bonus=200"]
        if rng.random() < 0.1:
            req["players"] = 2
        requests.append(req)
    path = tmp_path / "hands.jsonl"
    path.write_text("\n".join(json.dumps(r) for r in requests) + "\n", encoding="utf-8")
    _code, out, _err = run(capsys, "score-hand", "--batch", str(path))
    answers = [json.loads(line) for line in out.splitlines()]
    assert len(answers) == len(requests)
    scored = 0
    for number, (req, answer) in enumerate(zip(requests, answers, strict=True), start=1):
        record = req["record"]
        file = tmp_path / f"hand-{number}.toml"
        file.write_text(record if isinstance(record, str) else tomli_w.dumps(record), "utf-8")
        options = ["-r", req["ruleset"]]
        options += [part for rule in req.get("rule", []) for part in ("--rule", rule)]
        options += ["--players", str(req["players"])] if "players" in req else []
        code, single, _ = run(capsys, "score-hand", str(file), *options, "--json")
        if code == 2:
            assert set(answer) == {"line", "error"} and answer["line"] == number
            continue
        assert answer == json.loads(single)
        scored += 1
    assert scored >= 30
