"""A game replayed: running totals, next minimum, dealer, end of the game and its winner.

Every expected number is worked out by hand from RULES.md (named in each test).
"""

from __future__ import annotations

from typing import Any

import pytest

from canasta_score.core.errors import GameError, InputError, RecordError
from canasta_score.games.game import (
    Game,
    Side,
    dealer_of,
    new_game,
    parse_side,
    pick_ruleset,
    play,
    record_hand,
    replace_hand,
    replay,
    seating,
    shortfalls,
    undo_hand,
)
from canasta_score.games.store.legacy import FORMAT, game_from_data
from canasta_score.rules.catalog import load_ruleset
from canasta_score.rules.ruleset import build_ruleset


def summary(name: str, **fields: Any) -> dict[str, Any]:
    return {"name": name, **fields}


def hand(a: dict[str, Any], b: dict[str, Any]) -> dict[str, Any]:
    return {"side": [summary("A", **a), summary("B", **b)]}


# A 420 + 2 x 500 + 300 + 100 (one red three) - 30 = 1,790;
# B 480 + 2 x 500 + 2 x 300 + 300 (three red threes) + 100 out = 2,480.
H2 = hand(
    {"meld_points": 420, "canastas": {"natural": 2, "mixed": 1}, "red_threes": 1,
     "in_hand_points": 30},
    {"meld_points": 480, "canastas": {"natural": 2, "mixed": 2}, "red_threes": 3,
     "went_out": True},
)  # fmt: skip
# A 400 + 500 + 3 x 300 - 30 = 1,770; B 445 + 2 x 500 + 2 x 300 + 100 + 100 out = 2,245.
H3 = hand(
    {"meld_points": 400, "canastas": {"natural": 1, "mixed": 3}, "in_hand_points": 30},
    {"meld_points": 445, "canastas": {"natural": 2, "mixed": 2}, "red_threes": 1,
     "went_out": True},
)  # fmt: skip


def game(
    rs_ref: str = "classic",
    sides: tuple[str, ...] = ("A: Ann & Bob", "B: Cy & Di"),
    players: int | None = None,
    rules: tuple[str, ...] = (),
) -> Game:
    parsed = [parse_side(s) for s in sides]
    rs = pick_ruleset(
        lambda n: load_ruleset(rs_ref, players=n, overrides=list(rules)), parsed, players
    )
    return new_game("test", "2025-01-01T20:00:00", rs, parsed)


def play_all(g: Game, *hands: dict[str, Any]) -> Game:
    for data in hands:
        g, _done = record_hand(g, data)
    return g


# ---------------------------------------------------------------- sides, seats, dealer


@pytest.mark.parametrize(
    ("text", "name", "players"),
    [
        ("Ann & Bob", "Ann & Bob", ("Ann", "Bob")),
        ("us: Ann and Bob", "us", ("Ann", "Bob")),
        ("them:Cy+Di", "them", ("Cy", "Di")),
        ("A", "A", ()),
        ("Ann", "Ann", ()),
    ],
)
def test_side_spec_names_the_side_and_its_players(
    text: str, name: str, players: tuple[str, ...]
) -> None:
    assert parse_side(text) == Side(name, players)


def test_side_spec_refuses_a_player_named_twice() -> None:
    with pytest.raises(InputError, match="named twice"):
        parse_side("Ann & Ann")


def test_partners_sit_opposite_and_the_deal_passes_left_rules_1_9() -> None:
    """RULES 2.1 sides: partners sit opposite; RULES 1.9: the deal rotates clockwise."""
    g = game()
    rs = g.rules()
    assert seating(g.sides, 2) == ("Ann", "Cy", "Bob", "Di")
    assert [dealer_of(g, rs, n) for n in range(1, 6)] == ["Ann", "Cy", "Bob", "Di", "Ann"]


def test_unnamed_players_of_a_partnership_are_numbered() -> None:
    g = game(sides=("A", "B"))
    assert dealer_of(g, g.rules(), 2) == "B (player 1)"


