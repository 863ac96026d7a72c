"""Where the command line finds games: the game home, the store and a command's game."""

from __future__ import annotations

import os
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING

import typer

from canasta_score.core.errors import GameError

if TYPE_CHECKING:
    from canasta_score.games.store import Ref, Store


HOME_ENV = "CANASTA_SCORE_HOME"
# The game database's name in the home (canasta_score.games.store.DATABASE), known here without
# loading the store.
DATABASE = "games.db"


def home_folder() -> Path:
    """The game home: ``$CANASTA_SCORE_HOME`` if set, else the per-user application folder."""
    env = os.environ.get(HOME_ENV, "").strip()
    return Path(env).expanduser() if env else Path(typer.get_app_dir("canasta-score"))


def has_games(home: Path) -> bool:
    """Whether the home holds a game database (or game files of an earlier version): known
    without loading the store, so a ruling in a home without games loads none of it."""
    return (home / DATABASE).is_file() or any(home.glob("*.toml"))


def open_store() -> Store:
    """The game store of the home; a change waits for another up to
    $CANASTA_SCORE_LOCK_TIMEOUT seconds (default 30), saying so on standard error."""
    from canasta_score.games.store import Store, timeout_from_env

    tell = partial(typer.echo, err=True)
    return Store(home_folder(), timeout_from_env(), tell, tell)


def open_game(ref: str | None, writable: bool = False) -> tuple[Store, Ref]:
    """The game store and the game: the one --game names (for this command only), else the
    current game (without one, the message says how to name or start one); ``writable``: one
    that can be changed."""
    from canasta_score.core.language import _
    from canasta_score.games.store import NoCurrentGame

    store = open_store()
    try:
        found = store.locate(ref)
    except NoCurrentGame as exc:
        if ref is None:  # without a name, the current game is what is missing
            raise GameError(
                _(
                    '{problem} (--game NAME; "canasta-score games" lists them, '
                    '"canasta-score new" starts one)'
                ).format(problem=exc)
            ) from None
        raise
    if writable:
        store.writable(found)
    return store, found
