"""What the pages of ``serve`` show, as HTML: the sheet (totals, points to go, next minimums, the
next dealer, the chart, every hand's breakdown), the hand form and its check, and the rulings.

Each piece calls the library function the command line calls: the sheet is the game's
:class:`~canasta_score.games.game.Log` and :class:`~canasta_score.games.summary.Summary`; the
hand form asks the questions of :func:`canasta_score.hands.entry.side_questions` and reads each
answer with that question's own parser (so its messages are the command line's), checks each
side with :func:`~canasta_score.hands.entry.check_side` and scores the hand with
:func:`~canasta_score.games.game.play`; a ruling is :meth:`Check.answer` under the game's
ruleset. Templates are Jinja2 with escaping always on (the environment of
:mod:`canasta_score.output.page`).
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING, Any

from canasta_score.core.errors import InputError
from canasta_score.core.frozen import record, replace
from canasta_score.core.language import _

if TYPE_CHECKING:
    import jinja2

    from canasta_score.games.game import Game, Log, Played
    from canasta_score.games.summary import Summary
    from canasta_score.hands.entry import Question
    from canasta_score.judging.checks import Check, Option
    from canasta_score.rules.ruleset import Ruleset

# The answers that are a yes or a no (a checkbox on the page).
YES_NO = ("concealed", "acaba", "went_out")
# The answers that are counts (a field with the number pad).
COUNTS = (
    "meld_points",
    "red_threes",
    "black_threes",
    "in_hand_points",
    "held_penalties",
    "concealed_canastas",
    "black_threes_removed",
)
# The counts of cards' points: each a multiple of the ruleset's step (see ``count_step``).
POINTS = ("meld_points", "in_hand_points")
# The counts that may be given as cards too (``3H 3D``): no number pad for them.
CARDS_TOO = ("red_threes", "black_threes")
# The checks a page offers, in its order.
RULINGS = ("meld", "initial-meld", "pickup", "discard", "go-out", "min-meld")
# The field asking for an option of each kind (else a line of text); a yes or no may be left
# unsaid (the check then assumes its default, and says so where that matters).
ASKED = {"bool": "answer", "answer": "answer", "melds": "melds", "int": "count", "int?": "count"}
RANKS = ("A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2", "JK")


@cache
def environment() -> jinja2.Environment:
    """The pages' templates (this package's, then the game page's), with the game page's
    escaping, cleaning and number filters."""
    import jinja2

    from canasta_score.output.page import environment as page_environment

    env = page_environment()
    env.loader = jinja2.ChoiceLoader(
        [jinja2.PackageLoader("canasta_score.web", "templates"), env.loader]  # type: ignore[list-item]
    )
    return env


def asset(name: str) -> str:
    """A script or style sheet served by the program (read from the package, by name only)."""
    env = environment()
    assert env.loader is not None
    source, _path, _fresh = env.loader.get_source(env, name)
    return source


def plain_number(text: str, most: int = 15) -> int | None:
    """A whole number of 0 or more written with the digits 0-9 alone, at most ``most`` of them,
    as a page's link or form holds one (a revision, a hand's number, a side's place); else
    None."""
    return int(text) if text.isascii() and text.isdigit() and len(text) <= most else None


# ---------------------------------------------------------------- the sheet


def side_colours(game: Game) -> list[dict[str, Any]]:
    return [
        {"name": s.name, "players": list(s.players), "index": i % 6}
        for i, s in enumerate(game.sides)
    ]


def sheet_context(log: Log, summary: Summary) -> dict[str, Any]:
    """What the sheet shows, in the language in use."""
    from canasta_score.games.gamefile import log_data
    from canasta_score.output.chart import chart_data, svg_chart
    from canasta_score.output.page import COLOURS, hand_title, result_sentence, side_score

    data = log_data(log, summary=summary)
    hands = [
        {
            **hand,
            "title": hand_title(hand),
            "sides": [
                {
                    **side,
                    "heading": side_score(side),
                    "minimum_text": minimum_text(side["minimum"], side["requires"]),
                    "items": breakdown_items(scored),
                }
                for side, scored in zip(hand["sides"], played.score.sides, strict=True)
            ],
        }
        for hand, played in zip(data["hands"], log.played, strict=True)
    ]
    totals = [
        {
            "name": s.name,
            "index": i % 6,
            "score": s.score,
            "to_go": _("{points} to go").format(points=f"{summary.to_go(s.score):,}"),
            "minimum": ""
            if summary.finished
            else minimum_text(s.next_minimum, list(s.next_requires)),
        }
        for i, s in enumerate(summary.sides)
    ]
    from canasta_score.core import language

    return {
        "lang": language.current(),
        "log": data,
        "hands": list(reversed(hands)),
        "totals": totals,
        "colours": COLOURS,
        "sides": side_colours(log.game),
        "result": result_sentence(data),
        "chart": svg_chart(chart_data(summary, log.rs)) if log.played else None,
        "target": _("Target {target}").format(target=f"{summary.target:,}"),
        "w_hand": _("Hand"),
        "w_out": _("Went out"),
        "w_edit": _("Edit this hand"),
    }


def minimum_text(minimum: int, requires: list[str]) -> str:
    """A side's initial-meld minimum and anything else it requires (kept in English, said in
    the language in use)."""
    from canasta_score.core.words import shown_requirement

    shown = [shown_requirement(t) for t in requires]
    text = _("initial meld {minimum}").format(minimum=f"{minimum:,}")
    return "; ".join([text, *shown])


def breakdown_items(scored: Any) -> list[dict[str, Any]]:
    """A side's breakdown items as a person reads them: words, points, rule."""
    return [{"said": i.words.said(), "points": i.points, "rule": i.rule} for i in scored.items]


