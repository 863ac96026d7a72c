"""``check --batch FILE|-`` and ``score-hand --batch FILE|-``: JSON lines in, one answer object
per line out."""

from __future__ import annotations

import json
import os
import sys
from contextlib import suppress
from typing import IO, Annotated, Any, Protocol

import typer

CHUNK = 1 << 16
MEMO = 1 << 16


class Engine(Protocol):
    """What answers batch lines: the answer object of one line and its code."""

    def answer_line(self, text: bytes, line: int) -> tuple[dict[str, Any], int]: ...


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
        """Is this play legal? Exit 0 legal, 1 illegal, 2 bad input."""
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
    from canasta_score.errors import InputError

    if engine is None:
        from canasta_score.batch import Batch

        engine = Batch()
    try:
        stream = sys.stdin.buffer if path == "-" else open(path, "rb")  # noqa: SIM115
    except FileNotFoundError:
        raise InputError(f"{path}: no such file") from None
    except OSError as exc:
        raise InputError(f"{path}: cannot be read ({exc.strerror})") from None
    try:
        return answer_stream(engine, stream)
    except BrokenPipeError:
        # The program reading the answers stopped (``... | head``): stop quietly.
        with suppress(OSError, ValueError):
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 2
    finally:
        if stream is not sys.stdin.buffer:
            stream.close()


def answer_stream(engine: Engine, stream: IO[bytes]) -> int:
    """Answer the JSON lines of a byte stream; returns the worst code (0, 1 or 2)."""
    read = getattr(stream, "read1", stream.read)
    answered: dict[bytes, tuple[str, int]] = {}
    worst = 0
    number = 0
    pending: list[bytes] = []  # the start of a line that has not ended yet
    while True:
        chunk = read(CHUNK)
        if chunk and b"\n" not in chunk:
            pending.append(chunk)
            continue
        lines = b"".join([*pending, chunk]).split(b"\n")
        pending = [lines.pop()] if chunk else []
        out: list[str] = []
        for raw in lines:
            number += 1
            known = answered.get(raw)
            if known is None:
                if not raw.strip():
                    continue
                data, code = engine.answer_line(raw, number)
                text = json.dumps(data, ensure_ascii=False)
                if code == 2:
                    print(f"Error: line {number}: {data['error']}", file=sys.stderr)
                else:
                    if len(answered) >= MEMO:
                        answered.clear()
                    answered[raw] = known = (text, code)
            else:
                text, code = known
            out.append(text)
            worst = max(worst, code)
        if out:
            sys.stdout.write("\n".join(out) + "\n")
            sys.stdout.flush()
        if not chunk:
            return worst
