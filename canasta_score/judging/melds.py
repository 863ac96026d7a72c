"""Melds: classify cards as a group, wild-card, sequence or black-three meld, and judge them."""

from __future__ import annotations

from dataclasses import field
from enum import Enum
from functools import lru_cache

from canasta_score.core.frozen import record
from canasta_score.core.language import N_, _, current
from canasta_score.rules import kinds
from canasta_score.rules.cards import ACE, JOKER, SEVEN, THREE, TWO, Card, Rank
from canasta_score.rules.kinds import CanastaKind
from canasta_score.rules.ruleset import RuleRef, Ruleset


class Kind(Enum):
    # Members are singletons compared by identity: the identity hash is exact and fast.
    __hash__ = object.__hash__

    GROUP = "group"
    WILD = "wild"
    SEQUENCE = "sequence"
    BLACK_THREES = "black_threes"


# The kinds as plain module names, read fast (see the ranks in :mod:`canasta_score.rules.cards`).
GROUP, WILD, SEQUENCE, BLACK_THREES = Kind.GROUP, Kind.WILD, Kind.SEQUENCE, Kind.BLACK_THREES


@record
class Shape:
    """What a set of cards is as a meld, before any rule is applied. Its natural and wild cards
    are counted once, when it is made (a meld of twos counts its twos as natural, its jokers as
    wild)."""

    kind: Kind
    cards: tuple[Card, ...]
    rank: Rank | None
    naturals: int = field(repr=False, compare=False)
    wilds: int = field(repr=False, compare=False)
    jokers: int = field(repr=False, compare=False)

    @classmethod
    def of(cls, kind: Kind, cards: tuple[Card, ...], rank: Rank | None = None) -> Shape:
        """The shape of ``cards``, its natural and wild cards counted."""
        naturals = twos = jokers = 0
        for card in cards:
            if card.is_natural:
                naturals += 1
            elif card.rank is JOKER:
                jokers += 1
            elif card.rank is TWO:
                twos += 1
        if kind is GROUP and rank is TWO:
            naturals, wilds = twos, jokers
        else:
            wilds = twos + jokers
        return cls(kind, cards, rank, naturals, wilds, jokers)


@record
class Context:
    """Where a meld is laid. ``record`` judges a finished hand: only rules of shape apply."""

    initial: bool = False
    going_out: bool = False
    record: bool = False
    table: tuple[tuple[Card, ...], ...] = ()
    closed: frozenset[Rank] = frozenset()
    added: tuple[Card, ...] | None = None


@record
class Verdict:
    """The judgement of one meld: its shape (if any), the rules it breaks, its canasta kind.
    Every group meld of one make-up shares one verdict (see :func:`judge_group`), whose shape
    holds the meld's cards written without suits."""

    shape: Shape | None
    broken: tuple[RuleRef, ...] = ()
    canasta: CanastaKind | None = None

    @property
    def legal(self) -> bool:
        return self.shape is not None and not self.broken


def shape_of(cards: tuple[Card, ...], rs: Ruleset) -> tuple[Shape | None, list[RuleRef]]:
    """Classify cards as a meld shape, or say which rule of shape they break."""
    threes = twos = jokers = naturals = 0
    first: Rank | None = None
    several = False  # natural cards of more than one rank
    for card in cards:
        rank = card.rank
        if rank is THREE:
            if card.is_red:
                return None, [rs.cite("meld.red-threes")]
            threes += 1
        elif rank is TWO:
            twos += 1
        elif rank is JOKER:
            jokers += 1
        else:
            naturals += 1
            if first is None:
                first = rank
            elif rank is not first:
                several = True
    if threes:
        if threes == len(cards):
            return Shape.of(BLACK_THREES, cards, THREE), []
        return None, [rs.cite("meld.no-threes")]
    if first is None:
        deuces = bool(twos) and (twos == len(cards) or not rs.meld.wild_melds)
        if rs.meld.deuce_melds and deuces:
            return Shape.of(GROUP, cards, TWO), []
        if rs.meld.wild_melds:
            return Shape.of(WILD, cards), []
        return None, [rs.cite("meld.wild-only")]
    if not several:
        return Shape(GROUP, cards, first, naturals, twos + jokers, jokers), []
    if rs.meld.sequences:
        return sequence_shape(cards, rs)
    ranks = " ".join(sorted({c.rank.value for c in cards if c.rank.is_natural}))
    text = _("A group meld holds one natural rank, not {ranks}").format(ranks=ranks)
    return None, [rs.cite("meld.one-rank", text)]


