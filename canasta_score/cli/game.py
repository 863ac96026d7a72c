"""Game commands: new, hand, status, history, undo, redo, edit, export, import, use, games, demo."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from canasta_score.cli.common import (
    GameOpt,
    JsonOpt,
    PlayersOpt,
    RuleOpt,
    RulesetOpt,
    complete_game,
    emit_json,
    load,
    warning,
)
from canasta_score.cli.stores import open_game, open_store
from canasta_score.core.errors import GameError, InputError
from canasta_score.core.language import N_, _
from canasta_score.rules import DEFAULT_RULESET

if TYPE_CHECKING:
    from collections.abc import Callable

    from canasta_score.cli.asking import Dialogue
    from canasta_score.games.game import Change, Recorded, Shortfall, Undone
    from canasta_score.games.store import Ref, Store
    from canasta_score.games.summary import Summary

FileOpt = Annotated[
    str | None,
    typer.Option(
        "--file", "-f", metavar="FILE", help="Hand record file (TOML); - reads standard input."
    ),
]
QuickArg = Annotated[
    list[str] | None,
    typer.Argument(
        help='Quick form, one side each: "us: 285 melded, 1 natural, 2 red, 40 left, out".',
        show_default=False,
        metavar="SIDE...",
    ),
]
SideOpt = Annotated[
    list[str] | None,
    typer.Option(
        "--side",
        "-s",
        metavar="SIDE",
        help="Quick form of one side (repeatable); same as the argument.",
    ),
]


def read_hand(
    store: Store,
    ref: Ref,
    s: Summary,
    number: int,
    quick: list[str],
    dialogue: Dialogue,
    *,
    yes: bool = False,
    file: str | None = None,
    piped: bool = False,
) -> tuple[dict[str, Any], bool]:
    """The record of hand ``number`` from --file, the quick form, standard input (``piped``),
    else ``dialogue``'s questions (``yes``: a hand that ends the game is saved without asking);
    and whether the questions, which show the breakdown, were asked."""
    if file is not None and quick:
        raise InputError(_("give the hand either with --file or in the quick form, not both"))
    if file is not None:
        from canasta_score.cli.hands import read_record_data

        return read_record_data(file), False
    if not quick and piped:
        from canasta_score.cli.hands import parse_record_text, read_text

        text = read_text("-")
        if not text.strip():
            raise InputError(
                _(
                    "give the hand with --file FILE (or --file - for standard input), or in the "
                    'quick form, e.g. "us: 285 melded, 1 natural, 40 left, out"'
                )
            )
        return parse_record_text(text, _("standard input")), False
    from canasta_score.games.game import totals_before

    game = store.load(ref, hands=number <= s.hands)  # a new hand needs no earlier one
    old = game.hands[number - 1] if number <= len(game.hands) else None
    if not quick:
        return dialogue.hand(game, game.rules(), number, totals_before(s, number), old, yes), True
    from canasta_score.cli.asking import old_sides
    from canasta_score.hands.entry import parse_quick

    names = [x.name for x in s.sides]
    keep = None if old is None else old_sides(old, names)
    players = {x.name: x.players for x in s.sides}
    return parse_quick(quick, names, players, game.rules(), keep), False


def warn(doubts: tuple[Shortfall, ...], plain: bool = False) -> None:
    """Each shortfall of a hand as a warning on standard error (in colour unless ``plain``)."""
    from canasta_score.cli.colour import echo, wanted

    on = not plain and wanted(sys.stderr)
    for doubt in doubts:
        echo(warning(doubt), _("warning:"), "yellow", on, True)


def new_cmd(
    name: Annotated[
        str | None,
        typer.Argument(metavar="NAME", help="Game name (default: game-DATE).", show_default=False),
    ] = None,
    side: Annotated[
        list[str] | None,
        typer.Option(
            "--side",
            "-s",
            metavar="SIDE",
            help='A side and its players: "Ann & Bob" or "us: Ann & Bob".',
        ),
    ] = None,
    ruleset: RulesetOpt = DEFAULT_RULESET,
    players: PlayersOpt = None,
    target: Annotated[
        int | None,
        typer.Option(
            "--target", "-t", metavar="N", help="Score that ends the game (a multiple of 5)."
        ),
    ] = None,
    rule: RuleOpt = None,
    dealer: Annotated[
        str | None,
        typer.Option("--dealer", metavar="NAME", help="Who deals first (a player or a side)."),
    ] = None,
    json: JsonOpt = False,
) -> None:
    """Start a game and make it the current one; prints its name (details: stderr).
    Example: new club-night --side "Ann & Bob" --side "Cy & Di" --target 5000"""
    from datetime import datetime

    from canasta_score.games.game import check_name, new_game, parse_side, pick_ruleset
    from canasta_score.rules.ruleset import counted_players

    sides = [parse_side(s) for s in side or []]
    # A count named by a house rule (table.players=N) is given, as --players is.
    players = counted_players(players, rule or [])
    rs = pick_ruleset(lambda count: load(ruleset, count, rule), sides, players)
    store = open_store()
    now = datetime.now()
    default = _("game-{date}").format(date=f"{now:%Y-%m-%d}")
    chosen = check_name(name) if name else store.free_name(default)
    game = new_game(chosen, now.isoformat(timespec="seconds"), rs, sides, dealer, target)
    ref = store.create(game, _("choose another name"))
    if json:
        emit_json(store.summary(ref).status())
        return
    rs = game.rules()
    # Only the name on standard output: scripts do NAME=$(canasta-score new ...).
    typer.echo(game.name)
    size = rs.table.side_size
    if rs.game.hands:
        length = _("  {name}, {players} players, {hands} hands")
    else:
        length = _("  {name}, {players} players, target {target:,}")
    shown = length.format(
        name=rs.shown_name, players=rs.players, hands=rs.game.hands, target=rs.game.target
    )
    typer.echo(shown, err=True)
    for s in game.sides:
        named = " & ".join(s.named(size))
        # A side named by its players is said once: "Ann & Bob", not "Ann & Bob: Ann & Bob".
        shown = f"  {s.name}: {named}" if named and named != s.name else f"  {s.name}"
        typer.echo(shown, err=True)
    from canasta_score.core.words import said_seat

    typer.echo(_("  first dealer: {dealer}").format(dealer=said_seat(game.first_dealer)), err=True)


EndYesOpt = Annotated[
    bool,
    typer.Option(
        "--yes", "-y", help="Save a hand that ends the game without asking (else it asks)."
    ),
]


def next_hand(
    store: Store,
    ref: Ref,
    quick: list[str],
    dialogue: Dialogue,
    *,
    confirm: bool,
    say: Callable[[str], None],
    yes: bool = False,
    file: str | None = None,
    piped: bool = False,
) -> tuple[Recorded, bool, bool]:
    """Record the next hand of an open game (``hand`` and ``play``), read by :func:`read_hand`.
    A hand that ends the game is saved only on a yes: ``yes`` (--yes), or a yes to the
    questions' own question about it, or (``confirm``) a yes to ``dialogue`` after ``say`` has
    shown its breakdown; without any of them nothing is saved and the error names --yes.
    Returns the hand recorded, whether the questions were asked and whether the breakdown was
    shown."""
    from canasta_score.cli.hands import render_score
    from canasta_score.games import scorekeeper
    from canasta_score.games.game import check_open, entered_now
    from canasta_score.hands.entry import parse_yes

    before = store.summary(ref, last_only=True)  # all the next hand needs
    check_open(before)
    data, asked = read_hand(
        store, ref, before, before.hands + 1, quick, dialogue, yes=yes, file=file, piped=piped
    )
    data = entered_now(data)
    try:
        return scorekeeper.record(store, ref, data, ends_game=yes or asked), asked, False
    except scorekeeper.EndsGame as stop:
        number = stop.done.played.number
        if not confirm:
            raise GameError(
                _(
                    "hand {number} ends the game, so it is saved only on a yes: nothing was "
                    "saved; give --yes to save it"
                ).format(number=number)
            ) from None
        say(render_score(stop.done.played.score) + "\n")
        question = _("this hand ends the game; save it? (y/n, Enter does not save)")
        if not dialogue.ask(question, parse_yes, "n"):
            raise GameError(_("nothing was saved")) from None
    return scorekeeper.record(store, ref, data, ends_game=True), asked, True


def hand_cmd(
    quick: QuickArg = None,
    file: FileOpt = None,
    side: SideOpt = None,
    game: GameOpt = None,
    yes: EndYesOpt = False,
    json: JsonOpt = False,
) -> None:
    """Record the next hand: from a record file, in the quick form, or by answering
    questions (on a terminal). Prints the breakdown and the new totals. A hand that ends the
    game is saved only on a yes: on a terminal it asks, else give --yes.
    Example: hand "us: 285 melded, 1 natural, 2 red, out" "them: 95 melded, 70 left" """
    from canasta_score.cli import sheet
    from canasta_score.cli.asking import Dialogue

    store, ref = open_game(game, writable=True)
    quick_form = [*(quick or []), *(side or [])]
    tty = sys.stdin.isatty()
    done, asked, shown = next_hand(
        store,
        ref,
        quick_form,
        Dialogue(),
        confirm=tty and not json,
        say=typer.echo,
        yes=yes,
        file=file,
        piped=not tty,
    )
    if not asked:  # the questions showed them before the hand was saved
        warn(done.doubts, plain=json)
    if json:
        emit_json(done.as_dict())
        return
    typer.echo(sheet.played(done.played, done.summary, breakdown=not (asked or shown)))


def status_cmd(
    game: GameOpt = None,
    json: JsonOpt = False,
    chart: Annotated[
        bool, typer.Option("--chart", help="Draw each side's running total, hand by hand.")
    ] = False,
) -> None:
    """The score sheet: every hand with running totals, each side's next minimum, the next
    dealer, and the winner once the game is over.  Example: status --json"""
    if chart and json:
        raise InputError(_("--chart draws the totals; give --chart or --json, not both"))
    store, ref = open_game(game)
    summary = store.summary(ref)
    if chart:
        from canasta_score.cli.chart import show

        show(summary, store.load(ref).rules())
        return
    if json:
        emit_json(summary.status())
        return
    from canasta_score.cli import sheet

    typer.echo(sheet.status(summary))


def history_cmd(
    game: GameOpt = None,
    detail: Annotated[
        bool, typer.Option("--detail", help="Show every hand's breakdown too.")
    ] = False,
    json: JsonOpt = False,
) -> None:
    """Every hand: dealer, who went out, each side's minimum, score and total.
    Example: history --detail"""
    store, ref = open_game(game)
    if json:
        if detail:
            from canasta_score.output.export import log_data

            emit_json(log_data(store.log(ref)))
        else:
            emit_json(store.summary(ref).history())
        return
    from canasta_score.cli import sheet

    if detail:
        from canasta_score.cli.hands import render_score

        log = store.log(ref)
        for hand in log.played:
            typer.echo(sheet.dealt(hand.number, hand.dealer) + "\n")
            typer.echo(render_score(hand.score) + "\n")
        summary = log.summary()
    else:
        summary = store.summary(ref)
    typer.echo(sheet.history(summary))


YesOpt = Annotated[
    bool, typer.Option("--yes", "-y", help="Do not ask first (on a terminal undo asks).")
]


def undo_cmd(game: GameOpt = None, yes: YesOpt = False, json: JsonOpt = False) -> None:
    """Remove the last hand; redo puts it back. On a terminal it shows the hand and asks
    first (--yes does not ask).  Example: undo"""
    from canasta_score.cli.asking import Dialogue

    store, ref = open_game(game, writable=True)
    done = undo_last(store, ref, None if yes or not sys.stdin.isatty() else Dialogue())
    if json:
        emit_json(done.as_dict())
        return
    from canasta_score.cli import sheet

    typer.echo(sheet.undone(done))


def undo_last(store: Store, ref: Ref, dialogue: Dialogue | None) -> Undone:
    """Remove the last hand (``undo`` and ``play``). ``dialogue`` shows it and asks first; the
    hand count and last hand as shown go with the answer, so that a hand entered meanwhile is
    not removed by mistake."""
    from canasta_score.games import scorekeeper

    if dialogue is None:
        return scorekeeper.undo(store, ref, None)
    from canasta_score.cli import sheet
    from canasta_score.hands.entry import parse_yes, yes_no

    summary = store.summary(ref)
    hands = store.load(ref).hands
    if not summary.lines or not hands:
        raise GameError(_('game "{game}" has no hand to undo').format(game=summary.game))
    shown = sheet.hand_line(summary.lines[-1], summary)
    dialogue.say(shown[0].upper() + shown[1:])
    question = _("remove this hand? (y/n, Enter does not remove; redo puts it back)")
    if not dialogue.ask(question, parse_yes, yes_no(False)):
        raise GameError(_("nothing was removed"))
    return scorekeeper.undo(store, ref, (len(hands), hands[-1:]))


def redo_cmd(game: GameOpt = None, json: JsonOpt = False) -> None:
    """Put back the hand undo removed last, exactly as it was (again for each hand undone),
    until a new hand is entered.  Example: redo"""
    from canasta_score.cli import sheet
    from canasta_score.games import scorekeeper

    store, ref = open_game(game)
    done = scorekeeper.redo(store, ref)
    if json:
        emit_json(done.as_dict())
        return
    typer.echo(sheet.played(done.played, done.summary, breakdown=True))


def edit_cmd(
    number: Annotated[
        int, typer.Argument(metavar="N", help="The hand to replace (1 = the first).")
    ],
    quick: QuickArg = None,
    file: FileOpt = None,
    side: SideOpt = None,
    game: GameOpt = None,
    json: JsonOpt = False,
) -> None:
    """Replace hand N; every later hand is scored again, minimums included, and the change
    is shown.  Example: edit 2 --file hand2.toml"""
    from canasta_score.cli.asking import Dialogue

    store, ref = open_game(game, writable=True)
    quick_form = [*(quick or []), *(side or [])]
    piped = not sys.stdin.isatty()
    done, asked, own, later = edit_hand(
        store, ref, number, quick_form, Dialogue(), file=file, piped=piped
    )
    # The edited hand's own doubts (the questions showed them already) on standard
    # error; those of later hands in the change report (with --json, on standard error).
    if not asked:
        warn(own, plain=json)
    if json:
        emit_json(done.as_dict())
        warn(later, plain=True)
        return
    from canasta_score.cli import sheet

    typer.echo(sheet.change(done, later))


def edit_hand(
    store: Store,
    ref: Ref,
    number: int,
    quick: list[str],
    dialogue: Dialogue,
    *,
    file: str | None = None,
    piped: bool = False,
) -> tuple[Change, bool, tuple[Shortfall, ...], tuple[Shortfall, ...]]:
    """Replace hand ``number`` (``edit`` and ``play``), read by :func:`read_hand`: the change,
    whether the questions were asked, and the shortfalls of that hand and of later ones."""
    from canasta_score.games import scorekeeper
    from canasta_score.games.game import check_hand_number

    before = store.summary(ref)
    check_hand_number(before.game, before.hands, number)
    data, asked = read_hand(store, ref, before, number, quick, dialogue, file=file, piped=piped)
    done = scorekeeper.edit(store, ref, number, data)
    doubts = done.shortfalls()
    own = tuple(d for d in doubts if d.hand == number)
    return done, asked, own, tuple(d for d in doubts if d.hand > number)


def export_cmd(
    format: Annotated[
        str,
        typer.Option(
            "--format",
            metavar="FORMAT",
            help="json, csv (for a spreadsheet), md, toml or html (to print).",
        ),
    ] = "json",
    output: Annotated[
        str | None,
        typer.Option(
            "--output", "-o", metavar="FILE", help="Write to FILE (replacing it; - is stdout)."
        ),
    ] = None,
    game: GameOpt = None,
    detail: Annotated[
        bool, typer.Option("--detail", help="CSV: one row per breakdown item, with its rule id.")
    ] = False,
    full: Annotated[
        bool, typer.Option("--full", help="Markdown: add each hand's record and the ruleset.")
    ] = False,
    json: Annotated[
        bool,
        typer.Option(
            "--json",
            help="Print one JSON object: the log itself, or with --output what was written.",
        ),
    ] = False,
) -> None:
    """Write the game log: the whole game (ruleset snapshot, sides, every hand as entered
    and when, every breakdown item, running totals) as JSON or TOML; CSV is the score sheet,
    one row per hand (--detail: per breakdown item); Markdown is the sheet, then each hand's
    breakdown; HTML is a page to print or share (sheet, chart, every breakdown).
    Example: export --format csv -o club-night.csv"""
    fmt = format.lower()
    output = None if output == "-" else output  # "-" is standard output, as for --file
    if json and output is None and fmt != "json":
        raise InputError(
            _(
                "--json prints the log as JSON; to write --format {format}, give --output FILE"
            ).format(format=fmt)
        )
    from canasta_score.output.export import check_kind, export

    check_kind(fmt, detail, full)
    store, ref = open_game(game)
    target = Path(output).expanduser() if output is not None else None
    if target is not None:
        refuse_store(store, target)
    text = export(store.log(ref), fmt, detail, full)
    if target is None:
        typer.echo(text, nl=False)
        return
    from canasta_score.cli.writing import write_atomic

    # A byte-order mark lets spreadsheet programs read accented names in a CSV file; it is
    # left out on standard output, where it would get in the way of other programs.
    bom = b"\xef\xbb\xbf" if fmt == "csv" else b""
    write_atomic(target, bom + text.encode("utf-8"))
    typer.echo(_("Wrote {path}").format(path=target), err=True)
    if json:
        emit_json({"game": ref.name, "format": fmt, "output": str(target)})


def refuse_store(store: Store, target: Path) -> None:
    """An output file may never be the game store (or any SQLite database)."""
    if store.owns(target):
        raise InputError(
            _("{path}: that is the game database; give another file to write").format(path=target)
        )


def import_cmd(
    file: Annotated[
        str, typer.Argument(metavar="FILE", help="A JSON or TOML export (- reads stdin).")
    ],
    name: Annotated[
        str | None,
        typer.Option("--name", metavar="NAME", help="Name for the game (default: the log's)."),
    ] = None,
    json: JsonOpt = False,
) -> None:
    """Recreate a game from a JSON or TOML export, make it the current game and print its
    name; an existing game is never replaced.
    Example: import club-night.json --name rematch"""
    from canasta_score.cli.hands import read_text
    from canasta_score.core.limits import MAX_IMPORT
    from canasta_score.games.gamefile import read_log

    where = _("standard input") if file == "-" else file
    game, notes = read_log(read_text(file, MAX_IMPORT, N_("a game log")), where, name)
    store = open_store()
    hint = _('give the imported game another name with --name (e.g. --name "{name}-2")').format(
        name=game.name
    )
    ref = store.create(game, hint, imported=True)
    for note in notes:
        typer.echo(_("note: {note}").format(note=note), err=True)
    if json:
        emit_json({"game": game.name, "notes": notes, "status": store.summary(ref).status()})
        return
    typer.echo(game.name)


def use_cmd(
    game: Annotated[
        str,
        typer.Argument(
            metavar="NAME",
            autocompletion=complete_game,
            help="Game name or game file.",
            show_default=False,
        ),
    ],
    json: JsonOpt = False,
) -> None:
    """Make a game the current one (only new, import and use change it; --game does not).
    Example: use club-night"""
    store = open_store()
    ref = store.locate(game)
    if ref.file is not None:  # a game file is imported, then used
        found = store.load(ref)  # a file that is not a game is refused; the current game stays
        hint = _('import it under another name with "canasta-score import {path} --name NAME"')
        ref = store.create(found, hint.format(path=ref.file), imported=True)
        typer.echo(_("Imported {path} as game {game}").format(path=game, game=ref.name), err=True)
    store.use(ref)
    if json:
        emit_json({"game": ref.name, "status": store.summary(ref).status()})
        return
    typer.echo(ref.name)


def games_cmd(json: JsonOpt = False) -> None:
    """List the games: ruleset, scores, hands played, leader, when started and last played,
    finished.  Example: games"""
    from canasta_score.cli import sheet
    from canasta_score.games.store import NoCurrentGame

    store = open_store()
    try:
        current = store.current().name
    except NoCurrentGame:
        current = ""
    text, data = sheet.games(store, current)
    if json:
        emit_json({"home": str(store.home), "games": data})
        return
    typer.echo(text)


def demo_cmd(json: JsonOpt = False) -> None:
    """Score a sample four-hand Classic game from start to finish, in a temporary folder
    (your own games are not touched).  Example: demo"""
    from canasta_score.cli import app
    from canasta_score.cli.demo import run

    run(lambda args: app(args=args, standalone_mode=False), as_json=json)


COMMANDS = {
    "new": new_cmd,
    "hand": hand_cmd,
    "status": status_cmd,
    "history": history_cmd,
    "undo": undo_cmd,
    "redo": redo_cmd,
    "edit": edit_cmd,
    "export": export_cmd,
    "import": import_cmd,
    "use": use_cmd,
    "games": games_cmd,
    "demo": demo_cmd,
}
