"""A game: sides, the ruleset it is played under, and its hands as entered.

Pure functions: replaying the hands gives every hand's breakdown, the running totals, each side's
initial-meld minimum for every hand, the dealer, and the end of the game with its winner.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from typing import Any
from unicodedata import normalize

from canasta_score.core import language
from canasta_score.core.errors import CanastaError, GameError, InputError, RecordError
from canasta_score.core.frozen import record, replace
from canasta_score.core.language import _, ngettext
from canasta_score.core.safe_text import pattern as compiled  # compiled when first needed
from canasta_score.games.summary import HandLine, SideState, Summary
from canasta_score.hands.on_table import melded
from canasta_score.hands.record import SideRecord, parse_record
from canasta_score.hands.scoring import HandScore, score_hand
from canasta_score.judging.initial import Opening, opening_problems
from canasta_score.rules.minimum import Minimum, min_meld
from canasta_score.rules.ruleset import Ruleset, build_ruleset

PLAYER_SPLIT = r"(?i)\s*(?:&|\+|/|,|\band\b)\s*"
NAME_PATTERN = r"[^\W_][\w .,'&+@()-]{0,79}"
# A file name holds 255 bytes; the game's lock file ".NAME.toml.lock" must fit too.
NAME_BYTES = 240
# Device names Windows reserves in every folder, with or without an extension.
RESERVED = frozenset(
    ["CON", "PRN", "AUX", "NUL", "CONIN$", "CONOUT$"]
    + [f"{dev}{n}" for dev in ("COM", "LPT") for n in ("0123456789\u00b9\u00b2\u00b3")]
)
# A stored hand may say when it was entered (ISO 8601 date and time): kept with the hand, not
# part of its record; hands stored without it are read as they are.
ENTERED = "entered"


# ---------------------------------------------------------------- sides and players


@record
class Side:
    """A side (a partnership or a single player) with its players' names, if given."""

    name: str
    players: tuple[str, ...] = ()

    def named(self, size: int) -> tuple[str, ...]:
        """The players' names as given (a one-player side's player is the side)."""
        return self.players or ((self.name,) if size == 1 else ())

    def seats(self, size: int) -> tuple[str, ...]:
        """The side's players, named, or ``A (player 1)`` ... when names were not given."""
        return self.named(size) or tuple(f"{self.name} (player {i})" for i in range(1, size + 1))


def parse_side(text: str) -> Side:
    """``"Ann & Bob"``, ``"us: Ann & Bob"`` or ``"us"``: a side and its players.

    Players are separated by ``&``, ``and``, ``+``, ``/`` or a comma. A single name with no
    colon names the side; its players stay unnamed (or, for one-player sides, are that name).
    """
    # Hangul typed in decomposed form (NFD, as a macOS paste gives it) is kept composed, so a
    # name takes the columns it shows in and matches the same name typed composed.
    text = normalize("NFC", text)
    label, colon, rest = text.partition(":")
    label = label.strip()
    if colon:
        players = tuple(p for p in compiled(PLAYER_SPLIT).split(rest.strip()) if p)
    else:
        parts = tuple(p for p in compiled(PLAYER_SPLIT).split(label) if p)
        players = parts if len(parts) > 1 else ()
    if not label:
        raise InputError(
            _('side "{side}": give the side a name, e.g. "Ann & Bob"').format(side=text)
        )
    if len(set(players)) != len(players):
        raise InputError(_('side "{side}": a player is named twice').format(side=text))
    return Side(" ".join(label.split()), players)


def seating(sides: tuple[Side, ...], size: int) -> tuple[str, ...]:
    """Players in clockwise order: partners sit apart, one player of each side in turn."""
    seats = [s.seats(size) for s in sides]
    return tuple(seats[j][i] for i in range(size) for j in range(len(sides)))


