// The new-match form and the list of past matches (docs/web.md). `go(path)` opens another view of the page.

import { botNames, levelName, t, variantName } from "./i18n.js";
import { presetClocks } from "./clock.js";
import { api, browserKey } from "./net.js";
import { esc, SAY, scorecardUrl, SEATS, SEAT_WORDS } from "./say.js";

const $ = (id) => document.getElementById(id);
let go = null, pageError = null;

/** Fills the form's lists from the server's options; `nav.go` and `nav.pageError` come from the page. */
export function setUpForm(options, nav) {
  ({ go, pageError } = nav);
  $("variants").innerHTML = options.variants.map((v) => `<option value="${esc(v)}">${esc(variantName(v))}</option>`).join("");
  $("levels").innerHTML = options.levels.map((v) => `<option value="${esc(v)}" ${v === "intermediate" ? "selected" : ""}>${esc(levelName(v))}</option>`).join("");
}

export function showSetup() {
  $("setup").hidden = false;
  fillSeats();
  presetClocks($("clocks"), $("mode").value);
}

function presetType(mode, seat) {
  if (seat === "south") return "me";
  if (mode === "local") return "me";
  if (mode === "online") return "open";
  return "bot";  // against the computer: in doubles the partner is the computer too
}

function fillSeats() {
  const mode = $("mode").value, doubles = $("format").value === "doubles";
  const seats = doubles ? SEATS : ["south", "north"];
  $("seat-table").querySelector("tbody").innerHTML = seats.map((s) => {
    const type = presetType(mode, s), placeholder = s === "south" ? t("your name") : SEAT_WORDS[s];
    return `<tr><td>${esc(SEAT_WORDS[s])}</td><td><select name="type-${s}">` +
      `<option value="me" ${type === "me" ? "selected" : ""}>${esc(s === "south" ? t("me") : t("a person on this device"))}</option>` +
      `<option value="open" ${type === "open" ? "selected" : ""}>${esc(t("someone online (link)"))}</option>` +
      `<option value="bot" ${type === "bot" ? "selected" : ""}>${esc(t("the computer"))}</option></select></td>` +
      `<td><input name="name-${s}" maxlength="60" placeholder="${esc(placeholder)}"></td></tr>`;
  }).join("");
}
$("mode").addEventListener("change", () => { fillSeats(); presetClocks($("clocks"), $("mode").value); });
$("format").addEventListener("change", fillSeats);

$("new-match").addEventListener("submit", async (ev) => {
  ev.preventDefault();
  const f = new FormData(ev.target);
  const seats = f.get("format") === "doubles" ? SEATS : ["south", "north"];
  const players = {};
  for (const s of seats) {
    players[s] = { type: f.get("type-" + s), name: (f.get("name-" + s) || "").trim() || null };
    if (players[s].type === "bot") players[s].level = f.get("level");
  }
  $("start").disabled = true;
  try {
    const r = await api("/api/rooms", { variant: f.get("variant"), players, public: f.get("public") === "on", browser: browserKey(),
                                        ...($("clocks").disabled ? {} : { clocks: $("clocks").checked }),
                                        ...(f.get("board_speed") ? { board_speed: f.get("board_speed") } : {}) });
    localStorage.setItem("carrom-token-" + r.room, r.token);
    $("setup-error").textContent = "";
    go("/room/" + r.room);
  } catch (e) { $("setup-error").textContent = e.message; }
  finally { $("start").disabled = false; }
});

// the matches this browser started or joined, then the public ones
export async function showMatches() {
  $("matches").hidden = false;
  $("match-list").innerHTML = `<tr><td colspan=5>${esc(t("loading…"))}</td></tr>`;
  try {
    const list = await api("/api/matches");  // this browser's matches, then the public ones (watch only)
    const kinds = { singles: t("singles"), doubles: t("doubles") };
    $("match-list").innerHTML = list.map((m) => {
      const said = SAY.listed(m), replayWord = t("replay"), cardWord = t("scorecard");
      return `<tr class="${m.mine ? "mine" : "public"}"><td>${esc(botNames(m.title))}</td><td>${esc(variantName(m.variant))} ${esc(kinds[m.kind] || m.kind)}</td>` +
        `<td>${m.actions}</td><td>${esc(said.result)}</td><td><a href="${m.watch}" data-go="1">${esc(said.open)}</a> · ` +
        `<a href="/replay/${m.id}" data-go="1">${esc(replayWord)}</a> · <a href="${scorecardUrl(m.id)}" target="_blank">${esc(cardWord)}</a></td></tr>`;
    }).join("") || `<tr><td colspan=5>${esc(t("No matches yet."))}</td></tr>`;
  } catch (e) { pageError(e.message); }
}