def sequence_shape(cards: tuple[Card, ...], rs: Ruleset) -> tuple[Shape | None, list[RuleRef]]:
    """Cards of several ranks are a sequence only if one suit, consecutive, 4 to A, no wilds."""
    if any(c.rank.is_wild for c in cards):
        return None, [rs.cite("meld.sequence")]
    suits = {c.suit for c in cards}
    indexes = sorted(c.rank.sequence_index for c in cards)
    consecutive = indexes == list(range(indexes[0], indexes[0] + len(indexes)))
    if None in suits:
        text = _("A sequence needs the suit of every card (write 4H 5H 6H)")
        return None, [rs.cite("meld.sequence", text)]
    if len(suits) != 1 or min(indexes) < 0 or not consecutive:
        return None, [rs.cite("meld.sequence")]
    return Shape.of(SEQUENCE, cards), []


def max_cards(rs: Ruleset, going_out: bool) -> tuple[int, str]:
    """The size limit that applies (0 = none) and its rule key."""
    if going_out and rs.meld.max_cards_going_out:
        return rs.meld.max_cards_going_out, "meld.max_cards_going_out"
    return rs.meld.max_cards, "meld.max_cards"


def ratio_ok(naturals: int, wilds: int, ratio: str) -> bool:
    if ratio == "naturals_gt_wilds":
        return naturals > wilds
    if ratio == "naturals_ge_wilds":
        return naturals >= wilds
    if ratio == "two_naturals_per_wild":
        return naturals >= 2 * wilds
    return True


# What a group meld's context can change of its ruling: laid in an initial meld; going out; how
# many of its wild cards are being laid (0 for a finished hand's meld); an incomplete wild-card
# meld locking wild cards (US); an incomplete meld of twos keeping twos from being wild (Samba);
# its rank closed.
GroupFacts = tuple[bool, bool, int, bool, bool, bool]


def group_facts(rs: Ruleset, ctx: Context, make_up: tuple[Rank, int, int, int]) -> GroupFacts:
    """What ``ctx`` says about a group meld of this make-up (see :data:`GroupFacts`)."""
    m = rs.meld
    rank, _naturals, twos, jokers = make_up
    added = ctx.added
    if ctx.record or rank is TWO:
        wilds = 0
    elif added is None:
        wilds = twos + jokers  # every wild card of the meld is being laid
    else:
        wilds = sum(1 for c in added if c.is_wild)
    lock = deuce = False
    if wilds and ctx.table:
        lock = m.wild_meld_lock and any(incomplete_wild_meld(t, rs) for t in ctx.table)
        twos_added = twos > 0 if added is None else any(c.rank is TWO for c in added)
        deuce = (
            m.deuce_melds and twos_added and any(incomplete_deuce_meld(t, rs) for t in ctx.table)
        )
    closed = rank in ctx.closed and m.closed_ranks and not ctx.record
    return ctx.initial, ctx.going_out, wilds, lock, deuce, closed


