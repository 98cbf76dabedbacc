"""The command language around the commands: signoff and signatures, quoting, press blocks, whole mails, fuzz.

The commands one line at a time, their spellings and errors, are in test_commands_language.py.
"""

from __future__ import annotations

import random
import string
from datetime import timedelta

import pytest

from judge.reading.language import KINDS, Command, CommandError, ParsedMail, command_words, parse_mail_body


# -- the mail around the commands --------------------------------------------------

def test_signoff_ends_the_mail() -> None:
    mail = parse_mail_body("A PAR - BUR\nsignoff\nA MAR - SPA\nHELP")
    assert mail == ParsedMail([Command("order", {}, 1, "A PAR - BUR")], [])


@pytest.mark.parametrize("stop", ["SIGNOFF", "  SignOff  ", "signoff.", "-- ", "--", "--\t"])
def test_signoff_and_signature_lines(stop: str) -> None:
    mail = parse_mail_body(f"SIGNON Fgame1 pw\n{stop}\nJohn Smith\n+33 1 23 45 67 89")
    assert [c.kind for c in mail.commands] == ["signon"] and mail.errors == []


def test_dashes_that_are_not_a_signature_separator() -> None:
    mail = parse_mail_body("A PAR - BUR\n--- \n-- x\nA MAR H")
    assert [c.text for c in mail.commands] == ["A PAR - BUR", "--- ", "-- x", "A MAR H"]


def test_quoted_and_blank_lines_are_skipped_and_line_numbers_kept() -> None:
    text = ("\n"
            "On Monday, the judge wrote:\r\n"
            "> SIGNON Fgame1 oldpassword\r\n"
            "   > > A PAR - BUR\n"
            "\t\n"
            "SIGNON Fgame1 secret\r"
            "F BRE - MAO\n"
            ">SET ZONE\n"
            "SET ZONE Moon/Base\n")
    mail = parse_mail_body(text)
    assert [(c.kind, c.line, c.text) for c in mail.commands] == [
        ("order", 2, "On Monday, the judge wrote:"),
        ("signon", 6, "SIGNON Fgame1 secret"),
        ("order", 7, "F BRE - MAO"),
    ]
    assert [(e.line, e.column) for e in mail.errors] == [(9, 10)]


def test_an_empty_mail_and_a_byte_order_mark() -> None:
    assert parse_mail_body("") == ParsedMail([], [])
    assert parse_mail_body("\n \n\t") == ParsedMail([], [])
    assert parse_mail_body("\ufeffHELP").commands == [Command("help", {}, 1, "HELP")]


def test_orders_are_kept_raw_for_the_order_parser() -> None:
    from judge.reading.order_reader import parse_order
    from judge.variants import load_variant
    board = load_variant("standard").map
    lines = ["A PAR - BUR", "army marseilles moves to spain", "F St Petersburg nc - Gulf of Bothnia",
             "build A PAR", "Remove F LON", "WAIVE", "  A VIE H."]
    mail = parse_mail_body("\n".join(lines))
    assert mail.errors == []
    assert mail.commands == [Command("order", {}, number, line) for number, line in enumerate(lines, start=1)]
    assert [str(parse_order(c.text, board, "A" if n in (3, 4, 5) else "M"))
            for n, c in enumerate(mail.commands)] == [
        "A PAR - BUR", "A MAR - SPA", "F STP/NC - BOT", "BUILD A PAR", "REMOVE F LON", "WAIVE", "A VIE H"]


def test_a_line_that_starts_with_a_command_word_is_a_command() -> None:
    mail = parse_mail_body("Start of my orders:\nA PAR H")
    assert mail.errors == [CommandError(1, 7, "START takes nothing more, not 'of'", "Start of my orders:")]


def test_a_command_word_glued_to_more_is_an_order_line() -> None:
    mail = parse_mail_body("HELPME\nSETZONE Europe/Paris\nSTATUS?")
    assert [c.kind for c in mail.commands] == ["order", "order", "order"] and mail.errors == []


def test_a_very_long_command_line() -> None:
    line = "SET PASSWORD " + "x" * 600
    assert parse_mail_body(line).errors == [
        CommandError(1, 501, "line too long (more than 500 characters)", line)]


# -- press blocks -------------------------------------------------------------------

def test_press_text_is_kept_verbatim() -> None:
    text = ("SIGNON Egame1 secret\n"
            "PRESS TO France, Germany\n"
            "Dear all,\n"
            "\n"
            "  > you wrote: PRESS TO nobody\n"
            "SET ZONE nowhere\n"
            "-- \n"
            "The Queen\n"
            "ENDPRESS\n"
            "F LON - NTH\n")
    mail = parse_mail_body(text)
    assert mail.errors == []
    body = "Dear all,\n\n  > you wrote: PRESS TO nobody\nSET ZONE nowhere\n-- \nThe Queen"
    assert mail.commands == [
        Command("signon", {"power": "E", "game": "game1", "password": "secret"}, 1, "SIGNON Egame1 secret"),
        Command("press", {"to": ("France", "Germany"), "grey": False, "body": body}, 2, "PRESS TO France, Germany"),
        Command("order", {}, 10, "F LON - NTH"),
    ]


@pytest.mark.parametrize("end", ["ENDPRESS", "endpress", "END PRESS", "  End Press.  ", "ENDBROADCAST"])
def test_endpress_spellings(end: str) -> None:
    mail = parse_mail_body(f"BROADCAST\nPeace in our time.\n{end}\nSTATUS")
    assert [(c.kind, c.line) for c in mail.commands] == [("broadcast", 1), ("status", 4)]
    assert mail.commands[0].args == {"grey": False, "body": "Peace in our time."}


