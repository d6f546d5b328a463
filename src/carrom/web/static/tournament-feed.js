// The public page's subscription (Server-Sent Events, carrom.web.feed): each new version of the tournament's view,
// whole or as its changes from the version the page holds, the same message for every spectator.

// The rows of a list in a new order: runs [first, count] of the old indices.
const reordered = (rows, runs) => runs.flatMap(([first, count]) => rows.slice(first, first + count));

// The view with the changes done: [path, value] sets the value at the path (an index at a list's end appends it),
// [path] removes a key or cuts a list at that index, [path, runs, "order"] puts a list's rows in a new order (the
// standings after a result: who moved, then what changed in each row); an empty path is the whole view.
export function applied(value, ops) {
  for (const op of ops) {
    const path = op[0];
    if (op.length === 3) {
      let at = value;
      for (const key of path) at = at[key];
      const rows = reordered(at, op[1]);
      if (at === value) value = rows;
      else at.splice(0, at.length, ...rows);
      continue;
    }
    if (!path.length) {
      value = op[1];
      continue;
    }
    let at = value;
    for (const key of path.slice(0, -1)) at = at[key];
    const last = path[path.length - 1];
    if (op.length === 1) {
      if (Array.isArray(at)) at.length = last;
      else delete at[last];
    } else at[last] = op[1];
  }
  return value;
}

// Subscribe holding the version `held` (its validator): `whole(view, etag)` for a view sent whole, `changes(patch,
// etag)` for one sent as changes ({base, ops}: from the version `base`); `failed()` once the server refuses (full)
// or the browser gives up. A browser reconnecting sends the last version it was sent (Last-Event-ID) by itself.
export function subscribe(url, held, { whole, changes, failed }) {
  const source = new EventSource(`${url}?held=${encodeURIComponent(held || "")}`);
  source.addEventListener("view", (e) => whole(JSON.parse(e.data), e.lastEventId));
  source.addEventListener("patch", (e) => changes(JSON.parse(e.data), e.lastEventId));
  source.addEventListener("error", () => {
    if (source.readyState === EventSource.CLOSED) failed();
  });
  return source;
}

// The event's public view read whole (no-cache: asked every time with the validator held, so an unchanged view is
// a 304 without a body): {state, etag}; a refusal raises with the server's words.
export async function readView(eventId) {
  const answer = await fetch(`/api/t/${eventId}`, { cache: "no-cache" });
  const body = await answer.json();
  if (!answer.ok) throw new Error(body.error);
  return { state: body, etag: answer.headers.get("ETag") };
}

// Follow an event's public view: read once, then subscribed to, or read again every `every` ms where it cannot
// subscribe (or when `polling` is asked). `shown(state, etag)` for each version (it keeps view.state and view.etag),
// `unread(error)` when it cannot be read; view.readings and view.subscribed say how it follows.
export async function follow(eventId, view, { shown, unread, every = 5000, polling = false }) {
  const read = async () => {
    try {
      view.readings = (view.readings || 0) + 1;
      const { state, etag } = await readView(eventId);
      shown(state, etag);
    } catch (exc) {
      unread(exc);
    }
  };
  const poll = () => {
    view.subscribed = false;
    setInterval(read, every);
  };
  await read();
  if (polling || !window.EventSource) return poll();
  view.subscribed = true;
  subscribe(`/api/t/${eventId}/feed`, view.etag, {
    whole: (state, etag) => shown(state, etag),
    // changes from another version than the one held (one missed meanwhile): read the view again
    changes: (patch, etag) => (patch.base === view.etag ? shown(applied(view.state, patch.ops), etag) : read()),
    failed: poll,
  });
}
