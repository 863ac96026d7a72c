"""Changing a stored game: record, edit, undo and redo a hand, the one way for every front end.

The ``hand``, ``edit``, ``undo`` and ``redo`` commands and the ``play`` session call these; they
differ only in how they ask for the hand. Each function is one transaction of the store (see
:meth:`canasta_score.games.store.Store.update`): what it refuses leaves the game as it was.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from canasta_score.core.errors import GameError
from canasta_score.core.language import _

if TYPE_CHECKING:
    from canasta_score.games.game import Change, Game, Recorded, Undone
    from canasta_score.games.store import Ref, Store
    from canasta_score.games.summary import Summary


class EndsGame(GameError):
    """The hand would end the game and the person entering it has not said to save it: nothing
    was saved. ``done`` is the hand as it would have been recorded, to show before asking."""

    def __init__(self, done: Recorded) -> None:
        self.done = done
        super().__init__(
            _("hand {number} ends the game; nothing was saved").format(number=done.played.number)
        )


def record(
    store: Store,
    ref: Ref,
    data: dict[str, Any],
    revision: int | None = None,
    *,
    ends_game: bool = False,
) -> Recorded:
    """Record the next hand (reading none of the earlier hands: the summary counts them). A
    hand that ends the game is saved only when ``ends_game`` says the person entering it said
    yes to that; else :class:`EndsGame` is raised and the game is left as it was.
    ``revision``: the game's revision as the person entering the hand saw it; if the game
    changed since, nothing is saved (as for every function here)."""
    from canasta_score.games.game import record_hand

    def change(game: Game, summary: Summary) -> tuple[Game, Summary, Recorded]:
        changed, done = record_hand(game, data, summary)
        if done.summary.finished and not ends_game:
            raise EndsGame(done)
        return changed, done.summary, done

    return store.update(ref, change, whole=False, revision=revision)


def edit(
    store: Store, ref: Ref, number: int, data: dict[str, Any], revision: int | None = None
) -> Change:
    """Replace hand ``number``; every later hand is scored again."""
    from canasta_score.games.game import replace_hand

    def change(game: Game, _summary: Summary) -> tuple[Game, Summary, Change]:
        done = replace_hand(game, number, data)
        return done.after.game, done.after.summary(), done

    return store.update(ref, change, revision=revision)


def undo(
    store: Store,
    ref: Ref,
    shown: tuple[int, tuple[dict[str, Any], ...]] | None = None,
    revision: int | None = None,
) -> Undone:
    """Take back the last hand (kept for redo). ``shown``: the hand count and last hand as the
    person who confirmed it saw them; if the game changed since, nothing is removed."""
    from canasta_score.games.game import undo_hand

    def change(game: Game, summary: Summary) -> tuple[Game, Summary, Undone]:
        if shown is not None and (len(game.hands), game.hands[-1:]) != shown:
            raise GameError(_("the game changed while you were answering; nothing was removed"))
        changed, done = undo_hand(game, summary)
        return changed, done.summary, done

    return store.update(ref, change, revision=revision)


def redo(store: Store, ref: Ref, revision: int | None = None) -> Recorded:
    """Put back the hand undo took back last."""
    from canasta_score.games.game import redo_hand

    def change(game: Game, summary: Summary) -> tuple[Game, Summary, Recorded]:
        changed, done = redo_hand(game, summary)
        return changed, done.summary, done

    return store.update(ref, change, revision=revision)
