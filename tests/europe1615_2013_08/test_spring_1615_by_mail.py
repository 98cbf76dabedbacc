"""EX-1308-01, the Spring 1615 example of the 2013-08 text, played by mail; then Summer and Fall 1615.

The five submissions the text prints go to a game of this edition as five
mails (``gamedata/europe1615-2013-08/demo.toml``, also ``judge demo --variant
europe1615-2013-08``).  The results mail must print, under each power, the
outcome the text prints for each order, and its status sheet the statuses
and percentages the text states.  The public result mails (the archive) must
equal ``tests/golden/europe1615-2013-08/``; to regenerate them after a
deliberate change of wording or rules, run

    JUDGE_UPDATE_GOLDEN=1 python -m pytest tests/europe1615_2013_08/test_spring_1615_by_mail.py

and read the diff before committing it.
"""

from __future__ import annotations

import re

import pytest

from judge.app.demo import load_script
from judge.app.sandbox import Sandbox
from tests.golden_archive import archived, check_golden

mailgame = load_script("europe1615-2013-08")
GAME, GM, OBSERVER, POWERS, address = mailgame.game, mailgame.gm, mailgame.observer, mailgame.powers, mailgame.address

PHASES = ["S1615M", "U1615M", "F1615M", "W1615A"]

#: "SPRING 1615 ADJUDICATION" as the text prints it, line for line
TEXT = """
FRANCE
GUY-BIS STANDOFF
PAR-CHA RESOLVED
NOR S PAR-CHA RESOLVED
PRO-DAU RESOLVED
WUR S BAV HOLD RESOLVED

AUSTRIA
BOH \u2013 SIL RESOLVED
VIE-MRV RESOLVED
SLO \u2013 PRE STANDOFF
BAV HOLD RESOLVED
FRA HOLD RESOLVED
SAX HOLD RESOLVED
POL HOLD RESOLVED

SCANDINAVIA
STO-BAL RESOLVED
DEN-MEC FAILED (MEC NEUTRAL)
BRA S DEN-MEC FAILED
SCA-DEN FAILED
NWY-NTH STANDOFF
DUT S NWY-NTH FAILED [F(DUT) DISLODGED]
LIV HOLD RESOLVED

SPAIN
NET-DUT RESOLVED
GAL-BIS STANDOFF
MAD-CAS RESOLVED
MIL-SWI RESOLVED
LUX HOLD RESOLVED
WES S NET-DUT RESOLVED

ENGLAND
LON-NTH STANDOFF
LVR-YOR RESOLVED
BRS-ENG RESOLVED
HUN-PRE STANDOFF
"""


def as_the_judge_writes(line: str) -> str | None:
    """The text's line as the judge's sheet writes it; None for the one line the rules make the judge drop.

    Where the text contradicts itself, the judge follows the rules:
    * "FRA HOLD RESOLVED": the same text says Franconia is a state "without
      a SC/unit", so the order reaches no unit; the judge refuses the line
      when it is mailed (A-1308-09, SOURCES.md C4) and the sheet has no line.
    * "BRS-ENG": England's unit is listed as A(BRI); BRS is a misprint of
      Bristol, whose fleet sails into the Channel (SOURCES.md C1): BRI-ENG.
    * "BOH \u2013 SIL": the en dash with spaces is typography: BOH-SIL.
    Every outcome word (RESOLVED, STANDOFF, FAILED and its reasons) is the text's.
    """
    if line.startswith("FRA HOLD"):
        return None
    return line.replace(" \u2013 ", "-").replace("BRS-", "BRI-")


def sheet_of(text: str) -> dict[str, list[str]]:
    """The adjudication sheet of a results mail: heading -> lines."""
    body = text.split("ADJUDICATION\n\n", 1)[1].split("\n\nThe following units", 1)[0]
    body = body.split("\n\nINFs received", 1)[0]
    groups: dict[str, list[str]] = {}
    for block in body.strip().split("\n\n"):
        heading, *lines = block.splitlines()
        groups[heading] = lines
    return groups


@pytest.fixture(scope="module")
def game(tmp_path_factory: pytest.TempPathFactory) -> Sandbox:
    sandbox = Sandbox.create(tmp_path_factory.mktemp("e1308") / "judge", password_cost=8)
    mailgame.play(sandbox)
    return sandbox


def archive(game: Sandbox, phase: str) -> str:
    return archived(game, GAME, phase)


def flat(text: str) -> str:
    return " ".join(text.split())


def mails_to(game: Sandbox, power: str, subject: str) -> str:
    return "\n".join(game.text(m) for m in game.sent() if str(m.message["To"]) == address(power)
                     and str(m.message["Subject"]) == subject)


def test_EX_1308_01_the_results_mail_prints_the_text_s_outcomes(game: Sandbox) -> None:
    expected: dict[str, list[str]] = {}
    for block in TEXT.strip().split("\n\n"):
        heading, *lines = block.splitlines()
        expected[heading] = [w for w in map(as_the_judge_writes, lines) if w is not None]
    got = sheet_of(archive(game, "S1615M"))
    assert {h: sorted(ls) for h, ls in got.items()} == {h: sorted(ls) for h, ls in expected.items()}
    assert got == {h: expected[h] for h in sorted(expected)}      # each power's lines in the order it sent them
    reply = mails_to(game, "Austria", "Re: S1615M orders")
    assert "line 14: FRA HOLD\n      there is no unit you may order in Franconia" in reply


