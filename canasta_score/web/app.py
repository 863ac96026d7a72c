"""The web application of ``serve``: one game, two links, every page live.

* **Links and tokens.** Each server has two unguessable tokens (:mod:`secrets`): the viewer's
  link reads, the scorer's link may also enter, edit, undo and redo hands. A request without a
  token of this server gets 403 and changes nothing; a viewer's change gets 403 too. Every form
  that changes the game carries the server's CSRF token, and its revision (see
  :meth:`canasta_score.games.store.Store.revision`): a change made on a page that no longer
  shows the game as it is is refused, the person is told, and what they typed is kept.
* **One path.** A hand is recorded, edited, undone and redone by
  :mod:`canasta_score.games.scorekeeper` (one transaction of the store each), as on the command
  line; the hand form and the rulings are read by :mod:`canasta_score.web.views`.
* **Live.** One watcher a server polls the game's revision a few times a second and, when it
  changes (on a phone, on the command line, in ``play``), renders the sheet once for each
  language in use and sends it to every open page by server-sent events: twenty pages cost one
  poll and one rendering.
* **Bounded.** A request body is read up to :data:`MAX_BODY` bytes, a form up to
  :data:`MAX_FIELDS` fields; the pages hold no inline script, and the Content-Security-Policy
  says so. The only files served are the program's own script and style sheet, by name.

All the work of a request is done on the server's event loop, one request at a time: the
language a page is said in is the program's language while it is rendered.
"""

from __future__ import annotations

import asyncio
import secrets
import threading
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager, suppress
from dataclasses import field
from pathlib import Path
from typing import TYPE_CHECKING, Any
from urllib.parse import parse_qsl, urlencode

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import (
    HTMLResponse,
    PlainTextResponse,
    RedirectResponse,
    Response,
    StreamingResponse,
)
from starlette.routing import Route

from canasta_score.core import language
from canasta_score.core.errors import CanastaError, GameError
from canasta_score.core.frozen import record
from canasta_score.core.language import _

if TYPE_CHECKING:
    from canasta_score.games.store import Ref, Store

MAX_BODY = 32 * 1024
MAX_FIELDS = 300
POLL = 0.25  # seconds between two looks at the game's revision
MAX_LISTENERS = 200  # open pages a server keeps live
KEEP_ALIVE = 15.0  # seconds between two comments on a quiet stream
SCORER, VIEWER = "scorer", "viewer"
POLICY = (
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "connect-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'"
)
HEADERS = {
    "Content-Security-Policy": POLICY,
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "Cache-Control": "no-store",
    "X-Frame-Options": "DENY",
}
ASSETS = {"app.js": "text/javascript", "app.css": "text/css"}


class Refused(Exception):
    """A request this server does not serve (its HTTP status and what it says)."""

    def __init__(self, status: int, text: str) -> None:
        super().__init__(text)
        self.status = status


@record
class Table:
    """What a server serves: one game of one game home, its tokens, its language (and each
    thread's connection to the store, kept apart from its value)."""

    home: Path
    game: str
    lang: str = language.ENGLISH
    timeout: float = 5.0
    viewer: str = field(default_factory=lambda: secrets.token_urlsafe(18))
    scorer: str = field(default_factory=lambda: secrets.token_urlsafe(18))
    csrf: str = field(default_factory=lambda: secrets.token_urlsafe(18))
    _local: threading.local = field(
        default_factory=threading.local, compare=False, repr=False, metadata={"cache": True}
    )

    def store(self) -> Store:
        """The store, one connection a thread (SQLite's connections stay in their thread)."""
        found: Store | None = getattr(self._local, "store", None)
        if found is None:
            from canasta_score.games.store import Store

            found = self._local.store = Store(self.home, self.timeout)
        return found

    def close(self) -> None:
        """Close this thread's connection to the store."""
        found: Store | None = getattr(self._local, "store", None)
        if found is not None:
            found.close()
            self._local.store = None

    @property
    def ref(self) -> Ref:
        from canasta_score.games.store import Ref

        return Ref(self.game)

    def role(self, token: str) -> str:
        """Who a token lets in; any other token is refused (403)."""
        if secrets.compare_digest(token.encode(), self.scorer.encode()):
            return SCORER
        if secrets.compare_digest(token.encode(), self.viewer.encode()):
            return VIEWER
        raise Refused(403, _("This link is not valid for this game."))


