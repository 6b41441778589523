// The table: one seat's view of one game, drawn from the server's state messages
// (docs/protocol.md). The page holds no rules: it shows what it is sent and sends back
// the action texts it was offered (or a card the player chose, which the server refuses
// with its reason when it is not legal).

import { sortActions, verbForPhase } from "./actions.js";
import { api } from "./api.js";
import { cardBack, cardFace, cardName, cardShort, followSuit, parse, sortHand } from "./cards.js";
import { $, $$, fill, h } from "./dom.js";
import { render as markdown } from "./markdown.js";
import { TableSocket } from "./socket.js";

const params = new URLSearchParams(location.search);
const tableId = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop() || "");
const token = params.get("token");
// How long a finished trick stays in the middle, and the pause between other players'
// moves, in ms: ?pace=0 (or localStorage "spadeslib.pace") for no pause at all.
const paceSetting = params.get("pace") ?? localStorage.getItem("spadeslib.pace");
const PACE = paceSetting === null ? 1 : Math.max(0, Number(paceSetting) || 0);
const TRICK_HOLD = 1200 * PACE;
const MOVE_PAUSE = 350 * PACE;

const PHASE_VERB = {
  bidding: "bid",
  play: "play",
  passing: "pass a card",
  exchange: "give a card",
  discard: "discard",
  blind: "bid blind or look",
  raise: "raise or stand",
  cut: "cut",
  draw: "draw",
  deal: "deal",
};
const KIND_LABEL = {
  human: "person",
  easy: "Easy bot",
  standard: "Standard bot",
  pro: "Pro bot",
  expert: "Expert bot",
};

const S = {
  msg: null, // the state message on screen
  prev: null, // the one before it
  queue: [],
  busy: false, // a finished trick or a move is being shown
  pending: null, // the action sent and not yet answered
  info: null, // GET /api/tables/{id}
  lastDeal: null,
  announced: "",
  focusCard: null,
  clockTimer: null,
  heldTrick: null, // {leader, cards, winner} shown in the middle for a moment
  socket: null,
  pointer: false, // the last input was a mouse or a touch, not the keyboard
};

// -- seats and sides ------------------------------------------------------------------------

function players() {
  return S.msg?.observation.hand_sizes.length || 4;
}

function me() {
  return S.msg?.seat ?? null;
}

/** The seat at the bottom of the screen: mine, or seat 0 for a spectator. */
function anchor() {
  return me() ?? 0;
}

function sideCount() {
  return S.msg?.observation.contracts.length || 2;
}

/** Sides alternate round the table (0 & 2 against 1 & 3; 0 & 3, 1 & 4, 2 & 5 ...). */
function sideOf(seat) {
  return seat % sideCount();
}

function sideSeats(side) {
  return Array.from({ length: players() }, (_, s) => s).filter((s) => sideOf(s) === side);
}

function isPartner(seat) {
  return me() !== null && seat !== me() && sideOf(seat) === sideOf(me());
}

const COMPASS = ["South", "West", "North", "East"];

function seatName(seat) {
  if (seat === me()) return "You";
  const where = players() === 4 ? `${COMPASS[(seat - anchor() + 4) % 4]}` : `Seat ${seat}`;
  if (isPartner(seat)) return players() === 4 ? "Partner" : `Partner (seat ${seat})`;
  return where;
}

function seatLong(seat) {
  const name = seatName(seat);
  return name.includes(`seat ${seat}`) || name === `Seat ${seat}` ? name : `${name} (seat ${seat})`;
}

function sideName(side) {
  const seats = sideSeats(side);
  if (me() !== null && sideOf(me()) === side) return seats.length > 1 ? "Us" : "You";
  if (seats.length === 1) return seatName(seats[0]);
  if (sideCount() === 2 && me() !== null) return "Them";
  if (players() === 4 && seats.length === 2) return seats.map((s) => COMPASS[(s - anchor() + 4) % 4][0]).join("–");
  return `Seats ${seats.join("+")}`;
}

