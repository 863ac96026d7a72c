"""The command line: Typer only. Each command parses, calls one library function, renders."""

from __future__ import annotations

import sys
from importlib import import_module
from typing import Annotated, Any, NoReturn

import typer

from canasta_score.cli.commands import SETTINGS, Commands, one_command
from canasta_score.core.errors import CanastaError, InputError
from canasta_score.core.language import N_, _

# The module of the command line that holds each command or group, in the order the help lists
# them. A command line imports only the module of the command it names.
OWNER = {
    "min-meld": "minimum",
    "score-hand": "hands",
    **dict.fromkeys(
        (
            "new",
            "hand",
            "status",
            "history",
            "undo",
            "redo",
            "edit",
            "export",
            "import",
            "use",
            "games",
            "demo",
        ),
        "game",
    ),
    "stats": "stats",
    "play": "play",
    "serve": "serve",
    "rules": "rules",
    "check": "check",
}
# The parts that are groups of commands (their module's ``app``); each other part's module
# has a ``COMMANDS`` mapping of command names to functions.
GROUPS = ("rules", "check")


def build_command(name: str) -> Any:
    """The Click command (or group) called ``name``, built from the module that holds it."""
    part = OWNER[name]
    module = import_module(f"canasta_score.cli.{part}")
    if part in GROUPS:
        return typer.main.get_command(module.app)
    return one_command(name, module.COMMANDS[name])


class Program(Commands):
    """The program's commands, each built when a command line names it."""

    parts = dict.fromkeys(OWNER, build_command)


def show_version(value: bool) -> None:
    """``--version``: print the program's name and version, then stop."""
    if value:
        from canasta_score import __version__

        typer.echo(f"canasta-score {__version__}")
        raise typer.Exit()


def options(
    version: Annotated[
        bool,
        typer.Option(
            "--version", callback=show_version, is_eager=True, help="Show the version and exit."
        ),
    ] = False,
    lang: Annotated[
        str | None,
        typer.Option(
            "--lang",
            metavar="ko|en",
            help="The language to speak: ko (Korean) or en (English). Every command takes it; "
            "else CANASTA_SCORE_LANG, else the locale. JSON output is always the same.",
        ),
    ] = None,
) -> None:
    pass


app = typer.Typer(
    cls=Program,
    name="canasta-score",
    help="Score Canasta games at the table and settle rules questions, for every variant.",
    no_args_is_help=True,
    **{**SETTINGS, "add_completion": True},
)
app.callback()(options)


INTERRUPTED = N_("interrupted; nothing was saved")


def main(argv: list[str] | None = None) -> None:
    """Run the app, all output cleaned of escape sequences. The project's errors and leaving
    early (Ctrl-C, Ctrl-D) become ``Error: ...`` and exit 2; Click's keep their own."""
    from canasta_score.cli.terminal import clean_output

    with clean_output():
        run(sys.argv[1:] if argv is None else argv)


def entry() -> None:
    """The installed program: :func:`main`, then ``gc.freeze`` so that Python does not search
    its objects for cycles as it shuts down (about a twentieth of a short command); they are
    freed with the process. Tests call :func:`main`, so their process collects as usual."""
    try:
        main()
    finally:
        import gc

        gc.freeze()


def fail(message: str) -> NoReturn:
    print(f"Error: {message}", file=sys.stderr)  # "Error:" is the contract's, in every language
    sys.exit(2)


def refuse_undecodable(args: list[str]) -> None:
    """An argument whose bytes are not UTF-8 (Python keeps them as lone surrogates) is refused
    before anything reads it."""
    for arg in args:
        try:
            arg.encode("utf-8")
        except UnicodeEncodeError:
            import os

            try:
                raw = os.fsencode(arg)
            except UnicodeError:  # a locale whose codec does not give back every byte
                raw = arg.encode("utf-8", "backslashreplace")
            shown = raw.decode("utf-8", "backslashreplace")
            raise InputError(
                _("the argument {arg} is not valid text (UTF-8); type it again").format(arg=shown)
            ) from None


def run(args: list[str]) -> None:
    """Run the command ``args`` names and exit with its code; see :func:`main`."""
    from canasta_score.cli.languages import settle, show_click_error, translate_help

    try:
        refuse_undecodable(args)
        args = settle(args)
        if not args:  # the program on its own: its help, which is not an error
            args = ["--help"]
        # The program's help in the language in use (each command's, as it is built).
        command = translate_help(typer.main.get_command(app))
        code = command(args=args, standalone_mode=False)
    except CanastaError as exc:
        fail(str(exc))
    except (typer.Abort, KeyboardInterrupt, EOFError):
        fail(_(INTERRUPTED))
    except Exception as exc:
        # Click's own errors (usage errors and the like) are shown as Click shows them.
        show, exit_code = getattr(exc, "show", None), getattr(exc, "exit_code", None)
        if not callable(show) or not isinstance(exit_code, int):
            raise
        show_click_error(exc)
        sys.exit(exit_code)
    if code == 130:  # Typer's code for Ctrl-C outside a question; no command exits with it
        fail(_(INTERRUPTED))
    sys.exit(code if isinstance(code, int) else 0)
