"""The ruleset schema: every key a ruleset TOML may set, with its type and its one-line text.

A section is a frozen dataclass; each field's metadata holds the text template (``{v}`` is the
value) and, for enumerated choices, the allowed values; a key declared with :func:`points` holds
points. Numbers live in the TOML files only.
"""

from __future__ import annotations

from dataclasses import field
from typing import Any

from canasta_score.core.frozen import record


def rule(text: str, choices: tuple[str, ...] = ()) -> Any:
    """Declare a ruleset key: its one-line text (``{v}`` = value) and allowed choices."""
    return field(metadata={"text": text, "choices": choices})


def points(text: str) -> Any:
    """Declare a ruleset key that holds points: every card value and bonus is a multiple of 5,
    so scores move in steps of 5 and the initial-meld tiers work as written."""
    return field(metadata={"text": text, "choices": (), "points": True})


WILD_RATIOS = ("none", "naturals_ge_wilds", "naturals_gt_wilds", "two_naturals_per_wild")
PILE_WAYS = ("natural_pair", "natural_plus_wild", "add_to_meld")
BLOCKING = ("black_three", "wild", "three")
SPECIAL_CANASTAS = ("canasta", "natural_canasta")
# Incomplete-meld penalties a ruleset may waive for a side without a canasta.
WAIVABLE = ("sevens", "clean_aces", "wild", "short_sequence")


CHOICE_TEXT = {
    "none": "none beyond the limits above",
    "naturals_ge_wilds": "wild cards may not outnumber natural cards",
    "naturals_gt_wilds": "natural cards must outnumber wild cards",
    "two_naturals_per_wild": "two natural cards for each wild card",
    "going_out": "only when going out",
    "initial_meld_only": "only in the side's initial meld",
    "going_out_or_all_wild": "only when going out or when every card in hand is wild",
    "forced_only": "only when no other card can go",
    "no_other_natural": "only when no other natural card is held",
    "last_resort": "only when no other card can go",
    "black_only": "black threes only",
    "clean_or_wild_meld": "a clean meld of 3+ natural cards or a wild-card meld",
    "once_per_hand": "optional, once per hand right after drawing; a no forbids going out",
    "optional": "optional; the answer binds",
    "mandatory": "required; the answer binds",
    "play_another_hand": "play another hand",
    "shared_win": "the tied sides share the win",
    "hand_number": "hand number",
    "natural_pair": "a natural pair from hand",
    "natural_plus_wild": "a natural card and a wild card from hand",
    "add_to_meld": "adding the top card to the side's meld of that rank",
    "black_three": "a black three",
    "three": "any three",
    "wild": "a wild card",
    # Choices shown by their own name (so that it is translated where it is shown).
    "never": "never",
    "always": "always",
    "any": "any",
    "red": "red",
    "all": "all",
    "required": "required",
    "meld": "meld",
    "canastas": "canastas",
    "score": "score",
    "nothing": "nothing",
    "canasta": "canasta",
    "natural_canasta": "natural canasta",
    "initial_meld": "initial meld",
    "sevens": "sevens",
    "clean_aces": "clean aces",
    "short_sequence": "short sequence",
}
# Where a choice reads differently for one key: {key: {value: text}}.
KEY_CHOICE_TEXT = {
    "go_out.permission": {"none": "not asked (no partner)"},
    # A final discard is optional or required; the partner's answer has nothing to do with it.
    "go_out.final_discard": {"optional": "optional", "required": "required"},
    "acaba.permission": {"none": "not asked"},
    "initial_meld.canasta_band_count": {
        "initial_meld": "the whole initial meld",
        "canasta": "the canasta itself (one canasta of the initial meld reaches it alone)",
    },
    "threes.laid_down": {
        "none": "never; threes stay in hand until discarded",
        "optional": "either colour may be laid face up (with a replacement card), or kept",
    },
}


@record
class Tier:
    """An initial-meld tier: from a score (or hand number) on, the minimum and any extra demand."""

    start: int | None
    minimum: int
    requires: str = ""


