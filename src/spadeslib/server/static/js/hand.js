// Your hand: sorted in the variant's order, the cards you may choose now raised and the
// others greyed (still clickable, so the server can say why not), one card in the Tab
// order (arrows, Home/End, digits and suit letters move along it), spread to fit the width.
// Below it, the cards you passed, received, gave or discarded.

import { verbForPhase } from "./actions.js";
import { cardBack, cardFace, cardName, followSuit, sortHand } from "./cards.js";
import { $, $$, fill, h } from "./dom.js";
import { me } from "./seating.js";

export function renderHand(msg, sorted, { mine, pending, pointer, send }) {
  const o = msg.observation;
  const box = $("#hand");
  const hand = o.hand ? sortHand(o.hand, msg.deck) : null;
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
  const choosing = mine && sorted.verb !== null;
  const received = new Set(o.received);
  const verb = sorted.verb || verbForPhase(o.phase);
  let tabbed = false;
  const buttons = hand.map((card, i) => {
    const action = sorted.cards.get(card);
    const isLegal = !!action;
    const prev = hand[i - 1];
    const newSuit = prev && followSuit(prev, msg.deck) !== followSuit(card, msg.deck);
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
          pending ? "waiting" : "",
        ].join(" "),
        "aria-label": label,
        title: label,
        "aria-disabled": choosing && !isLegal ? "true" : null,
        tabindex: "-1",
        onclick: () => send(action || `${verb} ${card}`),
      },
    });
    button.dataset.suit = followSuit(card, msg.deck);
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
    if (beforeIndex >= 0 && !pointer) target.focus();
  }
  box.tabIndex = tabbed ? -1 : 0;
}

/** Overlap the hand's cards just enough to fit its width (no more than needed). */
export function spreadHand() {
  const box = $("#hand");
  const cards = $$(".card", box);
  if (cards.length < 2) return;
  const width = cards[0].offsetWidth;
  const room = box.clientWidth - 24;
  const step = Math.min(width * 0.62, (room - width) / (cards.length - 1));
  box.style.setProperty("--hand-gap", `${Math.round(step - width)}px`);
}

export function handKeys(event) {
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

export function renderExtras(msg) {
  const o = msg.observation;
  const parts = [];
  const line = (label, cards) =>
    cards.length ? h("div.extra", {}, h("span.extra-label", {}, label), h("span.extra-cards", {}, cards.map((c) => cardFace(c, { attrs: { class: "small" } })))) : null;
  parts.push(line("You passed", o.passed));
  parts.push(line("You received", o.received));
  parts.push(line("You gave", o.given));
  parts.push(line("You discarded", o.discarded));
  fill($("#extras"), parts.filter(Boolean));
}
