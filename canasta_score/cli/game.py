"""Game commands: new, hand, status, history, undo, edit, export, import, games."""

from __future__ import annotations

import typer


def register(app: typer.Typer) -> None:
    """Add the game commands to the app."""
