"""Statistics across games: per player, per partnership, head to head.

Pure functions over :class:`GameFacts`, the few facts of each hand that the statistics need
(hand score, going out, canastas by kind, red threes, points lost to penalties), taken from a
replayed game's breakdowns. Facts are plain data, so they can be kept in a cache beside the
games and read back without scoring any hand again.

Players are matched by name across games, ignoring case: a person who plays in several
partnerships is one player. A partnership is its set of players (in any order), or, when its
players were not named, the side's name.
"""

from __future__ import annotations

import hashlib
import json
from collections import Counter
from collections.abc import Iterable
from dataclasses import field
from datetime import date, datetime
from operator import itemgetter
from typing import TYPE_CHECKING, Any

from canasta_score.core.errors import InputError
from canasta_score.core.frozen import fields, record
from canasta_score.core.language import _

if TYPE_CHECKING:
    from canasta_score.games.game import Log

# Breakdown rules (without the ruleset's prefix) whose points count as lost to each penalty.
CARDS_IN_HAND = ("scoring.cards-in-hand", "threes.black-in-hand")
INCOMPLETE = ("penalties.incomplete-", "penalties.short-sequence")
RED_THREES_AGAINST = ("threes.red-values", "threes.red-in-hand")
PENALTIES = ("cards_in_hand", "incomplete_melds", "red_threes_against")


# ---------------------------------------------------------------- facts of a game


@record
class SideHand:
    """One side's part of one hand, as far as the statistics go."""

    score: int
    went_out: bool = False
    concealed: bool = False
    canastas: dict[str, int] = field(default_factory=dict)
    red_threes: int = 0
    lost: tuple[int, int, int] = (0, 0, 0)  # points lost, in the order of PENALTIES
    out_player: str = ""  # which of the side's players went out, when it was written down


@record
class Part:
    """One side's figures over the hands of one game (best and worst: score, hand number)."""

    hands: int = 0
    points: int = 0
    best: tuple[int, int] | None = None
    worst: tuple[int, int] | None = None
    canastas: dict[str, int] = field(default_factory=dict)
    went_out: int = 0
    concealed: int = 0
    red_threes: int = 0
    lost: tuple[int, ...] = (0, 0, 0)  # points lost, in the order of PENALTIES
    out_by: dict[str, int] = field(default_factory=dict)  # hands each player went out (folded)

    def to_data(self) -> list[Any]:
        """The figures in field order, as JSON holds them (pairs and tuples as lists)."""
        values = (getattr(self, f.name) for f in fields(Part))
        return [list(v) if isinstance(v, tuple) else v for v in values]

    @classmethod
    def from_data(cls, data: list[Any]) -> Part:
        hands, points, best, worst, canastas, out, concealed, red, lost, out_by = data

        def pair(value: Any) -> tuple[int, int] | None:
            return None if value is None else (int(value[0]), int(value[1]))

        kinds = {str(k): int(v) for k, v in dict(canastas).items()}
        spent = tuple([int(x) for x in lost])
        if len(spent) != len(PENALTIES):
            raise ValueError("penalties")
        return cls(
            int(hands),
            int(points),
            pair(best),
            pair(worst),
            kinds,
            int(out),
            int(concealed),
            int(red),
            spent,
            {str(k): int(v) for k, v in dict(out_by).items()},
        )


