// The score sheet beside the felt: each side's contract, tricks, score and bags, the deal's
// facts (dealer, spades broken, Nil bids, the cut), and the last trick with its winner.

import { cardFace, cardShort } from "./cards.js";
import { $, fill, h } from "./dom.js";
import { me, players, seatName, sideCount, sideName, sideOf, sideSeats } from "./seating.js";

export function renderBoard(msg) {
  const o = msg.observation;
  const rows = Array.from({ length: sideCount() }, (_, side) => {
    const seats = sideSeats(side);
    const won = seats.reduce((t, s) => t + o.tricks_won[s], 0);
    const contract = o.contracts[side];
    const bid =
      contract === null || contract === undefined
        ? "–"
        : `${contract}${o.blind[side] ? " blind" : ""}`;
    return h(
      "tr",
      { class: me() !== null && sideOf(me()) === side ? "ours" : "" },
      h("th", { scope: "row" }, sideName(side), h("span.seats-of", {}, seats.length > 1 && !/\d/.test(sideName(side)) ? ` ${seats.join("+")}` : "")),
      h("td.contract", {}, bid),
      h("td.won", {}, String(won)),
      h("td.score", {}, String(o.scores[side])),
      h("td.bags", {}, String(o.bags[side])),
    );
  });
  fill(
    $("#scoreboard"),
    h(
      "table.scores",
      {},
      h("caption.visually-hidden", {}, "Contracts, tricks, scores and bags by side"),
      h(
        "thead",
        {},
        h("tr", {}, h("th", { scope: "col" }, "Side"), h("th", { scope: "col" }, "Bid"), h("th", { scope: "col" }, "Won"), h("th", { scope: "col" }, "Score"), h("th", { scope: "col" }, "Bags")),
      ),
      h("tbody", {}, rows),
    ),
  );
  const nils = o.bids
    .map((bid, seat) => (bid === "nil" || bid === "blind nil" ? `${seatName(seat)} ${bid === "nil" ? "Nil" : "Blind Nil"}` : null))
    .filter(Boolean);
  const info = [msg.over ? "Game over" : `Deal ${o.deal_number + 1}`, `dealer ${seatName(o.dealer).toLowerCase() === "you" ? "you" : seatName(o.dealer)}`];
  if (o.phase === "play" || o.spades_broken) info.push(o.spades_broken ? "spades broken ♠" : "spades not broken");
  if (nils.length) info.push(nils.join(", "));
  if (o.cut.length) info.push(`cut: ${o.cut.map(cardShort).join(" ")}`);
  fill($("#deal-info"), info.join(" · "));
}

export function renderLastTrick(msg) {
  const o = msg.observation;
  const box = $("#last-trick");
  const last = o.tricks[o.tricks.length - 1];
  if (!last) {
    fill(box, h("p.hint", {}, o.phase === "play" ? "None yet in this deal." : "None yet."));
    return;
  }
  const [leader, cards] = last;
  const winner = lastTrickWinner(o);
  fill(
    box,
    h(
      "ol.last-cards",
      { "aria-label": `Trick ${o.tricks.length}` },
      cards.map((card, i) => {
        const seat = (leader + i) % players();
        return h(
          "li",
          { class: seat === winner ? "winner" : "" },
          cardFace(card, { attrs: { class: "small" } }),
          h("span.by", {}, seatName(seat), seat === winner ? h("span.visually-hidden", {}, " (won it)") : null),
        );
      }),
    ),
    h("p.hint", {}, `Trick ${o.tricks.length} of this deal${winner !== null ? `, won by ${seatName(winner).toLowerCase() === "you" ? "you" : seatName(winner)}` : ""}.`),
  );
}

/** The winner of the last finished trick: the leader of the trick after it. */
export function lastTrickWinner(o) {
  if (o.trick.length) return o.trick[0][0];
  if (o.phase === "play") return o.current_player;
  return null;
}