class Hub:
    """One watcher of the game's revision, and every open page told of a change."""

    def __init__(self, table: Table, poll: float = POLL) -> None:
        self.table = table
        self.poll = poll
        self.listeners: set[asyncio.Queue[int]] = set()
        self.revision = -1
        self.sheets: dict[tuple[int, str], str] = {}
        self.stopping = asyncio.Event()
        self.renders = 0

    def look(self) -> bool:
        """Look at the game's revision once; tell every page when it changed."""
        try:
            now = self.table.store().revision(self.table.ref)
        except CanastaError:
            return False
        if now == self.revision:
            return False
        self.revision = now
        for queue in list(self.listeners):
            with suppress(asyncio.QueueFull):
                queue.put_nowait(now)
        return True

    def stop(self) -> None:
        """End every page's stream (the server is stopping)."""
        self.stopping.set()
        for queue in list(self.listeners):
            with suppress(asyncio.QueueFull):
                queue.put_nowait(-1)

    async def watch(self) -> None:
        while not self.stopping.is_set():
            self.look()
            with suppress(TimeoutError):
                await asyncio.wait_for(self.stopping.wait(), self.poll)

    def sheet(self, revision: int, lang: str) -> str:
        """The sheet at ``revision`` in ``lang``, rendered once for every page."""
        key = (revision, lang)
        if key not in self.sheets:
            if len(self.sheets) > 8:
                self.sheets.clear()
            with language.speaking(lang):
                self.sheets[key] = render_sheet(self.table)
            self.renders += 1
        return self.sheets[key]

    async def stream(self, seen: int, lang: str) -> AsyncIterator[str]:
        """The events of one page: the sheet each time the game changes (``seen``: the
        revision the page shows), until the server stops."""
        queue: asyncio.Queue[int] = asyncio.Queue(maxsize=4)
        self.listeners.add(queue)
        try:
            yield "retry: 1000\n\n"
            if self.revision > seen:
                queue.put_nowait(self.revision)
            while not self.stopping.is_set():
                try:
                    revision = await asyncio.wait_for(queue.get(), KEEP_ALIVE)
                except TimeoutError:
                    yield ": still here\n\n"
                    continue
                while not queue.empty() and revision >= 0:
                    revision = queue.get_nowait()
                if revision < 0:
                    break
                html = self.sheet(revision, lang)
                data = "".join(f"data: {line}\n" for line in html.splitlines())
                yield f"event: sheet\nid: {revision}\n{data}\n"
        finally:
            self.listeners.discard(queue)


# ---------------------------------------------------------------- rendering


def render_sheet(table: Table) -> str:
    """The live part of a page: the sheet of the game as it is now."""
    from canasta_score.web.views import environment, sheet_context

    store = table.store()
    log = store.log(table.ref)
    return environment().get_template("sheet.html.j2").render(**sheet_context(log, log.summary()))


def page(
    hub: Hub,
    role: str,
    lang: str,
    *,
    form: Any = None,
    notice: str = "",
    problem: str = "",
    ruling: Any = None,
    editing: int = 0,
    status: int = 200,
) -> Response:
    """The page of a link: the sheet, and for the scorer the hand form, undo and redo; the
    rulings for everyone."""
    from markupsafe import Markup

    from canasta_score import __version__
    from canasta_score.web.views import RANKS, environment, hand_form, ruling_form

    table = hub.table
    store = table.store()
    revision = store.revision(table.ref)
    # The sheet as every open page was sent it (rendered once a revision and language).
    sheet = Markup(hub.sheet(revision, lang))
    summary = store.summary(table.ref)
    game = store.load(table.ref, hands=False)
    rs = game.rules()
    if role == SCORER and form is None and not summary.finished:
        form = hand_form(game, rs, summary.hands + 1)
    if ruling is None:
        ruling = ruling_form("meld", {}, [s.name for s in game.sides])[0]
    token = table.scorer if role == SCORER else table.viewer
    other = language.KOREAN if lang == language.ENGLISH else language.ENGLISH
    words = page_words()
    html = (
        environment()
        .get_template("serve.html.j2")
        .render(
            sheet=sheet,
            game=summary.game,
            ruleset_name=rs.shown_name,
            lang=lang,
            version=__version__,
            base=f"/{token}/",
            query=urlencode({"lang": lang}),
            other_lang=other,
            other_query=urlencode({"lang": other}),
            other_name="한국어" if other == language.KOREAN else "English",
            scorer=role == SCORER,
            role=words["scorer"] if role == SCORER else words["viewer"],
            csrf=table.csrf,
            revision=revision,
            form=form,
            editing=editing,
            ruling=ruling,
            notice=notice,
            problem=problem,
            can_undo=summary.hands > 0,
            can_redo=bool(game.undone),
            ranks=RANKS,
            w=words,
        )
    )
    return HTMLResponse(html, status, headers=HEADERS)