@record
class GameFacts:
    """A game reduced to what the statistics need: each side's figures over its hands, worked
    out from every hand's breakdown. ``players`` and ``parts`` follow ``sides``."""

    name: str
    created: str
    ruleset: str
    sides: tuple[str, ...]
    players: tuple[tuple[str, ...], ...]
    parts: tuple[Part, ...]
    finished: bool
    winners: tuple[str, ...]
    opening: str = ""  # a digest of the first hand as entered ("" with no hand): see distinct
    day: str = ""  # the game's date (YYYY-MM-DD), set when the game is read

    def to_data(self) -> dict[str, Any]:
        """The facts but the day (worked out when the game is read), as JSON holds them."""
        data = {f.name: getattr(self, f.name) for f in fields(GameFacts) if f.name != "day"}
        return data | {"parts": [p.to_data() for p in self.parts]}

    @classmethod
    def from_data(cls, data: dict[str, Any]) -> GameFacts:
        """Rebuild from :meth:`to_data` (raises KeyError, TypeError or ValueError if damaged)."""
        facts = cls(
            name=str(data["name"]),
            created=str(data["created"]),
            ruleset=str(data["ruleset"]),
            sides=tuple(str(s) for s in data["sides"]),
            players=tuple(tuple(str(p) for p in ps) for ps in data["players"]),
            parts=tuple(Part.from_data(p) for p in data["parts"]),
            finished=bool(data["finished"]),
            winners=tuple(str(w) for w in data["winners"]),
            opening=str(data["opening"]),
        )
        if not len(facts.sides) == len(facts.players) == len(facts.parts):
            raise ValueError("sides")
        return facts


def lost_points(prefix: str, items: Iterable[tuple[str, int]]) -> tuple[int, int, int]:
    """Points lost to cards left in hand, incomplete melds and red threes counted against,
    from a side's breakdown items (rule id, points)."""
    cards = incomplete = red = 0
    for rule, points in items:
        key = rule.removeprefix(prefix)
        if points >= 0:
            continue
        if key in CARDS_IN_HAND:
            cards -= points
        elif key.startswith(INCOMPLETE):
            incomplete -= points
        elif key in RED_THREES_AGAINST:
            red -= points
    return cards, incomplete, red


def game_facts(log: Log) -> GameFacts:
    """The facts of every hand of a replayed game."""
    from canasta_score.games.game import record_of
    from canasta_score.hands.on_table import melded
    from canasta_score.hands.record import parse_record
    from canasta_score.rules.kinds import display_name

    rs, game = log.rs, log.game
    prefix = f"{rs.id}."
    hands: list[list[tuple[int, SideHand]]] = [[] for _ in game.sides]
    for hand in log.played:
        by_name = {s.name: s for s in parse_record(record_of(hand.record)).sides}
        for own, scored in zip(hands, hand.score.sides, strict=True):
            side = by_name[scored.name]
            kinds: Counter[str] = Counter()
            if not side.special_hand and not side.acaba:
                kinds.update(display_name(kind, rs) for kind in melded(rs, side).kinds)
            facts = SideHand(
                score=scored.total,
                went_out=scored.went_out,
                concealed=scored.went_out and side.concealed,
                canastas=dict(kinds),
                red_threes=side.red_threes,
                lost=lost_points(prefix, ((i.rule, i.points) for i in scored.items)),
                out_player=side.went_out_player,
            )
            own.append((hand.number, facts))
    size = rs.table.side_size
    return GameFacts(
        name=game.name,
        created=game.created,
        ruleset=rs.id,
        sides=tuple(s.name for s in game.sides),
        players=tuple(s.named(size) for s in game.sides),
        parts=tuple(part(own) for own in hands),
        finished=log.outcome.finished,
        winners=log.outcome.winners,
        opening=opening(log.played[0].record) if log.played else "",
    )


def opening(entered: dict[str, Any]) -> str:
    """A short digest of a game's first hand as entered: copies of one game share it."""
    text = json.dumps(entered, sort_keys=True, ensure_ascii=False, default=str)
    return hashlib.blake2b(text.encode("utf-8"), digest_size=8).hexdigest()


def part(hands: list[tuple[int, SideHand]]) -> Part:
    """A side's figures over its hands (number, facts) of one game."""
    sides = [side for _, side in hands]
    scores = [(side.score, number) for number, side in hands]
    points, went_out, concealed, red_threes, *lost = totals(
        [(s.score, s.went_out, s.concealed, s.red_threes, *s.lost) for s in sides],
        4 + len(PENALTIES),
    )
    return Part(
        hands=len(hands),
        points=points,
        best=max(scores, key=first, default=None),
        worst=min(scores, key=first, default=None),
        canastas=added(side.canastas for side in sides),
        went_out=went_out,
        concealed=concealed,
        red_threes=red_threes,
        lost=tuple(lost),
        out_by=dict(Counter(fold(s.out_player) for s in sides if s.went_out and s.out_player)),
    )