def test_first_dealer_may_be_chosen() -> None:
    g0 = game()
    rs = g0.rules()
    g = new_game("t", "", rs, list(g0.sides), "Di")
    assert [dealer_of(g, rs, n) for n in (1, 2)] == ["Di", "Ann"]
    with pytest.raises(GameError, match="not one of the players"):
        new_game("t", "", rs, list(g0.sides), "Zed")


def test_first_dealer_is_named_in_any_case_as_a_hand_names_players() -> None:
    """--dealer di names Di, and --dealer b names side B's first player, as the quick form
    matches names in any case; the game keeps the name as the sides give it. The deal then
    goes round the table clockwise (RULES 1.9): Di, then Ann."""
    g0 = game()
    rs = g0.rules()
    g = new_game("t", "", rs, list(g0.sides), " di ")
    assert g.first_dealer == "Di"
    assert [dealer_of(g, rs, n) for n in (1, 2)] == ["Di", "Ann"]
    side = g0.sides[1]
    by_side = new_game("t", "", rs, list(g0.sides), side.name.upper())
    assert by_side.first_dealer == side.seats(rs.table.side_size)[0]


def test_three_sides_of_classic_make_a_three_player_game_to_7500_d15() -> None:
    """RULES 4 / D15: three players, each alone, target 7,500."""
    g = game(sides=("Ann", "Bob", "Cy"))
    rs = g.rules()
    assert (rs.players, rs.table.side_size, rs.game.target) == (3, 1, 7500)
    assert [dealer_of(g, rs, n) for n in range(1, 5)] == ["Ann", "Bob", "Cy", "Ann"]


def test_two_named_players_with_players_2_play_alone_rules_3() -> None:
    g = game(sides=("Ann", "Bob"), players=2)
    assert g.rules().table.side_size == 1
    assert dealer_of(g, g.rules(), 2) == "Bob"


def test_without_sides_a_game_gets_us_and_them_or_lettered_sides(classic3: Any) -> None:
    """Classic for 4 is two partnerships (RULES 2.1): "us" and "them"; for 3, three sides."""
    two = new_game("g", "", load_ruleset("classic"))
    assert [s.name for s in two.sides] == ["us", "them"]
    assert two.first_dealer == "us (player 1)"
    three = new_game("g", "", classic3)
    assert [s.name for s in three.sides] == ["A", "B", "C"]


@pytest.mark.parametrize("target", [0, -5, 1234, 7])
def test_a_target_that_is_no_positive_multiple_of_5_is_refused(target: int) -> None:
    """Every score is a multiple of 5 (RULES 2.1 card values), so a target must be too."""
    with pytest.raises(InputError, match=f"target {target:,}: give a positive multiple of 5"):
        new_game("g", "", load_ruleset("classic"), target=target)


def test_a_target_replaces_the_rulesets_and_is_a_house_rule() -> None:
    g = new_game("g", "", load_ruleset("classic"), target=2500)
    assert g.rules().game.target == 2500
    assert g.rules() == load_ruleset("classic", overrides=["game.target=2500"])


def test_sides_that_fit_no_player_count_are_refused() -> None:
    with pytest.raises(InputError, match="do not fit"):
        game(sides=("A", "B", "C", "D", "E"))


def test_the_snapshot_rebuilds_the_same_ruleset_house_rules_included() -> None:
    g = game(rules=("go_out.bonus=200",))
    assert g.rules() == build_ruleset(g.ruleset)
    assert g.rules().go_out.bonus == 200


def test_a_snapshot_without_a_key_is_refused_never_filled_from_defaults() -> None:
    g = game()
    data = {k: dict(v) if isinstance(v, dict) else v for k, v in g.ruleset.items()}
    del data["game"]["tie_policy"]
    old = Game(g.name, g.created, data, g.sides, g.first_dealer)
    with pytest.raises(GameError, match=r"game\.tie_policy: missing"):
        old.rules()


# ---------------------------------------------------------------- totals and minimums


def test_c5_in_a_game_gives_1240_and_225_with_minimum_50_before(c5: dict[str, Any]) -> None:
    log = replay(play_all(game(), c5))
    (first,) = log.played
    assert [s.total for s in first.score.sides] == [1240, 225]
    assert [m.minimum for m in first.minimums] == [50, 50]
    assert log.totals == (1240, 225)