def check_name(name: str) -> str:
    """A game name usable as a file name on every platform; refuses anything else, saying why.
    ``club.toml`` names the game ``club`` (its file is ``club.toml``)."""
    name = normalize("NFC", name).strip()
    if name.lower().endswith(".toml"):
        name = name[: -len(".toml")].rstrip()
    if not compiled(NAME_PATTERN).fullmatch(name) or name.endswith((".", " ")):
        raise InputError(
            _(
                'game name "{name}": use letters, digits, spaces and . , \' & + @ ( ) - '
                "(up to 80, starting with a letter or digit)"
            ).format(name=name)
        )
    if len(name.encode("utf-8")) > NAME_BYTES:
        raise InputError(
            _(
                'game name "{name}": too long for a file name ({size} bytes in UTF-8; at most '
                "{most}); choose a shorter one"
            ).format(name=name, size=len(name.encode("utf-8")), most=NAME_BYTES)
        )
    stem = name.split(".", 1)[0].rstrip(" ").upper()
    if stem in RESERVED:
        raise InputError(
            _(
                'game name "{name}": {stem} is a name Windows keeps for a device; choose another'
            ).format(name=name, stem=stem)
        )
    return name


def pick_ruleset(
    load: Callable[[int | None], Ruleset], sides: list[Side], players: int | None
) -> Ruleset:
    """The ruleset for these sides: ``players`` if given, else the default player count if
    the sides fit it (or no sides are given), else the first player count they fit (three
    sides of classic: 3)."""
    first = load(players)
    if players is not None or not sides or fits(first, sides):
        return first
    for count in first.table.player_counts:
        if count != first.players:
            candidate = load(count)
            if fits(candidate, sides):
                return candidate
    counts = ", ".join(str(c) for c in first.table.player_counts)
    raise InputError(
        _(
            "{sides} sides do not fit {ruleset} (players: {counts}); "
            "check the sides or give the number of players"
        ).format(sides=len(sides), ruleset=first.shown_name, counts=counts)
    )


def fits(rs: Ruleset, sides: list[Side]) -> bool:
    return rs.sides == len(sides) and all(len(s.players) in (0, rs.table.side_size) for s in sides)


# ---------------------------------------------------------------- the game


@record
class Game:
    """A game as it is stored: everything needed to score it again the same way."""

    name: str
    created: str
    ruleset: dict[str, Any]
    sides: tuple[Side, ...]
    first_dealer: str
    hands: tuple[dict[str, Any], ...] = ()
    # The hands taken back by undo, the most recent last, as they were stored: redo puts them
    # back; a new hand clears them.
    undone: tuple[dict[str, Any], ...] = ()
    # The game's identity, kept through export and import ("" until the game is stored).
    uid: str = ""

    def rules(self) -> Ruleset:
        """The game's ruleset, rebuilt from its snapshot (which holds every key); built once
        per snapshot object (a game and the games changed from it share theirs)."""
        kept = BUILT.get(id(self.ruleset))
        if kept is not None and kept[0] is self.ruleset:
            return kept[1]
        try:
            built = build_ruleset(self.ruleset, origin="the game's [ruleset]", stored=True)
        except CanastaError as exc:
            raise GameError(
                _('game "{game}": its ruleset is invalid: {problem}').format(
                    game=self.name, problem=exc
                )
            ) from None
        if len(BUILT) >= 64:
            BUILT.clear()
        BUILT[id(self.ruleset)] = (self.ruleset, built)
        return built


# Each game ruleset built lately, by the identity of its snapshot (kept alive beside it). A
# snapshot is never changed in place: a changed game gets a new one.
BUILT: dict[int, tuple[dict[str, Any], Ruleset]] = {}


