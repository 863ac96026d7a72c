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

from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import date
from typing import TYPE_CHECKING, Any

from canasta_score.core.errors import InputError
from canasta_score.core.frozen import record
from canasta_score.core.language import _

if TYPE_CHECKING:
    from canasta_score.games.game import Log

FACTS_FORMAT = 3
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


@dataclass
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
    lost: list[int] = field(default_factory=lambda: [0, 0, 0])
    out_by: dict[str, int] = field(default_factory=dict)  # hands each player went out (folded)

    def add(self, side: SideHand, number: int) -> None:
        self.hands += 1
        self.points += side.score
        if self.best is None or side.score > self.best[0]:
            self.best = (side.score, number)
        if self.worst is None or side.score < self.worst[0]:
            self.worst = (side.score, number)
        for kind, n in side.canastas.items():
            self.canastas[kind] = self.canastas.get(kind, 0) + n
        self.went_out += side.went_out
        self.concealed += side.concealed
        self.red_threes += side.red_threes
        for i, points in enumerate(side.lost):
            self.lost[i] += points
        if side.went_out and side.out_player:
            player = fold(side.out_player)
            self.out_by[player] = self.out_by.get(player, 0) + 1

    def to_data(self) -> list[Any]:
        return [
            self.hands,
            self.points,
            list(self.best) if self.best else None,
            list(self.worst) if self.worst else None,
            self.canastas,
            self.went_out,
            self.concealed,
            self.red_threes,
            self.lost,
            self.out_by,
        ]

    @classmethod
    def from_data(cls, data: list[Any]) -> Part:
        hands, points, best, worst, canastas, out, concealed, red, lost, out_by = data

        def pair(value: Any) -> tuple[int, int] | None:
            return None if value is None else (int(value[0]), int(value[1]))

        kinds = {str(k): int(v) for k, v in dict(canastas).items()}
        spent = [int(x) for x in lost]
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
    day: str = ""  # the game's date (YYYY-MM-DD), set when the game is read

    def to_data(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "created": self.created,
            "ruleset": self.ruleset,
            "sides": list(self.sides),
            "players": [list(p) for p in self.players],
            "parts": [p.to_data() for p in self.parts],
            "finished": self.finished,
            "winners": list(self.winners),
        }

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
        )
        if not len(facts.sides) == len(facts.players) == len(facts.parts):
            raise ValueError("sides")
        return facts

    @property
    def totals(self) -> tuple[int, ...]:
        return tuple(p.points for p in self.parts)


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
    parts = tuple(Part() for _ in game.sides)
    for hand in log.played:
        by_name = {s.name: s for s in parse_record(record_of(hand.record)).sides}
        for part, scored in zip(parts, hand.score.sides, strict=True):
            side = by_name[scored.name]
            kinds: dict[str, int] = {}
            if not side.special_hand and not side.acaba:
                for kind in melded(rs, side).kinds:
                    name = display_name(kind, rs)
                    kinds[name] = kinds.get(name, 0) + 1
            facts = SideHand(
                score=scored.total,
                went_out=scored.went_out,
                concealed=scored.went_out and side.concealed,
                canastas=kinds,
                red_threes=side.red_threes,
                lost=lost_points(prefix, ((i.rule, i.points) for i in scored.items)),
                out_player=side.went_out_player,
            )
            part.add(facts, hand.number)
    size = rs.table.side_size
    return GameFacts(
        name=game.name,
        created=game.created,
        ruleset=rs.id,
        sides=tuple(s.name for s in game.sides),
        players=tuple(s.named(size) for s in game.sides),
        parts=parts,
        finished=log.outcome.finished,
        winners=log.outcome.winners,
    )


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
    from canasta_score.games.game import PLAYER_SPLIT

    label = text.partition(":")[2] if ":" in text else text
    names = [fold(p) for p in PLAYER_SPLIT.split(label) if p.strip()]
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


@dataclass
class Tally:
    """Running figures of one player or partnership."""

    name: str
    players: list[str] = field(default_factory=list)
    games: int = 0
    finished: int = 0
    wins: int = 0
    hands: int = 0
    points: int = 0
    best: tuple[int, str, int] | None = None
    worst: tuple[int, str, int] | None = None
    canastas: dict[str, int] = field(default_factory=dict)
    went_out: int = 0
    concealed: int = 0
    red_threes: int = 0
    lost: list[int] = field(default_factory=lambda: [0, 0, 0])
    out_self: int | None = None  # a player's: the hands the player went out, when written down

    def add_game(self, facts: GameFacts, index: int, player: str | None = None) -> None:
        """Add a game in which this tally sat at side ``index`` (as ``player``, for a
        player's tally)."""
        self.games += 1
        if facts.finished:
            self.finished += 1
            self.wins += facts.sides[index] in facts.winners
        part = facts.parts[index]
        self.hands += part.hands
        self.points += part.points
        if part.best and (self.best is None or part.best[0] > self.best[0]):
            self.best = (part.best[0], facts.name, part.best[1])
        if part.worst and (self.worst is None or part.worst[0] < self.worst[0]):
            self.worst = (part.worst[0], facts.name, part.worst[1])
        for kind, n in part.canastas.items():
            self.canastas[kind] = self.canastas.get(kind, 0) + n
        self.went_out += part.went_out
        self.concealed += part.concealed
        self.red_threes += part.red_threes
        for i, points in enumerate(part.lost):
            self.lost[i] += points
        if player is not None:
            self.out_self = (self.out_self or 0) + part.out_by.get(fold(player), 0)

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
        return date.fromisoformat(text.strip()[:10])
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
    """Every game once: copies of one game (kept before a game folder refused them: the same
    start, sides and players) count as the copy with the most hands (the first by name of
    those)."""
    kept: dict[tuple[Any, ...], GameFacts] = {}
    for facts in sorted(games, key=lambda g: g.name):
        key: tuple[Any, ...] = (facts.created, facts.sides, facts.players)
        if not facts.created:
            key = ("name", facts.name)
        held = kept.get(key)
        if held is None or played(facts) > played(held):
            kept[key] = facts
    return list(kept.values())


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
    players: dict[str, Tally] = {}
    for facts in kept:
        for i, names in enumerate(facts.players):
            for name in names:
                tally = players.setdefault(fold(name), Tally(spelling[fold(name)]))
                tally.add_game(facts, i, name)
    sides: dict[tuple[str, ...], Tally] = {}
    for facts in kept:
        for i, names in enumerate(facts.players):
            key = side_key(facts, i)
            if key not in sides:
                spelt = [players[fold(n)].name for n in names]
                label = " & ".join(spelt) if len(spelt) > 1 else side_label(facts, i)
                sides[key] = Tally(label, spelt)
            sides[key].add_game(facts, i)
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
    tallies = (Tally(a), Tally(b))
    shared = 0
    for facts in sorted(distinct(games), key=lambda g: (g.day, g.created, g.name)):
        if not filters.keeps(facts):
            continue
        one_seat, two_seat = seat_of(first, facts), seat_of(second, facts)
        if one_seat is None or two_seat is None or one_seat == two_seat:
            continue
        tallies[0].add_game(facts, one_seat)
        tallies[1].add_game(facts, two_seat)
        if facts.finished and len(facts.winners) > 1:
            sides = (facts.sides[one_seat], facts.sides[two_seat])
            shared += all(s in facts.winners for s in sides)
    one, two = (t.figures() for t in tallies)
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