/** Where a seat sits, as an angle: the anchor at the bottom, then clockwise on screen. */
function angleOf(seat) {
  const n = players();
  const k = (seat - anchor() + n) % n;
  return ((90 + (k * 360) / n) * Math.PI) / 180;
}

// -- messages -------------------------------------------------------------------------------

function onMessage(msg) {
  if (msg.type === "state") {
    S.queue.push(msg);
    pump();
  } else if (msg.type === "refused") {
    S.pending = null;
    showRefused(msg.reason, msg.rule, msg.action);
    if (S.msg) renderControls();
    // Behind the table (another window or the clock acted): ask for the state again.
    if (msg.rule === "seq") S.socket.send({ type: "sync" });
  } else if (msg.type === "error") {
    S.pending = null;
    showRefused(msg.message || msg.code, null, null);
    if (S.msg) renderControls();
  }
}

/** Show the queued states one after another, pausing on finished tricks and others' moves. */
function pump() {
  if (S.busy) return;
  const msg = S.queue.shift();
  if (!msg) return;
  // Behind by more than one: skip to the newest (a reconnection, a burst after a reload).
  const skipped = S.queue.length > 8 ? [msg, ...S.queue.splice(0)] : [msg];
  const latest = skipped[skipped.length - 1];
  const before = S.msg;
  S.prev = before;
  S.msg = latest;
  if (S.pending && latest.seq !== before?.seq) S.pending = null;
  const pause = pauseAfter(before, latest);
  renderAll();
  if (skipped.some((m) => m.deal_ended) && latest.last_deal && before) openReview(latest.last_deal);
  if (pause > 0 && S.queue.length) {
    S.busy = true;
    setTimeout(() => {
      S.busy = false;
      S.heldTrick = null;
      renderTrick();
      pump();
    }, pause);
  } else {
    if (pause > 0 && S.heldTrick) {
      setTimeout(() => {
        if (S.msg === latest) {
          S.heldTrick = null;
          renderTrick();
        }
      }, pause);
    }
    pump();
  }
}

function pauseAfter(before, msg) {
  if (!before || before.observation.deal_number !== msg.observation.deal_number) {
    S.heldTrick = null;
    return 0;
  }
  const was = before.observation.tricks.length;
  const now = msg.observation.tricks.length;
  if (now > was && msg.observation.trick.length === 0) {
    if (TRICK_HOLD <= 0) {
      S.heldTrick = null;
      return 0;
    }
    const [leader, cards] = msg.observation.tricks[now - 1];
    S.heldTrick = { leader, cards, winner: trickWinner(before.observation, msg.observation) };
    return TRICK_HOLD;
  }
  S.heldTrick = null;
  // Another seat moved: a short pause so each card can be seen landing.
  return msg.seq > before.seq && before.observation.current_player !== me() ? MOVE_PAUSE : 0;
}

function trickWinner(before, after) {
  for (let s = 0; s < after.tricks_won.length; s++) {
    if (after.tricks_won[s] > before.tricks_won[s]) return s;
  }
  return after.current_player;
}

function send(action) {
  if (!S.msg) return;
  if (S.pending) return; // one at a time: the answer comes first
  hideRefused();
  const ok = S.socket.send({ type: "act", action, seq: S.msg.seq });
  if (!ok) {
    showRefused("Not connected to the table: your move was not sent. Reconnecting…", null, action);
    return;
  }
  S.pending = action;
  renderControls();
}

// -- rendering ------------------------------------------------------------------------------

function renderAll() {
  const msg = S.msg;
  document.title = `${msg.variant?.name || "Spades"}: ${msg.status || "table"}`;
  if (!S.info?.name) $("#table-title").textContent = msg.variant?.name || "Spades";
  $("#variant-line").textContent = [
    msg.variant?.description,
    me() === null ? "You are watching" : null,
    msg.open_hands ? "all hands open" : null,
  ]
    .filter(Boolean)
    .join(" · ");
  if (msg.last_deal) {
    S.lastDeal = msg.last_deal;
    $("#review-button").disabled = false;
  }
  $("#download-record").href = msg.record_url || api.recordUrl(tableId);
  $("#download-record").setAttribute("download", `spades-${tableId}-record.json`);
  renderSeats();
  renderTrick();
  renderBoard();
  renderLastTrick();
  renderControls();
  announceTurn();
  renderClock();
}

