// The lobby: make a table from a bundled variant or a house-rules file, choose each seat,
// and hand out the seats' links; list the open tables.

import { api, errorText } from "./api.js";
import { $, $$, fill, h } from "./dom.js";

const KINDS = [
  ["human", "Person"],
  ["easy", "Easy bot"],
  ["standard", "Standard bot"],
  ["pro", "Pro bot"],
  ["expert", "Expert bot"],
];

const state = {
  variants: new Map(), // name -> {name, description, players}
  players: 4,
  seatCounts: new Map(), // variant (name or text) -> seats, learned from the server's answers
  problems: [],
  validateTimer: null,
  validated: "",
};

function source() {
  return $("input[name=source]:checked").value;
}

function variantText() {
  return source() === "bundled" ? $("#variant").value : $("#yaml").value;
}

// -- seats ----------------------------------------------------------------------------------

function seatLabel(seat, players) {
  if (players === 4) return `Seat ${seat} · ${["South", "West", "North", "East"][seat]}`;
  return `Seat ${seat}`;
}

function renderSeats(players) {
  const box = $("#seats");
  const before = $$("select", box).map((s) => s.value);
  state.players = players;
  fill(
    box,
    Array.from({ length: players }, (_, seat) => {
      const id = `seat-${seat}`;
      const chosen = before[seat] || (seat === 0 ? "human" : "easy");
      return h(
        "div.seat-choice",
        {},
        h("label", { for: id }, seatLabel(seat, players)),
        h(
          "select",
          { id, name: id, dataset: { seat: String(seat) } },
          KINDS.map(([kind, label]) => h("option", { value: kind, selected: kind === chosen }, label)),
        ),
      );
    }),
  );
}

// -- variants -------------------------------------------------------------------------------

async function loadVariants() {
  let result;
  try {
    result = await api.variants();
  } catch {
    return;
  }
  if (!result.ok || !result.data) return;
  const list = Array.isArray(result.data) ? result.data : result.data.variants || [];
  const select = $("#variant");
  const current = select.value;
  fill(
    select,
    list.map((v) => {
      const item = typeof v === "string" ? { name: v } : v;
      state.variants.set(item.name, item);
      return h("option", { value: item.name, selected: item.name === current }, item.name);
    }),
  );
  if (!state.variants.has(current) && list.length) select.value = state.variants.keys().next().value;
  showVariant();
}

function showVariant() {
  const v = state.variants.get($("#variant").value);
  $("#variant-description").textContent = v?.description || "";
  // The seat count: from the server when it says (a `players` field), else as learned
  // from a refused table, else four.
  const players = v?.players || state.seatCounts.get(variantText()) || 4;
  if (players !== state.players) renderSeats(players);
}

// -- the house-rules file -------------------------------------------------------------------

function renderGutter() {
  const lines = $("#yaml").value.split("\n").length;
  const bad = new Map();
  for (const p of state.problems) if (p.line) bad.set(p.line, p);
  fill(
    $("#gutter"),
    Array.from({ length: lines }, (_, i) =>
      h("li", { class: bad.has(i + 1) ? "bad" : null, title: bad.get(i + 1)?.message }, String(i + 1)),
    ),
  );
  $("#gutter").scrollTop = $("#yaml").scrollTop;
}

function goToLine(line, column) {
  const area = $("#yaml");
  const lines = area.value.split("\n");
  let offset = 0;
  for (let i = 0; i < Math.min(line - 1, lines.length); i++) offset += lines[i].length + 1;
  offset += Math.max(0, (column || 1) - 1);
  area.focus();
  area.setSelectionRange(offset, Math.min(offset + (lines[line - 1]?.length || 0), area.value.length));
  const lineHeight = parseFloat(getComputedStyle(area).lineHeight) || 20;
  area.scrollTop = Math.max(0, (line - 3) * lineHeight);
}

/** Show `problems` under the editor, each with its line; [] clears them. */
function showProblems(problems, { ok = false, name = "", description = "" } = {}) {
  state.problems = problems || [];
  const box = $("#problems");
  renderGutter();
  if (!state.problems.length) {
    fill(box, ok ? h("p.ok", {}, "✓ Valid", name ? `: ${name}` : "", description ? ` (${description})` : "") : null);
    $("#yaml").removeAttribute("aria-invalid");
    return;
  }
  $("#yaml").setAttribute("aria-invalid", "true");
  fill(
    box,
    h("p.problems-title", {}, state.problems.length === 1 ? "1 problem:" : `${state.problems.length} problems:`),
    h(
      "ul",
      {},
      state.problems.map((p) =>
        h(
          "li",
          {},
          p.line
            ? h(
                "button.linklike",
                { type: "button", onclick: () => goToLine(p.line, p.column) },
                `line ${p.line}${p.column ? `, column ${p.column}` : ""}`,
              )
            : null,
          p.line ? ": " : "",
          p.path ? h("code", {}, p.path) : null,
          p.path ? ": " : "",
          p.message || p.code || "invalid",
        ),
      ),
    ),
  );
}

async function validateNow() {
  const text = $("#yaml").value;
  if (text === state.validated) return;
  state.validated = text;
  let result;
  try {
    result = await api.validate(text);
  } catch {
    return;
  }
  if (text !== $("#yaml").value) return; // typed on since
  if (result.status === 404 || result.status === 405) return; // no validation endpoint
  const problems = result.data?.problems || [];
  showProblems(problems, { ok: problems.length === 0 && result.ok, name: result.data?.name, description: result.data?.description });
  if (result.ok && result.data?.players) renderSeats(result.data.players);
}

function scheduleValidate() {
  clearTimeout(state.validateTimer);
  renderGutter();
  state.validateTimer = setTimeout(validateNow, 400);
}

// -- making the table -----------------------------------------------------------------------

