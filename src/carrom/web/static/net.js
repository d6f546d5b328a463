// The play page's two roads to the server: HTTP (api) and a room's websocket (Connection), which numbers
// each intent (seq, docs/web.md), reconnects by itself and hands every message it receives to one function.

import { said, t } from "./i18n.js";

// The key this browser keeps: its "Past matches" are the matches it made or joined (docs/web.md, privacy).
export function browserKey() {
  let key = localStorage.getItem("carrom-browser");
  if (!key) {
    key = btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(18)))).replace(/\+/g, "-").replace(/\//g, "_");
    localStorage.setItem("carrom-browser", key);
  }
  return key;
}

export async function api(path, body) {
  const headers = { "X-Carrom-Browser": browserKey() };
  const init = body === undefined ? { headers } :
    { method: "POST", headers: { ...headers, "Content-Type": "application/json" }, body: JSON.stringify(body) };
  let res;
  try { res = await fetch(path, init); } catch (e) { throw new Error(t("the server cannot be reached")); }
  const data = await res.json().catch(() => ({}));
  if (!res.ok) throw new Error(data.refusal ? said(data.refusal) : data.error || res.statusText);
  return data;
}

/**
 * A room's websocket: `onMessage(msg)` for each message, `onTrouble(words)` when the line drops (null once it is
 * back). Reconnects with a growing pause; `close()` ends it for good.
 */
export class Connection {
  constructor(room, token, { onMessage, onTrouble }) {
    this.room = room; this.token = token; this.onMessage = onMessage; this.onTrouble = onTrouble;
    this.delay = 500; this.seq = 0; this.ws = null;
    this.open();
  }

  open() {
    const proto = location.protocol === "https:" ? "wss" : "ws";
    const sock = new WebSocket(`${proto}://${location.host}/ws/${this.room}` + (this.token ? `?token=${encodeURIComponent(this.token)}` : ""));
    this.ws = sock; this.seq = 0;
    sock.onopen = () => { this.delay = 500; this.onTrouble(null); };
    sock.onmessage = (ev) => { if (this.ws === sock) this.onMessage(JSON.parse(ev.data)); };
    sock.onclose = (ev) => {
      if (this.ws !== sock) return;
      if (ev.code === 4404) return;  // no such match: the error says so
      // 4008: the server closed a connection that fell behind (a slow network): it resyncs on reconnecting
      this.onTrouble(ev.code === 4008 ? t("your connection fell behind the match: reconnecting…") : t("connection lost: reconnecting…"));
      setTimeout(() => { if (this.ws === sock) this.open(); }, this.delay);
      this.delay = Math.min(this.delay * 2, 8000);
    };
  }

  get ready() { return !!this.ws && this.ws.readyState === WebSocket.OPEN; }

  /** Sends an intent with the next seq; false when not connected. */
  send(msg) {
    if (!this.ready) return false;
    this.ws.send(JSON.stringify({ ...msg, seq: ++this.seq }));
    return true;
  }

  close() {
    const sock = this.ws;
    this.ws = null;
    if (sock) { sock.onclose = null; sock.onmessage = null; sock.close(); }
  }
}