def test_a_press_without_endpress_runs_to_the_signature_or_the_end_of_the_mail_as_in_njudge() -> None:
    mail = parse_mail_body("SIGNON Fgame1 secret\nPRESS TO England\nLet us talk.\nA PAR - BUR\n-- \nme")
    assert [(c.kind, c.args.get("body")) for c in mail.commands] == [
        ("signon", None), ("press", "Let us talk.\nA PAR - BUR")]
    assert mail.errors == []


def test_a_broadcast_to_the_end_of_the_mail_with_a_bad_header_is_an_error() -> None:
    mail = parse_mail_body("  broadcast now\nhello")
    assert [(e.line, e.column) for e in mail.errors] == [(1, 13)]
    assert mail.commands == []


def test_an_empty_press() -> None:
    mail = parse_mail_body("PRESS TO Italy\n  \nENDPRESS\nSTATUS")
    assert mail.errors == [CommandError(1, 1, "empty press: write the text between PRESS and ENDPRESS",
                                        "PRESS TO Italy")]
    assert [c.kind for c in mail.commands] == ["status"]


def test_endpress_without_a_press() -> None:
    mail = parse_mail_body("STATUS\n  ENDPRESS\nCLEAR")
    assert mail.errors == [CommandError(2, 3, "ENDPRESS without PRESS or BROADCAST before it", "  ENDPRESS")]
    assert [c.kind for c in mail.commands] == ["status", "clear"]


def test_two_press_blocks_and_a_signoff_inside_one_ends_the_press_and_the_mail_as_in_njudge() -> None:
    text = "PRESS TO F\none\nENDPRESS\nBROADCAST GREY\ntwo\nSIGNOFF\nENDPRESS\nHELP"
    mail = parse_mail_body(text)
    assert [(c.kind, c.line, c.args["body"]) for c in mail.commands] == [("press", 1, "one"), ("broadcast", 4, "two")]


# -- whole mails ------------------------------------------------------------------------

def test_a_mixed_mail() -> None:
    text = ("Hi judge,\n"
            "SIGNON Fgame1 secret\n"
            "A PAR - BUR\n"
            "F BRE - MAO\n"
            "SET ZONE Europe/Pariss\n"
            "STATUS\n"
            "PRESS TO England\n"
            "Shall we?\n"
            "ENDPRESS\n"
            "SET NMR whatever\n"
            "A MAR - SPA\n"
            "SIGNOFF\n"
            "Thanks\n")
    mail = parse_mail_body(text)
    assert [(c.kind, c.line) for c in mail.commands] == [
        ("order", 1), ("signon", 2), ("order", 3), ("order", 4), ("status", 6), ("press", 7), ("order", 11)]
    assert [str(e) for e in mail.errors] == [
        "line 5, column 10: unknown time zone 'Europe/Pariss': write one such as Europe/Paris or America/New_York",
        "line 10, column 9: SET NMR takes hold, disorder or wait, not 'whatever'",
    ]


def test_a_gm_mail() -> None:
    text = ("SIGNON Mgame1 gmpass\nSET DEADLINE 2026-11-25 18:00\nSET GRACE 24h\n"
            "SET TIMING M days=mon-fri hour=18:00 next=48h\nSET TIMING R next=24h\nDUMMY Russia\nPROCESS!\n")
    mail = parse_mail_body(text)
    assert mail.errors == []
    assert [c.kind for c in mail.commands] == [
        "signon_gm", "set_deadline", "set_grace", "set_timing", "set_timing", "dummy", "process"]
    assert mail.commands[4].args == {"kinds": ("R",), "next": timedelta(hours=24)}

# -- fuzz -------------------------------------------------------------------------------

_PIECES = sorted(command_words()) + [
    "SET", "ZONE", "TO", "FROM", "AS", "GREY", "ENDPRESS", "SIGNOFF", "--", ">", "PRESS", "TIMING", "kind=M",
    "days=mon-fri", "hour=25", "min=", "=", "next=9999999w", "+2d", "+", "2026-02-29", "99:99", "Europe/Paris",
    "../..", "\x00", "?", "Fgame1", "M", "GM", ",", "'", '"', "\\", "\u2028", "\ufeff", "é", "\t", "\r", "\n",
    "A", "PAR", "-", "BUR", "1" * 40, "S1901M", "x" * 600]


@pytest.mark.parametrize("seed", range(20))
def test_fuzz_random_mails_never_raise(seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(50):
        lines = []
        for _ in range(rng.randint(0, 12)):
            words = [rng.choice(_PIECES) if rng.random() < 0.7 else
                     "".join(rng.choice(string.printable + "éß→\u00a0") for _ in range(rng.randint(1, 8)))
                     for _ in range(rng.randint(0, 7))]
            lines.append((" " if rng.random() < 0.3 else "").join(words) if rng.random() < 0.2
                         else " ".join(words))
        text = "\n".join(lines)
        mail = parse_mail_body(text)
        assert isinstance(mail, ParsedMail)
        for item in mail.commands + mail.errors:
            assert item.line >= 1
        for error in mail.errors:
            assert error.column >= 1 and error.message
        for command in mail.commands:
            assert command.kind in KINDS


@pytest.mark.parametrize("separator", [",", ";", ", ", "\t"])
def test_njudges_forms_with_their_words_run_together_by_punctuation_never_raise(separator: str) -> None:
    """njudge's own forms with commas for spaces (``RESIGN,Turkey``, ``SET,NO,FAKE``): read or refused, never a
    crash (the random fuzz above found ``resign,join`` raising in the njudge reader)."""
    from tests.app.njudge_corpus import cases
    for _source, _who, _expect, text in cases():
        for line in text.split("\n"):
            mail = parse_mail_body(line.replace(" ", separator))
            assert isinstance(mail, ParsedMail)
