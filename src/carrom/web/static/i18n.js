// The words a page shows, through one door: t("South wins") or t("{name} wins", {name}), and
// tn("{n} coin", "{n} coins", n) for counts. Every string a player can read goes through these, so
// that the gettext catalogs (extracted with Babel, keywords t and tn; docs/i18n.md) give it in the
// reader's language.
//
// This module loads the reader's catalog before anything that imports it runs (top-level await):
// the language chosen in the switcher (remembered in localStorage), else the server's pick from the
// browser's Accept-Language (GET /api/catalog). It then translates the page's own HTML text (every
// text node and the aria-label, placeholder, title and alt attributes, except under translate="no";
// carrom.i18n.html extracts the same strings), sets <html lang> and adds the language switcher.

export const LANGUAGES = { es: "Español", fr: "Français", en: "English", it: "Italiano", sl: "Slovenščina" };
const STORED = "carrom.lang";
const ATTRIBUTES = ["aria-label", "placeholder", "title", "alt"];

let catalog = null;  // {messages: {msgid: str | [forms]}, plural(n) -> form index}
let current = "en";

export function useCatalog(next) { catalog = next; }

/** The language the page speaks now: one of LANGUAGES' keys. */
export function language() { return current; }

function fill(text, params) {
  return text.replace(/\{(\w+)\}/g, (whole, key) => (key in params ? String(params[key]) : whole));
}

export function t(msgid, params = {}) {
  const found = catalog && catalog.messages[msgid];
  return fill(typeof found === "string" && found ? found : msgid, params);
}

export function tn(singular, plural, n, params = {}) {
  const forms = catalog && catalog.messages[singular];
  const text = Array.isArray(forms) && forms.length ? forms[catalog.plural(n)] : (n === 1 ? singular : plural);
  return fill(text, { n, ...params });
}

// What the server says: a message id with its parameters (carrom.i18n.said), rendered here in the reader's
// language: {id, params, plural?, n?}, a parameter a plain value (a name, a number) or a message itself; a
// ruling's line also carries its law, cited once at its end ("… (ICF 48)"), and the law's meaning.
// A plain string (a text the server words itself) is shown as it is.
export function said(m) {
  if (m === null || m === undefined) return "";
  if (typeof m !== "object") return botNames(String(m));
  const text = "text" in m ? m.text : (() => {
    const params = Object.fromEntries(Object.entries(m.params || {}).map(([k, v]) => [k, said(v)]));
    return m.plural !== undefined ? tn(m.id, m.plural, m.n, params) : t(m.id, params);
  })();
  return m.law ? cite(text, m.law) : text;
}

/** A law cited with its meaning in the reader's language: "ICF 48 — …"; the law alone when it has none. */
export function lawMeaning(m) {
  return m && m.law ? (m.meaning ? `${m.law} — ${t(m.meaning)}` : m.law) : "";
}

const CITED = /\s*\(((?:ICF|\d{3}) [^()]*)\)$/;  // a bracket ending the text that starts with a law
const LAWS_ONLY = /^[\p{L}\p{N}_§.,;– -]*$/u;  // nothing in it but law numbers

/** `text (law)` with one bracket of laws at the end, as carrom.records.describe.cite words it. */
export function cite(text, law) {
  const found = CITED.exec(text);
  if (!law) return text;
  if (!found) return `${text} (${law})`;
  const inner = found[1], before = text.slice(0, found.index);
  if (inner === law || inner.startsWith(law + " ")) return text;
  if (law.startsWith(inner + " ")) return `${before} (${law})`;
  const bothIcf = LAWS_ONLY.test(inner) && inner.startsWith("ICF ") && law.startsWith("ICF ");
  return `${before} (${bothIcf ? `ICF ${inner.slice(4)}, ${law.slice(4)}` : `${inner}; ${law}`})`;
}

/** The rules, stages and the computer's levels, as the pages name them (the values sent stay the server's): the
 * server's one table of each, sent with the catalog (carrom.web.catalog.names). */
const named = (table, v) => (catalog && catalog.names && catalog.names[table][v] ? t(catalog.names[table][v]) : v);
export const variantName = (v) => named("variants", v);
export const stageName = (v) => named("stages", v);
export const levelName = (v) => named("levels", v);

// The server names its bots "Computer (beginner)" (a player's name, stored so in the record): shown in the
// reader's words wherever a name appears.
const BOT = /\bComputer \(([a-z]+)\)/g;
export const botNames = (text) => String(text).replace(BOT, (whole, level) =>
  (catalog && catalog.names && level in catalog.names.levels ? t("Computer ({level})", { level: levelName(level) }) : whole));

function stored() {
  try { return localStorage.getItem(STORED); } catch { return null; }  // storage may be refused
}

/** Fetch and use a catalog: the stored choice's, else the one the server picks from Accept-Language. */
export async function loadCatalog(choice = stored()) {
  const url = choice in LANGUAGES ? `/api/catalog/${choice}` : "/api/catalog";
  try {
    const answer = await fetch(url);
    if (!answer.ok) return current;
    const body = await answer.json();
    const rule = new Function("n", `return Number(${body.plural.expression});`);  // a gettext C expression is valid JS
    useCatalog({ messages: body.messages, names: body.names, plural: (n) => rule(n) });
    current = body.lang;
  } catch {
    // offline or refused: the page stays in English, its ids
  }
  return current;
}

const words = (text) => text.split(/\s+/).filter(Boolean).join(" ");
const hasLetters = (text) => /\p{L}/u.test(text);

/** Translate the static text of the page under root, as carrom.i18n.html extracts it. */
export function translatePage(root = document.body) {
  const skip = (node) => node.parentElement && node.parentElement.closest("script, style, noscript, [translate=no]");
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const id = words(node.data);
    if (!id || !hasLetters(id) || skip(node)) continue;
    const lead = node.data.match(/^\s*/)[0], tail = node.data.match(/\s*$/)[0];
    node.data = lead + t(id) + tail;
  }
  for (const name of ATTRIBUTES) {
    for (const el of root.querySelectorAll(`[${name}]`)) {
      const id = words(el.getAttribute(name));
      if (id && hasLetters(id) && !el.closest("[translate=no]")) el.setAttribute(name, t(id));
    }
  }
  if (root === document.body && document.title) document.title = t(words(document.title));
}

/** A <select> of the five languages, each in its own words; a choice is remembered and the page reloaded. */
export function languageSwitcher() {
  const label = document.createElement("label");
  label.className = "lang-switch";
  label.translate = false;
  const select = document.createElement("select");
  select.id = "lang-switch";
  select.setAttribute("aria-label", t("Language"));
  for (const [code, name] of Object.entries(LANGUAGES)) {
    const option = new Option(name, code, false, code === current);
    option.lang = code;
    select.append(option);
  }
  select.addEventListener("change", () => {
    try { localStorage.setItem(STORED, select.value); } catch { /* not remembered, still switched below */ }
    const url = new URL(location.href);
    url.searchParams.set("lang", select.value);
    location.replace(url);
  });
  label.append(select);
  return label;
}

// A page may be opened with ?lang=xx (a link in a language, or the switcher without storage).
const asked = new URLSearchParams(location.search).get("lang");
if (asked in LANGUAGES) {
  try { localStorage.setItem(STORED, asked); } catch { /* the query still holds for this load */ }
}
await loadCatalog(asked in LANGUAGES ? asked : stored());
document.documentElement.lang = current;
translatePage();
(document.querySelector("header") || document.body).append(languageSwitcher());