def check_setup(game: Game, rs: Ruleset) -> None:
    """The sides fit the ruleset, the first dealer is one of the players, and each undone
    hand (which redo puts back exactly as it is) is a hand record."""
    names = [s.name for s in game.sides]
    twice = next((n for n in names if names.count(n) > 1), None)
    if twice is not None:
        raise GameError(
            _('game "{game}": two sides are named "{side}"').format(game=game.name, side=twice)
        )
    if len(game.sides) != rs.sides:
        raise GameError(
            _(
                'game "{game}": {ruleset} with {players} players has {sides} sides, not {given}'
            ).format(
                game=game.name,
                ruleset=rs.shown_name,
                players=rs.players,
                sides=rs.sides,
                given=len(game.sides),
            )
        )
    size = rs.table.side_size
    for side in game.sides:
        if side.players and len(side.players) != size:
            raise GameError(
                _(
                    'game "{game}": side "{side}" names {named} players; '
                    "a side has {size} with {players} players"
                ).format(
                    game=game.name,
                    side=side.name,
                    named=len(side.players),
                    size=size,
                    players=rs.players,
                )
            )
    seats = seating(game.sides, size)
    if len(set(seats)) != len(seats):
        raise GameError(_('game "{game}": a player is named twice').format(game=game.name))
    if game.first_dealer not in seats:
        raise GameError(
            _(
                'game "{game}": first dealer "{dealer}" is not one of the players ({players})'
            ).format(game=game.name, dealer=game.first_dealer, players=", ".join(seats))
        )
    for number, data in enumerate(game.undone, 1):
        try:
            check_entered(data)
            parse_record(record_of(data))
        except RecordError as exc:
            raise GameError(
                _('game "{game}": undone hand {number}: {problem}').format(
                    game=game.name, number=number, problem=exc
                )
            ) from None


def default_sides(count: int) -> list[Side]:
    """Sides named when none are given: "us" and "them", or A, B, C... for more than two."""
    labels = ["us", "them"] if count == 2 else list("ABCDEF"[:count])
    return [Side(label) for label in labels]


def with_target(rs: Ruleset, target: int) -> Ruleset:
    """The ruleset with the score that ends the game set to ``target`` (a positive multiple
    of 5, as every score is), marked as a house rule."""
    if isinstance(target, bool) or target <= 0 or target % 5:
        shown = f"{target:,}" if isinstance(target, int) else target
        raise InputError(_("target {target}: give a positive multiple of 5").format(target=shown))
    return build_ruleset(rs.data, origin=rs.id, overrides=[f"game.target={target}"])


def new_game(
    name: str,
    created: str,
    rs: Ruleset,
    sides: list[Side] | None = None,
    dealer: str | None = None,
    target: int | None = None,
) -> Game:
    """A new game with no hands. Without sides, the ruleset's number of sides gets default
    names; ``target`` (if given) replaces the ruleset's; ``dealer`` (a player or a side) deals
    first, by default the first player of the first side."""
    if target is not None:
        rs = with_target(rs, target)
    sides = list(sides) if sides else default_sides(rs.sides)
    seats = seating(tuple(sides), rs.table.side_size) if fits(rs, sides) else ()
    first = seats[0] if seats else ""
    if dealer:
        from canasta_score.hands.entry import fold

        # Named as a hand names them: in any case; a side's name means its first player.
        named = {fold(p): p for p in seats}
        named.update({fold(s.name): s.seats(rs.table.side_size)[0] for s in sides})
        first = named.get(fold(dealer), dealer)
    game = Game(check_name(name), created, rs.data, tuple(sides), first)
    check_setup(game, rs)
    check_told_apart(game)
    return game


def check_told_apart(game: Game) -> None:
    """A new game's sides, and its players, have names that differ in more than case and
    spacing: hands name them in any case, and the statistics match players so."""
    from canasta_score.hands.entry import fold

    for kind, names in (
        (_('sides "{one}" and "{other}"'), [s.name for s in game.sides]),
        (_('players "{one}" and "{other}"'), [p for s in game.sides for p in s.players]),
    ):
        seen: dict[str, str] = {}
        for name in names:
            one = seen.setdefault(fold(name), name)
            if one != name:
                text = _('game "{game}": {names} differ only in case or spacing; name them apart')
                raise GameError(text.format(game=game.name, names=kind.format(one=one, other=name)))


def dealer_of(game: Game, rs: Ruleset, number: int) -> str:
    """Who deals hand ``number`` (1-based): the deal passes to the left each hand (RULES 1.9)."""
    seats = seating(game.sides, rs.table.side_size)
    return seats[(seats.index(game.first_dealer) + number - 1) % len(seats)]