function seatInfo(seat) {
  return S.msg.seats?.find((s) => s.seat === seat) || { seat, kind: "human", connected: false, stand_in: false };
}

function bidText(bid) {
  if (!bid || bid === "-") return null;
  if (bid === "nil") return "Nil";
  if (bid === "blind nil") return "Blind Nil";
  return `Bid ${bid}`;
}

function renderSeats() {
  const o = S.msg.observation;
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
      const turn = o.current_player === seat && !S.msg.over;
      const state = bot
        ? KIND_LABEL[info.kind]
        : info.stand_in
          ? `away: ${KIND_LABEL[S.info?.stand_in] || "a bot"} stands in`
          : info.connected
            ? "here"
            : "away";
      const dot = bot ? "bot" : info.stand_in ? "standin" : info.connected ? "on" : "off";
      const open = S.msg.hands?.[seat];
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
              { class: open ? "open" : "", role: "img", "aria-label": open ? `${seatName(seat)}'s hand: ${sortHand(open, S.msg.deck).map(cardName).join(", ")}` : `${o.hand_sizes[seat]} cards` },
              open
                ? sortHand(open, S.msg.deck).map((c) => cardFace(c, { attrs: { class: "small" } }))
                : Array.from({ length: Math.min(o.hand_sizes[seat], 13) }, () => cardBack()),
              o.hand_sizes[seat] ? h("span.count", { "aria-hidden": "true" }, String(o.hand_sizes[seat])) : null,
            ),
      );
    }),
  );
}

/** How far from the middle the seats sit, in % of the felt: their plates stay inside it. */
function seatRadii() {
  const felt = $(".felt");
  const w = felt?.clientWidth || 800;
  const hgt = felt?.clientHeight || 500;
  const phone = w < 500;
  const rx = Math.max(28, 50 - ((phone ? 46 : 72) / w) * 100);
  const ry = Math.max(28, 50 - ((phone ? 26 : 44) / hgt) * 100);
  return [rx, ry];
}

function renderTrick() {
  if (!S.msg) return;
  const o = S.msg.observation;
  const held = S.heldTrick;
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
  } else if (S.msg.over) {
    status.textContent = "Game over";
  } else if (o.phase !== "play" && !plays.length) {
    status.textContent = phaseTitle(o.phase);
  } else {
    status.textContent = "";
  }
}

