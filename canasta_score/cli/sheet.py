"""Rendering games for the terminal: the score sheet, a recorded hand, an edit, the game list."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabulate import tabulate

if TYPE_CHECKING:
    from canasta_score.game import Change, Played, Shortfall
    from canasta_score.store import Store
    from canasta_score.summary import HandLine, Summary


def num(n: int, signed: bool = False) -> str:
    return f"{n:+,}" if signed else f"{n:,}"


def heading(s: Summary) -> str:
    length = f"{s.fixed_hands} hands" if s.fixed_hands else f"target {num(s.target)}"
    return f"{s.game}: {s.ruleset_name} ({s.ruleset}), {s.players} players, {length}"


def sheet(s: Summary) -> str:
    """Hands by sides with running totals (the paper score pad)."""
    head = ["hand", "dealer"]
    for side in s.sides:
        head += [side.name, "total"]
    rows = []
    for line in s.lines:
        row = [str(line.number), line.dealer]
        for name, score, total in zip(
            (x.name for x in s.sides), line.scores, line.totals, strict=True
        ):
            mark = " *" if name == line.went_out else ""
            row += [num(score, signed=True) + mark, num(total)]
        rows.append(row)
    align = ("right", "left", *(("right", "right") * len(s.sides)))
    return tabulate(rows, headers=head, disable_numparse=True, colalign=align)


def outcome(s: Summary) -> str:
    if s.finished and s.winner is not None:
        why = {"seven_canastas": " (seven canastas in one hand)", "hands": ""}.get(s.ended_by, "")
        return f"Game over: {s.winner} wins by {num(s.margin or 0)}{why}."
    if s.finished:
        return f"Game over: {' and '.join(s.winners)} share the win."
    top = max((x.score for x in s.sides), default=0)
    tied = [x.name for x in s.sides if x.score == top]
    tie = ""
    if s.lines and len(tied) > 1 and (top >= s.target or s.fixed_hands):
        tie = f"{' and '.join(tied)} are tied at {num(top)}: another hand is played. "
    return f"{tie}Next: hand {s.hands + 1}, dealt by {s.next_dealer}."


def standings(s: Summary) -> str:
    """Each side's score and what its next initial meld needs."""
    rows = []
    for side in s.sides:
        rows.append(
            [
                side.name,
                " & ".join(side.players),
                num(side.score),
                num(s.to_go(side.score)),
                str(side.next_minimum),
                "; ".join(side.next_requires),
            ]
        )
    head = ["side", "players", "score", "to go", "next minimum", "also required"]
    keep = 3 if s.finished else 6 if any(r[5] for r in rows) else 5
    head, rows = head[:keep], [r[:keep] for r in rows]
    align = ["left", "left", "right", "right", "right", "left"][: len(head)]
    if s.fixed_hands and not s.finished:  # a game of so many hands has no target to go to
        head, rows, align = (
            head[:3] + head[4:],
            [r[:3] + r[4:] for r in rows],
            align[:3] + align[4:],
        )
    if all(r[1] in ("", r[0]) for r in rows):
        head, rows, align = head[:1] + head[2:], [r[:1] + r[2:] for r in rows], align[1:]
    return tabulate(rows, headers=head, disable_numparse=True, colalign=align)


def status(s: Summary) -> str:
    parts = [heading(s), ""]
    if s.lines:
        parts += [sheet(s), "(* went out)", ""]
    else:
        parts += ["No hands yet.", ""]
    parts += [standings(s), "", outcome(s)]
    return "\n".join(parts)


def history(s: Summary) -> str:
    head = ["hand", "dealer", "went out"]
    for side in s.sides:
        head += [f"{side.name} min", side.name, "total"]
    rows = []
    for line in s.lines:
        row = [str(line.number), line.dealer, line.went_out or "-"]
        for m, score, total in zip(line.minimums, line.scores, line.totals, strict=True):
            row += [str(m), num(score, signed=True), num(total)]
        rows.append(row)
    if not rows:
        return f"{heading(s)}\n\nNo hands yet."
    align = ("right", "left", "left", *(("right",) * (len(head) - 3)))
    table = tabulate(rows, headers=head, disable_numparse=True, colalign=align)
    return f"{heading(s)}\n\n{table}"