first = itemgetter(0)  # a figure's score, beside the game or hand it was made in


def totals(rows: list[tuple[int, ...]], width: int) -> list[int]:
    """Each column of ``rows`` added up (``width`` zeros for no rows)."""
    return [sum(column) for column in zip(*rows, strict=True)] or [0] * width


def added(counts: Iterable[dict[str, int]]) -> dict[str, int]:
    """Counts by name added up (the names in the order first met)."""
    total: Counter[str] = Counter()
    for count in counts:
        total.update(count)
    return dict(total)


# ---------------------------------------------------------------- who is who


def fold(name: str) -> str:
    """A name as matched across games: case and spacing ignored."""
    return " ".join(name.split()).casefold()


def side_key(facts: GameFacts, index: int) -> tuple[str, ...]:
    """A partnership's identity: its players, sorted and folded, or its name if unnamed."""
    players = facts.players[index]
    if players:
        return tuple(sorted(fold(p) for p in players))
    return ("side:" + fold(facts.sides[index]),)


def side_label(facts: GameFacts, index: int) -> str:
    """A side of one player is named by its player; an unnamed partnership by its name."""
    players = facts.players[index]
    return players[0] if len(players) == 1 else facts.sides[index]


@record
class Who:
    """A player or a partnership named on the command line."""

    text: str
    key: tuple[str, ...]
    partnership: bool

    def seat(self, facts: GameFacts) -> int | None:
        """The index of this player's or partnership's side in the game, if it played."""
        for i in range(len(facts.sides)):
            if self.partnership:
                if side_key(facts, i) == self.key or (
                    len(self.key) == 1 and fold(facts.sides[i]) == self.key[0]
                ):
                    return i
            elif self.key[0] in {fold(p) for p in facts.players[i]}:
                return i
        return None


def who(text: str, partnership: bool | None = None) -> Who:
    """``"Ann & Bob"`` (a partnership), ``"Ann"`` (a player, or a side's name when
    ``partnership``). With ``partnership=None`` a single name is a player."""
    from canasta_score.core.safe_text import pattern as compiled
    from canasta_score.games.game import PLAYER_SPLIT

    label = text.partition(":")[2] if ":" in text else text
    names = [fold(p) for p in compiled(PLAYER_SPLIT).split(label) if p.strip()]
    if not names:
        raise InputError(
            _('"{text}": give a player\'s name or a partnership such as "Ann & Bob"').format(
                text=text
            )
        )
    if len(names) > 1:
        return Who(text, tuple(sorted(names)), True)
    return Who(text, (names[0],), bool(partnership))


# ---------------------------------------------------------------- figures


@record
class Tally:
    """The figures of one player or partnership over the games it played."""

    name: str
    players: tuple[str, ...]
    games: int
    finished: int
    wins: int
    hands: int
    points: int
    best: tuple[int, str, int] | None
    worst: tuple[int, str, int] | None
    canastas: dict[str, int]
    went_out: int
    concealed: int
    red_threes: int
    lost: tuple[int, ...]
    out_self: int | None  # a player's: the hands the player went out, when written down

    def per_hand(self, n: int) -> float | None:
        return round(n / self.hands, 3) if self.hands else None

    def figures(self) -> dict[str, Any]:
        def hand(h: tuple[int, str, int] | None) -> dict[str, Any] | None:
            return None if h is None else {"score": h[0], "game": h[1], "hand": h[2]}

        return {
            "name": self.name,
            **({"players": list(self.players)} if self.players else {}),
            "games": self.games,
            "finished": self.finished,
            "wins": self.wins,
            "win_rate": round(self.wins / self.finished, 3) if self.finished else None,
            "hands": self.hands,
            "points": self.points,
            "average_hand": round(self.points / self.hands, 1) if self.hands else None,
            "best_hand": hand(self.best),
            "worst_hand": hand(self.worst),
            "canastas": dict(sorted(self.canastas.items())),
            "canastas_per_hand": {k: self.per_hand(v) for k, v in sorted(self.canastas.items())},
            "went_out": self.went_out,
            "went_out_rate": self.per_hand(self.went_out),
            "went_out_concealed": self.concealed,
            **({"went_out_self": self.out_self} if self.out_self is not None else {}),
            "red_threes": self.red_threes,
            "red_threes_per_hand": self.per_hand(self.red_threes),
            "penalties": dict(zip(PENALTIES, self.lost, strict=True)),
        }