def page_words() -> dict[str, str]:
    """What every page says whatever the game."""
    from canasta_score import __version__

    return {
        "scorer": _("scorer"),
        "viewer": _("viewer (read only)"),
        "sheet": _("Score sheet"),
        "enter": _("Enter hand {number}, dealt by {dealer}"),
        "edit": _("Edit hand {number}"),
        "who_out": _("Who went out?"),
        "nobody": _("nobody"),
        "check": _("Show the breakdown"),
        "save": _("Save this hand"),
        "save_ends": _("Save this hand (it ends the game)"),
        "undo": _("Undo the last hand"),
        "redo": _("Redo"),
        "problems": _("Not yet:"),
        "after": _("total {total}"),
        "rulings": _("Rulings"),
        "ask": _("Ask"),
        "which": _("Question"),
        "side_any": _("(no side)"),
        "yes": _("yes"),
        "no": _("no"),
        "melds_help": _("one meld a line"),
        "clear_cards": _("clear"),
        "over": _("The game is over; undo or edit a hand to go on."),
        "hands": _("Hands"),
        "item": _("Item"),
        "points": _("Points"),
        "rule": _("Rule"),
        "live": _("Live: this page changes by itself when a hand is entered."),
        "warning": _("warning: {problem}"),
        "cancel": _("Cancel"),
        "made_by": _("Made by canasta-score {version}.").format(version=__version__),
    }


# ---------------------------------------------------------------- requests


async def read_form(request: Request) -> dict[str, str]:
    """A posted form (URL-encoded), read up to :data:`MAX_BODY` bytes and :data:`MAX_FIELDS`
    fields; a field given twice keeps its first value."""
    from canasta_score.web.views import plain_number

    declared = plain_number(request.headers.get("content-length", ""), 20)
    if declared is not None and declared > MAX_BODY:
        raise Refused(413, _("The request is too large."))
    body = bytearray()
    async for chunk in request.stream():
        body += chunk
        if len(body) > MAX_BODY:
            raise Refused(413, _("The request is too large."))
    try:
        pairs = parse_qsl(body.decode("utf-8"), keep_blank_values=True, max_num_fields=MAX_FIELDS)
    except (UnicodeDecodeError, ValueError):
        raise Refused(400, _("The form could not be read.")) from None
    out: dict[str, str] = {}
    for key, value in pairs:
        out.setdefault(key, value)
    return out


def chosen_lang(table: Table, given: str | None) -> str:
    return given if given in language.LANGUAGES else table.lang


async def posted(request: Request, table: Table) -> tuple[dict[str, str], str, int]:
    """A change from the scorer's page: its form, language and the revision it showed."""
    from canasta_score.web.views import plain_number

    scorer_only(table, request)
    values = await read_form(request)
    if not secrets.compare_digest(values.get("csrf", "").encode(), table.csrf.encode()):
        raise Refused(403, _("This form is out of date; reload the page."))
    revision = plain_number(values.get("revision", ""))
    return (
        values,
        chosen_lang(table, values.get("lang")),
        -1 if revision is None else revision,
    )


def scorer_only(table: Table, request: Request) -> None:
    """Refuse (403) the viewer's link where the page changes the game."""
    if table.role(request.path_params["token"]) != SCORER:
        raise Refused(403, _("This link only shows the game; it cannot change it."))


def done(table: Table, lang: str, **said: int) -> Response:
    """After a change: back to the scorer's page (which says what was done)."""
    query = urlencode({"lang": lang, **said})
    return RedirectResponse(f"/{table.scorer}/?{query}", 303, headers=HEADERS)