async function createTable(event) {
  event.preventDefault();
  const status = $("#create-status");
  const seats = $$("#seats select").map((s) => s.value);
  const body = { variant: variantText(), seats };
  const name = $("#table-name").value.trim();
  if (name) body.name = name;
  const seed = $("#seed").value.trim();
  if (seed !== "") body.seed = Number(seed);
  const clock = $("#clock").value.trim();
  if (clock !== "") body.clock = Number(clock);
  const standIn = $("#stand-in-after").value.trim();
  if (standIn !== "") body.stand_in_after = Number(standIn);
  if ($("#open-hands").checked) body.open_hands = true;
  $("#create").disabled = true;
  status.textContent = "Making the table…";
  let result;
  try {
    result = await api.createTable(body);
  } catch (error) {
    status.textContent = `Could not reach the server: ${error.message}`;
    $("#create").disabled = false;
    return;
  }
  $("#create").disabled = false;
  if (result.status === 422 && result.data?.problems) {
    status.textContent = "The rules have problems: see below.";
    if (source() === "file") showProblems(result.data.problems);
    else status.textContent = result.data.problems.map((p) => p.message).join("; ");
    return;
  }
  const seatCount = /has (\d+) seats/.exec(errorText(result));
  if (result.status === 400 && seatCount && Number(seatCount[1]) !== seats.length) {
    // The variant has another number of seats than the form showed: show them all.
    state.seatCounts.set(body.variant, Number(seatCount[1]));
    renderSeats(Number(seatCount[1]));
    status.textContent = `These rules seat ${seatCount[1]} players: choose who sits in each seat, then make the table.`;
    $("#seats select")?.focus();
    return;
  }
  if (!result.ok) {
    status.textContent = `Could not make the table: ${errorText(result)}`;
    return;
  }
  status.textContent = "";
  showTable(result.data);
  loadTables();
}

function absolute(url) {
  return new URL(url, location.href).href;
}

function showTable(table) {
  const list = $("#seat-links");
  const players = table.seats.length;
  fill(
    list,
    table.seats.map((s) => {
      const label = seatLabel(s.seat, players);
      if (s.kind !== "human" || !s.url) {
        return h("li.seat-link.bot", {}, h("span.who", {}, label), h("span.kind", {}, `${s.kind} bot`));
      }
      const url = absolute(s.url);
      const field = h("input.link", { type: "text", readonly: true, value: url, "aria-label": `${label} link` });
      const copied = h("span.copied", { role: "status" });
      return h(
        "li.seat-link",
        {},
        h("span.who", {}, label),
        field,
        h(
          "button.secondary",
          {
            type: "button",
            onclick: async () => {
              try {
                await navigator.clipboard.writeText(url);
              } catch {
                field.select();
                document.execCommand?.("copy");
              }
              copied.textContent = "Copied";
              setTimeout(() => (copied.textContent = ""), 2000);
            },
          },
          "Copy",
        ),
        h("a.button.primary", { href: url, dataset: { seat: String(s.seat) } }, "Sit here"),
        copied,
      );
    }),
  );
  const spectate = absolute(`/table/${encodeURIComponent(table.id)}`);
  list.append(h("li.seat-link.watch", {}, h("span.who", {}, "Watch"), h("a", { href: spectate }, spectate)));
  $("#made").hidden = false;
  $("#made-title").focus();
}

// -- open tables ----------------------------------------------------------------------------

async function loadTables() {
  const box = $("#open-tables");
  let result;
  try {
    result = await api.tables();
  } catch {
    fill(box, h("p.hint", {}, "The server is not answering."));
    return;
  }
  const tables = Array.isArray(result.data) ? result.data : result.data?.tables || [];
  if (!tables.length) {
    fill(box, h("p.hint", {}, "No table is open yet."));
    return;
  }
  fill(
    box,
    h(
      "ul.table-list",
      {},
      tables.map((t) =>
        h(
          "li",
          {},
          h("a", { href: `/table/${encodeURIComponent(t.id)}` }, t.name || `Table ${t.id}`),
          h("span.hint", {}, ` ${t.variant?.name ?? t.variant ?? ""}`),
          h("span.hint", {}, ` · deal ${(t.deal_number ?? 0) + 1}, ${t.phase || ""}`),
          t.seats ? h("span.hint", {}, ` · ${describeSeats(t.seats)}`) : null,
        ),
      ),
    ),
  );
}

function describeSeats(seats) {
  const humans = seats.filter((s) => (s.kind || s) === "human").length;
  const bots = seats.length - humans;
  const part = [];
  if (humans) part.push(`${humans} ${humans === 1 ? "person" : "people"}`);
  if (bots) part.push(`${bots} ${bots === 1 ? "bot" : "bots"}`);
  return part.join(", ");
}

// -- wiring ---------------------------------------------------------------------------------

function switchSource() {
  const file = source() === "file";
  $("#bundled-box").hidden = file;
  $("#file-box").hidden = !file;
  if (file) {
    renderGutter();
    scheduleValidate();
  } else {
    showVariant();
  }
}

function init() {
  renderSeats(4);
  renderGutter();
  $$("input[name=source]").forEach((r) => r.addEventListener("change", switchSource));
  $("#variant").addEventListener("change", showVariant);
  $("#yaml").addEventListener("input", scheduleValidate);
  $("#yaml").addEventListener("scroll", () => ($("#gutter").scrollTop = $("#yaml").scrollTop));
  $("#upload").addEventListener("change", async (event) => {
    const file = event.target.files[0];
    if (!file) return;
    $("#yaml").value = await file.text();
    scheduleValidate();
  });
  $("#new-table").addEventListener("submit", createTable);
  $("#refresh").addEventListener("click", loadTables);
  loadVariants();
  loadTables();
}

init();