def preview(played: Played) -> dict[str, Any]:
    """A hand scored before it is saved: each side's breakdown and total after it."""
    return {
        "sides": [
            {
                "name": side.name,
                "score": side.total,
                "total": total,
                "items": breakdown_items(side),
            }
            for side, total in zip(played.score.sides, played.totals, strict=True)
        ]
    }


# ---------------------------------------------------------------- the hand form


@record
class Field:
    """One answer of the hand form: its form name, the question, what was typed, its
    problem."""

    name: str
    key: str
    label: str
    kind: str  # "yes", "count" or "text"
    default: str
    value: str = ""
    problem: str = ""
    step: int = 1  # what the - and + buttons of a count take away and add
    numeric: bool = True  # a count typed with digits only (the number pad)


@record
class HandForm:
    """The hand form as shown: the hand, who went out, each side's answers, and (once read)
    the problems, the hand's record and its breakdown."""

    number: int
    dealer: str
    sides: list[dict[str, Any]]
    out: str = ""
    problems: tuple[str, ...] = ()
    wrong: tuple[str, ...] = ()  # the form names of the answers refused
    record: dict[str, Any] | None = None
    scored: dict[str, Any] | None = None
    doubts: tuple[str, ...] = ()
    ends: bool = False


def questions(rs: Ruleset, game: Game, index: int, others_out: bool) -> list[Question]:
    """The questions of side ``index`` as totals (who went out is asked for the whole hand)."""
    from canasta_score.hands.entry import side_questions

    side = game.sides[index]
    seats = side.seats(rs.table.side_size)
    return side_questions(rs, side.name, seats, False, others_out, True)


def field_name(index: int, key: str) -> str:
    return f"s{index}.{key}"


def kind_of(question: Question) -> str:
    if question.key in YES_NO:
        return "yes"
    if question.key in COUNTS or question.key.startswith("canastas."):
        return "count"
    return "text"