@record
class Table:
    players: int = rule("{v} players by default")
    player_counts: tuple[int, ...] = rule("Playable with {v} players")
    side_size: int = rule("{v} players to a side (1 = each plays alone)")


@record
class Deck:
    decks: int = rule("{v} packs of 52 cards")
    jokers_per_deck: int = rule("{v} jokers in each pack")

    @property
    def cards(self) -> int:
        """How many cards the deck holds: each pack's 52 and its jokers (RULES 1.1)."""
        return self.decks * (52 + self.jokers_per_deck)


@record
class Deal:
    hand_size: int = rule("Each player is dealt {v} cards")
    foot_size: int = rule("Each player also gets a foot of {v} cards (0 = no foot)")
    upcard: bool = rule("A card is turned up to start the discard pile: {v}")
    upcard_covers_black_three: bool = rule(
        "A black three turned up to start the pile is covered by further cards: {v}"
    )
    bonus_piles: bool = rule(
        "Bonus piles of 4 and 3 cards go to the first and second side to open: {v}"
    )


@record
class Draw:
    stock_cards: int = rule("A player draws {v} card(s) from the stock and discards one")
    reshuffle_on_stock_end: bool = rule(
        "When the stock runs out, the discard pile is turned over as a new stock: {v}"
    )


@record
class Values:
    joker: int = points("A joker counts {v}")
    two: int = points("A two counts {v}")
    ace: int = points("An ace counts {v}")
    high: int = points("K, Q, J, 10, 9 and 8 count {v}")
    low: int = points("7, 6, 5 and 4 count {v}")
    black_three: int = points("A melded black three counts {v}")


@record
class Meld:
    min_cards: int = rule("A meld has at least {v} cards")
    max_cards: int = rule("A meld has at most {v} cards (0 = no limit)")
    min_naturals: int = rule("A group meld has at least {v} natural cards")
    max_wilds: int = rule("A group meld has at most {v} wild cards")
    wild_ratio: str = rule("Wild-card ratio in a group meld: {v}", WILD_RATIOS)
    one_per_rank_per_side: bool = rule("A side holds one meld of each rank: {v}")
    black_threes: str = rule(
        "Black threes are melded (3 or 4, no wilds): {v}", ("never", "going_out")
    )
    wild_melds: bool = rule("Melds of wild cards only (2s and jokers) are allowed: {v}")
    sequences: bool = rule("Sequence melds of one suit, 4 up to A, are allowed: {v}")
    sequence_max: int = rule("A sequence holds at most {v} cards")
    sevens_take_wilds: bool = rule("A meld of sevens may contain wild cards: {v}")
    aces_take_wilds: str = rule(
        "Wild cards may go into a meld of aces: {v}", ("always", "initial_meld_only")
    )
    dirty_aces_ordinary: bool = rule(
        "An ace meld that took wild cards in the side's initial meld is an ordinary meld for the "
        "rest of the hand: more wild cards may join it, and its side pays nothing for three aces "
        "left in a hand: {v}"
    )
    wild_min_naturals_after_opening: int = rule(
        "After the side's initial meld, a wild card goes only into a meld with at least {v} "
        "natural cards, or into a wild-card meld (0 = no such rule)"
    )
    wild_meld_lock: bool = rule(
        "While the side has an incomplete wild-card meld it puts no wild card elsewhere: {v}"
    )
    closed_ranks: bool = rule(
        "Once any side completes a natural canasta of a rank, nobody melds that rank: {v}"
    )
    max_cards_going_out: int = rule(
        "When going out a meld may hold up to {v} cards (0 = the usual limit)"
    )
    duplicate_groups: bool = rule("A side may hold two groups of the same rank: {v}")
    deuce_melds: bool = rule("Twos may be melded as a rank of their own: {v}")
    wild_meld_max: int = rule("A wild-card meld holds at most {v} cards (0 = the usual limit)")
    sequence_extend_going_out: bool = rule(
        "When going out, cards may be added to the ends of a completed sequence: {v}"
    )


