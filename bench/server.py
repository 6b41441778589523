"""The table server under load (issue 28): many tables over loopback, bots and people.

    python bench/server.py [--tables 200] [--seconds 30] [--bots easy] [--think 0.05]
                           [--memory-tables 2000] [--memory-seconds 300] [--workers N]

Starts ``spadeslib serve`` in a process of its own (a free loopback port, a temporary
database), then:

1. **Concurrent tables.** ``--tables`` tables, each one simulated person (seat 0) and
   three ``--bots``, all playing at once for ``--seconds``. A person waits ``--think``
   seconds (at random, up to twice that) before each move, then sends it; the latency is
   the time from sending an act to receiving the state that follows it, on a move of a
   person (bots' moves are the server's own work between people's moves). Reports actions
   a second (every action, bots' too, from the tables' seq), the people's moves a second,
   the latency's p50, p99 and maximum, and checks that nothing was lost: every move a
   person was answered for is in the database's log at its place.
2. **Memory.** ``--memory-tables`` tables made one after another, each from a house-rules
   file of its own (a distinct variant: its own name and target), one move played by a
   person, the connection closed; the server unloads tables nobody uses after
   ``--idle`` seconds. The server's resident memory is sampled as it goes: flat means
   that the tables ever made do not stay in memory.

Bounded in time and count; prints one line per figure. Needs the ``server`` extra.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import socket
import sqlite3
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx
import websockets


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def start_server(db: Path, port: int, workers: int | None, idle: float) -> subprocess.Popen[bytes]:
    command = [sys.executable, "-m", "spadeslib", "serve", "--port", str(port), "--db", str(db)]
    command += ["--bot-delay", "0", "--idle", str(idle), "--create-limit", "0"]
    if workers:
        command += ["--bot-workers", str(workers)]
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            httpx.get(f"http://127.0.0.1:{port}/api", timeout=1)
            return process
        except httpx.HTTPError:
            time.sleep(0.1)
    process.kill()
    raise SystemExit("the server did not start")


def rss_mb(pid: int) -> float:
    """Resident memory of a process and its children (the bot workers), in MB."""
    total = 0
    pids = [pid]
    children = Path(f"/proc/{pid}/task/{pid}/children")
    if children.exists():
        pids += [int(p) for p in children.read_text().split()]
    for one in pids:
        try:
            for line in Path(f"/proc/{one}/status").read_text().splitlines():
                if line.startswith("VmRSS:"):
                    total += int(line.split()[1])
        except OSError:
            pass
    return total / 1024


class Person:
    """One simulated person at one table: plays a random legal move after thinking."""

    def __init__(self, url: str, think: float, rng: random.Random) -> None:
        self.url = url
        self.think = think
        self.rng = rng
        self.latencies: list[float] = []
        self.answered: list[tuple[int, str]] = []
        self.last_seq = 0

    async def play(self, until: float) -> None:
        async with websockets.connect(self.url, max_size=2**22) as ws:
            pending: tuple[int, str, float] | None = None
            while time.monotonic() < until:
                try:
                    text = await asyncio.wait_for(ws.recv(), max(0.01, until - time.monotonic()))
                except TimeoutError:
                    return
                message = json.loads(text)
                if message["type"] == "refused":
                    pending = None
                    continue
                if message["type"] != "state":
                    continue
                seq = message["seq"]
                self.last_seq = max(self.last_seq, seq)
                if pending is not None and seq > pending[0]:
                    self.latencies.append(time.perf_counter() - pending[2])
                    self.answered.append((pending[0], pending[1]))
                    pending = None
                if message["legal"] and pending is None and not message["over"]:
                    await asyncio.sleep(self.rng.uniform(0, 2 * self.think))
                    action = self.rng.choice(message["legal"])
                    pending = (seq, action, time.perf_counter())
                    await ws.send(json.dumps({"type": "act", "action": action, "seq": seq}))


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))] if ordered else float("nan")


async def concurrent(base: str, args: argparse.Namespace, db: Path) -> None:
    rng = random.Random(args.seed)
    async with httpx.AsyncClient(base_url=base, timeout=60) as http:
        made = []
        for index in range(args.tables):
            answer = await http.post(
                "/api/tables",
                json={
                    "variant": "standard",
                    "seats": ["human", args.bots, args.bots, args.bots],
                    "seed": args.seed + index,
                    "stand_in_after": None,
                },
            )
            made.append(answer.json())
    ws_base = base.replace("http", "ws")
    people = [
        Person(f"{ws_base}/ws/{t['id']}?token={t['seats'][0]['token']}", args.think, rng)
        for t in made
    ]
    start = time.monotonic()
    with sqlite3.connect(db) as connection:
        before = connection.execute("SELECT count(*) FROM actions").fetchone()[0]
    await asyncio.gather(*(person.play(start + args.seconds) for person in people))
    elapsed = time.monotonic() - start
    with sqlite3.connect(db) as connection:
        after = connection.execute("SELECT count(*) FROM actions").fetchone()[0]
        lost = 0
        for table, person in zip(made, people, strict=True):
            logged = dict(
                connection.execute(
                    "SELECT seq, action FROM actions WHERE table_id = ?", (table["id"],)
                ).fetchall()
            )
            lost += sum(logged.get(seq) != action for seq, action in person.answered)
    latencies = [value for person in people for value in person.latencies]
    print(f"tables: {args.tables} at once, one person and three {args.bots} bots each")
    print(f"actions: {after - before} in {elapsed:.1f} s = {(after - before) / elapsed:.0f}/s")
    print(f"people's moves: {len(latencies)} = {len(latencies) / elapsed:.0f}/s")
    print(
        "latency act -> next state (people's moves): "
        f"p50 {percentile(latencies, 0.5) * 1000:.1f} ms, "
        f"p99 {percentile(latencies, 0.99) * 1000:.1f} ms, "
        f"max {max(latencies, default=float('nan')) * 1000:.1f} ms"
    )
    print(f"lost: {lost} of {len(latencies)} answered moves missing from the log")


async def memory(base: str, args: argparse.Namespace, pid: int) -> None:
    ws_base = base.replace("http", "ws")
    samples: list[tuple[int, float]] = [(0, rss_mb(pid))]
    start = time.monotonic()
    made = 0
    async with httpx.AsyncClient(base_url=base, timeout=60) as http:
        while made < args.memory_tables and time.monotonic() - start < args.memory_seconds:
            text = (
                f"# bench house rules {made}\nextends: standard\nname: bench-{made}\n"
                f"description: a table's own rules, number {made}\n"
                f"game_end:\n  target: {200 + made % 800}\n"
            )
            answer = await http.post(
                "/api/tables",
                json={
                    "variant": text,
                    "seats": ["human", "easy", "easy", "easy"],
                    "seed": made,
                    "stand_in_after": None,  # the person leaves for good: no bot plays on
                },
            )
            table = answer.json()
            url = f"{ws_base}/ws/{table['id']}?token={table['seats'][0]['token']}"
            async with websockets.connect(url, max_size=2**22) as ws:
                while True:
                    message = json.loads(await ws.recv())
                    if message["type"] == "state" and message["legal"]:
                        act = {"type": "act", "action": message["legal"][0], "seq": message["seq"]}
                        await ws.send(json.dumps(act))
                        break
                while json.loads(await ws.recv())["type"] != "state":
                    pass
            made += 1
            if made % max(1, args.memory_tables // 10) == 0:
                samples.append((made, rss_mb(pid)))
    elapsed = time.monotonic() - start
    print(f"memory: {made} tables from distinct house rules in {elapsed:.0f} s")
    print(
        "server resident memory (MB) after N tables: "
        + ", ".join(f"{count}: {mb:.0f}" for count, mb in samples)
    )


def pools(moves: int) -> None:
    """A person's moves at one table while Experts think at two others, with the bots in
    a pool of threads (sharing the GIL with the event loop) and in a pool of processes."""
    from starlette.testclient import TestClient

    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))
    from spadeslib.server.app import create_app
    from spadeslib.server.bot_pool import BotPool

    for kind in ("thread", "process"):
        pool = BotPool(1, kind=kind)
        latencies = []
        with tempfile.TemporaryDirectory() as work:
            app = create_app(Path(work) / "pools.sqlite3", pool=pool)
            with TestClient(app) as client:
                for _ in range(2):
                    body: dict[str, object] = {"variant": "standard", "seats": ["expert"] * 4}
                    client.post("/api/tables", json=body)
                body = {"variant": "standard", "seats": ["human"] * 4, "seed": 3}
                made = client.post("/api/tables", json=body).json()
                tokens = [seat["token"] for seat in made["seats"]]
                table = made["id"]
                for seq in range(moves):
                    states = []
                    for token in tokens:
                        with client.websocket_connect(f"/ws/{table}?token={token}") as ws:
                            states.append(ws.receive_json())
                    actor = next(i for i, state in enumerate(states) if state["legal"])
                    with client.websocket_connect(f"/ws/{table}?token={tokens[actor]}") as ws:
                        ws.receive_json()
                        start = time.perf_counter()
                        act = {"type": "act", "action": states[actor]["legal"][0], "seq": seq}
                        ws.send_json(act)
                        while ws.receive_json().get("seq") != seq + 1:
                            pass
                        latencies.append(time.perf_counter() - start)
        pool.close()
        print(
            f"bots in a pool of {kind}{'es' if kind == 'process' else 's'}, Experts thinking "
            "at two other tables: a person's move answered "
            f"in p50 {percentile(latencies, 0.5) * 1000:.1f} ms, "
            f"max {max(latencies) * 1000:.1f} ms ({moves} moves)"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=200)
    parser.add_argument("--seconds", type=float, default=30.0)
    parser.add_argument("--bots", default="easy", choices=("easy", "standard", "pro", "expert"))
    parser.add_argument("--think", type=float, default=0.05)
    parser.add_argument("--memory-tables", type=int, default=2000)
    parser.add_argument("--memory-seconds", type=float, default=300.0)
    parser.add_argument("--idle", type=float, default=2.0)
    parser.add_argument("--workers", type=int, default=None)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--pools", type=int, default=0, metavar="MOVES", help="compare the bots' pools and stop"
    )
    args = parser.parse_args()
    if args.pools:
        pools(args.pools)
        return
    with tempfile.TemporaryDirectory() as work:
        db = Path(work) / "bench.sqlite3"
        port = free_port()
        process = start_server(db, port, args.workers, args.idle)
        base = f"http://127.0.0.1:{port}"
        try:
            print(f"cpus: {os.cpu_count()}, server pid {process.pid}")
            if args.tables:
                asyncio.run(concurrent(base, args, db))
            if args.memory_tables:
                asyncio.run(memory(base, args, process.pid))
        finally:
            process.kill()
            process.wait()


if __name__ == "__main__":
    main()
