"""Rendering games for the terminal: the score sheet, a recorded hand, an edit, the game list."""

from __future__ import annotations

from typing import TYPE_CHECKING

from canasta_score.cli.common import warning
from canasta_score.cli.tables import fitted, wrapped
from canasta_score.core.language import _
from canasta_score.core.words import said_seat, shown_requirement

if TYPE_CHECKING:
    from canasta_score.games.game import Change, Played, Shortfall, Undone
    from canasta_score.games.store import Store
    from canasta_score.games.summary import HandLine, Summary


def num(n: int, signed: bool = False) -> str:
    return f"{n:+,}" if signed else f"{n:,}"


def heading(s: Summary) -> str:
    if s.fixed_hands:
        text = _("{game}: {name} ({ruleset}), {players} players, {hands} hands")
    else:
        text = _("{game}: {name} ({ruleset}), {players} players, target {target:,}")
    return text.format(
        game=s.game,
        name=_(s.ruleset_name),
        ruleset=s.ruleset,
        players=s.players,
        hands=s.fixed_hands,
        target=s.target,
    )


def sheet(s: Summary) -> str:
    """Hands by sides with running totals (the paper score pad)."""
    head = [_("hand"), _("dealer")]
    for side in s.sides:
        head += [side.name, _("total")]
    rows = []
    for line in s.lines:
        row = [str(line.number), said_seat(line.dealer)]
        for name, score, total in zip(
            (x.name for x in s.sides), line.scores, line.totals, strict=True
        ):
            mark = (" **" if line.concealed else " *") if name == line.went_out else ""
            row += [num(score, signed=True) + mark, num(total)]
        rows.append(row)
    align = ("right", "left", *(("right", "right") * len(s.sides)))
    return fitted(rows, head, align, optional=(1,))  # the dealer goes first when narrow


def outcome(s: Summary) -> str:
    if s.won_from_behind:
        return _("Game over: {side} wins (seven canastas in one hand).").format(side=s.winner)
    if s.finished and s.winner is not None:
        if s.ended_by == "seven_canastas":
            text = _("Game over: {side} wins by {margin:,} (seven canastas in one hand).")
        else:
            text = _("Game over: {side} wins by {margin:,}.")
        return text.format(side=s.winner, margin=s.margin or 0)
    if s.finished:
        return _("Game over: {sides} share the win.").format(sides=_(" and ").join(s.winners))
    top = max((x.score for x in s.sides), default=0)
    tied = [x.name for x in s.sides if x.score == top]
    upcoming = _("Next: hand {number}, dealt by {dealer}.").format(
        number=s.hands + 1, dealer=said_seat(s.next_dealer)
    )
    # A tie is told only where it alone keeps the game going (at the target, or after the
    # last of a fixed number of hands).
    over = s.hands >= s.fixed_hands if s.fixed_hands else top >= s.target
    if s.lines and len(tied) > 1 and over:
        tie = _("{sides} are tied at {score:,}: another hand is played.").format(
            sides=_(" and ").join(tied), score=top
        )
        return f"{tie} {upcoming}"
    return upcoming


def standings(s: Summary) -> str:
    """Each side's score and what its next initial meld needs."""
    rows = [
        [
            side.name,
            " & ".join(side.players),
            num(side.score),
            num(s.to_go(side.score)),
            str(side.next_minimum),
            "; ".join(shown_requirement(text) for text in side.next_requires),
        ]
        for side in s.sides
    ]
    head = [_("side"), _("players"), _("score"), _("to go"), _("next minimum"), _("also required")]
    align = ["left", "left", "right", "right", "right", "left"]
    shown = list(range(3 if s.finished else 6 if any(r[5] for r in rows) else 5))
    if s.fixed_hands and not s.finished:  # a game of so many hands has no target to go to
        shown.remove(3)
    if all(r[1] in ("", r[0]) for r in rows):  # sides named by their players
        shown.remove(1)
    cells = [[r[i] for i in shown] for r in rows]
    return fitted(cells, [head[i] for i in shown], [align[i] for i in shown])


def status(s: Summary) -> str:
    parts = [wrapped(heading(s)), ""]
    if s.lines:
        # The legend explains the marks the sheet shows, and only those.
        legend = _("(* went out)") if any(line.went_out for line in s.lines) else ""
        if any(line.concealed for line in s.lines):
            legend = _("(* went out, ** went out concealed)")
        parts += [sheet(s), *([wrapped(legend)] if legend else []), ""]
    else:
        parts += [_("No hands yet."), ""]
    parts += [standings(s), "", wrapped(outcome(s))]
    return "\n".join(parts)


def history(s: Summary) -> str:
    head = [_("hand"), _("dealer"), _("went out")]
    for side in s.sides:
        head += [_("{side} min").format(side=side.name), side.name, _("total")]
    rows = []
    for line in s.lines:
        row = [str(line.number), said_seat(line.dealer), who_went_out(line)]
        for m, score, total in zip(line.minimums, line.scores, line.totals, strict=True):
            row += [str(m), num(score, signed=True), num(total)]
        rows.append(row)
    align = ("right", "left", "left", *(("right",) * (len(head) - 3)))
    # When narrow, the dealer goes first.
    grid = fitted(rows, head, align, optional=(1,)) if rows else _("No hands yet.")
    return f"{wrapped(heading(s))}\n\n{grid}"


def who_went_out(line: HandLine) -> str:
    """The side that went out, with its player and how when known: ``Ann & Bob (Ann,
    concealed)``; ``-`` when no side went out."""
    from canasta_score.core.words import went_out_said

    return went_out_said(line.went_out, line.concealed, line.out_player) or "-"