def test_contract_two_hands_next_minimum_90_and_50_rules_2_2(
    c5: dict[str, Any], hand_two: dict[str, Any]
) -> None:
    """A at 1,800 is in the 1,500 tier (90); B at 1,075 stays at 50."""
    summary = replay(play_all(game(), c5, hand_two)).summary()
    assert [(s.score, s.next_minimum) for s in summary.sides] == [(1800, 90), (1075, 50)]
    assert summary.lines[1].minimums == (50, 50)
    assert summary.next_dealer == "Bob"
    assert not summary.finished


def test_negative_score_gives_minimum_15_c2_c5(c5_unmelded: dict[str, Any]) -> None:
    """C5 had B never melded: -365, so B's next minimum is the negative tier, 15."""
    summary = replay(play_all(game(), c5_unmelded)).summary()
    assert [(s.score, s.next_minimum) for s in summary.sides] == [(1240, 50), (-365, 15)]


def test_minimum_follows_each_sides_score_before_the_hand_rules_0_2(c5: dict[str, Any]) -> None:
    """Tiers by score before the hand: hand 3 A 3,030 (120), B 2,705 (90);
    hand 4 A 4,800 (120), B 4,950 (120)."""
    log = replay(play_all(game(), c5, H2, H3))
    assert [p.totals for p in log.played] == [(1240, 225), (3030, 2705), (4800, 4950)]
    assert [tuple(m.minimum for m in p.minimums) for p in log.played] == [
        (50, 50),
        (50, 50),
        (120, 90),
    ]
    assert [(s.next_minimum) for s in log.summary().sides] == [120, 120]


def test_minimum_by_hand_number_hand_and_foot_h1_d49() -> None:
    """RULES 17.1: hand 1 50, 2 90, 3 120, 4 150; D49: four hands, the highest total wins."""
    g = game(
        rules=(
            "initial_meld.basis=hand_number",
            "initial_meld.tiers=[{minimum=50},{from=2,minimum=90},{from=3,minimum=120},"
            "{from=4,minimum=150}]",
            "game.hands=4",
        )
    )
    plain = hand({"meld_points": 100}, {"meld_points": 50})
    g = play_all(g, plain, plain, plain)
    summary = replay(g).summary()
    assert [line.minimums for line in summary.lines] == [(50, 50), (90, 90), (120, 120)]
    assert [s.next_minimum for s in summary.sides] == [150, 150]
    assert not summary.finished
    g, done = record_hand(g, plain)
    assert done.summary.finished and done.summary.ended_by == "hands"
    assert (done.summary.winner, done.summary.margin) == ("A", 200)


# ---------------------------------------------------------------- end of the game


def test_c8_both_past_5000_the_higher_total_wins_by_865(c5: dict[str, Any]) -> None:
    """C8: A 4,800 and B 4,950 before the hand; C5 gives A 6,040 and B 5,175: A wins by 865."""
    g, done = record_hand(play_all(game(), c5, H2, H3), c5)
    assert done.played.totals == (6040, 5175)
    assert done.played.dealer == "Di"
    assert done.summary.finished
    assert (done.summary.winner, done.summary.margin, done.summary.ended_by) == ("A", 865, "target")
    with pytest.raises(GameError, match="over after hand 4"):
        record_hand(g, c5)


def tie_game(policy: str) -> Game:
    return game(rules=("game.target=1000", f"game.tie_policy={policy}"))


# A 400 + 500 + 100 out = 1,000; B 500 + 500 = 1,000: tied at the target.
TIE = hand(
    {"meld_points": 400, "canastas": {"natural": 1}, "went_out": True},
    {"meld_points": 500, "canastas": {"natural": 1}},
)


