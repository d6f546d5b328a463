// What a public tournament page reads (the championships', the rating lists'): the answer's JSON, or null with the
// server's refusal shown in #error, in the reader's words (its message, else its English).
import { said, t } from "./i18n.js";

export async function get(path) {
  const answer = await fetch(path, { cache: "no-store" });
  const body = await answer.json().catch(() => ({}));
  if (!answer.ok) {
    const e = document.getElementById("error");
    e.textContent = body.refusal ? said(body.refusal) : body.error || t("the server refused this request (HTTP {status})", { status: answer.status });
    e.hidden = false;
    return null;
  }
  return body;
}
