"""Running the batches of a simulation: in this process, over a pool of worker processes,
or as Ray tasks, with the same rows whichever is used.

The deals (or games) are cut into batches of consecutive indices; each batch is played by
:func:`~spadeslib.simulation.playing.play_batch` wherever it runs, and the rows are put
back in index order. Since every deal's cards and every bot's choices come from the
simulation's seed and the deal's index alone, the result does not depend on how many
workers there are or which finishes first.

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
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Any

from spadeslib.errors import ArgumentError
from spadeslib.simulation.playing import Batch, BatchRows, Unit, play_batch

if TYPE_CHECKING:
    from spadeslib.simulation.lineup import Lineup
    from spadeslib.variant import Variant

__all__ = ["LOCAL_RAY", "Progress", "batches", "default_workers", "run"]

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
    costs far more than sending it (random play is fast: its batches are larger)."""
    per_worker = math.ceil(count / max(1, parallel))
    largest = 2000 if lineup.all_random and unit == "deals" else 20
    size = max(1, min(largest, math.ceil(per_worker / 8)))
    return [
        Batch(variant, lineup, unit, seed, start, min(count, start + size), max_deals)
        for start in range(0, count, size)
    ]


def run(
    work: list[Batch],
    *,
    workers: int = 1,
    ray_address: str | None = None,
    progress: Progress | None = None,
) -> BatchRows:
    """Play every batch and return all the rows in index order."""
    total = sum(batch.stop - batch.start for batch in work)
    done = 0
    results: dict[int, BatchRows] = {}
    if ray_address is not None:
        stream = _on_ray(work, ray_address)
    elif workers > 1 and len(work) > 1:
        stream = _in_pool(work, workers)
    else:
        stream = ((index, play_batch(batch)) for index, batch in enumerate(work))
    for index, rows in stream:
        results[index] = rows
        done += work[index].stop - work[index].start
        if progress is not None:
            progress(done, total)
    deals = [row for index in range(len(work)) for row in results[index].deals]
    games = [row for index in range(len(work)) for row in results[index].games]
    return BatchRows(deals, games)


def _in_pool(work: list[Batch], workers: int) -> Iterator[tuple[int, BatchRows]]:
    import multiprocessing
    from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait

    context = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(max_workers=min(workers, len(work)), mp_context=context) as pool:
        pending = {pool.submit(play_batch, batch): index for index, batch in enumerate(work)}
        try:
            while pending:
                finished, _ = wait(pending, return_when=FIRST_COMPLETED)
                for future in finished:
                    yield pending.pop(future), future.result()
        finally:
            for future in pending:
                future.cancel()


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
