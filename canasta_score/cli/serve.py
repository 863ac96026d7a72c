"""The serve command: the game's sheet on every phone at the table (see canasta_score.web)."""

from __future__ import annotations

import socket
from typing import TYPE_CHECKING, Annotated

import typer

from canasta_score.cli.common import GameOpt
from canasta_score.core.errors import GameError
from canasta_score.core.language import _, system_reason

if TYPE_CHECKING:
    from types import FrameType

    from starlette.applications import Starlette


LOOPBACK = "127.0.0.1"
EVERYWHERE = "0.0.0.0"


def lan_address() -> str:
    """This machine's address on the local network, as its name resolves (no packet is
    sent); else its name as the local network knows it (``NAME.local``)."""
    name = socket.gethostname()
    try:
        infos = socket.getaddrinfo(name, None, socket.AF_INET)
    except OSError:
        infos = []
    found = [str(info[4][0]) for info in infos if not str(info[4][0]).startswith("127.")]
    return found[0] if found else f"{name}.local"


def qr_text(link: str) -> str:
    """A QR code of ``link`` drawn with block characters for the terminal."""
    import io

    import segno

    out = io.StringIO()
    segno.make(link, error="m").terminal(out=out, compact=True, border=2)
    return out.getvalue()


def serve_cmd(
    game: GameOpt = None,
    port: Annotated[
        int,
        typer.Option(
            "--port",
            "-p",
            metavar="N",
            help="The port to listen on (0: any free one).",
            min=0,
            max=65535,
        ),
    ] = 8421,
    lan: Annotated[
        bool,
        typer.Option(
            "--lan", help="Be reachable from the local network (else from this machine only)."
        ),
    ] = False,
    qr: Annotated[bool, typer.Option("--qr/--no-qr", help="Print a QR code of each link.")] = True,
) -> None:
    """Show the game's sheet live on every phone at the table: prints a viewer link (read
    only) and a scorer link (may enter hands), each with a QR code. Ctrl-C stops; the game
    stays as after its last saved hand.  Example: serve --lan"""
    from canasta_score.cli.stores import home_folder, open_game
    from canasta_score.core import language
    from canasta_score.games.store import timeout_from_env
    from canasta_score.web.app import Table, build

    store, ref = open_game(game, writable=True)
    store.summary(ref)  # the game reads, before anyone is told to open it
    store.close()
    table = Table(home_folder(), ref.name, language.current(), timeout_from_env())
    listen = EVERYWHERE if lan else LOOPBACK
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((listen, port))
        sock.listen(128)  # a link opened at once waits for the server instead of failing
    except OSError as exc:
        sock.close()
        raise GameError(
            _("cannot listen on port {port} ({reason}); choose another with --port").format(
                port=port, reason=system_reason(exc)
            )
        ) from None
    port = sock.getsockname()[1]
    host = lan_address() if lan else LOOPBACK
    base = f"http://{host}:{port}"
    if lan:
        typer.echo(_("Reachable from the local network at {address}.").format(address=host))
    else:
        typer.echo(_("Reachable from this machine only (--lan: from the local network)."))
    for title, link in (
        (_("Viewer (read only):"), f"{base}/{table.viewer}/"),
        (_("Scorer (may enter hands):"), f"{base}/{table.scorer}/"),
    ):
        typer.echo(f"\n{title} {link}")
        if qr:
            typer.echo(qr_text(link), nl=False)
    typer.echo("\n" + _('Serving game "{game}"; Ctrl-C stops.').format(game=ref.name))
    run(build(table), sock)
    typer.echo(_("Stopped; the game is as after its last saved hand."))


def run(app: Starlette, sock: socket.socket) -> None:
    """Serve ``app`` on ``sock`` until Ctrl-C; open pages' streams end at once then."""
    import uvicorn

    class Server(uvicorn.Server):
        def handle_exit(self, sig: int, frame: FrameType | None) -> None:
            app.state.hub.stop()
            super().handle_exit(sig, frame)

    config = uvicorn.Config(
        app,
        log_level="warning",
        access_log=False,
        timeout_graceful_shutdown=1,
        lifespan="on",
        proxy_headers=False,
        server_header=False,
        h11_max_incomplete_event_size=64 * 1024,
    )
    server = Server(config)
    try:
        server.run(sockets=[sock])
    except KeyboardInterrupt:
        pass  # the server has stopped: Ctrl-C is how it is meant to end
    finally:
        sock.close()


COMMANDS = {"serve": serve_cmd}
