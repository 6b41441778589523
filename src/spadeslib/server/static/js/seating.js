// Who sits where, as the page shows it: the seat at the bottom (yours, or seat 0 for a
// spectator), the names of seats and sides, the sides (alternating round the table). Every
// function reads the state message on screen, which the table sets with show().

let view = null;

/** The state message the names and places are for. */
export function show(msg) {
  view = msg;
}

export const COMPASS = ["South", "West", "North", "East"];

export function players() {
  return view?.observation.hand_sizes.length || 4;
}

export function me() {
  return view?.seat ?? null;
}

/** The seat at the bottom of the screen: mine, or seat 0 for a spectator. */
export function anchor() {
  return me() ?? 0;
}

export function sideCount() {
  return view?.observation.contracts.length || 2;
}

/** Sides alternate round the table (0 & 2 against 1 & 3; 0 & 3, 1 & 4, 2 & 5 ...). */
export function sideOf(seat) {
  return seat % sideCount();
}

export function sideSeats(side) {
  return Array.from({ length: players() }, (_, s) => s).filter((s) => sideOf(s) === side);
}

export function isPartner(seat) {
  return me() !== null && seat !== me() && sideOf(seat) === sideOf(me());
}

export function seatName(seat) {
  if (seat === me()) return "You";
  const where = players() === 4 ? `${COMPASS[(seat - anchor() + 4) % 4]}` : `Seat ${seat}`;
  if (isPartner(seat)) return players() === 4 ? "Partner" : `Partner (seat ${seat})`;
  return where;
}

export function seatLong(seat) {
  const name = seatName(seat);
  return name.includes(`seat ${seat}`) || name === `Seat ${seat}` ? name : `${name} (seat ${seat})`;
}

export function sideName(side) {
  const seats = sideSeats(side);
  if (me() !== null && sideOf(me()) === side) return seats.length > 1 ? "Us" : "You";
  if (seats.length === 1) return seatName(seats[0]);
  if (sideCount() === 2 && me() !== null) return "Them";
  if (players() === 4 && seats.length === 2) return seats.map((s) => COMPASS[(s - anchor() + 4) % 4][0]).join("–");
  return `Seats ${seats.join("+")}`;
}

/** Where a seat sits, as an angle: the anchor at the bottom, then clockwise on screen. */
export function angleOf(seat) {
  const n = players();
  const k = (seat - anchor() + n) % n;
  return ((90 + (k * 360) / n) * Math.PI) / 180;
}

export const KIND_LABEL = {
  human: "person",
  easy: "Easy bot",
  standard: "Standard bot",
  pro: "Pro bot",
  expert: "Expert bot",
};

export function seatInfo(seat) {
  return view.seats?.find((s) => s.seat === seat) || { seat, kind: "human", connected: false, stand_in: false };
}

export function bidText(bid) {
  if (!bid || bid === "-") return null;
  if (bid === "nil") return "Nil";
  if (bid === "blind nil") return "Blind Nil";
  return `Bid ${bid}`;
}
