"""Hand records that contradict themselves or the rules (CONTRACT 6): concealed canastas beyond
the side's canastas, special melds that one meld per rank or the wild-meld lock rule out, going
out with an incomplete wild-card meld where D34 forbids it, and more cards than the deck holds.

Summary sides give no cards, so their canastas and incomplete melds are checked through the
fewest cards each must hold; card-by-card sides count exactly what they list.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass

from canasta_score.cards import Card, Rank, format_cards
from canasta_score.errors import RecordError
from canasta_score.melds import Context, Kind, judge, merge_same_rank, ratio_ok
from canasta_score.record import HandRecord, SideRecord
from canasta_score.ruleset import Ruleset

# Summary canasta kinds made only of twos and jokers (a wild-card canasta, or twos melded as a
# rank with or without jokers, Italian).
WILD_CANASTAS = ("wild", "wild_twos", "wild_four_jokers", "bolivia", "deuces", "deuces_mixed")
# Incomplete summary melds made only of twos and jokers.
WILD_INCOMPLETE = ("wild", "wild_four_jokers")
# Summary canasta kinds that are group melds of one natural rank.
GROUP_CANASTAS = ("natural", "mixed", "sevens", "aces")
# What the deck check counts, in the order it reports, with the words it uses.
CATEGORIES = {
    "cards": "cards",
    "natural": "natural cards (A to 4)",
    "wild": "wild cards (twos and jokers)",
    "two": "twos",
    "joker": "jokers",
    "seven": "sevens",
    "ace": "aces",
    "ace_seven": "aces and sevens together",
}


def one_rank_rule(rs: Ruleset) -> bool:
    """Whether a side holds one group meld of each rank (RULES 1.4; not Samba's duplicates)."""
    return rs.meld.one_per_rank_per_side and not rs.meld.duplicate_groups


def refuse(side: str, message: str) -> RecordError:
    return RecordError(f'side "{side}": {message}')


# ---------------------------------------------------------------- one side


def check_side_contradictions(rs: Ruleset, side: SideRecord, canastas: int) -> None:
    """Refuse what a side's own record rules out; ``canastas`` is its number of canastas."""
    check_applies(rs, side)
    check_concealed_canastas(rs, side, canastas)
    check_held(rs, side)
    if side.melds is None and one_rank_rule(rs):
        check_one_meld_per_rank(rs, side)
    check_wild_meld_lock(rs, side.name, incomplete_wild_melds(rs, side))


# A special hand is the side's first and only meld (RULES 7.2); its threes and the partner's
# cards may be entered, they simply do not count.
SPECIAL_ONLY = ("meld_points", "canastas", "incomplete", "concealed_canastas")


def check_applies(rs: Ruleset, side: SideRecord) -> None:
    """Refuse facts the ruleset gives no score for, rather than showing them as 0 points."""
    if side.held_penalties and not rs.penalties.held_aces_sevens:
        raise refuse(side.name, f"held_penalties: {rs.name} has no penalty for held aces or sevens")
    incomplete_costs = {
        "sevens": rs.penalties.incomplete_sevens,
        "aces": rs.penalties.incomplete_clean_aces,
        "wild": rs.penalties.incomplete_wild,
        "wild_four_jokers": rs.penalties.incomplete_wild_four_jokers
        or rs.penalties.incomplete_wild,
        "sequence": rs.penalties.short_sequence,
    }
    for kind in side.incomplete:
        if not incomplete_costs[kind]:
            raise refuse(side.name, f"incomplete {kind}: {rs.name} has no penalty for it")
    if side.concealed_canastas and not rs.canasta.concealed_bonus:
        raise refuse(
            side.name,
            f"concealed_canastas: {rs.name} has no bonus for canastas laid whole from hand "
            f"({rs.rule_id('canasta.concealed_bonus')})",
        )
    given = [k for k in SPECIAL_ONLY if getattr(side, k)] if side.special_hand else []
    if given:
        raise refuse(
            side.name,
            f"{given[0]}: a special hand is the side's first and only meld of the hand",
        )


def check_concealed_canastas(rs: Ruleset, side: SideRecord, canastas: int) -> None:
    """A canasta laid whole from hand (RULES 18 T12) is one of the side's canastas."""
    n = side.concealed_canastas
    if n > canastas:
        has = f"{canastas} canasta" + ("" if canastas == 1 else "s")
        raise refuse(
            side.name,
            f"concealed_canastas = {n}, but the side has {has}; a canasta laid whole from hand "
            f"is one of them ({rs.rule_id('canasta.concealed_bonus')})",
        )


def check_held(rs: Ruleset, side: SideRecord) -> None:
    """Each player can be left holding three aces and three sevens: two groups at most."""
    held = side.held_penalties or 0
    players = rs.table.side_size
    if held > 2 * players:
        raise refuse(
            side.name,
            f"held_penalties = {held}, but a side of {players} player(s) has at most "
            f"{2 * players} (one for aces and one for sevens per player)",
        )


def check_one_meld_per_rank(rs: Ruleset, side: SideRecord) -> None:
    """A summary's canastas and incomplete melds of sevens and aces that one meld per rank
    (RULES 1.4) rules out: a side's sevens (or aces) are one meld, complete or not."""
    name, incomplete = side.name, Counter(side.incomplete)
    why = f"a side holds one meld of each rank ({rs.rule_id('meld.one_per_rank_per_side')})"
    for kind in ("sevens", "aces"):
        made = side.canastas.get(kind, 0)
        if incomplete[kind] > 1:
            raise refuse(name, f'incomplete lists "{kind}" {incomplete[kind]} times, but {why}')
        if made > 1:
            raise refuse(
                name, f"canastas.{kind} = {made}, but {why}: one canasta of {kind} at most"
            )
        if made and incomplete[kind]:
            raise refuse(
                name,
                f'incomplete lists "{kind}" beside a completed canasta of {kind} '
                f"(canastas.{kind} = {made}), but {why}",
            )
    groups = sum(side.canastas.get(k, 0) for k in GROUP_CANASTAS)
    ranks = sum(1 for r in Rank if r.is_natural)
    if groups > ranks:
        raise refuse(
            name,
            f"{groups} canastas of natural ranks ({', '.join(GROUP_CANASTAS)}), but {why} "
            f"and there are {ranks} natural ranks",
        )


def check_wild_meld_lock(rs: Ruleset, name: str, melds: list[str]) -> None:
    """Under the wild-meld lock (RULES 6.2) a side has one incomplete wild-card meld at most."""
    if rs.meld.wild_meld_lock and len(melds) > 1:
        rule = rs.rule_id("meld.wild_meld_lock")
        raise refuse(
            name,
            f"{len(melds)} incomplete wild-card melds ({', '.join(melds)}), but while a "
            f"wild-card meld is incomplete the side starts no other ({rule})",
        )


def incomplete_wild_melds(rs: Ruleset, side: SideRecord) -> list[str]:
    """The side's incomplete wild-card melds: given card by card, or listed in a summary."""
    if side.melds is None:
        return [f'"{k}"' for k in side.incomplete if k in WILD_INCOMPLETE]
    out = []
    for meld in merge_same_rank(side.melds, rs):
        verdict = judge(meld, rs, Context(record=True, going_out=side.went_out))
        if verdict.shape is not None and verdict.shape.kind is Kind.WILD and not verdict.canasta:
            out.append(format_cards(meld))
    return out


def check_going_out_melds(rs: Ruleset, side: SideRecord) -> None:
    """D34: where the ruleset says so, a side may not go out with an incomplete wild-card meld
    (the rule ``check go-out`` applies)."""
    if rs.go_out.incomplete_special_allowed:
        return
    melds = incomplete_wild_melds(rs, side)
    if melds:
        ref = rs.cite("go_out.incomplete_special_allowed")
        raise RecordError(
            f'side "{side.name}" went out with an incomplete wild-card meld ({melds[0]}); '
            f"{ref.rule}: {ref.text}"
        )


# ---------------------------------------------------------------- the whole record and the deck


@dataclass(frozen=True)
class Claim:
    """The fewest cards of each category that one part of a side's record needs."""

    side: str
    what: str
    needs: Counter[str]


def least_naturals_in_mixed(rs: Ruleset) -> int:
    """The fewest natural cards a mixed canasta can hold (RULES 1.5 with the ruleset's limits)."""
    m, size = rs.meld, rs.canasta.min_cards
    for naturals in range(max(m.min_naturals, 1), size + 1):
        wilds = max(1, size - naturals)
        if wilds <= m.max_wilds and ratio_ok(naturals, wilds, m.wild_ratio):
            return naturals
    return size


def canasta_needs(rs: Ruleset, kind: str) -> Counter[str]:
    """The fewest cards of each category a canasta of this summary kind holds."""
    size = rs.canasta.min_cards
    needs: Counter[str] = Counter(cards=size)
    if kind in WILD_CANASTAS:
        needs["wild"] = size
    if kind in ("wild_twos", "deuces"):
        needs["two"] = size
    elif kind == "wild_four_jokers":
        needs["joker"] = 4
    elif kind == "deuces_mixed":
        needs["joker"] = 1
        needs["two"] = max(rs.meld.min_naturals, size - rs.meld.max_wilds)
    elif kind == "mixed":
        needs["wild"] = 1
        needs["natural"] = least_naturals_in_mixed(rs)
    elif kind in ("natural", "samba", "escalera"):
        needs["natural"] = size
    elif kind in ("sevens", "aces"):
        needs.update({"natural": size, kind[:-1]: size, "ace_seven": size})
    return needs


def incomplete_needs(rs: Ruleset, kind: str) -> Counter[str]:
    """The fewest cards of each category an incomplete special meld of this kind holds."""
    size = rs.meld.min_cards
    if kind == "wild_four_jokers":
        return Counter(cards=max(size, 4), wild=max(size, 4), joker=4)
    if kind == "wild":
        return Counter(cards=size, wild=size)
    if kind in ("sevens", "aces"):
        # Only a clean meld of sevens or aces is an incomplete special meld.
        return Counter({"cards": size, "natural": size, kind[:-1]: size, "ace_seven": size})
    return Counter(cards=size, natural=size)


def cards_needs(cards: Iterable[Card]) -> Counter[str]:
    """The categories of cards given one by one."""
    needs: Counter[str] = Counter()
    for card in cards:
        needs["cards"] += 1
        rank = card.rank
        if rank is Rank.TWO:
            needs.update(("wild", "two"))
        elif rank is Rank.JOKER:
            needs.update(("wild", "joker"))
        elif rank.is_natural:
            needs["natural"] += 1
            if rank in (Rank.SEVEN, Rank.ACE):
                needs.update(("seven" if rank is Rank.SEVEN else "ace", "ace_seven"))
    return needs


def side_claims(rs: Ruleset, side: SideRecord) -> list[Claim]:
    """What each part of a side's record needs from the deck."""
    name = side.name
    listed = [c for m in side.melds or () for c in m] + [c for h in side.in_hand or () for c in h]
    out = [Claim(name, "cards listed", cards_needs(listed))]
    threes = side.red_threes + side.black_threes + side.black_threes_removed
    out.append(Claim(name, f"{threes} threes laid down or removed", Counter(cards=threes)))
    if side.melds is not None:
        return out
    for kind, n in side.canastas.items():
        needs = Counter({k: v * n for k, v in canasta_needs(rs, kind).items()})
        out.append(Claim(name, f"canastas.{kind} = {n}", needs))
    for kind, n in Counter(side.incomplete).items():
        needs = Counter({k: v * n for k, v in incomplete_needs(rs, kind).items()})
        times = "" if n == 1 else f" {n} times"
        out.append(Claim(name, f'incomplete "{kind}"{times}', needs))
    held = side.held_penalties or 0
    if held:
        out.append(
            Claim(
                name,
                f"held_penalties = {held}",
                Counter(cards=3 * held, natural=3 * held, ace_seven=3 * held),
            )
        )
    return out


def deck_holds(rs: Ruleset) -> dict[str, int]:
    """How many cards of each category the ruleset's deck holds: per pack 52 cards (four of
    each rank, so four twos and 44 natural cards) and its jokers (RULES 1.1)."""
    packs, jokers = rs.deck.decks, rs.deck.jokers_per_deck
    return {
        "cards": packs * (52 + jokers),
        "natural": packs * 44,
        "wild": packs * (4 + jokers),
        "two": packs * 4,
        "joker": packs * jokers,
        "seven": packs * 4,
        "ace": packs * 4,
        "ace_seven": packs * 8,
    }


def deck_points(rs: Ruleset) -> int:
    """The count of every card in the deck: the most a hand's melds and hands can add up to."""
    v, packs = rs.values, rs.deck.decks
    per_pack = 4 * v.ace + 24 * v.high + 16 * v.low + 4 * v.two + 2 * v.black_three
    return packs * (per_pack + rs.deck.jokers_per_deck * v.joker)


def check_points_bound(rs: Ruleset, record: HandRecord) -> None:
    """Melded counts and counts left in hand, over all sides, cannot exceed the deck's count."""
    parts = []
    for side in record.sides:
        melded = side.meld_points if side.melds is None else sum(rs.count(m) for m in side.melds)
        left = (
            side.in_hand_points if side.in_hand is None else sum(rs.count(h) for h in side.in_hand)
        )
        if melded + left:
            parts.append((side.name, melded + left))
    total, most = sum(n for _, n in parts), deck_points(rs)
    if total > most:
        why = "; ".join(f'side "{name}": {n}' for name, n in parts)
        raise RecordError(
            f"the record counts {total} points of melded and held cards, but every card of the "
            f"{rs.name} deck together counts {most}: {why}"
        )


def check_deck_bounds(rs: Ruleset, record: HandRecord) -> None:
    """Refuse a record whose sides together need more cards of a category than the deck holds.

    Every count is a lower bound: a canasta holds at least ``canasta.min_cards`` cards (a
    wild-card canasta as many wild cards, a mixed one at least one, a clean canasta of sevens
    or aces as many of that rank), an incomplete special meld at least ``meld.min_cards``.
    """
    check_points_bound(rs, record)
    claims = [claim for side in record.sides for claim in side_claims(rs, side)]
    holds = deck_holds(rs)
    deck = f"the {rs.name} deck ({rs.deck.decks} packs, {holds['cards']} cards)"
    for category, words in CATEGORIES.items():
        parts = [c for c in claims if c.needs[category]]
        total = sum(c.needs[category] for c in parts)
        if total > holds[category]:
            why = "; ".join(f'side "{c.side}": {c.what} ({c.needs[category]})' for c in parts)
            raise RecordError(
                f"the record needs at least {total} {words}, but {deck} has "
                f"{holds[category]}: {why}"
            )
