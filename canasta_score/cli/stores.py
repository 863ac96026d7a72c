"""Where the command line finds games: the game store and the game a command is about."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import typer

if TYPE_CHECKING:
    from canasta_score.store import Ref, Store


def open_store() -> Store:
    """The game store: $CANASTA_SCORE_HOME, else the per-user application folder; a change
    waits for another command's change up to $CANASTA_SCORE_LOCK_TIMEOUT seconds (default 30),
    saying so on standard error after a second."""
    from canasta_score.store import Store, game_home, timeout_from_env

    home = game_home(Path(typer.get_app_dir("canasta-score")))

    def tell(text: str) -> None:
        typer.echo(text, err=True)

    return Store(home, timeout_from_env(), tell, tell)


def find(store: Store, ref: str | None) -> Ref:
    """The game: the one --game names (for this command only), else the current game.
    Without a current game the message says how to name or start one."""
    from canasta_score.errors import GameError
    from canasta_score.language import _
    from canasta_score.store import NoCurrentGame

    try:
        return store.locate(ref)
    except NoCurrentGame as exc:
        if ref is None:  # without a name, the current game is what is missing
            raise GameError(
                _(
                    '{problem} (--game NAME; "canasta-score games" lists them, '
                    '"canasta-score new" starts one)'
                ).format(problem=exc)
            ) from None
        raise
