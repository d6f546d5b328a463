// What the desk and the public page both show of a tournament: a match's sides and result, the standings.
import { t, language } from "./i18n.js";
import { el } from "./umpire-view.js";

export function matchSides(m) {
  if (m.sides.length === 1) return [el("span", {}, m.sides[0].join(" & ")), el("span", { class: "tag" }, t("bye"))];
  const w = m.result ? m.result.winner : null;
  return [el("span", { class: w === 1 ? "won" : "" }, m.sides[0].join(" & ")), " – ",
    el("span", { class: w === 2 ? "won" : "" }, m.sides[1].join(" & "))];
}

export function resultText(m) {
  if (m.held) return el("span", { class: "held" }, t("under protest (ICF 150)"));
  if (!m.result) return m.sides.length === 1 ? "" : el("span", { class: "pending" }, t("playing"));
  if (m.result.walkover) return el("span", {}, t("walkover"));
  if (m.result.rubbers_won) return el("span", { class: "score" }, t("{a}–{b} in rubbers", { a: m.result.rubbers_won[0], b: m.result.rubbers_won[1] }));
  return el("span", { class: "score" }, m.result.games.map((g) => g.join("–")).join("  "));
}

// A team tie's rubbers finished so far on their tablets, while the tie waits for its result: "1–0 in rubbers"
export function rubbersSoFar(m) {
  const done = (m.rubbers || []).filter((r) => r.games);
  if (m.result || !done.length) return "";
  const won = [1, 2].map((side) => done.filter((r) => r.winner === side).length);
  return el("span", { class: "announced rubbers-so-far" }, t("{a}–{b} in rubbers so far", { a: won[0], b: won[1] }));
}

// a time of day on the venue's clock (the browser's), with its zone, as the command line prints it: "14:30 CET"
export const clock = (seconds) => new Date(seconds * 1000).toLocaleTimeString(language(), { hour: "2-digit", minute: "2-digit", timeZoneName: "short" });

// The time a match is announced for and when the laws' time to report ends (ICF 143 i; 7 minutes in the timed rules)
export function announcedText(m) {
  if (!m.announced || m.result) return "";
  return el("span", { class: "announced" }, t("announced for {time}, to report by {by}", { time: clock(m.announced), by: clock(m.report_by) }));
}

export function standingsTable(rows) {
  const head = [["#", "n"], [t("Players"), ""], [t("Points"), "n"], [t("Buchholz"), "n wide"], [t("Net score"), "n wide"],
    [t("Total score"), "n wide"]];
  return el("table", { class: "standings" }, [
    el("thead", {}, [el("tr", {}, head.map(([h, c]) => el("th", { class: c }, h)))]),
    el("tbody", {}, rows.map((r) => el("tr", { class: r.retired ? "retired" : "" }, [
      el("td", { class: "n" }, String(r.rank)),
      el("td", {}, [r.players.join(" & "), r.retired ? el("span", { class: "tag" }, t("withdrawn")) : ""]),
      el("td", { class: "n" }, String(r.points)), el("td", { class: "n wide" }, String(r.buchholz)),
      el("td", { class: "n wide" }, String(r.net_score)), el("td", { class: "n wide" }, String(r.total_score))]))),
  ]);
}
