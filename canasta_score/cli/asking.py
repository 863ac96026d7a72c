"""The interactive hand entry: each side in turn, a wrong answer asked again with the reason,
the breakdown shown before saving; all on standard error, so standard output holds only what
the command prints. ``q``, Ctrl-C or Ctrl-D leaves without saving (exit 2)."""

from __future__ import annotations

import sys
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TextIO

from canasta_score.cli.common import warning
from canasta_score.core.errors import CanastaError, InputError, RecordError
from canasta_score.core.language import N_, _
from canasta_score.core.words import said_seat

if TYPE_CHECKING:
    from canasta_score.games.game import Game, Side
    from canasta_score.rules.ruleset import Ruleset

QUIT = ("q", "quit", "종료")
INTERRUPTED = N_("interrupted; nothing was saved")
LEFT = N_("left with q; nothing was saved")
CLEAR = "-"
# A side's answers as typed (after Enter took a default): question key -> answers (several for
# a repeated question such as the melds), and "mode" -> "c" or "t".
Answers = dict[str, list[str]]


class Left(CanastaError):
    """The scorekeeper left the entry before the hand was saved."""


@dataclass(frozen=True)
class Dialogue:
    """The questions and answers: read from ``inp`` (stdin), written to ``out`` (stderr)."""

    inp: TextIO | None = None
    out: TextIO | None = None
    reader: Callable[[str], str] | None = None  # reads a line after a prompt (line editing)

    def say(self, text: str) -> None:
        out = self.out or sys.stderr
        out.write(text + "\n")
        out.flush()

    def read(self, prompt: str) -> str:
        """One line typed after ``prompt``; Ctrl-C or Ctrl-D (end of input) leaves."""
        if self.reader is not None:
            try:
                return self.reader(prompt)
            except (KeyboardInterrupt, EOFError):
                raise Left(_(INTERRUPTED)) from None
        out = self.out or sys.stderr
        out.write(prompt)
        out.flush()
        try:
            line = (self.inp or sys.stdin).readline()
        except KeyboardInterrupt:
            line = ""
        if not line:
            self.say("")
            raise Left(_(INTERRUPTED))
        return line.rstrip("\r\n")

    def ask_text(
        self, prompt: str, parse: Callable[[str], Any], default: str = "", clear: bool = False
    ) -> tuple[Any, str]:
        """Ask until the answer parses; returns the value and the answer as it counts (Enter
        takes ``default``; with ``clear``, ``-`` stands for an empty answer)."""
        from canasta_score.rules.kinds import plain

        shown = f"  {prompt}" + (f" [{default}]" if default else "") + ": "
        while True:
            text = self.read(shown).strip()
            if plain(text) in QUIT:
                return self.quit_or(parse, text), text
            if not text:
                text = default
            elif clear and text == CLEAR:
                text = ""
            try:
                return parse(text), text
            except InputError as exc:
                self.say("  ! " + _("{problem}. Try again.").format(problem=exc))

    def ask(self, prompt: str, parse: Callable[[str], Any], default: str = "") -> Any:
        return self.ask_text(prompt, parse, default)[0]

    def quit_or(self, parse: Callable[[str], Any], text: str) -> Any:
        """``q`` was typed: leave, unless it is also a valid answer here (a queen left in hand,
        a side whose name starts with q) and the scorekeeper says so; then it is the answer."""
        from canasta_score.hands.entry import parse_yes

        try:
            value = parse(text)
        except InputError:
            raise Left(_(LEFT)) from None
        prompt = _('leave without saving? (y, or n to take "{answer}" as the answer)')
        if self.ask(prompt.format(answer=text), parse_yes):
            raise Left(_(LEFT))
        return value

    def side(
        self, rs: Ruleset, side: Side, others_out: bool, before: Answers, went: bool | None = None
    ) -> tuple[dict[str, Any], Answers]:
        """Ask every question for one side, offering its ``before`` answers again (``went``:
        whether it went out, when asked for the whole hand); returns its data and answers."""
        from canasta_score.hands.entry import answer, finish_side, parse_mode, side_questions

        name, seats = side.name, side.seats(rs.table.side_size)
        players = " & ".join(side.players)
        # A side named after its players ("Ann & Bob") is not followed by them again.
        shown = players and players.casefold() != name.casefold()
        self.say(f"\n{name}" + (f" ({players})" if shown else ""))
        mode = before.get("mode", ["c"])[0]
        by_card, mode = self.ask_text(_("card by card or totals? (c/t)"), parse_mode, mode)
        answers: Answers = {"mode": [mode]}
        data: dict[str, Any] = {"name": name, **({"went_out": True} if went else {})}
        for q in side_questions(rs, name, seats, by_card, others_out, went is not None):
            if not q.when(data):
                continue
            earlier = list(before.get(q.key, []))
            if not q.repeat:
                default = earlier[0] if earlier else q.default
                value, text = self.ask_text(q.prompt, q.parse, default, clear=bool(earlier))
                answer(data, q, value)
                answers[q.key] = [text]
                continue
            texts: list[str] = []
            while True:
                default = earlier.pop(0) if earlier else ""
                prompt = q.prompt.format(n=len(texts) + 1)
                value, text = self.ask_text(prompt, optional(q.parse), default, clear=bool(default))
                if value == "":
                    if default:  # an earlier answer cleared with "-"
                        continue
                    break
                answer(data, q, value)
                texts.append(text)
            answers[q.key] = texts
        return finish_side(data, by_card), answers

    def checked_side(
        self, rs: Ruleset, side: Side, others_out: bool, before: Answers, went: bool | None = None
    ) -> tuple[dict[str, Any], Answers]:
        """One side, asked again (with its answers offered) until its part of the hand holds
        on its own: what depends on the other sides is checked with the whole hand."""
        from canasta_score.hands.entry import check_side

        while True:
            data, before = self.side(rs, side, others_out, before, went)
            try:
                check_side(rs, data)
            except InputError as exc:
                again = _("Enter {side} again (Enter keeps an answer).").format(side=side.name)
                self.say(f"\n  ! {exc}.\n  {again}")
                continue
            return data, before

    def hand(
        self,
        game: Game,
        rs: Ruleset,
        number: int,
        totals: tuple[int, ...],
        old: dict[str, Any] | None = None,
        yes: bool = False,
    ) -> dict[str, Any]:
        """The whole entry of hand ``number`` (``totals``: each side's total before it); returns
        the confirmed record data. A hand that ends the game needs a yes (``yes``: --yes said
        it); ``old``, the record of a hand being edited, offers every old answer again."""
        from canasta_score.cli.colour import echo, wanted
        from canasta_score.cli.hands import render_score
        from canasta_score.games.game import dealer_of, play, shortfalls
        from canasta_score.hands.entry import (
            blocked_by,
            choice_word,
            describe_side,
            keep_who_went_out,
            nobody,
            parse_yes,
            side_parser,
            yes_no,
        )

        names = [s.name for s in game.sides]
        by_name = {s.name: s for s in game.sides}
        players = {s.name: s.named(rs.table.side_size) for s in game.sides}
        header = _(
            "Hand {number} of {game}, dealt by {dealer}. For each side give its melds card "
            "by card (c) or its totals (t); q leaves without saving."
        ).format(number=number, game=game.name, dealer=said_seat(dealer_of(game, rs, number)))
        from canasta_score.cli.tables import wrapped

        self.say(wrapped(header))
        sides: dict[str, dict[str, Any]] = {}
        answers: dict[str, Answers] = {}
        listed = " / ".join(names)
        who = _("who went out? ({sides} / nobody)").format(sides=listed)
        which = _("re-enter which side? ({sides}, out for who went out, or q to quit)")
        which = which.format(sides=listed)
        choose = pick([*names, "out"], players)
        if old is None:
            gone, gone_text = self.ask_text(who, side_parser(names, players))
            todo = list(names)
        else:
            sides = old_sides(old, names)
            answers = {n: answers_from(d) for n, d in sides.items()}
            gone = next((n for n, d in sides.items() if d.get("went_out")), "")
            gone_text = gone or nobody()
            now = "; ".join(describe_side(sides[n]) for n in names)
            self.say(_("Now: {sides}").format(sides=now))
            change = _("change which side? ({sides}, out for who went out, or all)")
            change = change.format(sides=listed)
            choice = self.ask(change, pick([*names, "out", "all"], players), choice_word("all"))
            todo = ["out", *names] if choice == "all" else [choice]
        while True:
            if todo[:1] == ["out"]:
                gone, gone_text = self.ask_text(who, side_parser(names, players), gone_text)
                sides = {n: went_out_as(d, gone == n) for n, d in sides.items()}
                todo = todo[1:]
            for name in todo:
                out = bool(gone and gone != name)
                out = out or any(blocked_by(d) for n, d in sides.items() if n != name)
                before = answers.get(name, {})
                side, answers[name] = self.checked_side(
                    rs, by_name[name], out, before, gone == name
                )
                sides[name] = keep_who_went_out(side, sides.get(name, {}))
            record = {"side": [sides[n] for n in names]}
            try:
                played, outcome = play(game, rs, record, number, totals)
            except RecordError as exc:
                self.say("\n" + _("This hand cannot be scored: {problem}").format(problem=exc))
                todo = [self.ask(which, choose)]
            else:
                self.say("\n" + render_score(played.score) + "\n")
                on = self.out is None and wanted(sys.stderr)
                for doubt in shortfalls(rs, played):
                    if on:
                        echo(warning(doubt), _("warning:"), "yellow", on, err=True)
                    else:
                        self.say(warning(doubt))
                if outcome.finished:
                    ends = _("this hand ends the game; save it? (y/n, Enter does not save)")
                    if yes or self.ask(ends, parse_yes):
                        return record
                elif self.ask(_("save this hand? (y/n)"), parse_yes, yes_no(True)):
                    return record
                todo = [self.ask(which, choose)]


