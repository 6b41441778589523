"""Running the batches of a simulation: in this process, over a pool of worker processes,
or as Ray tasks, with the same rows whichever is used.

The deals (or games) are cut into batches of consecutive indices; each batch is played by
:func:`~spadeslib.simulation.playing.play_batch` wherever it runs, and the rows are put
back in index order. Since every deal's cards and every bot's choices come from the
simulation's seed and the deal's index alone, the result does not depend on how many
workers there are or which finishes first.

The calling process is one of the ``workers``: it plays the first batches, and starts
the others (``workers - 1`` processes) only when those batches say the rest is worth their
start-up, then plays on beside them (:func:`_in_pool`).

Workers are started with ``spawn`` (a fresh interpreter each), not ``fork``: forking a
process that runs a progress bar's thread can deadlock. A script that calls
:func:`spadeslib.simulate` with ``workers > 1`` therefore needs the usual
``if __name__ == "__main__":`` guard, as with any ``multiprocessing`` code.

Ray (``pip install 'spadeslib[ray]'``) runs the same batches as Ray tasks, on a cluster
at ``ray_address`` or on a local Ray instance started for the run (``"local"``).
"""

from __future__ import annotations

import math
import os
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Final

from spadeslib.errors import ArgumentError
from spadeslib.simulation import batched
from spadeslib.simulation.playing import Batch, BatchRows, Unit, play_batch
from spadeslib.simulation.table import concat

if TYPE_CHECKING:
    from spadeslib.simulation.lineup import Lineup
    from spadeslib.variant import Variant

__all__ = ["LOCAL_RAY", "Progress", "Ran", "batches", "default_workers", "run"]

Progress = Callable[[int, int], None]
"""Called as ``progress(done, total)`` after each batch, in the calling process."""

LOCAL_RAY = "local"
"""``ray_address`` for a Ray instance started on this machine for the run."""


def default_workers() -> int:
    """All the cores this process may use."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # pragma: no cover - macOS and Windows
        return os.cpu_count() or 1


def batches(
    variant: Variant,
    lineup: Lineup,
    unit: Unit,
    count: int,
    seed: int,
    *,
    parallel: int,
    max_deals: int,
) -> list[Batch]:
    """``count`` deals or games cut into batches: small enough for a progress bar that
    moves and for the work to spread over ``parallel`` workers, large enough that a batch
    costs far more than sending it and setting it up (random play is fast: its batches
    are larger, and largest where the batched playouts play them)."""
    per_worker = math.ceil(count / max(1, parallel))
    smallest, largest = 1, 20
    if lineup.all_random and unit == "deals":
        probe = Batch(variant, lineup, unit, seed, 0, 0, max_deals)
        smallest, largest = (1000, 50_000) if batched.takes(probe) else (1, 2000)
    size = max(smallest, min(largest, math.ceil(per_worker / 8)))
    return [
        Batch(variant, lineup, unit, seed, start, min(count, start + size), max_deals)
        for start in range(0, count, size)
    ]


@dataclass(frozen=True, slots=True)
class Ran:
    """What :func:`run` gives back: the rows, and how many processes played them."""

    rows: BatchRows
    processes: int
    """The processes that played batches: 1 for this one alone (a short run starts no
    worker, whatever ``workers`` allowed), 0 on Ray (its workers are its own)."""


def run(
    work: list[Batch],
    *,
    workers: int = 1,
    ray_address: str | None = None,
    progress: Progress | None = None,
) -> Ran:
    """Play every batch and return all the rows in index order."""
    total = sum(batch.stop - batch.start for batch in work)
    done = 0
    results: dict[int, BatchRows] = {}
    pool_size = [0]
    if ray_address is not None:
        stream = _on_ray(work, ray_address)
    elif workers > 1 and len(work) > 1:
        stream = _in_pool(work, workers, pool_size)
    else:
        stream = ((index, play_batch(batch)) for index, batch in enumerate(work))
    for index, rows in stream:
        results[index] = rows
        done += work[index].stop - work[index].start
        if progress is not None:
            progress(done, total)
    deals = concat([results[index].deals for index in range(len(work))])
    games = concat([results[index].games for index in range(len(work))])
    processes = 0 if ray_address is not None else 1 + pool_size[0]
    return Ran(BatchRows(deals, games), processes)


_STARTUP: Final = 1.0
"""About the seconds a worker process takes to be ready (a new interpreter, the imports,
the variant compiled): it is started only when the work left is worth more than that."""


def _in_pool(
    work: list[Batch], workers: int, pool_size: list[int]
) -> Iterator[tuple[int, BatchRows]]:
    """Play ``work`` on up to ``workers`` processes: this one, and ``workers - 1`` started
    once the batches played so far say the rest will take long enough to be worth their
    start-up. Meanwhile, and whenever it is free, this process plays the batches at the
    end of the queue that no worker has begun, so a short run starts no worker and a
    long one loses no core to waiting. ``pool_size[0]`` becomes the number of worker
    processes started."""
    import multiprocessing
    from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait

    left = list(range(len(work)))
    last = 0.0
    while left:  # the first batch pays this process's own start (the scoring's memo)
        if len(left) < len(work) - 1 and len(left) > 1 and last * len(left) > 2 * _STARTUP:
            break
        index = left.pop(0)
        started = time.perf_counter()
        rows = play_batch(work[index])
        last = time.perf_counter() - started
        yield index, rows
    if not left:
        return
    context = multiprocessing.get_context("spawn")
    pool_size[0] = min(workers - 1, len(left) - 1)
    pool = ProcessPoolExecutor(max_workers=pool_size[0], mp_context=context)
    pending = {index: pool.submit(play_batch, work[index]) for index in left}
    try:
        while pending:
            for index, future in list(pending.items()):
                if future.done():
                    del pending[index]
                    yield index, future.result()
            mine = next((index for index in reversed(pending) if pending[index].cancel()), None)
            if mine is not None:
                del pending[mine]
                yield mine, play_batch(work[mine])
            elif pending:
                wait(pending.values(), return_when=FIRST_COMPLETED)
    finally:
        pool.shutdown(wait=False, cancel_futures=True)


def _on_ray(work: list[Batch], address: str) -> Iterator[tuple[int, BatchRows]]:
    ray = _import_ray()
    started = not ray.is_initialized()
    if started:
        options: dict[str, Any] = {"include_dashboard": False, "log_to_driver": False}
        if address == LOCAL_RAY:
            ray.init(**options)
        else:
            ray.init(address=address, **options)
    try:
        remote = ray.remote(play_batch)
        pending = {remote.remote(batch): index for index, batch in enumerate(work)}
        while pending:
            finished, _ = ray.wait(list(pending), num_returns=1)
            for ref in finished:
                yield pending.pop(ref), ray.get(ref)
    finally:
        if started:
            ray.shutdown()


def _import_ray() -> Any:
    try:
        import ray
    except ImportError:
        raise ArgumentError(
            "Ray is not installed: pip install 'spadeslib[ray]' (or pip install ray)"
        ) from None
    return ray
