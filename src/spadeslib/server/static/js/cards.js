// Cards as the protocol writes them ("AS", "TD", "2C", "BJ", "LJ"), drawn with CSS.

import { h } from "./dom.js";

export const SUIT_SYMBOL = { S: "♠", H: "♥", D: "♦", C: "♣" };
export const SUIT_NAME = { S: "spades", H: "hearts", D: "diamonds", C: "clubs" };
const RANK_NAME = {
  A: "ace", K: "king", Q: "queen", J: "jack", T: "10",
  9: "9", 8: "8", 7: "7", 6: "6", 5: "5", 4: "4", 3: "3", 2: "2",
};
const RANKS = "23456789TJQKA";

/** {text, rank, suit, joker}: rank and suit are null for a joker. */
export function parse(text) {
  const t = String(text).toUpperCase();
  if (t === "BJ" || t === "LJ") return { text: t, rank: null, suit: null, joker: t };
  return { text: t, rank: t.slice(0, -1), suit: t.slice(-1), joker: null };
}

/** "queen of hearts", "big joker": for screen readers and titles. */
export function cardName(text) {
  const c = parse(text);
  if (c.joker) return c.joker === "BJ" ? "big joker" : "little joker";
  return `${RANK_NAME[c.rank] ?? c.rank} of ${SUIT_NAME[c.suit] ?? c.suit}`;
}

/** "Q♥", "10♠", "BJ": short text for logs and the screen. */
export function cardShort(text) {
  const c = parse(text);
  if (c.joker) return c.joker === "BJ" ? "Big joker" : "Little joker";
  return `${c.rank === "T" ? "10" : c.rank}${SUIT_SYMBOL[c.suit] ?? c.suit}`;
}

/**
 * A card face. `tag` is "button" for the hand, "div" elsewhere. The suit class
 * (suit-S ... suit-C, joker-BJ/LJ) gives its colour: red/black or the four-colour deck.
 */
export function cardFace(text, { tag = "div", attrs = {} } = {}) {
  const c = parse(text);
  const rank = c.joker ? "★" : c.rank === "T" ? "10" : c.rank;
  const symbol = c.joker ? "JOKER" : SUIT_SYMBOL[c.suit];
  const pip = c.joker ? (c.joker === "BJ" ? "B" : "L") : symbol;
  const cls = c.joker ? `card joker joker-${c.joker}` : `card suit-${c.suit}`;
  return h(
    `${tag}`,
    { "aria-label": cardName(text), title: cardName(text), ...attrs, class: `${cls} ${attrs.class || ""}`, dataset: { card: c.text } },
    h("span.corner.top", { "aria-hidden": "true" }, h("span.rank", {}, rank), h("span.pip", {}, pip)),
    h("span.centre", { "aria-hidden": "true" }, symbol),
    h("span.corner.bottom", { "aria-hidden": "true" }, h("span.rank", {}, rank), h("span.pip", {}, pip)),
  );
}

/** A face-down card, for other seats' hands. */
export function cardBack() {
  return h("div.card.back", { "aria-hidden": "true" });
}

/** Suits left to right: trumps first, then red and black alternating. */
const SUIT_PLACE = { S: 0, H: 1, C: 2, D: 3 };

/**
 * The hand in the variant's rank order: `deck` is the state message's list of
 * {card, suit, strength} (suit: the suit a card follows, so jokers and elevated deuces are
 * spades). Trumps first, then hearts, clubs, diamonds; strongest first in each. Without a
 * deck: spades (jokers on top), hearts, clubs, diamonds, ace high.
 */
export function sortHand(cards, deck) {
  const known = new Map((deck || []).map((d) => [d.card, d]));
  const key = (text) => {
    const d = known.get(String(text).toUpperCase());
    if (!d) return fallbackKey(text);
    return 10 + SUIT_PLACE[d.suit] * 100 + (99 - d.strength);
  };
  return [...cards].sort((a, b) => key(a) - key(b));
}

/** The suit a card follows, from the deck when known. */
export function followSuit(text, deck) {
  const d = (deck || []).find((x) => x.card === String(text).toUpperCase());
  if (d) return d.suit;
  const c = parse(text);
  return c.joker ? "S" : c.suit;
}

function fallbackKey(text) {
  const c = parse(text);
  if (c.joker) return c.joker === "BJ" ? 0 : 1;
  const suit = "SHCD".indexOf(c.suit);
  return 10 + suit * 100 + (99 - RANKS.indexOf(c.rank));
}

