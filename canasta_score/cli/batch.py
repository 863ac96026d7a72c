"""``check --batch FILE|-`` and ``score-hand --batch FILE|-``: JSON lines in, one answer object
per line out."""

from __future__ import annotations

import gc
import os
import sys
from contextlib import suppress
from typing import IO, Annotated, Protocol

import typer

from canasta_score.core.errors import InputError
from canasta_score.core.language import _

CHUNK = 1 << 16
MEMO = 1 << 16
# Objects made (and not yet freed) between two collections while a batch runs (Python: 700).
BATCH_COLLECTION = 100_000


class Engine(Protocol):
    """Answers a batch line: its JSON answer, its code, and for an error its message."""

    def answer_text(self, text: bytes, line: int) -> tuple[str, int, str]: ...


def register(app: typer.Typer) -> None:
    """Give the ``check`` group its ``--batch`` option (subcommands keep working as before)."""

    @app.callback(invoke_without_command=True)
    def check_group(
        ctx: typer.Context,
        batch: Annotated[
            str | None,
            typer.Option(
                "--batch",
                metavar="FILE",
                help="Answer JSON lines from FILE (- for standard input), one ruling per line.",
            ),
        ] = None,
    ) -> None:
        if batch is None:
            if ctx.invoked_subcommand is None:
                typer.echo(ctx.get_help(), err=True)
                raise typer.Exit(2)
            return
        if ctx.invoked_subcommand is not None:
            raise typer.BadParameter(
                "give either --batch or a subcommand, not both", param_hint="--batch"
            )
        raise typer.Exit(run(batch))


def run(path: str, engine: Engine | None = None) -> int:
    """Answer every line of ``path`` (``-``: standard input) with ``engine`` (rulings by
    default); the exit code is the worst code.

    Input is read in chunks and the answers to each chunk are written and flushed before the
    next read, so a program that writes one line and waits gets its answer at once. Answers are
    pure, so a line seen before (byte for byte) is answered from memory.
    """
    if engine is None:
        from canasta_score.judging.batch import Batch

        engine = Batch()
    try:
        stream = sys.stdin.buffer if path == "-" else open(path, "rb")  # noqa: SIM115
    except FileNotFoundError:
        raise InputError(_("{path}: no such file").format(path=path)) from None
    except OSError as exc:
        text = _("{path}: cannot be read ({reason})")
        raise InputError(text.format(path=path, reason=exc.strerror)) from None
    # What is loaded by now lives as long as the process: the collector, run again and again
    # for the short-lived objects a batch makes, need not walk it each time. Those objects hold
    # no cycles (each line's are freed once its answer is written), so the collector waits for
    # far more of them than usual; only the bounded caches grow, and they are walked seldom.
    gc.freeze()
    thresholds = gc.get_threshold()
    gc.set_threshold(BATCH_COLLECTION, *thresholds[1:])
    try:
        return answer_stream(engine, stream)
    except BrokenPipeError:
        # The program reading the answers stopped (``... | head``): stop quietly.
        with suppress(OSError, ValueError):
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 2
    finally:
        gc.set_threshold(*thresholds)
        if stream is not sys.stdin.buffer:
            stream.close()


def answer_stream(engine: Engine, stream: IO[bytes]) -> int:
    """Answer the JSON lines of a byte stream; returns the worst code (0, 1 or 2).

    A line longer than the limit gets an error object as soon as it passes the limit, and the
    rest of it is read and dropped, so memory stays bounded whatever the input."""
    from canasta_score.core.limits import MAX_LINE

    read = getattr(stream, "read1", stream.read)
    answered: dict[bytes, tuple[str, int]] = {}
    worst = 0
    number = 0
    pending: list[bytes] = []  # the start of a line that has not ended yet
    size = 0  # bytes in pending
    skipping = False  # dropping the rest of a line that passed the limit
    while True:
        chunk = read(CHUNK)
        if chunk and b"\n" not in chunk:
            if not skipping:
                pending.append(chunk)
                size += len(chunk)
                if size > MAX_LINE:
                    number += 1
                    worst = 2
                    write_answers([too_long(number, MAX_LINE)])
                    pending, size, skipping = [], 0, True
            continue
        lines = b"".join([*pending, chunk]).split(b"\n")
        if skipping and chunk:
            lines.pop(0)  # the end of the line that passed the limit
            skipping = False
        pending = [lines.pop()] if chunk else []
        size = len(pending[0]) if pending else 0
        out: list[str] = []
        for raw in lines:
            number += 1
            known = answered.get(raw)
            if known is None:
                if not raw.strip():
                    continue
                if len(raw) > MAX_LINE:
                    text, code = too_long(number, MAX_LINE), 2
                else:
                    text, code, problem = engine.answer_text(raw, number)
                    if code == 2:
                        print(f"Error: line {number}: {problem}", file=sys.stderr)
                    else:
                        if len(answered) >= MEMO:
                            answered.clear()
                        answered[raw] = known = (text, code)
            else:
                text, code = known
            out.append(text)
            if code > worst:
                worst = code
        write_answers(out)
        if not chunk:
            return worst


def too_long(number: int, limit: int) -> str:
    """The error object of a line longer than the limit (also reported on stderr)."""
    from canasta_score.cli.common import json_text
    from canasta_score.core.limits import error, size_text

    data, _code = error(number, f"the line is longer than the limit of {size_text(limit)}")
    print(f"Error: line {number}: {data['error']}", file=sys.stderr)
    return json_text(data)


def write_answers(out: list[str]) -> None:
    """Write answers and flush them, so a program waiting for them gets them at once."""
    if out:
        from canasta_score.cli.terminal import write_escaped

        # Answers are JSON with every character a terminal acts on escaped: written as they are.
        write_escaped(sys.stdout, "\n".join(out) + "\n")
        sys.stdout.flush()