@record
class Canasta:
    min_cards: int = rule("A canasta is a meld of at least {v} cards")
    natural: int = points("A natural canasta (no wild cards) earns {v}")
    mixed: int = points("A mixed canasta (with wild cards) earns {v}")
    clean_sevens: int = points("A clean canasta of sevens earns {v} (0 = scored as natural)")
    clean_aces: int = points("A clean canasta of aces earns {v} (0 = scored as natural)")
    wild_all_twos: int = points("A wild-card canasta of seven twos earns {v}")
    wild_four_jokers: int = points("A wild-card canasta holding all four jokers earns {v}")
    wild_other: int = points("Any other wild-card canasta earns {v}")
    sequence: int = points("A completed sequence canasta earns {v}")
    sequence_name: str = rule("A completed sequence is called a {v}")
    concealed_bonus: int = points("Each canasta laid wholly from hand in one turn earns {v} more")
    count_cards: bool = rule("Cards inside canastas also score their count: {v}")
    deuces: int = points("A canasta of seven twos (twos melded as a rank) earns {v}")
    deuces_mixed: int = points("A canasta of twos with jokers earns {v}")
    deuces_going_out_only: bool = rule(
        "Canastas of twos earn their bonus only for the side that goes out: {v}"
    )
    five_natural: int = points("Five or more natural canastas in one hand earn {v} more (0 = off)")
    four_natural_one_mixed: int = points(
        "Four natural canastas and a mixed one in one hand earn {v} more (0 = off)"
    )
    ten_canastas: int = points("Ten or more canastas in one hand earn {v} more (0 = off)")


@record
class Threes:
    laid_down: str = rule(
        "Threes laid face up when received: {v}", ("red", "all", "optional", "none")
    )
    red_values: tuple[int, ...] = points("Red threes held by a side score, by number: {v}")
    black_values: tuple[int, ...] = points("Black threes laid down score, by number: {v}")
    sign: str = rule("The threes count plus or minus by: {v}", ("meld", "canastas"))
    sign_by_canastas: tuple[int, ...] = rule(
        "Sign of the threes by number of canastas (0, 1, 2, ...): {v}"
    )
    count_in_hand: bool = rule(
        "Threes still in hand count with the side's threes when these count against it "
        "(they never earn a bonus): {v}"
    )
    red_in_hand: int = points("Each red three left in hand costs {v}")
    black_in_hand: int = points("Each black three left in hand costs {v}")
    black_removed_each: int = points("Each black three removed from play with the pile earns {v}")
    black_removed_all: int = points("A side that removes all four black threes earns {v} in all")


@record
class InitialMeld:
    basis: str = rule("The minimum depends on the side's {v}", ("score", "hand_number"))
    tiers: tuple[Tier, ...] = rule("Initial-meld minimum by tier: {v}")
    top_card_counts: bool = rule("The top discard counts toward the minimum: {v}")
    pair_counts: bool = rule("The natural pair shown for the pile counts toward the minimum: {v}")
    must_include: str = rule(
        "The initial meld must include: {v}", ("nothing", "clean_or_wild_meld")
    )
    canasta_exemption: bool = rule("A canasta laid whole from hand needs no minimum: {v}")
    canasta_band_count: str = rule(
        "Where a tier demands a canasta and a count, the count is that of {v}",
        ("initial_meld", "canasta"),
    )
    from_pile: bool = rule("A side may open by taking the pile: {v}")
    natural_only: bool = rule("The initial meld holds no wild cards: {v}")
    open_before_pickup: bool = rule(
        "The minimum must be met from hand before the pile is taken: {v}"
    )


@record
class Pile:
    frozen_against_unopened: bool = rule(
        "The pile is frozen for a side that has not made its initial meld: {v}"
    )
    always_frozen: bool = rule("The pile is always frozen (natural pair only): {v}")
    blocked_top: tuple[str, ...] = rule("A pile topped by these cannot be taken: {v}", BLOCKING)
    take_unfrozen: tuple[str, ...] = rule("Ways to take a pile that is not frozen: {v}", PILE_WAYS)
    not_via_canasta: bool = rule("The top card may not be added to a completed canasta: {v}")
    one_card_rule: bool = rule("A player holding one card may not take a one-card pile: {v}")
    black_three_freezes: bool = rule("A discarded black three freezes the pile: {v}")
    take_count: int = rule("Taking the pile takes its top {v} cards (0 = the whole pile)")