def hand_form(
    game: Game,
    rs: Ruleset,
    number: int,
    values: dict[str, str] | None = None,
    problems: dict[str, str] | None = None,
) -> HandForm:
    """The empty form for hand ``number`` (or filled with ``values``, as typed, and the
    ``problems`` of answers, by form name)."""
    from canasta_score.core.words import said_seat
    from canasta_score.games.game import dealer_of
    from canasta_score.hands.entry import yes_no
    from canasta_score.hands.validation import count_step

    values = values or {}
    points = count_step(rs)
    # A question answered by a tick needs no "(y/n)".
    answers = f" ({yes_no(True)}/{yes_no(False)})"
    sides = []
    for i, side in enumerate(game.sides):
        fields = []
        for q in questions(rs, game, i, False):
            name = field_name(i, q.key)
            kind = kind_of(q)
            label = q.prompt.removesuffix(answers) if kind == "yes" else q.prompt
            typed = values.get(name, "")
            problem = (problems or {}).get(name, "")
            step = points if q.key in POINTS else 1
            numeric = q.key not in CARDS_TOO
            field = Field(name, q.key, label, kind, q.default, typed, problem, step, numeric)
            fields.append(field)
        sides.append({"name": side.name, "players": list(side.players), "fields": fields})
    dealer = said_seat(dealer_of(game, rs, number))
    return HandForm(number, dealer, sides, values.get("out", ""))


def form_values(game: Game, record: dict[str, Any]) -> dict[str, str] | None:
    """A stored hand's record as the form's answers (to edit it); None for a hand entered
    card by card, which the form (totals) cannot show."""
    from canasta_score.games.game import record_of
    from canasta_score.hands.entry import answer_texts

    given = {s.get("name"): s for s in record_of(record).get("side", []) if isinstance(s, dict)}
    values = {"out": "none"}
    for i, side in enumerate(game.sides):
        data = given.get(side.name, {})
        if "melds" in data or "in_hand" in data:
            return None
        if data.get("went_out"):
            values["out"] = str(i)
        for key, texts in answer_texts(data).items():
            values[field_name(i, key)] = "y" if key in YES_NO else texts[0]
    return values


def read_hand(
    game: Game,
    rs: Ruleset,
    number: int,
    before: tuple[int, ...],
    values: dict[str, str],
    old: dict[str, Any] | None = None,
) -> HandForm:
    """The form filled with ``values``, each answer read by its question's parser, each side
    checked on its own, then the whole hand scored as hand ``number`` (``before``: each side's
    total before it; ``old``: the record of the hand it edits). The form's ``record`` is set
    only when the hand can be saved."""
    from canasta_score.core.errors import RecordError
    from canasta_score.games.game import play, record_of, shortfalls
    from canasta_score.hands.entry import (
        answer,
        check_side,
        finish_side,
        keep_who_went_out,
        yes_no,
    )

    names = [s.name for s in game.sides]
    out = values.get("out", "")
    place = plain_number(out)
    gone = names[place] if place is not None and place < len(names) else ""
    problems = []
    if out and not gone and out != "none":
        problems.append(_("choose who went out, or nobody"))
    refused: dict[str, str] = {}  # the answers refused, by form name
    earlier = {
        s.get("name"): s for s in record_of(old or {}).get("side", []) if isinstance(s, dict)
    }
    sides = []
    for i, name in enumerate(names):
        data: dict[str, Any] = {"name": name, **({"went_out": True} if gone == name else {})}
        wrong = False
        for q in questions(rs, game, i, bool(gone and gone != name)):
            if not q.when(data):
                continue
            typed = values.get(field_name(i, q.key), "").strip()
            text = typed or q.default
            if kind_of(q) == "yes":
                text = yes_no(typed.lower() in ("y", "on"))
            try:
                answer(data, q, q.parse(text))
            except InputError as exc:
                wrong = True
                problem = _("{side}, {question}: {problem}").format(
                    side=name, question=q.prompt, problem=exc
                )
                refused[field_name(i, q.key)] = str(exc)
                problems.append(problem)
        side = keep_who_went_out(finish_side(data, False), earlier.get(name, {}))
        if not wrong:
            try:
                check_side(rs, side)
            except InputError as exc:
                problems.append(_("{side}: {problem}").format(side=name, problem=exc))
        sides.append(side)
    form = hand_form(game, rs, number, values, refused)
    if problems:
        return replace(form, problems=tuple(problems), wrong=tuple(refused))
    hand = {"side": sides}
    try:
        played, outcome = play(game, rs, hand, number, before)
    except RecordError as exc:
        problem = _("This hand cannot be scored: {problem}").format(problem=exc)
        return replace(form, problems=(problem,))
    doubts = tuple(d.text for d in shortfalls(rs, played))
    return replace(form, record=hand, scored=preview(played), doubts=doubts, ends=outcome.finished)