def test_tie_at_the_target_plays_another_hand_d53() -> None:
    g, done = record_hand(tie_game("play_another_hand"), TIE)
    assert [s.score for s in done.summary.sides] == [1000, 1000]
    assert not done.summary.finished and done.summary.winner is None
    g, done = record_hand(g, hand({"meld_points": 50}, {"meld_points": 0}))
    assert done.summary.finished and (done.summary.winner, done.summary.margin) == ("A", 50)


def test_tie_at_the_target_shared_win_option_d53() -> None:
    _g, done = record_hand(tie_game("shared_win"), TIE)
    assert done.summary.finished
    assert done.summary.winner is None and done.summary.winners == ("A", "B")


def test_seven_canastas_win_the_game_at_once_t6_d51() -> None:
    """T6 / D51: seven canastas in one hand score 5,000 and win, even below the target."""
    g = game(rules=("game.seven_canastas_win=5000", "game.target=10000"))
    seven = hand(
        {"meld_points": 490, "canastas": {"natural": 7}, "went_out": True}, {"meld_points": 100}
    )
    _g, done = record_hand(g, seven)
    assert [s.score for s in done.summary.sides] == [5000, 100]
    assert done.summary.finished and done.summary.ended_by == "seven_canastas"
    assert (done.summary.winner, done.summary.margin) == ("A", 4900)


# ---------------------------------------------------------------- changing hands


def test_a_hand_must_name_the_games_sides(c5: dict[str, Any]) -> None:
    data = {"side": [dict(c5["side"][0]), dict(c5["side"][1], name="C")]}
    with pytest.raises(RecordError, match='side "C" is not in this game'):
        record_hand(game(), data)


def test_a_record_for_another_ruleset_is_refused(c5: dict[str, Any]) -> None:
    with pytest.raises(RecordError, match="this game plays classic"):
        record_hand(game(), {**c5, "ruleset": "modern-american"})


def test_undo_removes_the_last_hand(c5: dict[str, Any], hand_two: dict[str, Any]) -> None:
    g = play_all(game(), c5, hand_two)
    g, done = undo_hand(g)
    assert done.line.number == 2 and done.line.scores == (560, 850)
    assert [s.score for s in done.summary.sides] == [1240, 225]
    assert len(g.hands) == 1
    g, _done = undo_hand(g)
    with pytest.raises(GameError, match="no hand to undo"):
        undo_hand(g)


def test_edit_recomputes_later_minimums(c5: dict[str, Any], hand_two: dict[str, Any]) -> None:
    """Hand 1 made A 1,600 (300 + 2 x 500 + 200 + 100 out): A's hand-2 minimum is now 90."""
    g = play_all(game(), c5, hand_two)
    first = hand(
        {"meld_points": 300, "canastas": {"natural": 2}, "red_threes": 2, "went_out": True},
        {"meld_points": 95, "red_threes": 2, "in_hand_points": 70},
    )
    change = replace_hand(g, 1, first)
    assert [s.total for s in change.after.played[0].score.sides] == [1600, 225]
    assert change.minimum_changes() == [(2, "A", 50, 90)]
    assert change.after.totals == (2160, 1075)
    assert change.before.totals == (1800, 1075)


def test_edit_that_would_end_the_game_before_later_hands_is_refused(
    c5: dict[str, Any], hand_two: dict[str, Any]
) -> None:
    g = play_all(game(rules=("game.target=1500",)), c5, hand_two)
    big = hand(
        {"meld_points": 300, "canastas": {"natural": 2}, "red_threes": 2, "went_out": True},
        {"meld_points": 95},
    )
    with pytest.raises(GameError, match="ended after hand 1"):
        replace_hand(g, 1, big)


def test_edit_of_a_hand_that_does_not_exist(c5: dict[str, Any]) -> None:
    with pytest.raises(GameError, match="no hand 3"):
        replace_hand(play_all(game(), c5), 3, c5)


# ---------------------------------------------------------------- reading a game's data


def data_of(g: Game) -> dict[str, Any]:
    """A game's data as a game file of an earlier version held it, without its [end] table."""
    data: dict[str, Any] = {
        "format": FORMAT,
        "created": g.created,
        "first_dealer": g.first_dealer,
        "side": [{"name": s.name, "players": list(s.players)} for s in g.sides],
        "ruleset": g.ruleset,
        "hand": [dict(h) for h in g.hands],
    }
    if g.undone:
        data["undone"] = [dict(h) for h in g.undone]
    return data