# ---------------------------------------------------------------- scoring the hands


@record
class Played:
    """One hand of a game: the record as entered, its breakdown (sides in game order), each
    side's initial-meld minimum for that hand and the running totals after it."""

    number: int
    dealer: str
    record: dict[str, Any]
    score: HandScore
    minimums: tuple[Minimum, ...]
    totals: tuple[int, ...]

    @property
    def went_out(self) -> str:
        return next((s.name for s in self.score.sides if s.went_out), "")

    def going_out(self) -> tuple[bool, str]:
        """How the hand ended, as entered: whether the side that went out went out concealed,
        and which of its players went out ("" when not written down)."""
        out = self.went_out
        sides = record_of(self.record).get("side", []) if out else []
        entered = next((s for s in sides if isinstance(s, dict) and s.get("name") == out), {})
        player = entered.get("went_out_player", "")
        return entered.get("concealed") is True, " ".join(player.split()) if player else ""

    def line(self) -> HandLine:
        concealed, player = self.going_out()
        return HandLine(
            self.number,
            self.dealer,
            tuple(m.minimum for m in self.minimums),
            tuple(s.total for s in self.score.sides),
            self.totals,
            self.went_out,
            concealed,
            player,
        )


@record
class Outcome:
    """Whether the game is over after a hand, who won and why."""

    finished: bool = False
    winners: tuple[str, ...] = ()
    ended_by: str = ""


def record_of(data: Any) -> Any:
    """A stored hand's record: the hand without when it was entered."""
    return {k: v for k, v in data.items() if k != ENTERED} if isinstance(data, dict) else data


def entered_at(data: Any) -> str:
    """When a stored hand was entered (ISO 8601), or "" when it does not say."""
    value = data.get(ENTERED, "") if isinstance(data, dict) else ""
    return value if isinstance(value, str) else ""


def entered_now(data: dict[str, Any]) -> dict[str, Any]:
    """The hand with when it is being entered (unless its record says)."""
    if not isinstance(data, dict) or ENTERED in data:
        return data
    return {**data, ENTERED: datetime.now().isoformat(timespec="seconds")}


def dates_of(created: str, entered: list[Any], modified: str) -> tuple[str, str]:
    """When a game was started and last played (ISO 8601), from when it was ``created`` and
    each hand was ``entered``. Started: when it was created, else when its first dated hand was
    entered, else ``modified`` (when it was last changed). Last played: when its last hand was
    entered, else ``modified``."""
    dated = [when for when in entered if isinstance(when, str) and when]
    started = created or (min(dated) if dated else "") or modified
    last = entered[-1] if entered and isinstance(entered[-1], str) else ""
    return started, last or modified


def is_moment(value: Any) -> bool:
    """Whether ``value`` is a date and time as the game keeps one: an ISO 8601 text (or "",
    for none), which exports may show as it is."""
    if not isinstance(value, str):
        return False
    if not value:
        return True
    try:
        datetime.fromisoformat(value)
    except ValueError:
        return False
    return len(value) <= 40 and value.isascii() and value.isprintable()


def check_entered(data: Any) -> None:
    """A stored hand says when it was entered, if at all, as a date and time."""
    if isinstance(data, dict) and not is_moment(data.get(ENTERED, "")):
        raise RecordError(
            _(
                "{key} must be a date and time written as a string (ISO 8601, such as "
                "2025-01-03T19:40:00)"
            ).format(key=ENTERED)
        )