def old_sides(old: dict[str, Any], names: list[str]) -> dict[str, dict[str, Any]]:
    """The sides of a stored hand's record by name, in the game's order."""
    from canasta_score.games.game import record_of

    given = record_of(old).get("side", [])
    by_name = {s.get("name"): dict(s) for s in given if isinstance(s, dict)}
    return {n: by_name.get(n, {"name": n}) for n in names}


def answers_from(side: dict[str, Any]) -> Answers:
    """A side's record data as the answers that give it, to be offered again."""
    from canasta_score.hands.entry import answer_texts

    return {"mode": ["c" if "melds" in side else "t"], **answer_texts(side)}


def went_out_as(side: dict[str, Any], went: bool) -> dict[str, Any]:
    """A side's data with who went out changed after it was entered."""
    from canasta_score.hands.entry import ordered

    if went and side.get("went_out"):
        return side
    ended = ("went_out", "went_out_player", "concealed", "special_hand")
    kept = {k: v for k, v in side.items() if k not in ended}
    return ordered({**kept, "went_out": True} if went else kept)


def optional(parse: Callable[[str], Any]) -> Callable[[str], Any]:
    """An empty answer is "" (no more); anything else is parsed."""
    return lambda text: parse(text) if text.strip() else ""


def pick(names: list[str], players: Mapping[str, Sequence[str]]) -> Callable[[str], str]:
    """Which side to enter again: a side's or a player's name, or a unique beginning; or one of
    the other choices in ``names`` (``out``, ``all``) in English or Korean."""
    from canasta_score.hands.entry import CHOICES, match_side
    from canasta_score.rules.kinds import plain

    def parse(text: str) -> str:
        said = plain(text)
        for key, words in CHOICES.items():
            if key in names and said in words and said not in (n.casefold() for n in names):
                return key
        return match_side(text, names, players)

    return parse
