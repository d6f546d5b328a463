// The words a page shows, through one door: t("South wins") or t("{name} wins", {name}), and
// tn("{n} coin", "{n} coins", n) for counts. Every string a player can read goes through these, so
// that the catalogs of issue 14 (gettext, extracted with Babel's JavaScript extractor, keywords t
// and tn) can give it in the reader's language. Until a catalog is loaded the English is shown.

let catalog = null;  // {messages: {msgid: str | [forms]}, plural(n) -> form index}

export function useCatalog(next) { catalog = next; }

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
