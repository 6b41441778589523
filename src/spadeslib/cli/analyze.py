"""``spadeslib analyze``: a played game reviewed card by card with every hand seen.

For each deal of a game record (``save FILE`` in ``spadeslib play``, or
:meth:`spadeslib.Game.record` as JSON): the double-dummy result at the first lead, then
each seat's cards that cost its side tricks against best play from that position. Text
for people, ``--json`` for programs. See docs/analysis.md.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from spadeslib.cli.common import UsageFailure, json_text
from spadeslib.errors import counted

__all__ = ["review_lines", "run", "setup"]


def setup(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("record", metavar="RECORD.json", type=Path, help="a game record (JSON)")
    parser.add_argument(
        "--deal", metavar="N", type=int, default=None, help="only deal N (1 for the first)"
    )
    parser.add_argument(
        "--from-trick",
        metavar="T",
        type=int,
        default=1,
        help="review the cards from trick T on (1: the whole deal; a later trick is "
        "quicker, as an ending has fewer cards to search)",
    )
    parser.add_argument(
        "--json", action="store_true", help="print every deal's review as JSON, for programs"
    )


def _read(path: Path) -> object:
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as error:
        raise UsageFailure(f"spadeslib: error: cannot read {path}: {error.strerror}") from None
    except UnicodeDecodeError:
        raise UsageFailure(f"spadeslib: error: {path} is not UTF-8 text") from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as error:
        raise UsageFailure(
            f"spadeslib: error: {path} is not JSON: {error.msg} at line {error.lineno}, "
            f"column {error.colno}"
        ) from None


def run(args: argparse.Namespace) -> int:
    from spadeslib.analysis.review import actions_of, first_reviewable, review_record
    from spadeslib.engine import Game
    from spadeslib.errors import RecordError

    record = _read(args.record)
    if args.from_trick < 1:
        raise UsageFailure(
            f"spadeslib: error: --from-trick must be 1 or more, not {args.from_trick}"
        )
    try:
        game, _ = actions_of(record)  # a record that is not valid stops here, saying why
        rules = game.variant.compile()
        if args.from_trick > rules.hand_size:  # else no card is reviewed, and none is said why
            raise UsageFailure(
                f"spadeslib: error: --from-trick {args.from_trick}: a deal of "
                f"{game.variant.name} has {counted(rules.hand_size, 'trick')} "
                f"(1 to {rules.hand_size})"
            )
        start = first_reviewable(rules, args.from_trick)
        if start != args.from_trick:
            print(
                f"spadeslib analyze: the native core is not built here, and the solver in "
                f"Python would take hours on a whole deal: reviewing from trick {start} "
                "(the last five tricks)",
                file=sys.stderr,
            )
        if args.deal is not None:
            deals = len(record["deals"])  # type: ignore[index]  # valid: a list
            if not 1 <= args.deal <= deals:
                raise UsageFailure(
                    f"spadeslib: error: --deal {args.deal}: the record has "
                    f"{counted(deals, 'deal')} (1 to {deals})"
                )
            finished = len(Game.replay(record).deal_history)
            if args.deal > finished:  # the deal being played when the record was saved
                raise UsageFailure(
                    f"spadeslib: error: --deal {args.deal}: deal {args.deal} is not "
                    "finished, and only a finished deal can be reviewed"
                    + (f" (finished here: {_deals(finished)})" if finished else "")
                )
        reviews = review_record(
            record,
            deals=None if args.deal is None else {args.deal},
            from_trick=start,
        )
    except RecordError as error:
        raise UsageFailure(f"spadeslib: error: {args.record}: {error}") from None
    if args.json:
        print(json_text([review.as_dict() for review in reviews]))
        return 0
    for index, review in enumerate(reviews):
        if index:
            print()
        for line in review_lines(review.as_dict(), review.sides):
            print(line)
    if not reviews:
        print("No finished deal to review in this record.")
    return 0


def _deals(finished: int) -> str:
    """The finished deals of a record, by number: ``deal 1``, ``deals 1 to 3``."""
    return "deal 1" if finished == 1 else f"deals 1 to {finished}"


def review_lines(review: dict[str, Any], sides: tuple[int, ...]) -> list[str]:
    """A deal's review (:meth:`DealReview.as_dict <spadeslib.analysis.DealReview.as_dict>`)
    as the lines people read: the double-dummy result, then each seat's lost tricks."""
    lines = [f"Deal {review['deal']}"]
    first = review["first_lead"]
    if first:
        leader = review["leader"]
        best = max(first.values())
        leads = " ".join(f"{card}:{tricks}" for card, tricks in first.items())
        mates = [seat for seat, side in enumerate(sides) if side == sides[leader]]
        who, take = ("seat", "takes") if len(mates) == 1 else ("seats", "take")
        names = ", ".join(str(seat) for seat in mates)
        start = review["cards"][0]["trick"]
        if start == 1:
            took = sum(review["taken"][seat] for seat in mates)
            where, actual = "at the first lead", f" (took {took})"
        else:
            where, actual = f"from trick {start}", ""
        lines.append(
            f"  double dummy {where}: {who} {names} {take} {counted(best, 'trick')}{actual}; "
            f"seat {leader}'s leads: {leads}"
        )
    for summary in review["seats"]:
        seat, lost = summary["seat"], summary["cards"]
        if not lost:
            lines.append(f"  seat {seat}: no trick lost")
            continue
        where = ", ".join(
            f"trick {card['trick']} ({card['card']}"
            + (f", {card['lost']} tricks)" if card["lost"] > 1 else ")")
            for card in lost
        )
        lines.append(f"  seat {seat}: {counted(summary['lost'], 'trick')} lost: {where}")
    return lines