def played(hand: Played, s: Summary, breakdown: bool = True) -> str:
    """A recorded hand: its breakdown, then the totals and what comes next."""
    from canasta_score.cli.hands import render_score

    if breakdown:
        parts = [dealt(hand.number, hand.dealer), "", render_score(hand.score), ""]
    else:
        parts = [_("Hand {number} saved.").format(number=hand.number), ""]
    parts += [standings(s), "", wrapped(outcome(s))]
    return "\n".join(parts)


def dealt(number: int, dealer: str) -> str:
    """The title of a hand's breakdown: ``Hand 2, dealt by Bob`` (wrapped to the terminal)."""
    title = _("Hand {number}, dealt by {dealer}").format(number=number, dealer=said_seat(dealer))
    return wrapped(title)


def change(c: Change, later: tuple[Shortfall, ...] = ()) -> str:
    """What an edit changed: the hand's scores, later minimums (and the ``later`` hands whose
    melds no longer reach theirs), the totals."""
    n = c.number
    old, new = c.before.played[n - 1], c.after.played[n - 1]
    rows = [
        [side.name, num(a.total, signed=True), num(b.total, signed=True)]
        for side, a, b in zip(c.after.game.sides, old.score.sides, new.score.sides, strict=True)
    ]
    parts = [_("Hand {number} replaced.").format(number=n), ""]
    right = ("left", "right", "right")
    head = [_("side"), _("was"), _("now")]
    parts.append(fitted(rows, head, right))
    from canasta_score.cli.hands import render_score

    parts += ["", render_score(new.score), ""]
    moved = c.minimum_changes()
    if moved:
        parts.append(_("Later initial-meld minimums changed:"))
        parts += [
            _("  hand {number}: {side} {was} -> {now}").format(number=h, side=side, was=a, now=b)
            for h, side, a, b in moved
        ]
        parts.append("")
    if later:
        parts.append(_("Later hands whose melds fall short of their new minimum (check them):"))
        parts += ["  " + warning(d) for d in later]
        parts.append("")
    totals = [
        [side.name, num(a), num(b)]
        for side, a, b in zip(c.after.game.sides, c.before.totals, c.after.totals, strict=True)
    ]
    head = [_("side"), _("total was"), _("total now")]
    parts.append(fitted(totals, head, right))
    s = c.after.summary()
    parts += ["", standings(s), "", wrapped(outcome(s))]
    return "\n".join(parts)


def hand_line(line: HandLine, s: Summary) -> str:
    """A hand in one line: ``hand 3 (dealt by Cy, B went out): A +560, B +850``."""
    scores = ", ".join(f"{x.name} {sc:+,}" for x, sc in zip(s.sides, line.scores, strict=True))
    if line.went_out:
        text = _("hand {number} (dealt by {dealer}, {side} went out): {scores}")
    else:
        text = _("hand {number} (dealt by {dealer}): {scores}")
    side = who_went_out(line)
    return text.format(number=line.number, dealer=said_seat(line.dealer), side=side, scores=scores)


def undone(done: Undone) -> str:
    """What undo says: the hand removed, then the standings and what comes next."""
    s = done.summary
    removed = _("Removed {hand}; redo puts it back.").format(hand=hand_line(done.line, s))
    return f"{removed}\n\n{standings(s)}\n\n{outcome(s)}"


def short_time(iso: str) -> str:
    """An ISO 8601 date and time to read at a glance: ``2025-01-01 20:15``."""
    return iso[:16].replace("T", " ")


def games(store: Store, current: str) -> tuple[str, list[dict[str, object]]]:
    """The game list as a table and as data."""
    rows, data = [], []
    for listed in store.listed():
        name, found = listed.name, listed.summary
        here = name == current
        if isinstance(found, Exception):
            unread = _("cannot be read: {problem}").format(problem=found)
            rows.append(["*" if here else "", name, "?", *[""] * 5, unread])
            data.append({"name": name, "current": here, "error": str(found)})
            continue
        started, last = listed.started, listed.last_played
        scores = ", ".join(f"{x.name} {x.score:,}" for x in found.sides)
        state = _("yes") if found.finished else _("no")
        if found.finished and found.winner:
            state = _("yes, {side} won").format(side=found.winner)
        elif found.finished and found.winners:
            shared = _(" and ").join(found.winners)
            state = _("yes, {sides} shared the win").format(sides=shared)
        rows.append(
            [
                "*" if here else "",
                name,
                found.ruleset,
                scores,
                num(found.hands),
                found.leader or "-",
                short_time(started),
                short_time(last),
                state,
            ]
        )
        data.append(
            {
                "name": name,
                "current": here,
                "ruleset": found.ruleset,
                "sides": [x.name for x in found.sides],
                "scores": {x.name: x.score for x in found.sides},
                "hands": found.hands,
                "leader": found.leader,
                "finished": found.finished,
                "winner": found.winner,
                "winners": list(found.winners) if found.finished else [],
                "started": started,
                "last_played": last,
            }
        )
    if not rows:
        empty = _('No games in {home} yet; start one with "canasta-score new".')
        return empty.format(home=store.home), data
    head = ["", _("game"), _("ruleset"), _("scores"), _("hands"), _("leader"), _("started")]
    head += [_("last played"), _("finished")]
    align = ("left",) * 4 + ("right",) + ("left",) * 4
    # When narrow, the start of each game and then its leader go first.
    return fitted(rows, head, align, optional=(6, 5)), data