def score_record(game: Game, rs: Ruleset, data: Any, number: int) -> HandScore:
    """Score one hand record of this game; its sides come back in the game's order."""
    check_entered(data)
    record = parse_record(record_of(data))
    if record.ruleset is not None and record.ruleset not in (rs.id, game.ruleset.get("id")):
        raise RecordError(
            _('the record says ruleset "{given}"; this game plays {ruleset}').format(
                given=record.ruleset, ruleset=rs.id
            )
        )
    if record.players is not None and record.players != rs.players:
        raise RecordError(
            _("the record says {given} players; this game has {players}").format(
                given=record.players, players=rs.players
            )
        )
    given = data.get("hand") if isinstance(data, dict) else None
    if given is not None and given != number:
        raise RecordError(
            _("the record says hand = {given}, but this is hand {number}").format(
                given=repr(given), number=number
            )
        )
    names = [s.name for s in game.sides]
    for side in record.sides:
        if side.name not in names:
            raise RecordError(
                _('side "{side}" is not in this game (its sides are {sides})').format(
                    side=side.name, sides=", ".join(names)
                )
            )
    missing = [n for n in names if n not in {s.name for s in record.sides}]
    if missing:
        raise RecordError(_('the record has no side "{side}"').format(side=missing[0]))
    for side in record.sides:
        players = next(s for s in game.sides if s.name == side.name).named(rs.table.side_size)
        player = side.went_out_player.casefold()
        if player and players and player not in {p.casefold() for p in players}:
            raise RecordError(
                _('side "{side}": went_out_player "{player}" is not one of {players}').format(
                    side=side.name, player=side.went_out_player, players=", ".join(players)
                )
            )
        check_out_empty(side, players, rs.table.side_size)
    result = score_hand(rs, record)
    return replace(result, sides=tuple(result.side(n) for n in names))


def check_out_empty(side: SideRecord, players: tuple[str, ...], size: int) -> None:
    """RULES 1.8: the player who went out got rid of every card in hand. Where a side that
    went out gives each player's cards left (one string a player, in the side's order), the
    player named as going out holds none (that no player of it holds none is the record's
    own check, :func:`~canasta_score.hands.validation.validate_side`, for every path)."""
    left = side.in_hand
    if not side.went_out or left is None or len(left) != size:
        return
    out = [
        i for i, name in enumerate(players) if name.casefold() == side.went_out_player.casefold()
    ]
    if out and left[out[0]]:
        raise RecordError(
            _('side "{side}": {player} went out, but holds {cards}').format(
                side=side.name,
                player=players[out[0]],
                cards=" ".join(str(card) for card in left[out[0]]),
            )
        )


def end_of_game(rs: Ruleset, number: int, totals: tuple[int, ...], score: HandScore) -> Outcome:
    """Is the game over after hand ``number``? (RULES 2.1 game.target, C8; D51; D53; D49)."""
    names = [s.name for s in score.sides]
    rules = rs.game
    seven = [i for i, s in enumerate(score.sides) if rules.seven_canastas_win and s.canastas >= 7]
    if seven:
        candidates, why = seven, "seven_canastas"
    elif rules.hands:
        if number < rules.hands:
            return Outcome()
        candidates, why = list(range(len(names))), "hands"
    elif max(totals) >= rules.target:
        candidates, why = list(range(len(names))), "target"
    else:
        return Outcome()
    top = max(totals[i] for i in candidates)
    best = tuple(names[i] for i in candidates if totals[i] == top)
    if len(best) > 1 and rules.tie_policy == "play_another_hand":
        return Outcome()
    return Outcome(True, best, why)


def minimums(rs: Ruleset, totals: tuple[int, ...], number: int) -> tuple[Minimum, ...]:
    """Each side's initial-meld minimum for hand ``number``, from its score before the hand
    (or from the hand number, where the ruleset says so). What each requires is data (the
    summary cache, JSON, exports): English, said in the language in use where it is shown
    (:func:`canasta_score.core.words.shown_requirement`)."""
    with language.speaking(language.ENGLISH):
        return tuple(min_meld(rs, total, number) for total in totals)


def play(
    game: Game, rs: Ruleset, data: dict[str, Any], number: int, before: tuple[int, ...]
) -> tuple[Played, Outcome]:
    """Score hand ``number`` given the totals before it."""
    score = score_record(game, rs, data, number)
    totals = tuple(t + s.total for t, s in zip(before, score.sides, strict=True))
    played = Played(
        number, dealer_of(game, rs, number), data, score, minimums(rs, before, number), totals
    )
    return played, end_of_game(rs, number, totals, score)