@lru_cache(maxsize=1 << 13)
def judge_group(
    rs: Ruleset, make_up: tuple[Rank, int, int, int], facts: GroupFacts, language: str
) -> Verdict:
    """The verdict on a group meld of this make-up where ``facts`` say it is laid. Suits never
    change it (RULES 1.4), so it is worked out once per ruleset and language (the rules' texts
    are in it), for the meld written without suits."""
    rank, naturals, twos, jokers = make_up
    cards = (Card(rank),) * naturals + (Card(TWO),) * twos + (Card(JOKER),) * jokers
    m = rs.meld
    initial, going_out, added_wilds, lock, deuce, closed = facts
    size = naturals + twos + jokers
    wilds = twos + jokers
    if rank is TWO:
        naturals, wilds = twos, jokers
    out = [rs.cite("meld.min_cards")] if size < m.min_cards else []
    limit, key = max_cards(rs, going_out)
    if limit and size > limit:
        out.append(rs.cite(key))
    for key in group_lacks(rs, rank, naturals, wilds):
        ratio = key == "meld.wild_ratio"
        out.append(rs.cite(key, ratio_text(m.wild_ratio, naturals, wilds) if ratio else None))
    if added_wilds:
        dirty = wilds > added_wilds  # wild cards already in the meld came with the opening
        ordinary = dirty and m.dirty_aces_ordinary
        if rank is ACE and m.aces_take_wilds == "initial_meld_only" and not (initial or ordinary):
            out.append(rs.cite("meld.aces_take_wilds"))
        floor = m.wild_min_naturals_after_opening
        if floor and not initial and naturals < floor:
            out.append(rs.cite("meld.wild_min_naturals_after_opening"))
        if lock:
            out.append(rs.cite("meld.wild_meld_lock"))
        if deuce:
            text = _("While the side's meld of twos is not a complete canasta, twos are not wild")
            out.append(rs.cite("meld.deuce_melds", text))
    if closed:
        out.append(rs.cite("meld.closed_ranks"))
    shape = Shape(GROUP, cards, rank, naturals, wilds, jokers)
    return Verdict(shape, tuple(out), canasta_kind(shape, rs))


def group_lacks(rs: Ruleset, rank: Rank | None, naturals: int, wilds: int) -> list[str]:
    """The rules (by key) a group meld of this make-up breaks wherever it is laid: natural
    cards, wild cards, their ratio, wild sevens. Cheap: the pickup planner asks it often."""
    m = rs.meld
    out = []
    if naturals < m.min_naturals:
        out.append("meld.min_naturals")
    if wilds > m.max_wilds:
        out.append("meld.max_wilds")
    if wilds and not ratio_ok(naturals, wilds, m.wild_ratio):
        out.append("meld.wild_ratio")
    if rank is SEVEN and wilds and not m.sevens_take_wilds:
        out.append("meld.sevens_take_wilds")
    return out


def dirty_aces(melds: tuple[tuple[Card, ...], ...], rs: Ruleset) -> bool:
    """Whether the side holds an ace meld with wild cards in it (which only its initial meld
    could have put there)."""
    shapes = (shape_of(meld, rs)[0] for meld in melds)
    return any(s is not None and s.kind is GROUP and s.rank is ACE and s.wilds > 0 for s in shapes)


RATIO_WORDS = {
    "naturals_gt_wilds": N_("natural cards must outnumber wild cards"),
    "naturals_ge_wilds": N_("wild cards may not outnumber natural cards"),
    "two_naturals_per_wild": N_("a meld needs two natural cards for each wild card"),
}


def ratio_text(ratio: str, naturals: int, wilds: int) -> str:
    words = _(RATIO_WORDS[ratio]) if ratio in RATIO_WORDS else ratio
    text = _("{rule} ({naturals} natural, {wilds} wild)")
    return text.format(rule=words, naturals=naturals, wilds=wilds)


def incomplete_wild_meld(cards: tuple[Card, ...], rs: Ruleset) -> bool:
    return bool(cards) and all(c.is_wild for c in cards) and len(cards) < rs.canasta.min_cards


def incomplete_deuce_meld(cards: tuple[Card, ...], rs: Ruleset) -> bool:
    """A meld of twos (as a rank) that is not yet a canasta."""
    return group_rank(cards, rs) is TWO and len(cards) < rs.canasta.min_cards