# ---------------------------------------------------------------- rulings


@record
class RulingForm:
    """A ruling's form (its check and the options a person can give) and its answer."""

    check: str
    checks: list[tuple[str, str]]
    options: list[dict[str, Any]]
    problem: str = ""
    answer: dict[str, Any] | None = None


def shown_options(check: Check) -> list[Option]:
    """The options a page asks for: the game gives the ruleset, and the side replaces the
    score and the hand number."""
    return [o for o in check.options if o.key != "game"]


def ruling_form(
    check_name: str, values: dict[str, str], sides: list[str]
) -> tuple[RulingForm, Check]:
    from canasta_score.judging.checks import CHECKS

    check = CHECKS[check_name if check_name in RULINGS else RULINGS[0]]
    options = []
    for o in shown_options(check):
        kind = "side" if o.key == "side" else ASKED.get(o.kind, "text")
        options.append(
            {
                "key": o.key,
                "label": _(o.help),
                "kind": kind,
                "cards": o.kind in ("cards", "cards?", "card", "card?", "melds"),
                "value": values.get(o.key, ""),
                "choices": sides if kind == "side" else [],
            }
        )
    # Each check by the first sentence of its help (before its example).
    checks = [(name, _(CHECKS[name].help).split("\n")[0].split("  ")[0]) for name in RULINGS]
    return RulingForm(check.name, checks, options), check


def read_ruling(
    check_name: str, values: dict[str, str], rs: Ruleset, summary: Summary
) -> RulingForm:
    """A ruling asked from the page, answered by :meth:`Check.answer` under ``rs`` (the game's
    ruleset); a side named takes its score and next hand number from the game."""
    from canasta_score.games.table_facts import side_facts, with_facts
    from canasta_score.judging.checks import ANSWERS, convert

    form, check = ruling_form(check_name, values, [s.name for s in summary.sides])
    args: dict[str, Any] = {}
    try:
        for o in shown_options(check):
            text = values.get(o.key, "").strip()
            if o.key == "side":
                continue
            if o.kind == "bool":
                if text in ANSWERS:
                    args[o.key] = text == "yes"
                continue
            if not text:
                if o.required:
                    raise InputError(_("{option}: give a value").format(option=_(o.help)))
                continue
            value: Any = text
            if o.kind in ("int", "int?"):
                from canasta_score.hands.entry import parse_count, parse_score

                # A score may be below 0 (CONTRACT 5.1), as on the command line.
                value = parse_score(text) if o.key == "score" else parse_count(text)
            elif o.kind == "melds":
                value = [line for line in text.splitlines() if line.strip()]
            elif o.kind == "ranks":
                value = text.replace(",", " ").split()
            args[o.key] = convert(o, value)
        side = values.get("side", "").strip()
        if side and any(o.key == "side" for o in check.options):
            args = with_facts(args, side_facts(summary, side), {o.key for o in check.options})
        result = check.answer(rs, args)
    except InputError as exc:
        return replace(form, problem=str(exc))
    return replace(form, answer=answer_view(result))


def answer_view(result: Any) -> dict[str, Any]:
    """A ruling or a minimum as the page shows it."""
    if not hasattr(result, "legal"):
        return {
            "verdict": minimum_text(result.minimum, list(result.requires)),
            "legal": None,
            "reasons": [{"text": result.rule.text, "rule": result.rule.rule}],
            "assumed": [],
        }
    return {
        "verdict": _("LEGAL") if result.legal else _("ILLEGAL"),
        "legal": result.legal,
        "reasons": [{"text": r.text, "rule": r.rule} for r in result.cited],
        "assumed": [
            _("assumed: {assumption} ({change} changes the answer)").format(
                assumption=_(a.text), change=a.change
            )
            for a in result.assumptions
        ],
    }
