// The end-of-deal review: each side's bids, contract, tricks and points, the score's
// explanation line by line (as the server's scoring wrote it), and every hand of the deal.

import { cardFace, cardShort, sortHand } from "./cards.js";
import { $, fill, h } from "./dom.js";
import { me, seatLong, seatName, sideName, sideOf } from "./seating.js";

/** Fill the review dialog with `deal` (a state message's last_deal); `msg`: the state on screen. */
export function fillReview(deal, msg) {
  const body = $("#review-body");
  const n = deal.tricks.length;
  const sides = deal.contracts.length;
  const seatsOf = (side) => Array.from({ length: n }, (_, s) => s).filter((s) => s % sides === side);
  const lines = Array.isArray(deal.lines) && deal.lines.length ? deal.lines : String(deal.text || "").split("\n");
  fill(
    body,
    h("p.hint", {}, `Deal ${deal.number + 1}, dealt by ${seatName(deal.dealer) === "You" ? "you" : seatName(deal.dealer)}.`),
    h(
      "table.scores.review",
      {},
      h("caption.visually-hidden", {}, "The deal by side"),
      h(
        "thead",
        {},
        h("tr", {}, ["Side", "Bids", "Contract", "Took", "Points", "Score", "Bags"].map((t) => h("th", { scope: "col" }, t))),
      ),
      h(
        "tbody",
        {},
        Array.from({ length: sides }, (_, side) => {
          const seats = seatsOf(side);
          const took = seats.reduce((t, s) => t + deal.tricks[s], 0);
          const points = deal.points?.[side];
          return h(
            "tr",
            { class: me() !== null && sideOf(me()) === side ? "ours" : "" },
            h("th", { scope: "row" }, sideName(side)),
            h("td", {}, seats.map((s) => `${seatName(s)} ${deal.bids[s]}`).join(", ")),
            h("td", {}, deal.contracts[side] === null ? "–" : `${deal.contracts[side]}${deal.blind[side] ? " blind" : ""}`),
            h("td", {}, String(took)),
            h("td", { class: points < 0 ? "minus" : "plus" }, points === undefined || points === null ? "" : `${points > 0 ? "+" : ""}${points}`),
            h("td", {}, String(deal.scores[side])),
            h("td", {}, String(deal.bags[side])),
          );
        }),
      ),
    ),
    h("h3", {}, "How it was scored"),
    h(
      "ul.explain-lines",
      {},
      lines.filter((l) => l.trim()).map((l) => h("li", { class: /^\s/.test(l) ? "sub" : "" }, l.trim())),
    ),
    h("h3", {}, "The hands"),
    h(
      "ul.deal-hands",
      {},
      deal.hands.map((hand, seat) =>
        hand
          ? h(
              "li",
              {},
              h("span.by", {}, seatLong(seat)),
              h("span.extra-cards", {}, sortHand(hand, msg?.deck).map((c) => cardFace(c, { attrs: { class: "small" } }))),
            )
          : null,
      ),
    ),
    deal.widow?.length ? h("p", {}, "Widow: ", deal.widow.map(cardShort).join(" ")) : null,
  );
  $("#review-title").textContent = msg?.over ? "The last deal of the game" : "End of the deal";
}