@record
class Discard:
    wild: str = rule(
        "Wild cards may be discarded: {v}", ("any", "going_out_or_all_wild", "forced_only")
    )
    jokers: bool = rule("Jokers may be discarded: {v}")
    threes: str = rule("Threes may be discarded: {v}", ("any", "black_only", "never"))
    empty_pile_aces_sevens: str = rule(
        "An ace or seven onto an empty pile: {v}", ("any", "no_other_natural", "forced_only")
    )
    empty_pile_closed_rank: str = rule(
        "A card of a closed rank onto an empty pile: {v}", ("any", "last_resort")
    )


@record
class GoOut:
    canastas: int = rule("A side needs {v} canasta(s) to go out")
    natural_canastas: int = rule("Of them, at least {v} natural")
    mixed_canastas: int = rule("Of them, at least {v} mixed")
    sequence_canastas: int = rule("Of them, at least {v} completed sequence(s)")
    final_discard: str = rule("A final discard when going out is {v}", ("optional", "required"))
    bonus: int = points("Going out earns {v}")
    concealed_bonus: int = points("Going out concealed earns {v} more")
    permission: str = rule(
        "Asking the partner to go out: {v}",
        ("none", "optional", "once_per_hand", "mandatory"),
    )
    incomplete_special_allowed: bool = rule(
        "A side may go out while it holds an incomplete wild-card meld: {v}"
    )
    wild_canastas_count: bool = rule(
        "Wild-card canastas (and canastas of twos) count toward going out: {v}"
    )


@record
class Penalties:
    no_canasta_melds_negative: bool = rule(
        "A side without a canasta counts its melded cards against it: {v}"
    )
    incomplete_sevens: int = points("An incomplete meld of sevens costs {v}")
    incomplete_clean_aces: int = points("An incomplete clean meld of aces costs {v}")
    incomplete_wild: int = points("An incomplete wild-card meld costs {v}")
    incomplete_wild_four_jokers: int = points(
        "An incomplete wild-card meld holding all four jokers costs {v}"
    )
    incomplete_waived_without_canasta: tuple[str, ...] = rule(
        "Incomplete melds that cost nothing to a side without a canasta: {v}", WAIVABLE
    )
    held_aces_sevens: int = points(
        "Each player ending with three or more aces, or three or more sevens, costs {v} each"
    )
    short_sequence: int = points("Each melded sequence that is too short costs {v}")
    short_sequence_max: int = rule("A sequence of {v} cards or fewer is too short")


@record
class SpecialHands:
    straight: int = points("Special hand straight (A to 2 and a joker) earns {v} (0 = not played)")
    pairs: int = points("Special hand of seven natural pairs earns {v} (0 = not played)")
    pairs_27a: int = points("Special hand of seven pairs with 2s, 7s and aces earns {v}")
    garbage: int = points("Special hand garbage (4+4+3+3) earns {v} (0 = not played)")


@record
class Acaba:
    enabled: bool = rule("A side may declare acaba to end the hand: {v}")
    opponents: int = points("When a side declares acaba, the opponents score {v} for the hand")
    permission: str = rule(
        "Asking the partner before declaring acaba: {v}", ("none", "optional", "mandatory")
    )


@record
class Game:
    target: int = points("The game ends when a side reaches {v}")
    tie_policy: str = rule("A tie at or above the target: {v}", ("play_another_hand", "shared_win"))
    hands: int = rule("The game lasts {v} hands (0 = played to the target)")
    seven_canastas_win: int = points(
        "Seven canastas in one hand score {v} and win the game (0 = off)"
    )


