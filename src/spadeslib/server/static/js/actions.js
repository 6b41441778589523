// The controls for whatever the seat may do, built from the legal action texts the server
// sends (`"bid 4"`, `"nil"`, `"blind 7"`, `"bid nil/4"`, `"pass AS"`, `"come out"` ...), so
// every variant's bidding works without the page knowing its rules. The grammar is the
// one of spadeslib.compiler.action_text.

/** The verbs whose one card is chosen from the hand. */
export const HAND_VERBS = ["play", "pass", "give", "discard"];

const PROMPTS = {
  play: "Play a card",
  pass: "Choose a card to pass to your partner",
  give: "Choose a card to give to your partner",
  discard: "Choose a card to discard",
};

// Each group: a test on the action text, a heading, and the label of one button.
const GROUPS = [
  { key: "bid", test: /^bid \d+$/, title: "Bid", label: (t) => t.slice(4), numeric: true },
  {
    key: "team",
    test: /^bid (nil|\d+)\/(nil|\d+)$/,
    title: "Team bid (you / partner)",
    label: (t) => t.slice(4).replace("/", " / "),
  },
  { key: "nil", test: /^(nil|blind nil|double nil)$/, title: "Nil", label: capital },
  { key: "blind", test: /^blind \d+$/, title: "Bid blind (before looking)", label: (t) => t.slice(6), numeric: true },
  { key: "look", test: /^look$/, title: "Blind decision", label: () => "Look at my cards" },
  { key: "come", test: /^(come out|stand)$/, title: "After a blind bid", label: capital },
  { key: "raise", test: /^raise \d+$/, title: "Raise the contract to", label: (t) => t.slice(6), numeric: true },
  { key: "draw", test: /^(keep|reject)$/, title: "The top card of the stock", label: (t) => (t === "keep" ? "Keep it" : "Reject it") },
  {
    key: "split",
    test: /^split \d+\/\d+$/,
    title: "Take the left-over cards (you / partner)",
    label: (t) => t.slice(6).replace("/", " / "),
  },
  { key: "cut", test: /^cut \S+$/, title: "French cut: the card for the next seat", label: (t) => t.slice(4), card: true },
  { key: "misdeal", test: /^misdeal$/, title: "Misdeal", label: () => "Call a misdeal" },
];

function capital(text) {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * Sort the legal actions into what the hand offers and the panel's groups.
 * `hand`: this seat's cards (or null). Returns
 *   {verb, prompt, cards: Map(card -> action text), groups: [{key, title, numeric, card, items: [{text, label}]}]}
 * where `verb` is the hand's verb ("play", "pass" ...) when cards are chosen from the hand.
 */
export function sortActions(legal, hand) {
  const inHand = new Set((hand || []).map((c) => c.toUpperCase()));
  const cards = new Map();
  let verb = null;
  const groups = new Map();
  const other = [];
  for (const text of legal || []) {
    const words = text.split(" ");
    if (HAND_VERBS.includes(words[0]) && words.length === 2 && inHand.has(words[1].toUpperCase())) {
      verb = verb || words[0];
      cards.set(words[1].toUpperCase(), text);
      continue;
    }
    const group = GROUPS.find((g) => g.test.test(text));
    if (!group) {
      other.push({ text, label: capital(text) });
      continue;
    }
    if (!groups.has(group.key)) {
      groups.set(group.key, { key: group.key, title: group.title, numeric: !!group.numeric, card: !!group.card, items: [] });
    }
    groups.get(group.key).items.push({ text, label: group.label(text) });
  }
  const ordered = GROUPS.filter((g) => groups.has(g.key)).map((g) => groups.get(g.key));
  if (other.length) ordered.push({ key: "other", title: "Other", numeric: false, card: false, items: other });
  return { verb, prompt: verb ? PROMPTS[verb] : null, cards, groups: ordered };
}

/** The verb a card click sends in `phase` when the card is not among the legal actions. */
export function verbForPhase(phase) {
  return { passing: "pass", exchange: "give", discard: "discard" }[phase] || "play";
}
