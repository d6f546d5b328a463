"""The terminal in the five languages: the umpire's assistant driven in Spanish for a whole board,
``carrom --help`` and errors in the chosen language, LANG/LC_* followed, the record keeping its
language only as a preference, and the scorecard (text, HTML, CSV, PDF) in each language."""

import csv
import io
import json
import shutil
import subprocess

import pytest
from typer.testing import CliRunner

from carrom.cli.app import app
from carrom.i18n import LANGUAGES, translator
from carrom.records import load_record
from carrom.records.scorecard.build import build_card
from carrom.records.scorecard.csv import card_csv
from carrom.records.scorecard.html import card_html
from carrom.records.scorecard.pdf import card_pdf

runner = CliRunner()
SETUP = [
    "icf", "singles", "Asha", "Mumbai", "Ravi", "",
    "Nationals", "Men's singles", "Final", "", "7", "2026-11-22", "14:00", "Hall A", "3", "U. Mpire", "C. Hief",
    "south", "break",
]
# South clears the board: a white, the queen, the cover, seven more whites (ICF 48, 92, 15, 53 a)
BOARD = ["w", "q", "w"] + ["w"] * 7


def run(args, lines=(), env=None):
    return runner.invoke(app, args, input="\n".join(lines) + "\n", env=env)


def flat(text):
    """The output with the terminal's line wrapping and rich's box edges undone."""
    return " ".join(text.replace("│", " ").split())


@pytest.fixture(scope="module")
def spanish_board(tmp_path_factory):
    path = tmp_path_factory.mktemp("es") / "partido.json"
    result = run(["umpire", "new", str(path), "--lang", "es"], SETUP + BOARD + ["wz", "help", "quit"])
    return path, result


def test_the_umpire_scores_a_board_in_spanish(spanish_board):
    path, result = spanish_board
    out = flat(result.output)
    assert result.exit_code == 0, result.output
    assert "Nombre del jugador de Sur" in out and "Sorteo ganado por (puesto)" in out
    assert "Asha rompe: el striker tocó una ficha (ICF 44)" in out
    assert "Asha metió 1 blanca y sigue jugando (ICF 48)" in out
    assert "en el tablero: 1 blanca, 9 negras; reina cubierta por Asha" in out  # "1 blanca", "9 negras"
    assert ("todas las fichas propias dentro: Asha gana el tablero por 12 puntos: 9 por las fichas + 3 por la reina "
            "(ICF 52 a)") in out  # the board's breakdown (ICF 52 b, 53 a)
    assert "juego 1: Asha 12 – 0 Ravi (ICF 53 a)" in out and "juega Norte (Ravi) [blanca]" in out
    assert "'z' no significa nada aquí" in out  # a notation error in Spanish
    assert "una blanca metida" in out and "Comandos:" in out  # the help: same keys, Spanish meanings
    assert "guardado" in out
    for english in ("pocketed", "plays on", "the board by", "to play", "Commands:"):
        assert english not in out, english


def _neutral(data):
    """The record without its language preference and the clock times of its entries."""
    data = {k: v for k, v in data.items() if k != "language"}
    for game in data["games"]:
        for board in game["boards"]:
            for action in board["actions"]:
                action.pop("at", None)
    return data


def test_the_record_keeps_the_language_only_as_a_preference(spanish_board, tmp_path):
    path, _ = spanish_board
    data = json.loads(path.read_text())
    assert data["language"] == "es" and load_record(path).header.language == "es"
    english = tmp_path / "match.json"
    assert run(["umpire", "new", str(english)], SETUP + BOARD + ["quit"]).exit_code == 0
    plain = json.loads(english.read_text())
    assert "language" not in plain  # no --lang: nothing recorded
    assert _neutral(data) == _neutral(plain)  # the same board scored in Spanish and in English: the same record


def test_resume_speaks_the_records_language_unless_told_otherwise(spanish_board):
    path, _ = spanish_board
    assert "partido terminado" not in run(["umpire", "resume", str(path)], ["status", "quit"]).output
    spanish = flat(run(["umpire", "resume", str(path)], ["status", "quit"]).output)
    assert "en el tablero:" in spanish and "marcador juego 1" in spanish
    italian = flat(run(["umpire", "resume", str(path), "--lang", "it"], ["status", "quit"]).output)
    assert "sul board:" in italian and "punteggio game 1" in italian