def test_EX_1308_01_the_status_sheet_says_what_the_text_says(game: Sandbox) -> None:
    text = flat(archive(game, "S1615M"))
    stated = [
        "Dutch Provinces (DUT): ALIGNED to Scandinavia; Protestant-controlled; Scandinavia 66%, England 34%.",
        "Hungary (HUN): ALIGNED to England; Protestant-controlled; England 53%, Austria 47%.",
        "Poland (POL): ALIGNED to Austria; religiously neutral; Austria 100%.",   # 9 < 10: not Catholic
        "Mecklenburg (MEC): NEUTRAL;", "Lower Saxony (LOW): NEUTRAL;",
        "Ottoman Empire (OTE): NEUTRAL; Islamic;", "Morocco (MOR): NEUTRAL; Islamic;",
        "Algiers (ALG): NEUTRAL; Islamic;", "Tunis (TUN): NEUTRAL; Islamic;",
    ]
    for line in stated:
        assert line in text, line
    # "Three neutral German states": by the rules only Lower Saxony (two provinces: Bremen and
    # Brunswick-Luneburg) and Mecklenburg are (A-1308-02); Rhineland (France 52%) and Hesse
    # (Scandinavia 55%) are aligned, as the example's own Hungary at 53% is.
    assert "Rhineland (RHI): ALIGNED to France; Catholic-controlled; France 52%, Spain 48%." in text
    assert "Hesse (HES): ALIGNED to Scandinavia; religiously neutral; Scandinavia 55%, Austria 45%." in text
    assert len(re.findall(r"\(\w+\): NEUTRAL;", text)) == 2 + 4     # LOW, MEC; the Ottomans and three Barbary


def test_R_1308_25_the_mail_gives_shares_not_infs(game: Sandbox) -> None:
    text = archive(game, "S1615M")
    assert "42 INFs" not in text and "INFs deployed" not in text
    assert "France: 42 INFs to Wurttemberg." in mails_to(game, "France", f"Diplomacy results {GAME} S1615M")


def test_R_1308_60_where_an_attack_happens_the_numbers_are_told(game: Sandbox) -> None:
    text = flat(archive(game, "U1615M"))
    assert ("England: Dutch Provinces > Scandinavia: carried out -- England 13 v Scandinavia 25: each loses 13, "
            "leaving England 0 and Scandinavia 12.") in text
    assert "Lower Saxony (LOW): ALIGNED to England; Protestant-controlled; England 18 INFs, Austria 5 INFs" in text
    assert "Dutch Provinces (DUT): ALIGNED to Scandinavia; Protestant-controlled; Scandinavia 12 INFs." in text


def test_R_1308_32_R_1308_56_the_ottoman_secrets_stay_with_those_involved(game: Sandbox) -> None:
    public = flat(archive(game, "U1615M"))
    assert "Ottoman Empire (OTE): ALIGNED (to a power kept secret); Islamic; shares kept secret." in public
    assert "OTTOMAN EMPIRE SER-BOS RESOLVED SAL-ALB RESOLVED" in public          # orders published, sender not
    assert "Ottoman Empire > Spain" not in public and "BUL-WLC" not in public
    attack = "Austria: Ottoman Empire > Spain: carried out -- Austria 2 v Spain 20"
    for power in POWERS:
        mail = flat(mails_to(game, power, f"Diplomacy results {GAME} U1615M"))
        assert (attack in mail) == (power in ("Austria", "Spain")), power
        assert ("(aligned to you, Spain: your share 100%.)" in mail) == (power == "Spain"), power
        assert ("BUL-WLC IGNORED" in mail) == (power == "France"), power
    gm = flat(" ".join(game.text(m) for m in game.sent() if str(m.message["To"]) == GM))
    assert attack in gm and "BUL-WLC IGNORED" in gm


def test_EX_1308_08_spain_holds_the_dutch_provinces_into_the_winter(game: Sandbox) -> None:
    fall = archive(game, "F1615M")
    assert "Spain:            Dutch Provinces, Galicia" in fall
    winter = flat(archive(game, "W1615A"))
    assert "Dutch Provinces (DUT): CAPTURED by Spain; Protestant-controlled; Scandinavia 100%." in winter
    assert "line 2: BUILD A DUT\n      Dutch Provinces is not a free home centre of yours" in mails_to(
        game, "Spain", "Re: W1615A orders")
    state = game.store.load_game(GAME).state
    assert state["phase"] == "S1616M" and "DUT" in state["centers"]["SPAIN"] and "DUT" in state["withdrawn"]


def test_the_build_phase_settles_the_year(game: Sandbox) -> None:
    """R-1308-43: Hungary, taken by Austria, loses its army; R-1308-73: no fleet in Wales; R-1308-35: an Ottoman build."""
    winter = archive(game, "W1615A")
    assert "Hungary:   Defaults, removing the army in Pressburg." in winter
    assert "Ottoman Empire: Builds an army in Serbia." in winter and "Spain:     Builds an army in Serbia" not in winter
    assert "line 2: BUILD F WAL\n      a fleet may not be built in Wales" in mails_to(game, "England", "Re: W1615A orders")
    assert "England:   Builds a fleet in Bristol." in winter
    assert "Prussia is annexed by Scandinavia." in winter


def test_the_observer_reads_the_archive(game: Sandbox) -> None:
    mails = [m for m in game.sent() if str(m.message["To"]) == OBSERVER
             and str(m.message["Subject"]) == f"Diplomacy results {GAME} U1615M"]
    assert len(mails) == 1 and game.text(mails[0]) == archive(game, "U1615M")


def test_the_result_mails_match_the_golden_archive(game: Sandbox) -> None:
    check_golden(game, GAME, PHASES, "europe1615-2013-08")