def test_game_data_round_trips(c5: dict[str, Any], hand_two: dict[str, Any]) -> None:
    g = play_all(game(), c5, hand_two)
    assert game_from_data("test", data_of(g)) == g


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"format": "something else"}, "not a canasta-score game file"),
        ({"side": []}, r"\[\[side\]\] tables are missing"),
        ({"first_dealer": "Zed"}, "first dealer"),
        ({"extra": 1}, "unknown key extra"),
        ({"hand": ["x"]}, r"\[\[hand\]\] tables"),
    ],
)
def test_broken_game_data_names_the_problem(change: dict[str, Any], message: str) -> None:
    with pytest.raises(GameError, match=message):
        game_from_data("test", {**data_of(game()), **change})


def test_a_broken_ruleset_snapshot_names_the_key() -> None:
    data = data_of(game())
    data["ruleset"] = {**data["ruleset"], "values": {**data["ruleset"]["values"], "joker": "x"}}
    with pytest.raises(GameError, match=r"values\.joker"):
        game_from_data("test", data)


def test_a_broken_hand_names_its_number(c5: dict[str, Any]) -> None:
    g = play_all(game(), c5)
    bad = Game(g.name, g.created, g.ruleset, g.sides, g.first_dealer, (c5, {"side": []}))
    with pytest.raises(GameError, match="hand 2"):
        replay(bad)


def test_bundled_hand_and_foot_minimum_by_hand_number_and_four_hands_h1_d49() -> None:
    """RULES 17.1 / H1: minimums 50, 90, 120, 150 by hand; D49: four hands, highest total wins.
    Each hand: A 100 melded, B 50 melded; after four hands A 400, B 200."""
    g = game("hand-and-foot")
    plain = hand({"meld_points": 100}, {"meld_points": 50})
    g = play_all(g, plain, plain, plain)
    g, done = record_hand(g, plain)
    summary = done.summary
    assert [line.minimums for line in summary.lines] == [(50, 50), (90, 90), (120, 120), (150, 150)]
    assert summary.finished and summary.ended_by == "hands"
    assert (summary.winner, summary.margin) == ("A", 200)


def test_the_running_summary_equals_a_full_replay_after_every_change(c5: dict[str, Any]) -> None:
    """Adding and undoing hands keeps the summary a replay would give (C5, H2, H3, C5 = C8)."""
    g = game()
    for data in (c5, H2, H3, c5):
        g, done = record_hand(g, data, replay(g).summary())
        assert done.summary == replay(g).summary()
    while g.hands:
        g, undone = undo_hand(g, replay(g).summary())
        assert undone.summary == replay(g).summary()


# ---------------------------------------------------------------- melds short of the minimum


def short(
    g: Game, data: dict[str, Any], totals: tuple[int, int], number: int = 2
) -> list[tuple[str, int, int, str]]:
    """(side, melded count, minimum, rule) of each side flagged in a hand scored from
    ``totals``; the hand itself is always scored (a shortfall is not refused)."""
    rs = g.rules()
    played, _outcome = play(g, rs, data, number, totals)
    return [(x.side, x.melded, x.minimum, x.rule) for x in shortfalls(rs, played)]


def test_a_side_that_melded_less_than_its_minimum_is_flagged_rules_1_6_2_2() -> None:
    """Both sides at 4,800: tier 120 (RULES 2.2). A melded 15 in all, so its initial meld
    (RULES 1.6) cannot have counted 120; B melded exactly 120, which may be all of it."""
    g = game()
    flagged = short(g, hand({"meld_points": 15}, {"meld_points": 120}), (4800, 4800))
    assert flagged == [("A", 15, 120, "classic.initial-meld.minimum")]
    rs = g.rules()
    played, _ = play(g, rs, hand({"meld_points": 15}, {"meld_points": 120}), 2, (4800, 4800))
    (doubt,) = shortfalls(rs, played)
    assert '"A"' in doubt.text and "15" in doubt.text and "120" in doubt.text