def group_make_up(cards: tuple[Card, ...]) -> tuple[Rank, int, int, int] | None:
    """What a meld of one natural rank is judged by: the rank and how many natural cards, twos
    and jokers it holds. Suits never change such a meld's ruling (RULES 1.4): not its shape,
    nor its count. None for any other meld (threes, wild cards only, several ranks, a
    sequence), which is judged card by card."""
    rank: Rank | None = None
    naturals = twos = jokers = 0
    for card in cards:
        found = card.rank
        if found is rank:
            naturals += 1
        elif found is TWO:
            twos += 1
        elif found is JOKER:
            jokers += 1
        elif found is THREE or rank is not None:
            return None
        else:
            rank, naturals = found, 1
    return None if rank is None else (rank, naturals, twos, jokers)


def judge(cards: tuple[Card, ...], rs: Ruleset, ctx: Context | None = None) -> Verdict:
    """Judge one meld (the whole meld as it will stand) in its context under a ruleset."""
    ctx = ctx or PLAIN
    make_up = group_make_up(cards)
    if make_up is None:
        return judge_now(cards, rs, ctx)
    return judge_group(rs, make_up, group_facts(rs, ctx, make_up), current())


PLAIN = Context()
# A finished hand's meld, as it stands once the side is out: only rules of shape apply.
FINISHED = Context(going_out=True, record=True)


def judge_now(cards: tuple[Card, ...], rs: Ruleset, ctx: Context) -> Verdict:
    """Judge a meld that is not of one natural rank (see :func:`judge`) in its context."""
    shape, broken = shape_of(cards, rs)
    if shape is None:
        return Verdict(None, tuple(broken))
    if shape.kind is GROUP:  # a meld of twos: its twos are its natural cards
        make_up = (TWO, 0, shape.naturals, shape.jokers)
        return judge_group(rs, make_up, group_facts(rs, ctx, make_up), current())
    m = rs.meld
    if len(cards) < m.min_cards and shape.kind is not BLACK_THREES:
        broken.append(rs.cite("meld.min_cards"))
    limit, key = max_cards(rs, ctx.going_out)
    if shape.kind is SEQUENCE:
        limit, key = m.sequence_max, "meld.sequence_max"
        if ctx.going_out and m.sequence_extend_going_out:
            limit = 0
    elif shape.kind is WILD and m.wild_meld_max:
        limit, key = m.wild_meld_max, "meld.wild_meld_max"
    if limit and len(cards) > limit:
        broken.append(rs.cite(key))
    if shape.kind is BLACK_THREES:
        broken += black_three_broken(shape, rs, ctx)
    elif (
        shape.kind is WILD
        and m.wild_meld_lock
        and not ctx.record
        and any(incomplete_wild_meld(t, rs) for t in ctx.table)
    ):
        text = _("While the side's wild-card meld is incomplete it starts no other wild-card meld")
        broken.append(rs.cite("meld.wild_meld_lock", text))
    return Verdict(shape, tuple(broken), canasta_kind(shape, rs))


def black_three_broken(shape: Shape, rs: Ruleset, ctx: Context) -> list[RuleRef]:
    if rs.meld.black_threes == "never":
        return [rs.cite("meld.black_threes")]
    out = []
    if len(shape.cards) not in (3, 4):
        text = _("A black-three meld has exactly 3 or 4 cards")
        out.append(rs.cite("meld.black_threes", text))
    if not ctx.going_out and not ctx.record:
        text = _("Black threes are melded only when going out")
        out.append(rs.cite("meld.black_threes", text))
    return out


def canasta_kind(shape: Shape, rs: Ruleset) -> CanastaKind | None:
    """The kind of canasta the meld is, or None when it is no canasta."""
    if shape.kind is BLACK_THREES or len(shape.cards) < rs.canasta.min_cards:
        return None
    if shape.kind is SEQUENCE:
        return CanastaKind.SEQUENCE
    if shape.kind is WILD:
        return CanastaKind.WILD
    if shape.rank is TWO:
        return CanastaKind.DEUCES_MIXED if shape.jokers else CanastaKind.DEUCES
    if shape.wilds:
        return CanastaKind.MIXED
    if shape.rank is SEVEN and rs.canasta.clean_sevens:
        return CanastaKind.SEVENS
    if shape.rank is ACE and rs.canasta.clean_aces:
        return CanastaKind.ACES
    return CanastaKind.NATURAL


