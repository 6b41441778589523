"""The web application: the HTTP API, the WebSocket, the front end's files.

Starlette: a small, well-kept ASGI toolkit with WebSockets, static files and a test
client built in, and nothing else to learn (no ORM, no templates, no build step); uvicorn
serves it. Both are the optional ``server`` extra, so ``import spadeslib`` never loads
them. :func:`create_app` makes the application; the tables' work is in :mod:`.hub` and
:mod:`.table`, the messages' in :mod:`.messages` and :mod:`.view`.
"""

from __future__ import annotations

import json
import logging
import os
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any, Final

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect

from spadeslib._backend import backend
from spadeslib._version import __version__
from spadeslib.server.bot_pool import REVIEW_SECONDS, BotPool
from spadeslib.server.connection import Connection
from spadeslib.server.hub import BadRequest, Hub, VariantProblems
from spadeslib.server.messages import Bucket, Buckets, error, read
from spadeslib.server.record import public_record
from spadeslib.server.reviewing import UNAVAILABLE
from spadeslib.server.store import SqliteStore, default_db_path
from spadeslib.server.variants import MAX_TEXT, problem_data, resolve
from spadeslib.server.view import PROTOCOL

__all__ = ["STATIC", "create_app"]

log = logging.getLogger("spadeslib.server")

STATIC: Final = Path(__file__).parent / "static"
MAX_BODY: Final = 2 * MAX_TEXT
"""The largest request body (a variant's text and a few options)."""


def _error(status: int, code: str, message: str) -> JSONResponse:
    return JSONResponse({"error": {"code": code, "message": message}}, status)


async def _body(request: Request) -> Any:
    """The request's JSON body; :class:`BadRequest` for one too big or not JSON."""
    data = b""
    async for chunk in request.stream():
        data += chunk
        if len(data) > MAX_BODY:
            raise BadRequest(f"the body is over {MAX_BODY} bytes", "too_big")
    try:
        return json.loads(data)
    except (ValueError, RecursionError) as problem:
        raise BadRequest(f"the body is not JSON: {problem}", "bad_json") from None


def _hub(request: Request | WebSocket) -> Hub:
    hub: Hub = request.app.state.hub
    return hub


async def api(request: Request) -> Response:
    return JSONResponse({"protocol": PROTOCOL, "spadeslib": __version__})


async def variants(request: Request) -> Response:
    from spadeslib.server.variants import catalogue

    cached = getattr(request.app.state, "catalogue", None)
    if cached is None:
        cached = request.app.state.catalogue = catalogue()
    return JSONResponse(cached)


def _limited(request: Request) -> Response | None:
    """A 429 answer when the client has made too many tables or checks lately."""
    buckets: Buckets | None = request.app.state.writes
    address = request.client.host if request.client else "?"
    if buckets is None or buckets.take(address):
        return None
    return _error(429, "rate_limited", "too many requests from this address: wait a little")


async def validate(request: Request) -> Response:
    limited = _limited(request)
    if limited is not None:
        return limited
    try:
        body = await _body(request)
        if not isinstance(body, dict) or not isinstance(body.get("variant"), str):
            raise BadRequest('the body is {"variant": a variant\'s YAML text or name}')
    except BadRequest as bad:
        return _error(400, bad.code, bad.message)
    variant, problems = resolve(body["variant"])
    answer: dict[str, Any] = {"problems": [problem_data(p) for p in problems]}
    if variant is not None:
        answer.update(
            name=variant.name,
            description=variant.description,
            players=variant.compile().players,
        )
    return JSONResponse(answer)


async def tables(request: Request) -> Response:
    hub = _hub(request)
    if request.method == "GET":
        return JSONResponse({"tables": hub.listing()})
    limited = _limited(request)
    if limited is not None:
        return limited
    try:
        answer = hub.create(await _body(request))
    except BadRequest as bad:
        return _error(400, bad.code, bad.message)
    except VariantProblems as invalid:
        return JSONResponse({"problems": invalid.problems}, 422)
    return JSONResponse(answer, 201)


def _table_or_404(request: Request) -> Any:
    table = _hub(request).get(request.path_params["table"])
    if table is None:
        return _error(404, "no_table", f"no table {request.path_params['table']!r}")
    return table


async def table(request: Request) -> Response:
    found = _table_or_404(request)
    if isinstance(found, Response):
        return found
    return JSONResponse(_hub(request).summary(found, rules=True))


async def record(request: Request) -> Response:
    found = _table_or_404(request)
    if isinstance(found, Response):
        return found
    return JSONResponse(public_record(found.game, found.public))


