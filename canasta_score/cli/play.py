"""``canasta-score play``: a session on one game. On a terminal the lines are read with
prompt_toolkit (line editing, history kept in the game home, completion); otherwise from
standard input, so a session can be scripted. The commands are in :mod:`canasta_score.cli.shell`.
"""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING, Annotated

import typer

from canasta_score.cli.common import GameOpt
from canasta_score.core.errors import CanastaError, InputError
from canasta_score.core.language import N_, _

if TYPE_CHECKING:
    from collections.abc import Callable, Iterable
    from pathlib import Path

    from prompt_toolkit.completion import CompleteEvent, Completer, Completion
    from prompt_toolkit.document import Document
    from prompt_toolkit.history import History

    from canasta_score.cli.shell import Session

HISTORY = "play-history.txt"
PROMPT = N_("play> ")  # the prompt of a line, in the language in use


def play_cmd(
    game: GameOpt = None,
    yes: Annotated[
        bool,
        typer.Option(
            "--yes", "-y", help="Save a hand that ends the game, and undo, without asking."
        ),
    ] = False,
) -> None:
    """Open a session on a game: record hands, fix them, ask for rulings, one line each;
    help lists the commands.  Example: play --game club-night"""
    from canasta_score.cli.asking import Dialogue
    from canasta_score.cli.colour import wanted
    from canasta_score.cli.shell import Session
    from canasta_score.cli.stores import open_store

    store = open_store()
    session = Session(store, store.locate(game), Dialogue(), typer.echo, wanted(sys.stdout))
    session.yes = yes
    reader: Callable[[str], str] = plain_reader
    if not sys.stdin.isatty() and hasattr(sys.stdin, "reconfigure"):
        # Bytes that are not UTF-8 are read as escapes, whatever the locale, and a line that
        # holds one is refused (plain_reader), never a traceback.
        sys.stdin.reconfigure(errors="surrogateescape")
    if sys.stdin.isatty():
        sides = [s.name for s in session.summary().sides]
        reader, questions = terminal_readers(store.home, sides, store.give)
        session.dialogue = Dialogue(reader=questions)
        session.asking = True
    failed = loop(session, reader)
    if failed and reader is plain_reader:  # a script learns that some of it failed
        from canasta_score.core.language import ngettext

        said = ngettext(
            "line {lines} of the session failed (it said why above)",
            "lines {lines} of the session failed (each said why above)",
            len(failed),
        )
        raise InputError(said.format(lines=", ".join(str(n) for n in failed)))


COMMANDS = {"play": play_cmd}


def loop(session: Session, read: Callable[[str], str]) -> list[int]:
    """Show the sheet, then carry out each line until quit or the end of input; returns the
    numbers of the lines that failed. Ctrl-C cancels what is being typed or done."""
    from canasta_score.cli.shell import Quit

    session.say(session.sheet())
    session.say("\n" + _("Type help for the commands, quit to leave."))
    failed: list[int] = []
    number = 0
    while True:
        try:
            line = read(_(PROMPT))
        except KeyboardInterrupt:
            continue
        except EOFError:
            return failed
        number += 1
        try:
            if not session.run(line):
                failed.append(number)
        except Quit:
            return failed
        except KeyboardInterrupt:
            session.say(_("Cancelled; nothing was saved."))
            failed.append(number)


def plain_reader(_prompt: str) -> str:
    """A line of standard input (a script: no prompt), at most as long as a batch line."""
    from canasta_score.core.limits import MAX_LINE

    line = sys.stdin.readline(MAX_LINE + 1)
    if not line:
        raise EOFError
    if len(line) > MAX_LINE:
        raise InputError(
            _("a line of the session is longer than the limit of {limit:,} characters").format(
                limit=MAX_LINE
            )
        )
    if any("\udc80" <= char <= "\udcff" for char in line):  # a byte that is not UTF-8
        raise InputError(_("{where}: not a text file (UTF-8)").format(where=_("standard input")))
    return line.rstrip("\r\n")


def terminal_readers(
    home: Path, sides: list[str], give: Callable[[Path], None] | None = None
) -> tuple[Callable[[str], str], Callable[[str], str]]:
    """Line readers for the commands (history in the game home, completion) and for the
    hand's questions. A history file that is a link or no regular file is not used; a new one
    is handed to ``give`` (the store gives it to the home's owner)."""
    from prompt_toolkit import PromptSession
    from prompt_toolkit.history import FileHistory, InMemoryHistory
    from prompt_toolkit.output import create_output
    from prompt_toolkit.utils import is_dumb_terminal

    history: History = InMemoryHistory()
    kept = home / HISTORY
    try:
        home.mkdir(parents=True, exist_ok=True)
        if kept.is_symlink() or (kept.exists() and not kept.is_file()):
            raise IsADirectoryError(kept)
        if give is not None and not kept.exists():
            kept.touch()
            give(kept)
        history = FileHistory(str(kept))
    except (OSError, CanastaError):
        warning = _("warning: {path} cannot keep the history of commands; it is kept until quit")
        typer.echo(warning.format(path=kept), err=True)
    # The prompts draw on the terminal itself (the program's own cursor and colour codes, which
    # the cleaned standard output would remove); what is typed is the scorekeeper's own.
    # (A dumb terminal gets prompt_toolkit's plain prompt, which draws nothing.)
    screen = None if is_dumb_terminal() else create_output(stdout=sys.__stdout__)
    commands: PromptSession[str] = PromptSession(
        history=history,
        completer=shell_completer(sides),
        complete_while_typing=False,
        output=screen,
    )
    answers: PromptSession[str] = PromptSession(history=InMemoryHistory(), output=screen)
    return commands.prompt, answers.prompt


def shell_completer(sides: list[str]) -> Completer:
    """Completes commands, side names and cards."""
    from prompt_toolkit.completion import Completer, Completion

    from canasta_score.cli.shell import completions

    class ShellCompleter(Completer):
        def get_completions(
            self, document: Document, complete_event: CompleteEvent
        ) -> Iterable[Completion]:
            before = document.text_before_cursor
            partial = before.split(" ")[-1]
            # A completed command is followed by a space, so what is typed next is its own
            # word ("hand ca", not "handca").
            after = " " if " " not in before else ""
            for word in completions(before, sides):
                yield Completion(word + after, start_position=-len(partial))

    return ShellCompleter()
