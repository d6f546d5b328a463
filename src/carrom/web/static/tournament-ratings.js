// The rating lists (one per federation, say) and one list, best first: public pages, no key. Glicko-2's rating,
// deviation and volatility, as `carrom tournament ratings LIST` prints them.
import { t, tn, language } from "./i18n.js";
import { el, fill } from "./umpire-view.js";
import { get } from "./tournament-read.js";

const name = decodeURIComponent(location.pathname.split("/").filter(Boolean)[1] || "");
const view = (window.ratings = { state: null, lists: null, ready: false });
const number = (x, digits) => x.toLocaleString(language(), { minimumFractionDigits: digits, maximumFractionDigits: digits });

const lists = (view.lists = await get("/api/ratings"));
if (lists) {
  fill("lists", [el("h2", {}, t("Rating lists")), lists.length ? el("ul", {}, lists.map((l) => el("li", {}, [
    el("a", { href: `/ratings/${encodeURIComponent(l.name)}`, class: l.name === name ? "won" : "" }, l.name), " ",
    el("span", { class: "tag" }, tn("{n} player", "{n} players", l.players, { n: l.players }))]))) : el("p", {}, t("No rating list yet: closing an event with a rating list makes one."))]);
}
if (name) {
  fill("list-name", name);
  document.title = `${name} · carrom`;
  const state = (view.state = await get(`/api/ratings/${encodeURIComponent(name)}`));
  if (state) {
    const head = [["#", "n"], [t("Players"), ""], [t("Rating"), "n"], [t("Deviation"), "n"], [t("Volatility"), "n wide"]];
    fill("ratings", [el("h2", {}, name), el("table", { class: "standings" }, [
      el("thead", {}, [el("tr", {}, head.map(([h, c]) => el("th", { class: c }, h)))]),
      el("tbody", {}, state.players.map((p) => el("tr", {}, [el("td", { class: "n" }, String(p.rank)), el("td", {}, p.name),
        el("td", { class: "n" }, number(p.rating, 1)), el("td", { class: "n" }, number(p.deviation, 1)),
        el("td", { class: "n wide" }, number(p.volatility, 4))]))),
    ])]);
  }
}
view.ready = true;