def test_a_side_that_did_not_meld_is_not_flagged_rules_1_6() -> None:
    """Below 0 the tier is 15 (RULES 2.2); a side with nothing melded made no initial meld."""
    assert short(game(), hand({"meld_points": 0}, {"meld_points": 10}), (-200, -200)) == [
        ("B", 10, 15, "classic.initial-meld.minimum")
    ]


def test_a_canasta_opens_with_less_only_where_the_ruleset_says_so_rules_6_2() -> None:
    """A natural canasta and 100 melded in all. Classic at 4,800 (tier 120) has no canasta
    exemption: short. Modern American at 0 (tier 125, RULES 6.2) lets a canasta laid whole
    from hand open with less: only the side without a canasta is short."""
    with_canasta = {"meld_points": 100, "canastas": {"natural": 1}}
    classic = short(game(), hand(with_canasta, {"meld_points": 0}), (4800, 4800))
    assert classic == [("A", 100, 120, "classic.initial-meld.minimum")]
    modern = short(
        game("modern-american"), hand(with_canasta, {"meld_points": 100}), (0, 0), number=1
    )
    assert modern == [("B", 100, 125, "modern-american.initial-meld.minimum")]


def test_brazilian_bands_that_demand_a_canasta_rules_10_br1() -> None:
    """RULES 10: 7,000-7,995 needs a canasta (no count), 9,000 up a natural canasta,
    8,000-8,995 a canasta and a count of 200 (BR1: a canasta and 180 is not enough)."""
    g = game("brazilian")
    requires = "brazilian.initial-meld.requires"
    lacking = hand({"meld_points": 200}, {"meld_points": 300, "canastas": {"mixed": 1}})
    assert short(g, lacking, (7200, 9100)) == [("A", 200, 0, requires), ("B", 300, 0, requires)]
    having = hand(
        {"meld_points": 200, "canastas": {"mixed": 1}},
        {"meld_points": 300, "canastas": {"natural": 1}},
    )
    assert short(g, having, (7200, 9100)) == []
    br1 = hand({"meld_points": 180, "canastas": {"mixed": 1}}, {"meld_points": 0})
    assert short(g, br1, (8200, 0)) == [("A", 180, 200, "brazilian.initial-meld.minimum")]


def test_a_special_hand_is_not_an_initial_meld_rules_7_2() -> None:
    """US American at 3,000: tier 180 (RULES 7.1). Garbage counts 4 x 5 + 4 x 10 + 3 x 10 +
    3 x 10 = 120 but is laid as a special hand (RULES 7.2), so it is not flagged; 120 melded
    the ordinary way is."""
    g = game("american")
    garbage = "4C 4H 4D 4S 9C 9S 9D 9H KC KD KH QS QH QD"
    special = hand({"special_hand": "garbage", "melds": [garbage]}, {"meld_points": 100})
    assert short(g, special, (3000, 0)) == []
    ordinary = hand({"meld_points": 120}, {"meld_points": 100})
    assert short(g, ordinary, (3000, 0)) == [("A", 120, 180, "american.initial-meld.minimum")]


def test_edit_flags_later_hands_short_of_their_new_minimum_rules_2_2(c5: dict[str, Any]) -> None:
    """Hand 2: A melds 100 against a minimum of 50. Hand 1 edited to give A 4,800 (8 natural
    canastas 4,000 + 800 melded): A's hand-2 minimum becomes 120 and 100 falls short; B
    (minimum 50 both times, 95 melded) is not flagged."""
    two = hand({"meld_points": 100}, {"meld_points": 95})
    g = play_all(game(), c5, two)
    first = hand({"meld_points": 800, "canastas": {"natural": 8}}, {"meld_points": 95})
    change = replace_hand(g, 1, first)
    assert change.minimum_changes() == [(2, "A", 50, 120)]
    flagged = [(x.hand, x.side, x.melded, x.minimum) for x in change.shortfalls()]
    assert flagged == [(2, "A", 100, 120)]