function phaseTitle(phase) {
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

function renderBoard() {
  const o = S.msg.observation;
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
  const info = [S.msg.over ? "Game over" : `Deal ${o.deal_number + 1}`, `dealer ${seatName(o.dealer).toLowerCase() === "you" ? "you" : seatName(o.dealer)}`];
  if (o.phase === "play" || o.spades_broken) info.push(o.spades_broken ? "spades broken ♠" : "spades not broken");
  if (nils.length) info.push(nils.join(", "));
  if (o.cut.length) info.push(`cut: ${o.cut.map(cardShort).join(" ")}`);
  fill($("#deal-info"), info.join(" · "));
}

function renderLastTrick() {
  const o = S.msg.observation;
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
function lastTrickWinner(o) {
  if (o.trick.length) return o.trick[0][0];
  if (o.phase === "play") return o.current_player;
  return null;
}

// -- the seat's own controls ----------------------------------------------------------------

function myTurn() {
  return me() !== null && S.msg.legal.length > 0;
}

function renderControls() {
  const msg = S.msg;
  const o = msg.observation;
  const legal = S.pending ? [] : msg.legal;
  const sorted = sortActions(msg.legal, o.hand);
  const panel = $("#panel");
  panel.setAttribute("aria-busy", S.pending ? "true" : "false");

  // The panel: a prompt, then each group of actions as a row of buttons.
  const blocks = [];
  if (msg.over) {
    blocks.push(gameOver());
  } else if (myTurn() && sorted.prompt && sorted.verb !== "play") {
    blocks.push(h("p.prompt", {}, `${sorted.prompt}${sorted.verb === "play" ? "" : ":"}`, sorted.verb === "pass" || sorted.verb === "give" ? h("span.hint", {}, ` (${countLeft(sorted.verb)})`) : null));
  }
  for (const group of sorted.groups) {
    blocks.push(
      h(
        "div.group",
        { role: "group", "aria-labelledby": `group-${group.key}`, class: group.numeric ? "numeric" : "", dataset: { group: group.key } },
        h("h3.group-title", { id: `group-${group.key}` }, group.title),
        h(
          "div.buttons",
          { onkeydown: arrowKeys },
          group.items.map((item) =>
            group.card
              ? cardFace(item.label, {
                  tag: "button",
                  attrs: { type: "button", class: "choice", dataset: { action: item.text }, "aria-label": `${item.text}: ${cardName(item.label)}`, onclick: () => send(item.text), disabled: !!S.pending },
                })
              : h(
                  "button.choice",
                  {
                    type: "button",
                    class: item.text === "nil" || item.text === "blind nil" ? "nil" : "",
                    dataset: { action: item.text },
                    "aria-label": item.text,
                    onclick: () => send(item.text),
                    disabled: !!S.pending,
                  },
                  item.label,
                ),
          ),
        ),
      ),
    );
  }
  if (o.top_card) {
    blocks.push(h("div.top-card", {}, h("span", {}, "The top card of the stock:"), cardFace(o.top_card)));
  }
  if (S.pending) blocks.push(h("p.hint.sending", {}, `Sending “${S.pending}”…`));
  const hadFocus = panel.contains(document.activeElement) ? document.activeElement.dataset.action : null;
  fill(panel, blocks);
  panel.hidden = blocks.length === 0;
  if (hadFocus) $(`[data-action="${CSS.escape(hadFocus)}"]`, panel)?.focus();

  renderHand(sorted, legal);
  renderExtras();
  moveFocusIfLost(sorted);
}

function countLeft(verb) {
  const o = S.msg.observation;
  const done = verb === "pass" ? o.passed.length : o.given.length;
  return done ? `${done} chosen` : "one at a time";
}

function arrowKeys(event) {
  const buttons = $$("button", event.currentTarget);
  const i = buttons.indexOf(document.activeElement);
  if (i < 0) return;
  let j = null;
  if (event.key === "ArrowRight" || event.key === "ArrowDown") j = Math.min(buttons.length - 1, i + 1);
  if (event.key === "ArrowLeft" || event.key === "ArrowUp") j = Math.max(0, i - 1);
  if (event.key === "Home") j = 0;
  if (event.key === "End") j = buttons.length - 1;
  if (j !== null) {
    event.preventDefault();
    buttons[j].focus();
  }
}

function gameOver() {
  const o = S.msg.observation;
  let text = "The game is over: a draw.";
  if (o.winner !== null && o.winner !== undefined) {
    const name = sideName(o.winner);
    text = name === "Us" || name === "You" ? "The game is over: you win!" : `The game is over: ${name} ${name === "Them" ? "win" : "wins"}.`;
  }
  return h(
    "div.over",
    {},
    h("p.prompt", {}, text),
    h("p", {}, "Final scores: ", Array.from({ length: sideCount() }, (_, s) => `${sideName(s)} ${o.scores[s]}`).join(", "), "."),
    h(
      "p.buttons",
      {},
      h("a.button.secondary", { href: S.msg.record_url || api.recordUrl(tableId), download: `spades-${tableId}-record.json` }, "Download record"),
      h("a.button.primary", { href: "/" }, "New table"),
    ),
  );
}

function renderHand(sorted, legal) {
  const o = S.msg.observation;
  const box = $("#hand");
  const hand = o.hand ? sortHand(o.hand, S.msg.deck) : null;
  const before = document.activeElement?.closest?.("#hand") ? document.activeElement.dataset.card : null;
  const beforeIndex = before ? $$("button.card", box).findIndex((b) => b.dataset.card === before) : -1;
  if (me() === null) {
    box.hidden = true;
    return;
  }
  box.hidden = false;
  if (!hand) {
    fill(
      box,
      h("p.hint", {}, "You have not looked at your cards yet."),
      Array.from({ length: o.hand_sizes[me()] }, () => cardBack()),
    );
    box.classList.add("unseen");
    spreadHand();
    requestAnimationFrame(spreadHand);
    return;
  }
  box.classList.remove("unseen");
  const choosing = myTurn() && sorted.verb !== null;
  const received = new Set(o.received);
  const verb = sorted.verb || verbForPhase(o.phase);
  let tabbed = false;
  const buttons = hand.map((card, i) => {
    const action = sorted.cards.get(card);
    const isLegal = !!action;
    const prev = hand[i - 1];
    const newSuit = prev && followSuit(prev, S.msg.deck) !== followSuit(card, S.msg.deck);
    const label = `${cardName(card)}${choosing && !isLegal ? " (not playable now)" : ""}${received.has(card) ? " (received)" : ""}`;
    const button = cardFace(card, {
      tag: "button",
      attrs: {
        type: "button",
        class: [
          "in-hand",
          choosing ? (isLegal ? "legal" : "illegal") : "",
          newSuit ? "suit-start" : "",
          received.has(card) ? "received" : "",
          S.pending ? "waiting" : "",
        ].join(" "),
        "aria-label": label,
        title: label,
        "aria-disabled": choosing && !isLegal ? "true" : null,
        tabindex: "-1",
        onclick: () => send(action || `${verb} ${card}`),
      },
    });
    button.dataset.suit = followSuit(card, S.msg.deck);
    return button;
  });
  fill(box, buttons);
  spreadHand();
  requestAnimationFrame(spreadHand);
  // Roving focus: one card is in the Tab order: the one focused before, else the first
  // playable one, else the first.
  let target = null;
  if (beforeIndex >= 0) target = buttons.find((b) => b.dataset.card === before) || buttons[Math.min(beforeIndex, buttons.length - 1)];
  target = target || buttons.find((b) => b.classList.contains("legal")) || buttons[0];
  if (target) {
    target.tabIndex = 0;
    tabbed = true;
    if (beforeIndex >= 0 && !S.pointer) target.focus();
  }
  box.tabIndex = tabbed ? -1 : 0;
}

/** Overlap the hand's cards just enough to fit its width (no more than needed). */
function spreadHand() {
  const box = $("#hand");
  const cards = $$(".card", box);
  if (cards.length < 2) return;
  const width = cards[0].offsetWidth;
  const room = box.clientWidth - 24;
  const step = Math.min(width * 0.62, (room - width) / (cards.length - 1));
  box.style.setProperty("--hand-gap", `${Math.round(step - width)}px`);
}

function handKeys(event) {
  const box = $("#hand");
  const buttons = $$("button.card", box);
  if (!buttons.length) return;
  const i = buttons.indexOf(document.activeElement);
  let j = null;
  const key = event.key;
  if (key === "ArrowRight" || key === "ArrowDown") j = i < 0 ? 0 : Math.min(buttons.length - 1, i + 1);
  else if (key === "ArrowLeft" || key === "ArrowUp") j = i < 0 ? 0 : Math.max(0, i - 1);
  else if (key === "Home") j = 0;
  else if (key === "End") j = buttons.length - 1;
  else if (/^[0-9]$/.test(key) && !event.altKey && !event.ctrlKey && !event.metaKey) {
    const n = key === "0" ? 9 : Number(key) - 1;
    const legal = buttons.filter((b) => b.classList.contains("legal"));
    const pool = legal.length ? legal : buttons;
    if (pool[n]) j = buttons.indexOf(pool[n]);
  } else if (/^[shdc]$/i.test(key) && !event.altKey && !event.ctrlKey && !event.metaKey) {
    const first = buttons.findIndex((b) => b.dataset.suit === key.toUpperCase());
    if (first >= 0) j = first;
  }
  if (j === null) return;
  event.preventDefault();
  event.stopPropagation();
  for (const b of buttons) b.tabIndex = -1;
  buttons[j].tabIndex = 0;
  buttons[j].focus();
}

function renderExtras() {
  const o = S.msg.observation;
  const parts = [];
  const line = (label, cards) =>
    cards.length ? h("div.extra", {}, h("span.extra-label", {}, label), h("span.extra-cards", {}, cards.map((c) => cardFace(c, { attrs: { class: "small" } })))) : null;
  parts.push(line("You passed", o.passed));
  parts.push(line("You received", o.received));
  parts.push(line("You gave", o.given));
  parts.push(line("You discarded", o.discarded));
  fill($("#extras"), parts.filter(Boolean));
}

function moveFocusIfLost(sorted) {
  if (!myTurn() || S.pending || S.pointer) return;
  const active = document.activeElement;
  if (active && active !== document.body && document.contains(active)) return;
  if ($("dialog[open]")) return;
  if (sorted.verb) $("#hand button[tabindex='0']")?.focus({ preventScroll: true });
  else $("#panel button")?.focus({ preventScroll: true });
}

// -- announcements --------------------------------------------------------------------------

function announceTurn() {
  const msg = S.msg;
  const o = msg.observation;
  let text;
  if (msg.over) text = "";
  else if (o.current_player === null || o.current_player === undefined) text = msg.status || "";
  else if (o.current_player === me()) {
    const verb = PHASE_VERB[o.phase] || o.phase;
    text = `Your turn to ${verb}.`;
  } else {
    const verb = PHASE_VERB[o.phase] || o.phase;
    text = `${seatLong(o.current_player)} to ${verb}.`;
  }
  const el = $("#turn");
  el.classList.toggle("mine", o.current_player === me() && !msg.over);
  if (text !== S.announced) {
    S.announced = text;
    el.textContent = text;
  }
}

function showRefused(reason, rule, action) {
  const el = $("#refused");
  el.hidden = false;
  fill(
    el,
    h("strong", {}, action ? `“${action}” was refused: ` : "Refused: "),
    reason || "not allowed now",
    rule && !["seq", "turn", "seat", "action"].includes(rule) ? h("span.rule", {}, ` (rule: ${rule})`) : null,
  );
}

function hideRefused() {
  const el = $("#refused");
  el.hidden = true;
  el.replaceChildren();
}

// -- the clock ------------------------------------------------------------------------------

function renderClock() {
  clearInterval(S.clockTimer);
  const clock = S.msg.clock;
  $$(".clock").forEach((el) => (el.textContent = ""));
  if (!clock) return;
  const tick = () => {
    const el = $(`.clock[data-clock-seat="${clock.seat}"]`);
    if (!el) return;
    const left = Math.max(0, Math.round(clock.deadline - Date.now() / 1000));
    el.textContent = `${left} s left`;
    el.classList.toggle("low", left <= 10);
  };
  tick();
  S.clockTimer = setInterval(tick, 1000);
}

// -- dialogs: the rules card and the deal's review --------------------------------------------

function openDialog(dialog) {
  if (!dialog.open) dialog.showModal();
}

async function openRules() {
  const dialog = $("#rules-dialog");
  openDialog(dialog);
  if (!S.info) await loadInfo();
  const body = $("#rules-body");
  if (S.info?.rules) fill(body, markdown(S.info.rules, 3));
  else fill(body, h("p.hint", {}, "The rules card could not be loaded."));
}

async function loadInfo() {
  try {
    const result = await api.table(tableId);
    if (result.ok) {
      S.info = result.data;
      if (S.info.name) $("#table-title").textContent = S.info.name;
      if (S.msg) renderSeats(); // the stand-in's kind is in the table's summary
    } else if (result.status === 404) {
      setConnection("refused", "There is no such table.");
    }
  } catch {
    /* shown when the rules are asked for */
  }
}

function openReview(deal) {
  S.lastDeal = deal;
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
              h("span.extra-cards", {}, sortHand(hand, S.msg?.deck).map((c) => cardFace(c, { attrs: { class: "small" } }))),
            )
          : null,
      ),
    ),
    deal.widow?.length ? h("p", {}, "Widow: ", deal.widow.map(cardShort).join(" ")) : null,
  );
  $("#review-title").textContent = S.msg?.over ? "The last deal of the game" : "End of the deal";
  $("#review-button").disabled = false;
  openDialog($("#review-dialog"));
}