def build(table: Table, poll: float = POLL) -> Starlette:
    """The web application serving ``table``."""
    hub = Hub(table, poll)

    def guarded(handler: Any) -> Any:
        async def run(request: Request) -> Response:
            try:
                response: Response = await handler(request)
                return response
            except Refused as exc:
                return PlainTextResponse(str(exc), exc.status, headers=HEADERS)
            except CanastaError as exc:  # the game cannot be read now: said, never a traceback
                return PlainTextResponse(str(exc), 409, headers=HEADERS)

        return run

    async def home(request: Request) -> Response:
        with language.speaking(chosen_lang(table, request.query_params.get("lang"))):
            raise Refused(403, _("This link is not valid for this game."))

    async def asset(request: Request) -> Response:
        from canasta_score.web.views import asset as read_asset

        name = request.path_params["name"]
        if name not in ASSETS:
            raise Refused(404, _("Not found."))
        return Response(
            read_asset(name),
            media_type=ASSETS[name],
            headers={**HEADERS, "Cache-Control": "max-age=300"},
        )

    async def show(request: Request) -> Response:
        lang = chosen_lang(table, request.query_params.get("lang"))
        with language.speaking(lang):
            role = table.role(request.path_params["token"])
            notice = notice_of(request.query_params)
            return page(hub, role, lang, notice=notice)

    async def events(request: Request) -> Response:
        lang = chosen_lang(table, request.query_params.get("lang"))
        with language.speaking(lang):
            table.role(request.path_params["token"])
            if len(hub.listeners) >= MAX_LISTENERS:
                raise Refused(503, _("Too many pages are open."))
        from canasta_score.web.views import plain_number

        seen = plain_number(request.query_params.get("revision", ""))
        stream = hub.stream(-1 if seen is None else seen, lang)
        return StreamingResponse(
            stream,
            media_type="text/event-stream",
            headers={**HEADERS, "X-Accel-Buffering": "no"},
        )

    async def hand(request: Request) -> Response:
        from canasta_score.games import scorekeeper
        from canasta_score.games.game import entered_now
        from canasta_score.games.store import GameChanged

        values, lang, revision = await posted(request, table)
        with language.speaking(lang):
            form = entered_form(table, values)
            if form.problems or values.get("do") != "save":
                return page(hub, SCORER, lang, form=form, status=200 if not form.problems else 400)
            assert form.record is not None
            try:
                # Save is pressed on the breakdown shown before it: the explicit yes a hand
                # that ends the game needs.
                saved = scorekeeper.record(
                    table.store(), table.ref, entered_now(form.record), revision, ends_game=True
                )
            except GameChanged as exc:
                form = entered_form(table, values)
                return page(hub, SCORER, lang, form=form, problem=str(exc), status=409)
            except GameError as exc:
                return page(hub, SCORER, lang, form=form, problem=str(exc), status=400)
            return done(table, lang, saved=saved.played.number)

    async def preview(request: Request) -> Response:
        from canasta_score.web.views import environment

        values, lang, _revision = await posted(request, table)
        with language.speaking(lang):
            try:
                form = entered_form(table, values)
            except GameError as exc:
                raise Refused(409, str(exc)) from None
            html = environment().get_template("preview.html.j2").render(form=form, w=page_words())
        return HTMLResponse(html, headers=HEADERS)

    def hand_number(request: Request) -> int:
        """The hand an edit link names (``edit?hand=N``: at the depth of every other page, so
        the sheet's links, relative, lead to the same place from each); any other is not
        found."""
        from canasta_score.web.views import plain_number

        number = plain_number(request.query_params.get("hand", ""))
        if number is None:
            raise Refused(404, _("Not found."))
        return number

    async def edit_page(request: Request) -> Response:
        from canasta_score.web.views import form_values, hand_form

        lang = chosen_lang(table, request.query_params.get("lang"))
        with language.speaking(lang):
            scorer_only(table, request)
            number = hand_number(request)
            store = table.store()
            game = store.load(table.ref)
            if not 1 <= number <= len(game.hands):
                raise Refused(404, _("Not found."))
            values = form_values(game, game.hands[number - 1])
            if values is None:
                problem = _(
                    "hand {number} was entered card by card; edit it on the command line "
                    "(canasta-score edit {number})"
                ).format(number=number)
                return page(hub, SCORER, lang, problem=problem, status=409)
            form = hand_form(game, game.rules(), number, values)
            return page(hub, SCORER, lang, form=form, editing=number)

    async def edit(request: Request) -> Response:
        from canasta_score.games import scorekeeper
        from canasta_score.games.store import GameChanged

        values, lang, revision = await posted(request, table)
        with language.speaking(lang):
            number = hand_number(request)
            values["number"] = str(number)
            try:
                form = entered_form(table, values)
            except GameError as exc:
                return page(hub, SCORER, lang, problem=str(exc), status=409)
            if form.problems or values.get("do") != "save":
                status = 400 if form.problems else 200
                return page(hub, SCORER, lang, form=form, editing=number, status=status)
            assert form.record is not None
            try:
                scorekeeper.edit(table.store(), table.ref, number, form.record, revision)
            except GameError as exc:
                status = 409 if isinstance(exc, GameChanged) else 400
                return page(
                    hub, SCORER, lang, form=form, editing=number, problem=str(exc), status=status
                )
            return done(table, lang, edited=number)

    def undo_or_redo(undo: bool) -> Callable[[Request], Awaitable[Response]]:
        """The handler that takes back the last hand (``undo``), or puts back the one taken
        back last."""
        from canasta_score.games import scorekeeper

        async def handler(request: Request) -> Response:
            _values, lang, revision = await posted(request, table)
            with language.speaking(lang):
                try:
                    if undo:
                        undone = scorekeeper.undo(table.store(), table.ref, revision=revision)
                        return done(table, lang, undone=undone.line.number)
                    redone = scorekeeper.redo(table.store(), table.ref, revision=revision)
                    return done(table, lang, redone=redone.played.number)
                except GameError as exc:
                    return page(hub, SCORER, lang, problem=str(exc), status=409)

        return handler

    async def ruling(request: Request) -> Response:
        from canasta_score.web.views import read_ruling, ruling_form

        params = request.query_params
        lang = chosen_lang(table, params.get("lang"))
        values = {k: v[:2000] for k, v in list(params.items())[:MAX_FIELDS]}
        with language.speaking(lang):
            role = table.role(request.path_params["token"])
            store = table.store()
            game = store.load(table.ref, hands=False)
            if values.get("pick"):
                names = [s.name for s in game.sides]
                answer = ruling_form(values.get("check", ""), {}, names)[0]
            else:
                summary = store.summary(table.ref)
                answer = read_ruling(values.get("check", ""), values, game.rules(), summary)
            return page(hub, role, lang, ruling=answer)

    @asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        hub.look()
        watcher = asyncio.create_task(hub.watch())
        try:
            yield
        finally:
            hub.stop()
            watcher.cancel()
            with suppress(asyncio.CancelledError):
                await watcher
            table.close()

    routes = [
        Route("/", guarded(home)),
        Route("/static/{name}", guarded(asset)),
        Route("/{token}/", guarded(show)),
        Route("/{token}/events", guarded(events)),
        Route("/{token}/hand", guarded(hand), methods=["POST"]),
        Route("/{token}/hand/preview", guarded(preview), methods=["POST"]),
        Route("/{token}/undo", guarded(undo_or_redo(undo=True)), methods=["POST"]),
        Route("/{token}/redo", guarded(undo_or_redo(undo=False)), methods=["POST"]),
        Route("/{token}/edit", guarded(edit_page)),
        Route("/{token}/edit", guarded(edit), methods=["POST"]),
        Route("/{token}/ruling", guarded(ruling)),
    ]
    app = Starlette(routes=routes, lifespan=lifespan)
    app.state.hub = hub
    app.state.table = table
    return app


def entered_form(table: Table, values: dict[str, str]) -> Any:
    """The hand form as posted, read and scored as the game's next hand, or (``number``) as
    the hand it edits."""
    from canasta_score.games.game import check_hand_number, totals_before
    from canasta_score.web.views import plain_number, read_hand

    store = table.store()
    given = plain_number(values.get("number", ""))
    editing = given is not None
    summary = store.summary(table.ref, last_only=not editing)
    number = summary.hands + 1 if given is None else given
    if editing:
        check_hand_number(summary.game, summary.hands, number)
    game = store.load(table.ref, hands=editing)
    old = game.hands[number - 1] if editing else None
    return read_hand(game, game.rules(), number, totals_before(summary, number), values, old)


def notice_of(params: Any) -> str:
    """What the page says after a change it was sent back from."""
    from canasta_score.web.views import plain_number

    for key, text in (
        ("saved", _("Hand {number} saved.")),
        ("undone", _("Hand {number} taken back; redo puts it back.")),
        ("redone", _("Hand {number} put back.")),
        ("edited", _("Hand {number} changed.")),
    ):
        value = plain_number(params.get(key, ""), 7)
        if value is not None:
            return text.format(number=value)
    return ""
