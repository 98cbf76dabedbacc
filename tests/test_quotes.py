"""judge/reading/quotes.py: what of a mail's text is the player's own (issue 32), line by line."""

from __future__ import annotations

from judge.reading.quotes import JudgeSaid, SentLines, is_prose, line_keys, own_words

HEADER = "From: demo-judge <judge@demo.invalid>\nSent: Monday, March 23, 2026 9:01 AM\nTo: france@example.org\n"


def test_the_lines_not_read_are_blanked_and_the_line_numbers_kept() -> None:
    text = f"A PAR - PIC\n\n{HEADER}\n    Army Paris -> Burgundy.\n"
    own = own_words(text)
    assert own.text.split("\n") == ["A PAR - PIC", "", "", "", "", "", "", ""]
    assert [(c.kind, c.first, c.lines) for c in own.cuts] == [("quote", 3, 4)]


def test_gmail_inline_answers_are_kept() -> None:
    text = ("On Mon, 23 Mar 2026 at 09:01, demo-judge <judge@demo.invalid> wrote:\n"
            "> Army Paris -> Burgundy.\nA PAR - PIC\n> Fleet Brest -> Mid-Atlantic Ocean.\nF BRE - ENG\n")
    own = own_words(text)
    assert own.cuts == () and own.text.split("\n")[1:] == text.split("\n")[1:]


def test_a_lone_from_line_and_a_row_of_dashes_are_the_players_own() -> None:
    text = "From: France, with love\nA PAR - PIC\n----------------\nF BRE - ENG\nIn 1901 I wrote orders\n"
    assert own_words(text).cuts == ()


def test_press_is_kept_verbatim_whatever_it_holds() -> None:
    text = f"PRESS TO England\n-----Original Message-----\n{HEADER}\nENDPRESS\nA PAR - PIC\n"
    assert own_words(text).cuts == () and own_words(text).text == text
    said = JudgeSaid([SentLines("2026-03-23T08:00:00Z", "Re: orders", line_keys(HEADER))])
    assert own_words(text, said).cuts == ()


def test_zoho_attribution_between_dashes() -> None:
    own = own_words("A PAR - PIC\n\n---- On Mon, 23 Mar 2026 09:01:50 +0100 judge@demo.invalid wrote ----\n\n"
                    "A PAR - BUR\n")
    assert own.text.strip() == "A PAR - PIC" and own.cuts[0].first == 3


def test_a_separator_ends_only_its_own_part() -> None:
    text = "A PAR - PIC\n-----Original Message-----\nA PAR - BUR\nF BRE - ENG\n"
    own = own_words(text, parts=(4,))
    assert own.text.split("\n") == ["A PAR - PIC", "", "", "F BRE - ENG", ""]


def test_only_runs_of_the_judges_lines_are_left_out() -> None:
    sent = "Orders for France, Spring of 1901 (S1901M):\n    Army Paris -> Burgundy.\n    Army Marseilles -> Spain.\n"
    said = JudgeSaid([SentLines("2026-03-23T08:00:00Z", "Re: orders", line_keys(sent))])
    one = own_words("Army Paris -> Burgundy.\nA MAR H\n", said)
    assert one.cuts == ()
    run = own_words("A MAR H\n>    Army Paris -> Burgundy.\n\nArmy Paris -> Burgundy.\n Army  Marseilles -> Spain.\n",
                    said)
    assert [(c.kind, c.first, c.lines, c.subject) for c in run.cuts] == [("judge", 4, 2, "Re: orders")]
    assert run.text.split("\n")[:2] == ["A MAR H", ">    Army Paris -> Burgundy."]


def test_prose() -> None:
    def known(word: str) -> bool:
        return word.lower() in ("paris", "burgundy", "north sea", "france")
    assert is_prose("Hi all,", known) and is_prose("Sent from my iPhone", known)
    assert is_prose("Get Outlook for Android<https://aka.ms/ghei36>", known)
    assert not is_prose("Paris to Burgundy please", known)
    assert not is_prose("go to North Sea", known)
    assert not is_prose("A Pari - Bur", known)
    assert not is_prose("1901", known)


def test_an_attribution_above_quoted_lines_is_not_read_either() -> None:
    text = ("A PAR - PIC\n\nOn Mon, 23 Mar 2026 at 09:01, demo-judge <\njudge@demo.invalid> wrote:\n\n"
            "> Army Paris -> Burgundy.\n")
    own = own_words(text)
    assert own.cuts == ()
    assert own.text.split("\n") == ["A PAR - PIC", "", "", "", "", "> Army Paris -> Burgundy.", ""]
