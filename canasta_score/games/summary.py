"""A game at a glance: running totals, next minimums, dealer, end and winner.

This is what ``status``, ``history`` and ``games`` show. It is computed by :mod:`game` and kept
in the game database beside the game, so this module imports nothing heavy: reading a summary
back must stay fast even for a long game.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from canasta_score.core.frozen import record


@record
class SideState:
    """One side after the last hand: its score and what its next initial meld needs."""

    name: str
    players: tuple[str, ...]
    score: int
    next_minimum: int
    next_requires: tuple[str, ...]


class HandLine(NamedTuple):
    """One hand of the score sheet; tuples follow the order of the game's sides. (A named
    tuple: a long game's summary holds thousands, read back from the cache quickly.)"""

    number: int
    dealer: str
    minimums: tuple[int, ...]
    scores: tuple[int, ...]
    totals: tuple[int, ...]
    went_out: str
    concealed: bool = False  # the side went out concealed
    out_player: str = ""  # which of its players went out, when it was written down


@record
class Summary:
    """The score sheet of a game and its state after the last hand."""

    game: str
    ruleset: str
    ruleset_name: str
    players: int
    target: int
    fixed_hands: int
    sides: tuple[SideState, ...]
    lines: tuple[HandLine, ...]
    next_dealer: str
    finished: bool
    winners: tuple[str, ...]
    ended_by: str
    # How many hands come before ``lines``: a summary read to record the next hand holds only
    # the last line (see :meth:`canasta_score.games.store.Store.update`); else 0, every line.
    earlier: int = 0

    @property
    def hands(self) -> int:
        return self.earlier + len(self.lines)

    @property
    def winner(self) -> str | None:
        """The single winner of a finished game (None while playing or for a shared win)."""
        return self.winners[0] if self.finished and len(self.winners) == 1 else None

    @property
    def margin(self) -> int | None:
        """How many points the winner leads the next side by (None when it does not lead: seven
        canastas in one hand win the game from behind, D51)."""
        if self.winner is None:
            return None
        won = [s.score for s in self.sides if s.name == self.winner]
        others = [s.score for s in self.sides if s.name != self.winner]
        lead = won[0] - max(others) if won and others else 0
        return lead if lead > 0 else None

    @property
    def won_from_behind(self) -> bool:
        """Whether the single winner won without leading (seven canastas in one hand, D51)."""
        return self.winner is not None and self.margin is None

    @property
    def leader(self) -> str | None:
        """The side with the highest score, if exactly one has it and a hand was played."""
        if not self.lines:
            return None
        top = max(s.score for s in self.sides)
        best = [s.name for s in self.sides if s.score == top]
        return best[0] if len(best) == 1 else None

    def to_go(self, score: int) -> int:
        """Points a side at ``score`` still needs to reach the target (never below 0)."""
        return max(0, self.target - score)

    def setup(self) -> dict[str, Any]:
        """The game and what it is played under: how status and the stored data begin."""
        return {
            "game": self.game,
            "ruleset": self.ruleset,
            "ruleset_name": self.ruleset_name,
            "players": self.players,
            "target": self.target,
            "fixed_hands": self.fixed_hands,
        }

    def status(self) -> dict[str, Any]:
        """The ``status --json`` object (CONTRACT section 7, with extra keys)."""
        return {
            **self.setup(),
            "hands": self.hands,
            "finished": self.finished,
            "winner": self.winner,
            "winners": list(self.winners) if self.finished else [],
            "margin": self.margin,
            "ended_by": self.ended_by or None,
            "leader": self.leader,
            "next_hand": None if self.finished else self.hands + 1,
            "next_dealer": None if self.finished else self.next_dealer,
            "sides": [
                {
                    "name": s.name,
                    "players": list(s.players),
                    "score": s.score,
                    "to_go": self.to_go(s.score),
                    "next_minimum": s.next_minimum,
                    "next_requires": list(s.next_requires),
                }
                for s in self.sides
            ],
        }

    def history(self) -> dict[str, Any]:
        """The ``history --json`` object: every hand with each side's minimum, score and total."""
        names = [s.name for s in self.sides]
        return {
            "game": self.game,
            "ruleset": self.ruleset,
            "hands": [
                {
                    "number": line.number,
                    "dealer": line.dealer,
                    "went_out": line.went_out or None,
                    "concealed": line.concealed,
                    "went_out_player": line.out_player or None,
                    "sides": [
                        {"name": name, "minimum": m, "score": s, "total": t}
                        for name, m, s, t in zip(
                            names, line.minimums, line.scores, line.totals, strict=True
                        )
                    ],
                }
                for line in self.lines
            ],
        }

    def to_data(self) -> dict[str, Any]:
        """Plain data for the store, without the lines (which it keeps one a row, each a
        :class:`HandLine`'s fields in order)."""
        return {
            **self.setup(),
            "sides": [
                [s.name, list(s.players), s.score, s.next_minimum, list(s.next_requires)]
                for s in self.sides
            ],
            "next_dealer": self.next_dealer,
            "finished": self.finished,
            "winners": list(self.winners),
            "ended_by": self.ended_by,
        }

    @classmethod
    def from_data(cls, data: dict[str, Any]) -> Summary:
        """Rebuild a summary from :meth:`to_data` output with its ``lines`` (raises KeyError or
        TypeError if damaged)."""
        return cls(
            game=str(data["game"]),
            ruleset=str(data["ruleset"]),
            ruleset_name=str(data["ruleset_name"]),
            players=int(data["players"]),
            target=int(data["target"]),
            fixed_hands=int(data["fixed_hands"]),
            sides=tuple(
                SideState(str(n), tuple(p), int(s), int(m), tuple(r))
                for n, p, s, m, r in data["sides"]
            ),
            lines=tuple(
                HandLine(n, d, tuple(m), tuple(s), tuple(t), o, bool(c), str(p))
                for n, d, m, s, t, o, c, p in data["lines"]
            ),
            next_dealer=str(data["next_dealer"]),
            finished=bool(data["finished"]),
            winners=tuple(data["winners"]),
            ended_by=str(data["ended_by"]),
        )
