"""The game at the table, on every phone: the pages and routes of ``canasta-score serve``.

``views`` turns a game into what a page shows (the sheet, the hand form, a ruling) by calling
the same library functions the command line calls; ``app`` is the web application (Starlette)
with its links, tokens and live updates. Nothing here prints, and nothing here imports Typer;
the web libraries are imported only here and by the ``serve`` command.
"""