def canasta_bonus_key(shape: Shape, rs: Ruleset) -> str | None:
    """The ruleset key of the bonus the meld earns as a canasta."""
    kind = canasta_kind(shape, rs)
    if kind is CanastaKind.WILD:
        if all(c.rank is TWO for c in shape.cards):
            kind = CanastaKind.WILD_TWOS
        elif shape.jokers >= 4:
            kind = CanastaKind.WILD_FOUR_JOKERS
    return None if kind is None else kinds.info(kind).bonus


def incomplete_kind(shape: Shape) -> CanastaKind | None:
    """The special kind an incomplete meld is (wild, sequence, clean sevens or aces), if any."""
    if shape.kind is WILD:
        return CanastaKind.WILD_FOUR_JOKERS if shape.jokers >= 4 else CanastaKind.WILD
    if shape.kind is SEQUENCE:
        return CanastaKind.SEQUENCE
    if shape.kind is not GROUP or shape.wilds:
        return None
    return {SEVEN: CanastaKind.SEVENS, ACE: CanastaKind.ACES}.get(shape.rank or TWO)


def incomplete_penalty_key(shape: Shape, rs: Ruleset) -> str | None:
    """The penalty key an incomplete special meld costs at the end of a hand, if any."""
    if len(shape.cards) >= rs.canasta.min_cards:
        return None
    kind = incomplete_kind(shape)
    if kind is CanastaKind.SEQUENCE and len(shape.cards) > rs.penalties.short_sequence_max:
        return None
    return None if kind is None else kinds.penalty_key(kind, rs)


def group_rank(cards: tuple[Card, ...], rs: Ruleset) -> Rank | None:
    """The rank of a group meld (twos, for a meld of twos where the ruleset has them); None for
    any other meld."""
    make_up = group_make_up(cards)
    if make_up is not None:
        return make_up[0]
    shape, _ = shape_of(cards, rs)
    return shape.rank if shape is not None and shape.kind is GROUP else None


def merge_same_rank(
    melds: tuple[tuple[Card, ...], ...], rs: Ruleset
) -> tuple[tuple[Card, ...], ...]:
    """A side's melds with groups of one rank joined, as one meld per rank requires (RULES 1.4).

    Linear in the number of cards: each rank's cards are gathered in one list, made a meld once.
    """
    if len(melds) < 2 or not rs.meld.one_per_rank_per_side or rs.meld.duplicate_groups:
        return melds
    out: list[list[Card]] = []
    where: dict[Rank, int] = {}
    joined = False
    for meld in melds:
        rank = group_rank(meld, rs)
        if rank is not None and rank in where:
            out[where[rank]].extend(meld)
            joined = True
            continue
        if rank is not None:
            where[rank] = len(out)
        out.append(list(meld))
    return tuple(tuple(m) for m in out) if joined else melds


def same_meld(cards: tuple[Card, ...], table: tuple[tuple[Card, ...], ...], rs: Ruleset) -> int:
    """Index of the side's table meld these cards join under one-meld-per-rank, or -1."""
    if not table or not rs.meld.one_per_rank_per_side or rs.meld.duplicate_groups:
        return -1
    rank = group_rank(cards, rs)
    if rank is None:
        return -1
    for i, meld in enumerate(table):
        if rank is not TWO and rank not in [c.rank for c in meld]:
            continue  # a group of this rank holds a natural card of it: not this meld
        if group_rank(meld, rs) is rank:
            return i
    return -1


def joins_badly(base: tuple[Card, ...], added: tuple[Card, ...], rs: Ruleset) -> RuleRef | None:
    """Whether the added cards fail to match the kind of the meld they join."""
    old, _ = shape_of(base, rs)
    new, _ = shape_of(base + added, rs)
    if old is None or new is None:
        return None
    if old.kind is not new.kind or (old.kind is GROUP and old.rank is not new.rank):
        return rs.cite("meld.to-existing")
    return None
