"""The umpire's stroke notation (docs/umpire.md): every form, and a precise error for each mistake."""

import pytest
from hypothesis import given, strategies as st

from carrom.records.notation import Command, NotationError, StrokeNote, format_stroke, parse


@pytest.mark.parametrize(
    "line, note",
    [
        ("w", StrokeNote(pocketed=("white",))),
        ("wwq", StrokeNote(pocketed=("white", "white", "queen"))),
        ("qw", StrokeNote(pocketed=("queen", "white"))),  # ICF 97 a: queen and cover in one stroke
        ("s", StrokeNote(striker=True)),  # ICF 72 a: the striker alone
        ("ws", StrokeNote(pocketed=("white",), striker=True)),  # ICF 73
        ("-", StrokeNote()),
        ("x", StrokeNote(touched=False)),  # ICF 45 a: no piece touched
        ("xs", StrokeNote(striker=True, touched=False)),  # ICF 45 c
        ("o:b", StrokeNote(off_board=("black",))),  # ICF 65 a
        ("- o:wq", StrokeNote(off_board=("white", "queen"))),  # ICF 65 b
        ("f", StrokeNote(fouls=("",))),  # ICF 64 a
        ("wf", StrokeNote(pocketed=("white",), fouls=("",))),  # ICF 77 a
        ("W B", StrokeNote(pocketed=("white", "black"))),
        ("b o:w f", StrokeNote(pocketed=("black",), off_board=("white",), fouls=("",))),
    ],
)
def test_strokes(line, note):
    assert parse(line) == note


def test_named_fouls_checked_against_the_vocabulary():
    assert parse("s f:thumbing", fouls=("thumbing", "pushing")).fouls == ("thumbing",)
    with pytest.raises(NotationError, match="'elbow' is not a foul code"):
        parse("f:elbow", fouls=("thumbing",))


@pytest.mark.parametrize(
    "line, message",
    [
        ("", "nothing typed"),
        ("wz", "'z' means nothing here"),
        ("o:", "say which pieces"),
        ("o:z", "'z' is not a piece"),
        ("qq", "only one queen"),
        ("q o:q", "only one queen"),
        ("ss", "striker can go in only once"),
        ("w-", "'-' means nothing went in"),
        ("xw", "touched no piece, yet pieces went in"),
        ("x -", "'x' says the striker touched no piece, '-' that it touched one"),  # ICF 45 a vs 48
        ("-x", "write only one of them"),
        ("x o:b", "touched no piece, yet pieces left"),
        ("concede", "concede what"),
        ("concede set", "concede what"),
        ("declare", "declare what"),
        ("undo 2", "undo takes nothing"),
        ("f:", "name the foul"),
    ],
)
def test_errors_are_precise(line, message):
    with pytest.raises(NotationError, match=message):
        parse(line)


@pytest.mark.parametrize(
    "line, command",
    [
        ("undo", Command("undo")),
        ("u", Command("undo")),
        ("place", Command("place")),
        ("place waive", Command("place", ("waive",))),
        ("concede Match", Command("concede", ("match",))),
        ("forfeit ICF 91", Command("forfeit", ("ICF", "91"))),
        ("time", Command("time")),
        ("time begun", Command("time", ("begun",))),  # 004 law 40: "Play" was called for this board
        ("time Waiting", Command("time", ("waiting",))),
        ("status", Command("status")),
        ("?", Command("help")),
        ("quit", Command("quit")),
        ("comment  well  played ", Command("comment", ("well  played",))),
    ],
)
def test_commands(line, command):
    assert parse(line) == command


@given(st.text(max_size=30))
def test_any_line_parses_or_says_why(line):
    try:
        parse(line)
    except NotationError as exc:
        assert str(exc)


@given(st.lists(st.sampled_from("wbq"), max_size=8), st.booleans(), st.lists(st.sampled_from("wb"), max_size=3),
       st.booleans())
def test_format_round_trips(pocketed, striker, off, foul):
    note = StrokeNote(tuple({"w": "white", "b": "black", "q": "queen"}[c] for c in pocketed), striker,
                      tuple({"w": "white", "b": "black"}[c] for c in off), True, ("",) if foul else ())
    if note.pocketed.count("queen") > 1:
        return
    assert parse(format_stroke(note)) == note


@pytest.mark.parametrize(
    "text, law, shown",
    [
        ("South pocketed 1 white and plays on", "ICF 48", "South pocketed 1 white and plays on (ICF 48)"),
        ("off the board: white; ... away from South (ICF 65 b–d)", "ICF 65",
         "off the board: white; ... away from South (ICF 65 b–d)"),
        ("next board: North breaks with the whites (ICF 43)", "ICF 49 a",
         "next board: North breaks with the whites (ICF 43, 49 a)"),
        ("they stay in the nets (ICF 87 a: all or none)", "ICF 80",
         "they stay in the nets (ICF 87 a: all or none; ICF 80)"),
        ("the due (ICF 8)", "ICF 87 a", "the due (ICF 8, 87 a)"),  # ICF 8 is not a part of ICF 87
        ("the cover (ICF 15)", "ICF 15 a", "the cover (ICF 15 a)"),
        ("tries again (2 more)", "ICF 45 a", "tries again (2 more) (ICF 45 a)"),
        ("3 points (001 §3.7 i)", "ICF 109", "3 points (001 §3.7 i; ICF 109)"),
        ("no law", "", "no law"),
    ],
)
def test_each_law_cited_once(text, law, shown):
    """The assistant composes ``text (law)``; a law the text already cites is not said twice."""
    from carrom.records.describe import cite

    assert cite(text, law) == shown