// -- the connection -------------------------------------------------------------------------

function setConnection(state, detail) {
  document.body.classList.toggle("offline", state !== "open");
  const el = $("#connection");
  el.dataset.state = state;
  const text = {
    connecting: "Connecting…",
    open: "Connected",
    closed: `Reconnecting${detail ? ` in ${Math.round(detail / 1000)}s` : ""}…`,
    refused: detail || "This link does not open a seat here.",
  }[state];
  el.textContent = text;
}

// -- preferences and wiring -----------------------------------------------------------------

function setFourColour(on) {
  document.body.classList.toggle("four-colour", on);
  $("#four-colour").checked = on;
  try {
    localStorage.setItem("spadeslib.fourColour", on ? "1" : "0");
  } catch {
    /* private mode */
  }
}

function globalKeys(event) {
  const target = event.target;
  if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
  if (target.closest?.("input, textarea, select, dialog[open]")) return;
  if (event.key === "r" || event.key === "R") {
    event.preventDefault();
    openRules();
  } else if ((event.key === "l" || event.key === "L") && S.lastDeal) {
    event.preventDefault();
    openReview(S.lastDeal);
  } else if (event.key === "?") {
    event.preventDefault();
    openDialog($("#keys-dialog"));
  } else if (event.key === ".") {
    event.preventDefault();
    const sorted = S.msg ? sortActions(S.msg.legal, S.msg.observation.hand) : null;
    if (sorted && myTurn() && !sorted.verb) $("#panel button")?.focus();
    else ($("#hand button[tabindex='0']") || $("#hand button"))?.focus();
  }
}