@record
class Log:
    """A game replayed: every hand scored, and how the game stands."""

    game: Game
    rs: Ruleset
    played: tuple[Played, ...]
    outcome: Outcome

    @property
    def totals(self) -> tuple[int, ...]:
        return self.played[-1].totals if self.played else tuple(0 for _ in self.game.sides)

    def summary(self) -> Summary:
        return summarize(self.game, self.rs, tuple(p.line() for p in self.played), self.outcome)


def replay(game: Game, done: tuple[Played, ...] = (), after: Outcome | None = None) -> Log:
    """Score every hand of a game in order; a hand that does not score names its number.
    ``done``: its first hands as scored before (by the same program and ruleset), with the
    outcome ``after`` them; only the hands after those are scored."""
    rs = game.rules()
    totals = done[-1].totals if done else tuple(0 for _ in game.sides)
    outcome = after if after is not None and done else Outcome()
    played = list(done)
    for number, data in enumerate(game.hands[len(done) :], len(done) + 1):
        if outcome.finished:
            raise GameError(
                ngettext(
                    'game "{game}": the game ended after hand {number} ({outcome}), but '
                    "{more} more hand follows",
                    'game "{game}": the game ended after hand {number} ({outcome}), but '
                    "{more} more hands follow",
                    len(game.hands) - number + 1,
                ).format(
                    game=game.name,
                    number=number - 1,
                    outcome=describe(outcome),
                    more=len(game.hands) - number + 1,
                )
            )
        try:
            hand, outcome = play(game, rs, data, number, totals)
        except RecordError as exc:
            raise GameError(
                _('game "{game}": hand {number}: {problem}').format(
                    game=game.name, number=number, problem=exc
                )
            ) from None
        played.append(hand)
        totals = hand.totals
    return Log(game, rs, tuple(played), outcome)


def describe(outcome: Outcome) -> str:
    if len(outcome.winners) == 1:
        return _("{side} won").format(side=outcome.winners[0])
    return _("{sides} shared the win").format(sides=_(" and ").join(outcome.winners))


def summarize(
    game: Game, rs: Ruleset, lines: tuple[HandLine, ...], outcome: Outcome, earlier: int = 0
) -> Summary:
    """The summary after the given hands (``lines``, after ``earlier`` hands left out)."""
    totals = lines[-1].totals if lines else tuple(0 for _ in game.sides)
    number = earlier + len(lines) + 1
    size = rs.table.side_size
    needs = minimums(rs, totals, number)
    states = tuple(
        SideState(side.name, side.named(size), total, need.minimum, tuple(need.requires))
        for side, total, need in zip(game.sides, totals, needs, strict=True)
    )
    return Summary(
        game=game.name,
        ruleset=rs.id,
        ruleset_name=rs.name,
        players=rs.players,
        target=rs.game.target,
        fixed_hands=rs.game.hands,
        sides=states,
        lines=lines,
        next_dealer=dealer_of(game, rs, number),
        finished=outcome.finished,
        winners=outcome.winners,
        ended_by=outcome.ended_by,
        earlier=earlier,
    )


def totals_before(summary: Summary, number: int) -> tuple[int, ...]:
    """Each side's total before hand ``number`` (1-based; ``hands + 1`` is the next hand)."""
    if number > 1:
        return summary.lines[number - 2 - summary.earlier].totals
    return tuple(0 for _ in summary.sides)


# ---------------------------------------------------------------- doubts about a hand


