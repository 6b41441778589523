// The felt: each seat's plate round the table (name, who plays it, its bid and tricks, the
// dealer, whose turn, the clock, its cards face down or, at an open table, face up) and the
// trick in the middle, each card in front of the seat that played it.

import { cardBack, cardFace, cardName, sortHand } from "./cards.js";
import { $, fill, h } from "./dom.js";
import {
  KIND_LABEL,
  angleOf,
  bidText,
  isPartner,
  me,
  players,
  seatInfo,
  seatLong,
  seatName,
  sideOf,
  sideSeats,
} from "./seating.js";

export function renderSeats(msg, info) {
  const o = msg.observation;
  const box = $("#seats");
  fill(
    box,
    Array.from({ length: players() }, (_, seat) => {
      const info = seatInfo(seat);
      const a = angleOf(seat);
      const [rx, ry] = seatRadii();
      const x = 50 + rx * Math.cos(a);
      const y = 50 + ry * Math.sin(a);
      const bot = info.kind !== "human";
      const turn = o.current_player === seat && !msg.over;
      const state = bot
        ? KIND_LABEL[info.kind]
        : info.stand_in
          ? `away: ${KIND_LABEL[info?.stand_in] || "a bot"} stands in`
          : info.connected
            ? "here"
            : "away";
      const dot = bot ? "bot" : info.stand_in ? "standin" : info.connected ? "on" : "off";
      const open = msg.hands?.[seat];
      const team = o.contracts[sideOf(seat)];
      // A team bid (partnership bidding) is the side's, with no bid of either partner's own.
      const partners = sideSeats(sideOf(seat));
      const teamBid = team !== null && team !== undefined && partners.length > 1 && partners.every((s) => o.bids[s] === "-");
      const bid = bidText(o.bids[seat]) || (teamBid ? `Team ${team}` : null);
      return h(
        "section.seat",
        {
          class: [
            turn ? "to-act" : "",
            seat === me() ? "mine" : "",
            isPartner(seat) ? "partner" : "",
            y > 70 ? "bottom" : y < 30 ? "top" : "side",
          ].join(" "),
          style: `left:${x.toFixed(1)}%;top:${y.toFixed(1)}%`,
          "aria-label": `${seatLong(seat)}${turn ? ", to act" : ""}`,
          dataset: { seat: String(seat) },
        },
        h(
          "div.plate",
          {},
          h(
            "div.name-line",
            {},
            h("span.name", {}, seatName(seat)),
            o.dealer === seat ? h("span.chip.dealer", { title: "Dealer" }, "D") : null,
          ),
          h("div.who", {}, h("span.dot", { class: `dot-${dot}`, "aria-hidden": "true" }), h("span", {}, bot ? state : seat === me() ? "you" : state)),
          h(
            "div.numbers",
            {},
            h("span.bid", { class: bid ? "" : "none" }, bid || "no bid"),
            h("span.won", {}, `${o.tricks_won[seat]} won`),
          ),
          h("div.clock", { dataset: { clockSeat: String(seat) } }),
        ),
        seat === me()
          ? null
          : h(
              "div.mini-hand",
              { class: open ? "open" : "", role: "img", "aria-label": open ? `${seatName(seat)}'s hand: ${sortHand(open, msg.deck).map(cardName).join(", ")}` : `${o.hand_sizes[seat]} cards` },
              open
                ? sortHand(open, msg.deck).map((c) => cardFace(c, { attrs: { class: "small" } }))
                : Array.from({ length: Math.min(o.hand_sizes[seat], 13) }, () => cardBack()),
              o.hand_sizes[seat] ? h("span.count", { "aria-hidden": "true" }, String(o.hand_sizes[seat])) : null,
            ),
      );
    }),
  );
}

/** How far from the middle the seats sit, in % of the felt: their plates stay inside it. */
export function seatRadii() {
  const felt = $(".felt");
  const w = felt?.clientWidth || 800;
  const hgt = felt?.clientHeight || 500;
  const phone = w < 500;
  const rx = Math.max(28, 50 - ((phone ? 46 : 72) / w) * 100);
  const ry = Math.max(28, 50 - ((phone ? 26 : 44) / hgt) * 100);
  return [rx, ry];
}

export function renderTrick(msg, held) {
  if (!msg) return;
  const o = msg.observation;
  const plays = held
    ? held.cards.map((card, i) => [(held.leader + i) % players(), card])
    : o.trick.map(([seat, card]) => [seat, card]);
  const box = $("#trick");
  box.classList.toggle("held", !!held);
  box.classList.toggle("many", players() > 4);
  fill(
    box,
    plays.map(([seat, card], i) => {
      const a = angleOf(seat);
      const many = players() > 4;
      const x = 50 + (many ? 34 : 30) * Math.cos(a);
      const y = 50 + (many ? 30 : 22) * Math.sin(a);
      return h(
        "div.played",
        {
          class: held && held.winner === seat ? "winner" : "",
          style: `left:${x.toFixed(1)}%;top:${y.toFixed(1)}%;z-index:${i + 1}`,
        },
        cardFace(card, { attrs: { "aria-label": `${seatName(seat)}: ${cardName(card)}` } }),
      );
    }),
  );
  const status = $("#status");
  if (held) {
    status.textContent = `${seatName(held.winner)} ${held.winner === me() ? "win" : "wins"} the trick`;
  } else if (msg.over) {
    status.textContent = "Game over";
  } else if (o.phase !== "play" && !plays.length) {
    status.textContent = phaseTitle(o.phase);
  } else {
    status.textContent = "";
  }
}

export function phaseTitle(phase) {
  return (
    {
      bidding: "Bidding",
      blind: "Blind bids",
      passing: "Passing cards",
      exchange: "Nil exchange",
      discard: "Discarding",
      raise: "Raising",
      cut: "The cut",
      draw: "Drawing",
      deal: "Dealing",
      over: "Game over",
    }[phase] || phase
  );
}
