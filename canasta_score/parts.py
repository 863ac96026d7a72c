"""An export as its frame (what comes before, between and after the hands) and each hand's
part, so that an export after a change writes only the hands that changed and copies the rest
(see :mod:`canasta_score.exported`). The frame and the parts put together are, byte for byte,
what the writers of :mod:`canasta_score.export` make."""

from __future__ import annotations

import json
from dataclasses import dataclass

from canasta_score.game import Log, Played
from canasta_score.safe_text import escape_strings
from canasta_score.summary import Summary

# The formats kept in parts (HTML is written whole).
PARTED = ("json", "toml", "csv", "md")
# Stands for the hands while the frame is written; a frame holding it more than once (a name
# that holds it too) is not split, and the export is written whole. Long enough that TOML never
# writes it as an inline table.
MARK = "canasta-score:the-hands-go-here:" + "-" * 80 + ":7f3a9c"


@dataclass(frozen=True)
class Pieces:
    """``frame[0]``, run 0, ``frame[1]``, run 1, ... ``frame[-1]``: each run is every hand's
    part in turn, joined by ``joins[run]``; ``runs`` holds the parts of the hands from
    ``start`` on (the earlier ones are not written)."""

    frame: tuple[str, ...]
    joins: tuple[str, ...]
    runs: tuple[tuple[str, ...], ...]
    start: int


def pieces(
    log: Log,
    fmt: str,
    detail: bool,
    full: bool,
    start: int = 0,
    summary: Summary | None = None,
    count: int | None = None,
) -> Pieces | None:
    """The export of a game with at least one hand in parts; None when it cannot be split.
    Given the game's ``summary`` and its ``count`` of hands, ``log`` may hold only the hands
    from ``start`` on; else it holds them all."""
    if summary is None or count is None:
        later, summary, count = log.played[start:], log.summary(), len(log.played)
    else:
        later = log.played
    if fmt == "json":
        return json_pieces(log, later, start, summary)
    if fmt == "toml":
        return toml_pieces(log, later, start, summary)
    if fmt == "csv":
        from canasta_score.export import csv_head, csv_rows

        rows = tuple(csv_rows(hand, detail) for hand in later)
        return Pieces((csv_head(log, detail), ""), ("",), (rows,), start)
    if fmt == "md":
        from canasta_score.export import markdown_frame, markdown_row, markdown_section

        head, middle, tail = markdown_frame(log, full, summary, count)
        frame = (
            "\n".join(head) + "\n",
            "\n" + "\n".join(middle) + "\n",
            "\n" + "\n".join(tail) if tail else "",
        )
        rows = tuple(markdown_row(hand) for hand in later)
        sections = tuple("\n".join(markdown_section(hand, full)) for hand in later)
        return Pieces(frame, ("\n", "\n"), (rows, sections), start)
    return None


def split(text: str, mark: str) -> tuple[str, str] | None:
    if text.count(mark) != 1:
        return None
    before, after = text.split(mark)
    return escape_strings(before), escape_strings(after)


def json_pieces(log: Log, later: tuple[Played, ...], start: int, summary: Summary) -> Pieces | None:
    from canasta_score.logdata import hand_data, log_data

    text = json.dumps(log_data(log, [MARK], summary), ensure_ascii=False, indent=2) + "\n"
    frame = split(text, f'    "{MARK}"')
    if frame is None:
        return None
    parts = tuple(
        escape_strings(
            "\n".join(
                "    " + line
                for line in json.dumps(hand_data(hand), ensure_ascii=False, indent=2).split("\n")
            )
        )
        for hand in later
    )
    return Pieces(frame, (",\n",), (parts,), start)


def toml_pieces(log: Log, later: tuple[Played, ...], start: int, summary: Summary) -> Pieces | None:
    import tomli_w

    from canasta_score.export import drop_none
    from canasta_score.logdata import hand_data, log_data

    text = tomli_w.dumps(drop_none(log_data(log, [{"mark": MARK}], summary)))
    frame = split(text, f'[[hands]]\nmark = "{MARK}"\n')
    if frame is None:
        return None
    parts = tuple(
        escape_strings(tomli_w.dumps({"hands": [drop_none(hand_data(hand))]})) for hand in later
    )
    if not all(part.startswith("[[hands]]\n") for part in parts):
        return None  # a hand short enough to be an inline table: the export is written whole
    return Pieces(frame, ("\n",), (parts,), start)


def whole(found: Pieces) -> str:
    """The export the pieces make (all hands' parts written)."""
    if found.start:
        raise ValueError("the pieces lack the first hands")
    out = [found.frame[0]]
    for run, join, after in zip(found.runs, found.joins, found.frame[1:], strict=True):
        out += [join.join(run), after]
    return "".join(out)