@record
class Shortfall:
    """A side whose melds at the end of a hand cannot have made its initial meld: a side that
    melds has met its minimum (RULES 1.6, 2.2) and kept those cards on the table, so their
    count is at least the minimum, and they include any canasta the tier demands (RULES 10).
    Such a hand is kept, since tables enter partial numbers, but it is worth a second look."""

    hand: int
    side: str
    melded: int
    minimum: int
    rule: str
    missing: str = ""

    @property
    def text(self) -> str:
        if self.missing:
            text = _(
                'hand {hand}: "{side}" melded a count of {melded} without a canasta, but '
                "{missing} [{rule}]"
            )
        else:
            text = _(
                'hand {hand}: "{side}" melded a count of {melded}, below its initial-meld '
                "minimum of {minimum} [{rule}]"
            )
        return text.format(missing=self.missing, **self.as_dict(shown=False))

    def as_dict(self, shown: bool = True) -> dict[str, Any]:
        """The doubt as data (``shown``: with its text)."""
        data: dict[str, Any] = {"hand": self.hand, "side": self.side, "melded": self.melded}
        data |= {"minimum": self.minimum, "rule": self.rule}
        return data | {"text": self.text} if shown else data


def shortfalls(rs: Ruleset, hand: Played) -> tuple[Shortfall, ...]:
    """The sides of a scored hand whose melds fall short of their initial-meld minimum or
    lack the canasta their tier demands. A side with a canasta is exempt from the count where
    the ruleset lets a canasta laid from hand open with less (initial_meld.canasta_exemption);
    a side that laid a special hand made no ordinary initial meld."""
    record = parse_record(record_of(hand.record))
    by_name = {s.name: s for s in record.sides}
    out = []
    for scored, need in zip(hand.score.sides, hand.minimums, strict=True):
        side = by_name[scored.name]
        if side.special_hand:
            continue
        table = melded(rs, side)
        if table.count <= 0:
            continue
        opening = Opening.of_canastas(table.count, list(table.kinds))
        problems = opening_problems(rs, need, opening)
        if problems:
            first = problems[0]
            lacks = first.rule == rs.rule_id("initial-meld.requires")
            missing = first.text if lacks else ""
            out.append(
                Shortfall(hand.number, side.name, table.count, need.minimum, first.rule, missing)
            )
    return tuple(out)


# ---------------------------------------------------------------- changing a game


def check_open(summary: Summary) -> None:
    if summary.finished:
        who = describe(Outcome(True, summary.winners))
        raise GameError(
            _(
                'game "{game}" is over after hand {number} ({outcome}); '
                "start a new game, or undo or edit a hand"
            ).format(game=summary.game, number=summary.hands, outcome=who)
        )


@record
class Recorded:
    """A hand added to a game: the hand scored, the game's summary after it, and the doubts
    about it (sides that fall short of their initial meld)."""

    played: Played
    summary: Summary
    doubts: tuple[Shortfall, ...]

    def as_dict(self) -> dict[str, Any]:
        return {
            "game": self.summary.game,
            "hand": self.played.number,
            "dealer": self.played.dealer,
            "score": self.played.score.as_dict(),
            "warnings": [d.as_dict() for d in self.doubts],
            "status": self.summary.status(),
        }


def record_hand(
    game: Game, data: dict[str, Any], summary: Summary | None = None
) -> tuple[Game, Recorded]:
    """Record the next hand and say what it did. ``summary`` (the game's current summary, if
    known) saves replaying the earlier hands."""
    if summary is None:
        summary = replay(game).summary()
    check_open(summary)
    rs = game.rules()
    before = tuple(s.score for s in summary.sides)
    played, outcome = play(game, rs, data, summary.hands + 1, before)
    changed = replace(game, hands=(*game.hands, data), undone=())
    lines = (*summary.lines, played.line())
    after = summarize(changed, rs, lines, outcome, summary.earlier)
    return changed, Recorded(played, after, shortfalls(rs, played))


@record
class Undone:
    """The last hand taken back: its line of the score sheet and the summary without it."""

    line: HandLine
    summary: Summary

    def as_dict(self) -> dict[str, Any]:
        scores = zip(self.summary.sides, self.line.scores, strict=True)
        removed = {
            "number": self.line.number,
            "sides": [{"name": side.name, "score": score} for side, score in scores],
        }
        return {"game": self.summary.game, "removed": removed, "status": self.summary.status()}


