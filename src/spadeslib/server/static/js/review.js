// The end-of-deal review: each side's bids, contract, tricks and points, the score's
// explanation line by line (as the server's scoring wrote it), every hand of the deal,
// and each card's worth with every hand seen (the server's double-dummy review).

import { api, errorText } from "./api.js";
import { cardFace, cardShort, sortHand } from "./cards.js";
import { $, fill, h } from "./dom.js";
import { me, seatLong, seatName, sideName, sideOf, sideSeats } from "./seating.js";

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
    h("h3", {}, "Card by card, every hand seen"),
    h("div.analysis", { id: "review-dd", dataset: { deal: String(deal.number + 1) }, "aria-live": "polite" }, h("p.hint", {}, "Working it out…")),
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

/** Reviews already answered, by table and deal: a deal's review never changes. */
const analyses = new Map();

/**
 * Fill the review's "card by card" part for finished `deal` of table `tableId`: what the
 * server's double-dummy solver says each card cost its side (GET /api/tables/{id}/review).
 * Solving takes up to a few seconds, so the dialog opens first and this fills in after.
 * `info`: the table's summary, if loaded; its review_url is null where the server
 * reviews nothing (no native core), and then nothing is asked.
 */
export async function fillAnalysis(tableId, deal, info) {
  const number = deal.number + 1;
  const key = `${tableId}/${number}`;
  let result = analyses.get(key);
  if (!result && info && info.review_url === null) {
    result = { ok: false, status: 503, data: null };
  } else if (!result) {
    try {
      result = await api.review(tableId, number);
    } catch {
      result = { ok: false, status: 0, data: { error: { message: "the server could not be reached" } } };
    }
    if (result.ok) analyses.set(key, result);
  }
  const box = $("#review-dd");
  if (!box || box.dataset.deal !== String(number)) return; // the dialog shows another deal now
  if (!result.ok) {
    const why =
      result.status === 503
        ? "This server cannot work it out: it runs without spadeslib's native core."
        : `Not available: ${errorText(result)}.`;
    fill(box, h("p.hint", {}, why));
    return;
  }
  const review = result.data;
  const side = sideOf(review.leader);
  const took = sideSeats(side).reduce((t, s) => t + review.taken[s], 0);
  const trick = (n) => `${n} trick${n === 1 ? "" : "s"}`;
  fill(
    box,
    h(
      "p.dd-result",
      {},
      h("strong", {}, sideName(side)),
      ` (the side that led): ${trick(review.double_dummy)} from the first lead with every hand seen and best play all round; ${took} as played.`,
    ),
    h(
      "ul.lost-tricks",
      {},
      review.seats.map((seat) =>
        h(
          "li",
          { class: seat.lost ? "lost" : "clean" },
          h("span.by", {}, seatLong(seat.seat)),
          seat.lost
            ? `${trick(seat.lost)} lost: ${seat.cards
                .map((c) => `trick ${c.trick} (${cardShort(c.card)}${c.lost > 1 ? `, ${trick(c.lost)}` : ""})`)
                .join(", ")}`
            : "no trick lost",
        ),
      ),
    ),
    h(
      "p.hint",
      {},
      "A card lost tricks when another card, from the same position, would have taken more for its side, every seat then playing its best with every hand seen. A later slip by the other side can give them back.",
    ),
  );
}
