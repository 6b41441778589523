// A WebSocket that comes back: on a drop it reconnects with a growing delay (0.5 s up to
// 8 s), and the server's first message on every connection is the full state, so the
// table resumes from it with nothing to replay on this side.

export class TableSocket {
  /**
   * `url`: the ws:// or wss:// address; `onMessage(data)` gets each parsed message;
   * `onStatus(status)` gets "connecting", "open" or "closed" (with the retry delay in ms).
   */
  constructor(url, { onMessage, onStatus }) {
    this.url = url;
    this.onMessage = onMessage;
    this.onStatus = onStatus || (() => {});
    this.delay = 500;
    this.ws = null;
    this.stopped = false;
    this.timer = null;
    this.connect();
    // A laptop waking up or a phone back on the network: try at once.
    window.addEventListener("online", () => this.retryNow());
    document.addEventListener("visibilitychange", () => {
      if (document.visibilityState === "visible") this.retryNow();
    });
  }

  connect() {
    clearTimeout(this.timer);
    this.timer = null;
    this.onStatus("connecting");
    let ws;
    try {
      ws = new WebSocket(this.url);
    } catch (error) {
      this.scheduleRetry();
      return;
    }
    this.ws = ws;
    ws.addEventListener("open", () => {
      this.delay = 500;
      this.onStatus("open");
    });
    ws.addEventListener("message", (event) => {
      let data;
      try {
        data = JSON.parse(event.data);
      } catch {
        return;
      }
      this.onMessage(data);
    });
    ws.addEventListener("close", (event) => {
      if (this.ws !== ws) return;
      this.ws = null;
      if (this.stopped) return;
      // 4xxx: the server refused this connection for good (no such table, a bad token).
      if (event.code >= 4000 && event.code < 4100) {
        this.onStatus("refused", event.reason || "");
        return;
      }
      this.scheduleRetry();
    });
  }

  scheduleRetry() {
    if (this.stopped || this.timer) return;
    const delay = this.delay;
    this.delay = Math.min(this.delay * 2, 8000);
    this.onStatus("closed", delay);
    this.timer = setTimeout(() => this.connect(), delay);
  }

  retryNow() {
    if (this.stopped || this.ws) return;
    this.delay = 500;
    this.connect();
  }

  /** Send `message` as JSON; false when not connected (the caller says so). */
  send(message) {
    if (!this.ws || this.ws.readyState !== WebSocket.OPEN) return false;
    this.ws.send(JSON.stringify(message));
    return true;
  }

  close() {
    this.stopped = true;
    clearTimeout(this.timer);
    if (this.ws) this.ws.close();
  }
}