function init() {
  let four = false;
  try {
    four = localStorage.getItem("spadeslib.fourColour") === "1";
  } catch {
    /* private mode */
  }
  setFourColour(four);
  $("#four-colour").addEventListener("change", (e) => setFourColour(e.target.checked));
  $("#rules-button").addEventListener("click", openRules);
  $("#review-button").addEventListener("click", () => S.lastDeal && openReview(S.lastDeal));
  $("#keys-button").addEventListener("click", () => openDialog($("#keys-dialog")));
  for (const dialog of $$("dialog")) {
    dialog.addEventListener("click", (event) => {
      if (event.target.closest("[data-close]") || event.target === dialog) dialog.close();
    });
  }
  $("#hand").addEventListener("keydown", handKeys);
  let resizing = null;
  window.addEventListener("resize", () => {
    clearTimeout(resizing);
    resizing = setTimeout(() => {
      if (!S.msg) return;
      renderSeats();
      spreadHand();
    }, 100);
  });
  // Keyboard players get the focus kept on the hand as it changes; mouse and touch
  // players do not see focus rings appear after a click.
  document.addEventListener("pointerdown", () => (S.pointer = true), true);
  document.addEventListener("keydown", () => (S.pointer = false), true);
  document.addEventListener("keydown", globalKeys);
  if (!tableId) {
    setConnection("refused", "No table in this address.");
    return;
  }
  loadInfo();
  S.socket = new TableSocket(api.socketUrl(tableId, token), {
    onMessage,
    onStatus: setConnection,
  });
  // Keep-alive through proxies that close idle connections.
  setInterval(() => S.socket.send({ type: "ping" }), 25000);
}

init();

// For the browser tests and the curious: the state on screen.
window.spadesTable = {
  get state() {
    return S.msg;
  },
  get pending() {
    return S.pending;
  },
  parse,
};