def played(hand: Played, s: Summary, breakdown: bool = True) -> str:
    """A recorded hand: its breakdown, then the totals and what comes next."""
    from canasta_score.cli.hands import render_score

    if breakdown:
        parts = [f"Hand {hand.number}, dealt by {hand.dealer}", "", render_score(hand.score), ""]
    else:
        parts = [f"Hand {hand.number} saved.", ""]
    parts += [standings(s), "", outcome(s)]
    return "\n".join(parts)


def change(c: Change, later: tuple[Shortfall, ...] = ()) -> str:
    """What an edit changed: the hand's scores, later minimums (and the ``later`` hands whose
    melds no longer reach theirs), the totals."""
    n = c.number
    old, new = c.before.played[n - 1], c.after.played[n - 1]
    rows = [
        [side.name, num(a.total, signed=True), num(b.total, signed=True)]
        for side, a, b in zip(c.after.game.sides, old.score.sides, new.score.sides, strict=True)
    ]
    parts = [f"Hand {n} replaced.", ""]
    right = ("left", "right", "right")
    parts.append(
        tabulate(rows, headers=["side", "was", "now"], disable_numparse=True, colalign=right)
    )
    from canasta_score.cli.hands import render_score

    parts += ["", render_score(new.score), ""]
    moved = c.minimum_changes()
    if moved:
        parts.append("Later initial-meld minimums changed:")
        parts += [f"  hand {h}: {side} {a} -> {b}" for h, side, a, b in moved]
        parts.append("")
    if later:
        parts.append("Later hands whose melds fall short of their new minimum (check them):")
        parts += [f"  warning: {d.text}" for d in later]
        parts.append("")
    totals = [
        [side.name, num(a), num(b)]
        for side, a, b in zip(c.after.game.sides, c.before.totals, c.after.totals, strict=True)
    ]
    head = ["side", "total was", "total now"]
    parts.append(tabulate(totals, headers=head, disable_numparse=True, colalign=right))
    s = c.after.summary()
    parts += ["", standings(s), "", outcome(s)]
    return "\n".join(parts)


def hand_line(line: HandLine, s: Summary) -> str:
    """A hand in one line: ``hand 3 (dealt by Cy, B went out): A +560, B +850``."""
    scores = ", ".join(f"{x.name} {sc:+,}" for x, sc in zip(s.sides, line.scores, strict=True))
    out = f", {line.went_out} went out" if line.went_out else ""
    return f"hand {line.number} (dealt by {line.dealer}{out}): {scores}"


def short_time(iso: str) -> str:
    """An ISO 8601 date and time to read at a glance: ``2025-01-01 20:15``."""
    return iso[:16].replace("T", " ")


def games(store: Store, current: str) -> tuple[str, list[dict[str, object]]]:
    """The game list as a table and as data."""
    from canasta_score.store import list_games

    rows, data = [], []
    for name, found, dates in list_games(store):
        here = name == current
        if isinstance(found, Exception) or dates is None:
            rows.append(["*" if here else "", name, "?", *[""] * 5, f"cannot be read: {found}"])
            data.append({"name": name, "current": here, "error": str(found)})
            continue
        started, last = dates
        scores = ", ".join(f"{x.name} {x.score}" for x in found.sides)
        state = "yes" if found.finished else "no"
        if found.finished and found.winner:
            state = f"yes, {found.winner} won"
        rows.append(
            [
                "*" if here else "",
                name,
                found.ruleset,
                scores,
                str(found.hands),
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
                "started": started,
                "last_played": last,
            }
        )
    if not rows:
        return f'No games in {store.home} yet; start one with "canasta-score new".', data
    head = ["", "game", "ruleset", "scores", "hands", "leader", "started", "last played"]
    head.append("finished")
    align = ("left",) * 4 + ("right",) + ("left",) * 4
    return tabulate(rows, headers=head, disable_numparse=True, colalign=align), data
