// The server's HTTP API (docs/protocol.md), in one place.

async function json(response) {
  const text = await response.text();
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return { error: text };
  }
}

async function call(method, path, body) {
  const init = { method, headers: { Accept: "application/json" } };
  if (body !== undefined) {
    init.headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(body);
  }
  const response = await fetch(path, init);
  return { status: response.status, ok: response.ok, data: await json(response) };
}

export const api = {
  variants: () => call("GET", "/api/variants"),
  validate: (variant) => call("POST", "/api/validate", { variant }),
  createTable: (body) => call("POST", "/api/tables", body),
  tables: () => call("GET", "/api/tables"),
  table: (id) => call("GET", `/api/tables/${encodeURIComponent(id)}`),
  recordUrl: (id) => `/api/tables/${encodeURIComponent(id)}/record`,
  review: (id, deal) => call("GET", `/api/tables/${encodeURIComponent(id)}/review?deal=${deal}`),
  socketUrl: (id, token) => {
    const scheme = location.protocol === "https:" ? "wss:" : "ws:";
    const query = token ? `?token=${encodeURIComponent(token)}` : "";
    return `${scheme}//${location.host}/ws/${encodeURIComponent(id)}${query}`;
  },
};

/** A message from an error answer: its "detail", "error" or "message", else the status. */
export function errorText(result) {
  const d = result.data || {};
  const e = d.error;
  if (e && typeof e === "object") return e.message || e.code || `the server answered ${result.status}`;
  return d.detail || e || d.message || d.reason || `the server answered ${result.status}`;
}