@record
class Schema:
    """The sections of a ruleset, in the order a TOML file lists them."""

    table: Table
    deck: Deck
    deal: Deal
    draw: Draw
    values: Values
    meld: Meld
    canasta: Canasta
    threes: Threes
    initial_meld: InitialMeld
    pile: Pile
    discard: Discard
    go_out: GoOut
    penalties: Penalties
    special_hands: SpecialHands
    acaba: Acaba
    game: Game


# The sensible range of every whole number a ruleset holds (RULES 0.2 and common sense):
# points (card values, bonuses, penalties, tier minimums) are at most POINTS_MOST; the other
# numbers count players, packs, cards, canastas or hands, each at least its COUNT_LEAST
# entry (else 0) and at most COUNT_MOST. game.target is only bounded below.
POINTS_MOST = 1_000_000
COUNT_MOST = 1_000
COUNT_LEAST = {
    "table.players": 2,
    "table.player_counts": 2,
    "table.side_size": 1,
    "deck.decks": 1,
    "deal.hand_size": 1,
    "draw.stock_cards": 1,
    "meld.min_cards": 1,
    "canasta.min_cards": 1,
    "meld.sequence_max": 1,
}
# Keys that are neither points nor counts.
NOT_COUNTS = frozenset({"threes.sign_by_canastas", "initial_meld.tiers"})
SIGNS = (-1, 0, 1)


# Rules that are mechanisms rather than numbers; each is cited by id like the keys above, with
# its source (most of them share two).
PAGAT_AND_WIKIPEDIA = "Pagat: Canasta; Wikipedia: Canasta"
FIXED_RULES: dict[str, tuple[str, str]] = {
    "meld.one-rank": (
        "A group meld holds natural cards of one rank; wild cards stand for that rank",
        PAGAT_AND_WIKIPEDIA,
    ),
    "meld.no-threes": ("A three is never part of a group or wild-card meld", PAGAT_AND_WIKIPEDIA),
    "meld.wild-only": ("A meld of wild cards only is not allowed", PAGAT_AND_WIKIPEDIA),
    "meld.sequence": (
        "A sequence is three or more consecutive cards of one suit from 4 up to A, no wilds",
        PAGAT_AND_WIKIPEDIA,
    ),
    "meld.red-threes": ("Red threes are never melded", PAGAT_AND_WIKIPEDIA),
    "meld.to-existing": ("Cards added to a meld must match its rank", PAGAT_AND_WIKIPEDIA),
    "pile.empty": ("An empty pile cannot be taken", "Pagat: Canasta"),
    "pile.natural-pair": (
        "A frozen pile is taken only with a natural pair of the top card's rank from hand",
        PAGAT_AND_WIKIPEDIA,
    ),
    "pile.top-card-meld": ("The top card must be melded at once", PAGAT_AND_WIKIPEDIA),
    "initial-meld.minimum": (
        "The side's initial meld must reach the minimum count for its score",
        PAGAT_AND_WIKIPEDIA,
    ),
    "initial-meld.requires": (
        "The initial meld must include what the tier demands",
        "Bicycle: Brazilian Canasta; see docs/rules/brazilian.md",
    ),
    "discard.red-three": ("A red three is never discarded", PAGAT_AND_WIKIPEDIA),
    "discard.in-hand": ("The discarded card must be in the hand", "Pagat: Canasta"),
    "go-out.partner-refused": (
        "After the partner says no, the player may not go out this turn",
        PAGAT_AND_WIKIPEDIA,
    ),
    "go-out.black-threes": (
        "Black threes leave the hand when going out only as a meld of 3 or 4",
        "Pagat: Canasta; Britannica: canasta",
    ),
    "go-out.discard": (
        "Going out ends with the melds and at most one discard",
        PAGAT_AND_WIKIPEDIA,
    ),
    "scoring.melded-cards": ("Every melded card scores its count", PAGAT_AND_WIKIPEDIA),
    "scoring.cards-in-hand": (
        "Every card left in hand counts against the side",
        PAGAT_AND_WIKIPEDIA,
    ),
    "scoring.summary": (
        "A summary record's totals are taken as entered",
        "decision, see docs/rules/index.md",
    ),
}