async def review(request: Request) -> Response:
    """A finished deal reviewed card by card with every hand seen (``?deal=N``, 1 for
    the first; the last finished deal by default)."""
    found = _table_or_404(request)
    if isinstance(found, Response):
        return found
    if backend() != "native":
        return _error(503, "unavailable", UNAVAILABLE)
    finished = found.finished_deals
    text = request.query_params.get("deal", str(finished))
    deal = int(text) if text.isascii() and text.isdigit() and len(text) < 6 else 0
    if not 1 <= deal <= finished:
        says = f"1 to {finished}" if finished else "none yet"
        return _error(400, "no_deal", f"deal: the number of a finished deal ({says}), not {text!r}")
    try:
        return JSONResponse(await found.review(deal))
    except TimeoutError:
        return _error(
            504,
            "too_long",
            f"deal {deal} takes the solver more than {REVIEW_SECONDS:g} seconds: review it "
            "from a later trick with spadeslib analyze --from-trick",
        )
    except Exception:  # a bug, not the client's: said, logged, the server goes on
        log.exception("table %s: review of deal %d", found.id, deal)
        return _error(500, "review_failed", "the server could not review this deal (logged)")


def _page(name: str) -> Any:
    async def page(request: Request) -> Response:
        path = STATIC / name
        if not path.is_file():
            return _error(404, "no_page", f"the front end has no {name} yet")
        return FileResponse(path, headers={"Cache-Control": "no-cache"})

    return page


async def play(websocket: WebSocket) -> None:
    """One connection to a table: a seat with its token, or a spectator without one."""
    await websocket.accept()
    hub = _hub(websocket)
    table_id = websocket.path_params["table"]
    found = hub.get(table_id)
    if found is None:
        await websocket.send_json(error("no_table", f"no table {table_id!r}"))
        await websocket.close(4404)
        return
    valid, seat = hub.seat_of(found, websocket.query_params.get("token"))
    if not valid:
        await websocket.send_json(error("bad_token", "this token is no seat's at this table"))
        await websocket.close(4401)
        return
    connection = Connection(seat, websocket.send_text, websocket.close)
    table = found
    table.join(connection)
    bucket = Bucket()
    try:
        while not connection.closed:
            frame = await websocket.receive()
            if frame["type"] == "websocket.disconnect":
                break
            text = frame.get("text")
            if text is None:
                text = frame.get("bytes") or b""
            if not bucket.take():
                connection.send(error("rate_limited", "too many messages: at most 20 a second"))
                continue
            message = read(text)
            kind = message["type"]
            if table.closed:  # unloaded and loaded again, or the server stopping
                connection.send(error("busy", "the table is closed; connect again"))
                break
            if kind == "error":
                connection.send(message)
            elif kind == "ping":
                connection.send({"type": "pong"})
            elif kind == "sync":
                connection.send_text(table.view_text(seat))
            else:
                try:
                    refused = table.act(seat, message["action"], message["seq"])
                except Exception:  # a bug, not the client's: said, logged, the table goes on
                    log.exception("table %s: act %r", table.id, message)
                    refused = error("bad_message", "the server could not apply this (logged)")
                if refused is not None:
                    connection.send(refused)
    except WebSocketDisconnect:
        pass
    finally:
        table.leave(connection)
        await connection.drain()


def create_app(
    db: str | os.PathLike[str] | None = None,
    *,
    pool: BotPool | None = None,
    bot_workers: int | None = None,
    bot_delay: float = 0.0,
    idle: float = 600.0,
    writes: tuple[float, float] | None = (1.0, 30.0),
) -> Starlette:
    """The application over the store at ``db`` (default: :func:`default_db_path`).

    ``pool``: the bots' pool (default: a process pool of ``bot_workers`` processes, made
    when the application starts and shut down when it stops). ``bot_delay``: seconds a bot
    waits before each move, so people can follow. ``idle``: seconds after which a table
    nobody uses is unloaded from memory (it stays in the store). ``writes``: how many
    tables (and variant checks) one address may make, ``(per second, at once)``; ``None``
    for no limit (a benchmark).
    """

    @asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        store = SqliteStore(default_db_path() if db is None else db)
        own = pool is None
        bots = BotPool(bot_workers) if pool is None else pool
        await bots.start()
        hub = Hub(store, bots, bot_delay=bot_delay, idle=idle)
        app.state.hub = hub
        await hub.start()
        try:
            yield
        finally:
            hub.stop()
            await bots.stop()
            if own:
                bots.close()
            store.close()

    routes = [
        Route("/", _page("index.html")),
        Route("/table/{table}", _page("table.html")),
        Route("/api", api),
        Route("/api/variants", variants),
        Route("/api/validate", validate, methods=["POST"]),
        Route("/api/tables", tables, methods=["GET", "POST"]),
        Route("/api/tables/{table}", table),
        Route("/api/tables/{table}/record", record),
        Route("/api/tables/{table}/review", review),
        WebSocketRoute("/ws/{table}", play),
        Mount("/static", StaticFiles(directory=STATIC, check_dir=False), name="static"),
    ]
    app = Starlette(routes=routes, lifespan=lifespan)
    app.state.writes = None if writes is None else Buckets(*writes)
    return app