def test_help_and_errors_in_the_chosen_language():
    assert "Anotar un partido real" in flat(run(["--lang", "es", "--help"]).output)
    assert "Zapisovanje prave tekme" in flat(run(["--lang", "sl", "--help"]).output)
    assert "Score a real match" in flat(run(["--help"]).output)  # and back to English on the next run
    refused = run(["--lang", "de", "version"])
    assert refused.exit_code != 0 and "'de' is not a language carrom speaks (es, fr, en, it, sl)" in flat(refused.output)


def test_lang_variables_are_followed(spanish_board, tmp_path):
    path, _ = spanish_board
    plain = tmp_path / "match.json"
    assert run(["umpire", "new", str(plain)], SETUP + BOARD + ["quit"]).exit_code == 0
    french = {"LANG": "fr_FR.UTF-8", "LC_ALL": "", "LC_MESSAGES": "", "LANGUAGE": ""}
    assert "FEUILLE DE MATCH" in run(["scorecard", str(plain)], env=french).output
    assert "CARTELLINO SEGNAPUNTI" in run(["scorecard", str(plain)], env={**french, "LC_MESSAGES": "it_IT.UTF-8"}).output
    assert "CARTELLINO SEGNAPUNTI" in run(["scorecard", str(plain)], env={**french, "LC_ALL": "it_IT.UTF-8"}).output
    # a record scored in Spanish keeps its preference over the environment; --lang overrides both
    assert "TARJETA DE PUNTUACIÓN" in run(["scorecard", str(path)], env=french).output
    assert "ZAPISNIK" in run(["scorecard", str(path), "--lang", "sl"], env=french).output
    missing = run(["scorecard", str(path.parent / "none.json"), "--lang", "it"])
    assert missing.exit_code != 0 and missing.output.startswith("errore: ")


TITLES = {"es": "TARJETA DE PUNTUACIÓN", "fr": "FEUILLE DE MATCH", "en": "SCORECARD", "it": "CARTELLINO SEGNAPUNTI",
          "sl": "ZAPISNIK"}
BREAK = {"es": "Shootout", "fr": "Break", "en": "Break", "it": "Spaccata", "sl": "Otvoritev"}
QUEEN = {"es": "Reina (2)", "fr": "Reine (2)", "en": "Queen (2)", "it": "Regina (2)", "sl": "Kraljica (2)"}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_scorecard_in_each_language(lang, spanish_board, artifacts):
    path, _ = spanish_board
    card = build_card(load_record(path), translator(lang))
    html = card_html(card)
    assert f'<html lang="{lang}">' in html and TITLES[lang] in html and QUEEN[lang] in html
    header = next(csv.reader(io.StringIO(card_csv(card))))
    assert BREAK[lang] in header and f"{card.words.sides[0]}: {QUEEN[lang]}" in header
    pdf = artifacts / f"scorecard-{lang}.pdf"
    pdf.write_bytes(card_pdf(card))
    (artifacts / f"scorecard-{lang}.html").write_text(html)
    assert shutil.which("pdftoppm") and shutil.which("pdftotext"), "poppler-utils (scripts/test installs it)"
    text = subprocess.run(["pdftotext", "-layout", str(pdf), "-"], capture_output=True, text=True, check=True).stdout
    assert TITLES[lang] in text and QUEEN[lang] in text
    png = artifacts / f"scorecard-{lang}"
    subprocess.run(["pdftoppm", "-png", "-r", "80", "-singlefile", str(pdf), str(png)], check=True)
    assert (artifacts / f"scorecard-{lang}.png").stat().st_size > 10_000


def test_replay_in_italian(spanish_board):
    path, _ = spanish_board
    out = flat(run(["replay", str(path), "--lang", "it"]).output)
    assert "Asha ha imbucato 1 bianca e continua (ICF 48)" in out and "game 1, board 1" in out  # by name
    assert "match non finito" in out and "risultato" in out
