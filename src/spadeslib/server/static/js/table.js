// The table: one seat's view of one game, drawn from the server's state messages
// (docs/protocol.md). The page holds no rules: it shows what it is sent and sends back
// the action texts it was offered (or a card the player chose, which the server refuses
// with its reason when it is not legal).

import { sortActions } from "./actions.js";
import { api } from "./api.js";
import { renderBoard, renderLastTrick } from "./board.js";
import { cardFace, cardName, parse } from "./cards.js";
import { $, $$, fill, h } from "./dom.js";
import { renderSeats, renderTrick } from "./felt.js";
import { handKeys, renderExtras, renderHand, spreadHand } from "./hand.js";
import { render as markdown } from "./markdown.js";
import { fillAnalysis, fillReview } from "./review.js";
import { me, seatLong, show, sideCount, sideName } from "./seating.js";
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

const S = {
  msg: null, // the state message on screen
  queue: [],
  timer: null, // the next state waits for this timer (a pause is being shown)
  holdUntil: 0, // performance.now() until which the state on screen stays
  pending: null, // the action sent and not yet answered
  info: null, // GET /api/tables/{id}
  lastDeal: null,
  announced: "",
  clockTimer: null,
  heldTrick: null, // {leader, cards, winner} shown in the middle for a moment
  socket: null,
  pointer: false, // the last input was a mouse or a touch, not the keyboard
};

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

/**
 * Show the queued states one after another. A finished trick stays in the middle for a
 * moment, and another seat's move is shown for a short while before the next one: the
 * states that come meanwhile wait in the queue.
 */
function pump() {
  if (S.timer) return; // waiting out a pause
  const wait = S.holdUntil - performance.now();
  if (wait > 0 && S.queue.length) {
    S.timer = setTimeout(() => {
      S.timer = null;
      pump();
    }, wait);
    return;
  }
  const msg = S.queue.shift();
  if (!msg) return;
  // Far behind (a reconnection, a burst after a reload): skip to the newest.
  const skipped = S.queue.length > 8 ? [msg, ...S.queue.splice(0)] : [msg];
  const latest = skipped[skipped.length - 1];
  const before = S.msg;
  S.msg = latest;
  show(latest);
  if (S.pending && latest.seq !== before?.seq) S.pending = null;
  let pause = 0;
  if (skipped.length > 1) S.heldTrick = null;
  else pause = pauseAfter(before, latest);
  S.holdUntil = performance.now() + pause;
  renderAll();
  if (skipped.some((m) => m.deal_ended) && latest.last_deal && before) openReview(latest.last_deal);
  if (S.heldTrick) {
    const held = S.heldTrick;
    setTimeout(() => {
      if (S.heldTrick === held) {
        S.heldTrick = null;
        renderTrick(S.msg, null);
      }
    }, pause);
  }
  pump();
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
  renderSeats(msg, S.info);
  renderTrick(msg, S.heldTrick);
  renderBoard(msg);
  renderLastTrick(msg);
  renderControls();
  announceTurn();
  renderClock();
}

// -- the seat's own controls ----------------------------------------------------------------

function myTurn() {
  return me() !== null && S.msg.legal.length > 0;
}

function renderControls() {
  const msg = S.msg;
  const o = msg.observation;
  const sorted = sortActions(msg.legal, o.hand);
  const panel = $("#panel");
  panel.setAttribute("aria-busy", S.pending ? "true" : "false");

  // The panel: a prompt, then each group of actions as a row of buttons.
  const blocks = [];
  if (msg.over) {
    blocks.push(gameOver());
  } else if (myTurn() && sorted.prompt && sorted.verb !== "play") {
    blocks.push(h("p.prompt", {}, `${sorted.prompt}:`, sorted.verb === "pass" || sorted.verb === "give" ? h("span.hint", {}, ` (${countLeft(sorted.verb)})`) : null));
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

  renderHand(msg, sorted, { mine: myTurn(), pending: S.pending, pointer: S.pointer, send });
  renderExtras(msg);
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
      if (S.msg) renderSeats(S.msg, S.info); // the stand-in's kind is in the table's summary
    } else if (result.status === 404) {
      setConnection("refused", "There is no such table.");
    }
  } catch {
    /* shown when the rules are asked for */
  }
}

function openReview(deal) {
  S.lastDeal = deal;
  fillReview(deal, S.msg);
  $("#review-button").disabled = false;
  openDialog($("#review-dialog"));
  fillAnalysis(tableId, deal, S.info);
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
      renderSeats(S.msg, S.info);
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