Seat = tuple["GameFacts", int]  # a game, and the index of the side a tally sat at


def tally(
    name: str, seats: list[Seat], players: tuple[str, ...] = (), player: bool = False
) -> Tally:
    """The figures of ``name`` over the games in which it sat at the side of each seat (a
    player's, with ``player``, count the hands the player went out)."""
    parts = [(facts, facts.parts[index]) for facts, index in seats]
    hands, points, went_out, concealed, red_threes, *lost = totals(
        [(p.hands, p.points, p.went_out, p.concealed, p.red_threes, *p.lost) for _, p in parts],
        5 + len(PENALTIES),
    )
    won = [facts.sides[index] in facts.winners for facts, index in seats if facts.finished]
    me = fold(name)
    return Tally(
        name=name,
        players=players,
        games=len(seats),
        finished=len(won),
        wins=sum(won),
        hands=hands,
        points=points,
        best=max(
            ((p.best[0], f.name, p.best[1]) for f, p in parts if p.best), key=first, default=None
        ),
        worst=min(
            ((p.worst[0], f.name, p.worst[1]) for f, p in parts if p.worst), key=first, default=None
        ),
        canastas=added(p.canastas for _, p in parts),
        went_out=went_out,
        concealed=concealed,
        red_threes=red_threes,
        lost=tuple(lost),
        out_self=sum(p.out_by.get(me, 0) for _, p in parts) if player else None,
    )


@record
class Filters:
    """Which games count: all of them unless narrowed."""

    player: str | None = None
    side: str | None = None
    ruleset: str | None = None
    since: date | None = None
    until: date | None = None

    def keeps(self, facts: GameFacts) -> bool:
        if self.ruleset is not None and facts.ruleset != self.ruleset:
            return False
        day = date.fromisoformat(facts.day) if facts.day else None
        if self.since is not None and (day is None or day < self.since):
            return False
        if self.until is not None and (day is None or day > self.until):
            return False
        if self.player is not None and who(self.player, False).seat(facts) is None:
            return False
        return self.side is None or who(self.side, True).seat(facts) is not None


def parse_day(text: str | None, option: str) -> date | None:
    """A date given as YYYY-MM-DD (or a full ISO date and time)."""
    if text is None:
        return None
    try:
        return datetime.fromisoformat(text.strip()).date()
    except ValueError:
        raise InputError(
            _("{option} {text}: give a date as YYYY-MM-DD").format(option=option, text=text)
        ) from None


@record
class Skipped:
    """A game that could not be read, and why."""

    game: str
    reason: str


EVERY_GAME = Filters()  # no filter: every game counts


def distinct(games: list[GameFacts]) -> list[GameFacts]:
    """Every game once. Copies of one game (kept before a game folder refused them) have the
    same start, sides and players and the same first hand: they count as the copy with the most
    hands (the first by name of those); a copy without hands folds into a game it could be a
    copy of. Games that merely started in the same second with the same players, each with its
    own first hand, are different games."""
    kept: dict[tuple[Any, ...], GameFacts] = {}
    for facts in sorted(games, key=lambda g: g.name):
        start: tuple[Any, ...] = (facts.created, facts.sides, facts.players)
        if not facts.created:
            start = ("name", facts.name)
        key = (*start, facts.opening)
        held = kept.get(key)
        if held is None or played(facts) > played(held):
            kept[key] = facts
    started = {key[:-1] for key, facts in kept.items() if facts.opening}
    return [facts for key, facts in kept.items() if facts.opening or key[:-1] not in started]


def played(facts: GameFacts) -> int:
    return facts.parts[0].hands if facts.parts else 0