def undo_hand(game: Game, summary: Summary | None = None) -> tuple[Game, Undone]:
    """Take back the last hand, kept for redo, and say what it was; the game is open again
    (it can only have ended at its last hand)."""
    if summary is None:
        summary = replay(game).summary()
    if not game.hands:
        raise GameError(_('game "{game}" has no hand to undo').format(game=game.name))
    changed = replace(game, hands=game.hands[:-1], undone=(*game.undone, game.hands[-1]))
    after = summarize(changed, game.rules(), summary.lines[:-1], Outcome())
    return changed, Undone(summary.lines[-1], after)


def redo_hand(game: Game, summary: Summary | None = None) -> tuple[Game, Recorded]:
    """Put back the hand undo took back most recently, exactly as it was stored; the other
    undone hands stay to be put back in turn."""
    if not game.undone:
        raise GameError(
            _(
                'nothing to redo in game "{game}": no undone hand is left to put back (a hand '
                "entered after an undo ends what redo can put back)"
            ).format(game=game.name)
        )
    changed, done = record_hand(game, game.undone[-1], summary)
    return replace(changed, undone=game.undone[:-1]), done


@record
class Change:
    """What replacing a hand did: the game before and after, replayed."""

    number: int
    before: Log
    after: Log

    def minimum_changes(self) -> list[tuple[int, str, int, int]]:
        """(hand, side, old minimum, new minimum) for every later hand whose minimum moved."""
        return [
            (old.number, side.name, a.minimum, b.minimum)
            for old, new in zip(self.before.played, self.after.played, strict=True)
            if old.number > self.number
            for side, a, b in zip(self.after.game.sides, old.minimums, new.minimums, strict=True)
            if a.minimum != b.minimum
        ]

    def as_dict(self) -> dict[str, Any]:
        return {
            "game": self.after.game.name,
            "hand": self.number,
            "was": self.before.played[self.number - 1].score.as_dict(),
            "now": self.after.played[self.number - 1].score.as_dict(),
            "minimum_changes": [
                {"hand": h, "side": s, "was": a, "now": b} for h, s, a, b in self.minimum_changes()
            ],
            "warnings": [d.as_dict() for d in self.shortfalls()],
            "status": self.after.summary().status(),
        }

    def shortfalls(self) -> tuple[Shortfall, ...]:
        """The replaced hand's shortfalls, then those of later hands that fall short only
        now that their minimum (or what their tier demands) has moved."""
        rs = self.after.rs
        out = list(shortfalls(rs, self.after.played[self.number - 1]))
        for old, new in zip(self.before.played, self.after.played, strict=True):
            if new.number <= self.number or old.minimums == new.minimums:
                continue
            was = {s.side for s in shortfalls(self.before.rs, old)}
            out += [s for s in shortfalls(rs, new) if s.side not in was]
        return tuple(out)


def check_hand_number(game: str, hands: int, number: int) -> None:
    """Refuse a hand number that game ``game`` of ``hands`` hands does not have (front ends
    call it before asking for the hand to edit)."""
    if not 1 <= number <= hands:
        raise GameError(
            ngettext(
                'game "{game}" has {count} hand; there is no hand {number}',
                'game "{game}" has {count} hands; there is no hand {number}',
                hands,
            ).format(game=game, count=hands, number=number)
        )


def replace_hand(game: Game, number: int, data: dict[str, Any]) -> Change:
    """Replace hand ``number`` (1-based); every later hand is scored again. The hand keeps
    when it was first entered unless ``data`` says otherwise."""
    check_hand_number(game.name, len(game.hands), number)
    first = entered_at(game.hands[number - 1])
    if first and ENTERED not in data:
        data = {**data, ENTERED: first}
    before = replay(game)
    hands = list(game.hands)
    hands[number - 1] = data
    changed = replace(game, hands=tuple(hands))
    rs = before.rs
    totals = before.played[number - 2].totals if number > 1 else tuple(0 for _ in game.sides)
    play(changed, rs, data, number, totals)
    try:
        after = replay(changed)
    except GameError as exc:
        raise GameError(
            _("{problem}; undo the later hands first if this change is right").format(problem=exc)
        ) from None
    return Change(number, before, after)
