"""The game database's schema: ordered migrations, run when the database is opened.

Each migration is a function that takes the open connection and changes the schema one step;
``PRAGMA user_version`` holds how many have run. A database made by an older version of the
program is copied first (SQLite's backup API, beside the database) and then brought up to date
in one transaction; one made by a newer version is refused rather than guessed at.

A new stored field is a new migration at the end of :data:`MIGRATIONS` (never a change to one
that has shipped), and its reading and writing in :mod:`canasta_score.games.store`.

The tables:

* ``games``: one row a game: its name, an identity kept through export and import, when it was
  created and last changed, the first dealer, the sides (JSON) and the whole ruleset snapshot
  (JSON). ``revision`` counts its changes (triggers keep it, whoever changes a hand).
* ``hands``: each hand as it was entered (its record as JSON), numbered from 1.
* ``undone``: the hands ``undo`` took back, in order (``redo`` puts the last one back).
* ``settings``: the current game.
* ``summaries`` and ``lines``: derived data, each hand's line of the score sheet (and, once
  worked out, its breakdown) and the game's state after the last hand, stamped as
  :mod:`canasta_score.games.store` says.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable

Migration = Callable[[sqlite3.Connection], None]


def m001_games(db: sqlite3.Connection) -> None:
    db.execute(
        """
        CREATE TABLE games (
            id INTEGER PRIMARY KEY,
            name TEXT NOT NULL UNIQUE,
            uid TEXT NOT NULL UNIQUE,
            created TEXT NOT NULL,
            changed TEXT NOT NULL,
            first_dealer TEXT NOT NULL,
            sides TEXT NOT NULL,
            ruleset TEXT NOT NULL,
            revision INTEGER NOT NULL DEFAULT 0
        )
        """
    )
    for table, number in (("hands", "number"), ("undone", "position")):
        db.execute(
            f"""
            CREATE TABLE {table} (
                game INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
                {number} INTEGER NOT NULL,
                record TEXT NOT NULL,
                PRIMARY KEY (game, {number})
            ) WITHOUT ROWID
            """
        )
        # Any change to a game's hands, by this program or by hand, makes its derived data
        # old: the revision is part of what the derived data is stamped with.
        for event, row in (("INSERT", "NEW"), ("UPDATE", "NEW"), ("DELETE", "OLD")):
            db.execute(
                f"""
                CREATE TRIGGER {table}_{event.lower()} AFTER {event} ON {table}
                BEGIN
                    UPDATE games SET revision = revision + 1 WHERE id = {row}.game;
                END
                """
            )
    db.execute(
        """
        CREATE TRIGGER games_update AFTER UPDATE OF name, created, first_dealer, sides, ruleset
        ON games
        BEGIN
            UPDATE games SET revision = revision + 1 WHERE id = NEW.id;
        END
        """
    )
    db.execute("CREATE TABLE settings (key TEXT PRIMARY KEY, value TEXT NOT NULL)")
    db.execute(
        """
        CREATE TABLE summaries (
            game INTEGER PRIMARY KEY REFERENCES games(id) ON DELETE CASCADE,
            stamp TEXT NOT NULL,
            revision INTEGER NOT NULL,
            head TEXT NOT NULL,
            facts TEXT
        )
        """
    )
    db.execute(
        """
        CREATE TABLE lines (
            game INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
            number INTEGER NOT NULL,
            line TEXT NOT NULL,
            score TEXT,
            PRIMARY KEY (game, number)
        ) WITHOUT ROWID
        """
    )


MIGRATIONS: tuple[Migration, ...] = (m001_games,)
LATEST = len(MIGRATIONS)