def statistics(
    games: list[GameFacts], skipped: list[Skipped], filters: Filters = EVERY_GAME
) -> dict[str, Any]:
    """The figures of every player and partnership over the games the filters keep, each game
    once (see :func:`distinct`)."""
    every = sorted(distinct(games), key=lambda g: (g.day, g.created, g.name))
    kept = [g for g in every if filters.keeps(g)]
    # A player is shown as first written in the earliest game, whatever the filters keep.
    spelling: dict[str, str] = {}
    for facts in every:
        for names in facts.players:
            for name in names:
                spelling.setdefault(fold(name), name)
    player_seats: dict[str, list[Seat]] = {}
    side_seats: dict[tuple[str, ...], list[Seat]] = {}
    for facts in kept:
        for i, names in enumerate(facts.players):
            for name in names:
                player_seats.setdefault(fold(name), []).append((facts, i))
            side_seats.setdefault(side_key(facts, i), []).append((facts, i))
    players = {k: tally(spelling[k], seats, player=True) for k, seats in player_seats.items()}
    sides = {}
    for key, seats in side_seats.items():
        facts, i = seats[0]
        spelt = tuple(spelling[fold(n)] for n in facts.players[i])
        label = " & ".join(spelt) if len(spelt) > 1 else side_label(facts, i)
        sides[key] = tally(label, seats, spelt)
    if filters.player is not None:
        one = who(filters.player, False)
        players = {k: v for k, v in players.items() if k == one.key[0]}
        sides = {k: v for k, v in sides.items() if one.key[0] in k}
    if filters.side is not None:
        chosen = who(filters.side, True)
        keys = {side_key(f, seat) for f in kept if (seat := chosen.seat(f)) is not None}
        sides = {k: v for k, v in sides.items() if k in keys}
        named = {fold(p) for t in sides.values() for p in t.players}
        players = {k: v for k, v in players.items() if k in named}
    return {
        "players": [t.figures() for t in sorted(players.values(), key=order)],
        "sides": [t.figures() for t in sorted(sides.values(), key=order)],
        "games": {
            "read": len(games) + len(skipped),
            "counted": len(kept),
            "skipped": len(skipped),
            "problems": [{"game": s.game, "reason": s.reason} for s in skipped],
            "names": [g.name for g in kept],
        },
    }


def order(t: Tally) -> tuple[float, float, str]:
    """Most wins first, then the best average hand, then by name."""
    average = t.points / t.hands if t.hands else 0.0
    return (-t.wins, -average, fold(t.name))


def head_to_head(
    games: list[GameFacts], a: str, b: str, filters: Filters = EVERY_GAME
) -> dict[str, Any]:
    """Games in which ``a`` and ``b`` (players or partnerships) sat on opposite sides."""
    first, second = who(a), who(b)
    if first.key == second.key:
        raise InputError(
            _('head to head "{a}" "{b}": name two different players or partnerships').format(
                a=a, b=b
            )
        )
    seats: tuple[list[Seat], list[Seat]] = ([], [])
    shared = 0
    for facts in sorted(distinct(games), key=lambda g: (g.day, g.created, g.name)):
        if not filters.keeps(facts):
            continue
        one_seat, two_seat = seat_of(first, facts), seat_of(second, facts)
        if one_seat is None or two_seat is None or one_seat == two_seat:
            continue
        seats[0].append((facts, one_seat))
        seats[1].append((facts, two_seat))
        if facts.finished and len(facts.winners) > 1:
            sides = (facts.sides[one_seat], facts.sides[two_seat])
            shared += all(s in facts.winners for s in sides)
    one, two = tally(a, seats[0]).figures(), tally(b, seats[1]).figures()
    return {
        "a": one,
        "b": two,
        "games": one["games"],
        "finished": one["finished"],
        "wins": {a: one["wins"], b: two["wins"]},
        "shared": shared,
    }


def seat_of(person: Who, facts: GameFacts) -> int | None:
    """A name on its own matches a player, else a side so named."""
    seat = person.seat(facts)
    if seat is None and not person.partnership:
        seat = Who(person.text, person.key, True).seat(facts)
    return seat
