// The championships (a series of events with its own ranking, as SoL's) and one's ranking: each closed event's
// prize by final place, the total, the worst skipped when the championship says so. Public pages, no key.
import { t, tn, language } from "./i18n.js";
import { el, fill } from "./umpire-view.js";
import { get } from "./tournament-read.js";

const name = decodeURIComponent(location.pathname.split("/").filter(Boolean)[1] || "");
const view = (window.championship = { state: null, list: null, ready: false });
const number = (x) => x.toLocaleString(language(), { maximumFractionDigits: 2 });
// the championship's prize-giving method (SoL's), in words
const METHODS = {
  fixed: () => t("Fixed prizes: 18 to the winner, 16, 14, 13, then one less a place down to 1 for the 16th."),
  fixed40: () => t("Fixed prizes to the 40th: 1000 to the winner, 900, 800, 750… down to 1."),
  millesimal: () => t("Millesimal prizes: 1000 to the winner, then down in equal whole steps."),
  centesimal: () => t("Centesimal prizes: 100 to the winner, 1 to the last, evenly spaced between."),
  asis: () => t("Prizes as placed: the number of competitors to the winner, down to 1 for the last."),
};

const list = (view.list = await get("/api/championships"));
if (list) {
  fill("championships", [el("h2", {}, t("Championships")), list.length ? el("ul", {}, list.map((c) => el("li", {}, [
    el("a", { href: `/championships/${encodeURIComponent(c.name)}`, class: c.name === name ? "won" : "" }, c.name), " ",
    el("span", { class: "tag" }, tn("{n} event", "{n} events", c.events.length, { n: c.events.length }))]))) : el("p", {}, t("No championship yet: name one when you make an event on the desk."))]);
}
if (name) {
  fill("championship-name", name);
  document.title = `${name} · carrom`;
  const state = (view.state = await get(`/api/championships/${encodeURIComponent(name)}`));
  if (state) {
    const head = [el("th", { class: "n" }, "#"), el("th", {}, t("Players")),
      ...state.events.map((e) => el("th", { class: "n wide" }, el("a", { href: `/t/${e.id}` }, e.date || e.name))), el("th", { class: "n" }, t("Total"))];
    fill("ranking", [el("h2", {}, name), el("p", { class: "prizes-method" }, [(METHODS[state.prizes] || METHODS.fixed)(),
      ...(state.skip_worst ? [" ", tn("Each one's {n} worst result is left out.", "Each one's {n} worst results are left out.", state.skip_worst, { n: state.skip_worst })] : [])]), el("table", { class: "standings" }, [
      el("thead", {}, [el("tr", {}, head)]),
      el("tbody", {}, state.ranking.map((r) => el("tr", {}, [el("td", { class: "n" }, String(r.rank)), el("td", {}, r.players.join(" & ")),
        ...r.prizes.map((p) => el("td", { class: "n wide" }, p ? number(p) : "")), el("td", { class: "n" }, el("strong", {}, number(r.total)))]))),
    ])]);
  }
}
view.ready = true;
