"""``spadeslib serve``: run the card table (:mod:`spadeslib.server`) on this machine.

Binds 127.0.0.1 unless told otherwise: a table is opened to a network on purpose
(docs/hosting.md), never by default.
"""

from __future__ import annotations

import argparse
import importlib.util
import threading
import webbrowser

from spadeslib.cli.common import PROG, Failure

__all__ = ["run", "setup"]

_NEEDS = ("starlette", "uvicorn", "websockets")


def setup(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--host",
        default="127.0.0.1",
        help="the address to listen on (default: 127.0.0.1, this machine only; "
        "0.0.0.0 for every network: see docs/hosting.md first)",
    )
    parser.add_argument("--port", type=int, default=8000, help="the port (default: 8000)")
    parser.add_argument(
        "--db",
        metavar="PATH",
        default=None,
        help="the SQLite file keeping the tables (default: "
        "$XDG_DATA_HOME/spadeslib/tables.sqlite3, ~/.local/share when unset)",
    )
    parser.add_argument("--open", action="store_true", help="open the lobby in a web browser")
    parser.add_argument(
        "--bot-workers",
        type=int,
        default=None,
        metavar="N",
        help="processes deciding the bots' moves (default: one less than the CPUs, at least 1)",
    )
    parser.add_argument(
        "--bot-delay",
        type=float,
        default=0.6,
        metavar="SECONDS",
        help="a pause before each bot move, so people can follow (default: 0.6)",
    )
    parser.add_argument(
        "--create-limit",
        type=float,
        default=1.0,
        metavar="PER_SECOND",
        help="tables (and variant checks) one address may make a second, 30 at once "
        "(default: 1; 0: no limit)",
    )
    parser.add_argument(
        "--idle",
        type=float,
        default=600.0,
        metavar="SECONDS",
        help="unload a table from memory after this long with nobody at it and nothing "
        "to do; it stays in the database and comes back when asked for (default: 600)",
    )


def run(args: argparse.Namespace) -> int:
    missing = [name for name in _NEEDS if importlib.util.find_spec(name) is None]
    if missing:
        raise Failure(
            f"{PROG} serve: needs the server extra ({', '.join(missing)} not installed): "
            "pip install 'spadeslib[server]'"
        )
    if not 0 < args.port < 65536:
        raise Failure(f"{PROG} serve: --port must be 1 to 65535, not {args.port}")
    import uvicorn

    from spadeslib.server.app import create_app
    from spadeslib.server.store import default_db_path

    db = args.db or default_db_path()
    app = create_app(
        db,
        bot_workers=args.bot_workers,
        bot_delay=max(0.0, args.bot_delay),
        idle=max(0.1, args.idle),
        writes=(args.create_limit, 30.0) if args.create_limit > 0 else None,
    )
    host = f"[{args.host}]" if ":" in args.host else args.host
    url = f"http://{'127.0.0.1' if args.host in ('0.0.0.0', '::') else host}:{args.port}/"
    print(f"{PROG} serve: tables kept in {db}")
    print(f"{PROG} serve: the lobby is at {url} (Ctrl+C to stop)")
    if args.open:
        threading.Timer(1.0, webbrowser.open, (url,)).start()
    uvicorn.run(
        app,
        host=args.host,
        port=args.port,
        log_level="warning",
        ws_max_size=65536,
        ws_ping_interval=20,
        ws_ping_timeout=20,
    )
    return 0
