"""The interactive hand entry: asks for each side in turn, re-asks a wrong answer with the
reason, shows the breakdown and asks before saving."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import typer

if TYPE_CHECKING:
    from canasta_score.game import Game, Side
    from canasta_score.ruleset import Ruleset


@dataclass(frozen=True)
class Dialogue:
    """The questions and answers, on standard output (or on standard error with ``--json``,
    so that standard output holds only the JSON object)."""

    err: bool = False

    def say(self, text: str) -> None:
        typer.echo(text, err=self.err)

    def ask(self, prompt: str, parse: Callable[[str], Any], default: str = "") -> Any:
        """Ask until the answer parses; a wrong answer is explained and asked again."""
        from canasta_score.errors import InputError

        while True:
            text = typer.prompt(
                f"  {prompt}", default=default, show_default=bool(default), err=self.err
            )
            try:
                return parse(text)
            except InputError as exc:
                self.say(f"  ! {exc}. Try again.")

    def side(self, rs: Ruleset, side: Side, others_out: bool) -> dict[str, Any]:
        """Ask every question for one side; returns its record data."""
        from canasta_score.entry import answer, finish_side, parse_mode, side_questions

        name, seats = side.name, side.seats(rs.table.side_size)
        self.say(f"\n{name}" + (f" ({' & '.join(side.players)})" if side.players else ""))
        by_card = self.ask("card by card or totals? (c/t)", parse_mode, "c")
        data: dict[str, Any] = {"name": name}
        for q in side_questions(rs, name, seats, by_card, others_out):
            if not q.when(data):
                continue
            if not q.repeat:
                answer(data, q, self.ask(q.prompt, q.parse, q.default))
                continue
            number = 1
            while True:
                value = self.ask(q.prompt.format(n=number), optional(q.parse))
                if value == "":
                    break
                answer(data, q, value)
                number += 1
        return finish_side(data, by_card)

    def hand(self, game: Game, rs: Ruleset, number: int) -> dict[str, Any]:
        """The whole entry of hand ``number``; returns the confirmed record data."""
        from canasta_score.cli.hands import render_score
        from canasta_score.entry import blocked_by, parse_yes
        from canasta_score.errors import RecordError
        from canasta_score.game import dealer_of, score_record

        names = [s.name for s in game.sides]
        by_name = {s.name: s for s in game.sides}
        self.say(
            f"Hand {number} of {game.name}, dealt by {dealer_of(game, rs, number)}. "
            "For each side give its melds card by card (c) or its totals (t)."
        )
        sides: dict[str, dict[str, Any]] = {}
        todo = list(names)
        choices = " / ".join(names)
        while True:
            for name in todo:
                out = any(blocked_by(d) for n, d in sides.items() if n != name)
                sides[name] = self.side(rs, by_name[name], out)
            record = {"side": [sides[n] for n in names]}
            try:
                score = score_record(game, rs, record, number)
            except RecordError as exc:
                self.say(f"\nThis hand cannot be scored: {exc}")
                todo = [self.ask(f"re-enter which side? ({choices})", pick(names))]
                continue
            self.say("\n" + render_score(score) + "\n")
            if self.ask("save this hand? (y/n)", parse_yes, "y"):
                return record
            again = self.ask(f"re-enter which side? ({choices}, or q to quit)", pick(names, True))
            if again == "":
                self.say("Nothing was saved.")
                raise typer.Exit(1)
            todo = [again]


def optional(parse: Callable[[str], Any]) -> Callable[[str], Any]:
    """An empty answer is "" (no more); anything else is parsed."""
    return lambda text: parse(text) if text.strip() else ""


def pick(names: list[str], may_quit: bool = False) -> Callable[[str], str]:
    """Which side to enter again (any case, or a unique beginning); ``q`` gives ""."""
    from canasta_score.entry import match_side

    def parse(text: str) -> str:
        if may_quit and text.strip().lower() in ("q", "quit"):
            return ""
        return match_side(text, names)

    return parse
