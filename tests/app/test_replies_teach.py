"""Issue 22, point 4: replies that teach.

A misspelt province, power, command word or variant is answered with what the
player probably meant; an unknown power with the game's powers; historical
names (Austria-Hungary, the Ottoman Empire, Britain) are powers; HELP lists
what this judge really offers; orders a classic judge would question get a
warning (a support or convoy matching no order of one's own unit, a replaced
order) or, for a fleet VIA CONVOY, a refusal; the "game has started" mail
carries the map; LIST of a forming game shows its seats; the GM hears of joins.
"""

from __future__ import annotations

from typing import Any

from judge.app.sandbox import Sandbox
from judge.paths import gamedata_dir
from judge.mail import IncomingMail
from judge.reading.language import AUDIENCE
from judge.variants import available_variants
from tests.app.helpers import GAME, GM, POWERS, address, gm, password, reply, send_as, start_game, subjects, to
from tests.mail.html_parts import attached_files


def _send(sandbox: Sandbox, power: str, lines: str) -> str:
    send_as(sandbox, power, lines)
    sandbox.poll()
    return reply(sandbox, sandbox.new_mail(), f"{power.lower()}@")


def _mail(sandbox: Sandbox, sender: str, body: str, subject: str = "Re:") -> str:
    """Send ``body`` from ``sender``, poll, and return the one mail to him whose subject starts with ``subject``."""
    sandbox.send(sender, body)
    sandbox.poll()
    found = [m for m in to(sandbox.new_mail(), sender) if str(m.message["Subject"]).startswith(subject)]
    assert len(found) == 1, subjects(found)
    return sandbox.text(found[0])


def _position(sandbox: Sandbox, state: dict[str, Any]) -> None:
    start_game(sandbox)
    game = sandbox.store.load_game(GAME)
    game.state = state
    sandbox.store.save_game(game)


def _created(sandbox: Sandbox) -> None:
    sandbox.send(GM, f"CREATE {GAME} standard gm-secret", "new game")
    sandbox.poll()
    sandbox.new_mail()


# -- misspellings -------------------------------------------------------------------

def test_a_misspelt_province_is_answered_with_the_province_meant(sandbox: Sandbox) -> None:
    start_game(sandbox)
    text = _send(sandbox, "France", "A PAR - burgondy\nF BRE - Mid-Atlantik")
    assert "unknown province 'burgondy' — did you mean Burgundy (BUR)?" in text
    assert "unknown province 'Mid-Atlantik' — did you mean Mid-Atlantic Ocean (MAO)?" in text


def test_an_unknown_power_is_answered_with_the_powers_of_the_game(sandbox: Sandbox) -> None:
    _created(sandbox)
    text = _mail(sandbox, "someone@example.org", f"JOIN {GAME} pw AS Prussia")
    assert f"'Prussia' is not a power of '{GAME}'." in text
    assert ("Its powers are Austria (A), England (E), France (F), Germany (G), Italy (I), Russia (R), "
            "Turkey (T).") in text.replace("\n      ", " ")
    text = _mail(sandbox, "other@example.org", f"JOIN {GAME} pw AS Frnace")
    assert "Did you mean France?" in text


def test_a_misspelt_power_in_press_is_answered_with_the_power_meant(sandbox: Sandbox) -> None:
    start_game(sandbox)
    text = _send(sandbox, "England", "PRESS TO Germny\nHello\nENDPRESS")
    assert f"'Germny' is not a power of '{GAME}'. Did you mean Germany?" in text


def test_historical_names_of_the_powers_are_the_powers(sandbox: Sandbox) -> None:
    _created(sandbox)
    for sender, written, power in (("a@example.org", "Austria-Hungary", "Austria"),
                                   ("t@example.org", "Ottoman Empire", "Turkey"),
                                   ("e@example.org", "Great Britain", "England"),
                                   ("b@example.org", "Britain", "England")):
        text = _mail(sandbox, sender, f"JOIN {GAME} pw AS {written}")
        assert f"you joined '{GAME}' as {power}" in text or f"{power} is taken" in text, text


def test_a_misspelt_command_word_is_answered_with_the_command_meant(sandbox: Sandbox) -> None:
    start_game(sandbox)
    text = _mail(sandbox, address("France"), f"SIGNOM F{GAME} {password('France')}\nHLEP")
    assert "('SIGNOM' is no command word — did you mean SIGNON?)" in text
    assert "('HLEP' is no command word — did you mean HELP?)" in text
    text = _send(sandbox, "France", "STAUTS\nSET ZONEX Europe/Paris")
    assert "('STAUTS' is no command word — did you mean STATUS?)" in text
    assert "unknown SET option 'ZONEX'" in text and "did you mean SET ZONE?" in text


def test_a_password_after_a_misspelt_command_is_not_quoted_in_the_hint(sandbox: Sandbox) -> None:
    start_game(sandbox)
    text = _mail(sandbox, address("France"), f"SIGNOM F{GAME} hunter2secret")
    hint = text.split("you are not signed on to a game")[1]
    assert "hunter2secret" not in hint and "did you mean SIGNON?" in hint


def test_a_misspelt_variant_is_answered_with_the_variant_meant(sandbox: Sandbox) -> None:
    text = _mail(sandbox, GM, "CREATE g2 standrad gm-secret")
    assert "unknown variant 'standrad'" in text and "did you mean standard?" in text
    text = _mail(sandbox, GM, "CREATE g3 europe1615v3 gm-secret")
    assert "did you mean europe1615-v3?" in text


# -- HELP from what the judge offers --------------------------------------------------

def test_help_lists_every_variant_and_every_command_by_who_may_use_it(sandbox: Sandbox) -> None:
    text = _mail(sandbox, "someone@example.org", "HELP", "Help from")
    variants = text.split("Variants (CREATE game variant password)")[1]
    assert available_variants() == sorted(f.name for f in gamedata_dir().iterdir() if (f / "ruleset.toml").is_file())
    for name in available_variants():
        assert f"\n  {name} " in variants, name
    assert "Standard Diplomacy" in variants and "(11 powers)" in variants
    assert "SET MAP png|svg|none" in text   # a player's command the hand-written HELP left out
    words = {"order": "orders, one per line", "signon_gm": "SIGNON GM game password", "process": "PROCESS!",
             "gm_action": "GM decision words", "set_draw": "SET NODRAW", "set_concede": "SET NOCONCEDE",
             "set_flag": "SET MANUALPROCESS", "set_forming": "SET VARIANT"}   # njudge's settings, by their own words
    heads = {"anyone": "For anyone", "player": "For players", "gm": "For the GM"}
    for kind, who in AUDIENCE.items():
        section = text.split(heads[who])[1]
        for end in (*heads.values(), "Variants ("):
            section = section.split(end)[0]
        shown = words.get(kind, kind.replace("_", " ").upper())
        assert shown in section, (kind, who)
    assert ("The GM may also use STATUS, PRESS, BROADCAST, SET PASSWORD, SET ADDRESS, SET ZONE, SET MAP, SET FORMAT and "
            "SET WAIT (his SET WAIT is for the whole game).") in " ".join(text.split())


# -- orders a classic judge would question ----------------------------------------------

NORTH = {"phase": "S1901M",
         "units": {"ENGLAND": ["F NTH", "A YOR", "F LON"], "GERMANY": ["A HOL", "F KIE"], "AUSTRIA": ["F TRI"]},
         "centers": {"ENGLAND": ["LON", "EDI", "LVP"], "GERMANY": ["BER", "KIE", "MUN"],
                     "AUSTRIA": ["TRI", "VIE", "BUD"]}}


def test_a_fleet_via_convoy_is_refused_with_the_reason(sandbox: Sandbox) -> None:
    _position(sandbox, NORTH)
    text = _send(sandbox, "Austria", "F TRI - ALB VIA CONVOY\nTRI - ALB via convoy")
    assert ("line 2: F TRI - ALB VIA CONVOY\n      the unit in Trieste is a fleet, and only an army can be "
            "convoyed (VIA CONVOY, or a route through seas): a fleet moves on its own, write F TRI - ALB") in text
    assert "line 3: TRI - ALB via convoy\n      the unit in Trieste is a fleet" in text
    assert sandbox.store.load_game(GAME).orders.get("AUSTRIA", []) == []


def test_a_support_matching_no_order_of_ones_own_unit_is_questioned(sandbox: Sandbox) -> None:
    _position(sandbox, NORTH)
    text = _send(sandbox, "England", "F NTH S A YOR - EDI\nA YOR - BEL VIA CONVOY\nF LON S F NTH")
    assert "Check these orders (they stand, but may not do what you mean):" in text
    assert ("F NTH S A YOR - EDI: your A YOR is ordered A YOR - BEL VIA CONVOY, not to Edinburgh; so it matches "
            "no order of yours and will not count") in " ".join(text.split())
    assert "F LON S F NTH:" not in text   # a unit that supports may be supported to hold
    orders = [o.line for o in sandbox.store.load_game(GAME).orders["ENGLAND"]]
    assert orders == ["F NTH S A YOR - EDI", "A YOR - BEL VIA CONVOY", "F LON S F NTH"]  # taken all the same
    text = _send(sandbox, "England", "A YOR - EDI")
    assert "Check these orders" not in text
    text = _send(sandbox, "England", "F NTH C A YOR - NWY\nF LON S A YOR")
    assert "F NTH C A YOR - NWY: your A YOR is ordered A YOR - EDI, not to Norway" in " ".join(text.split())
    assert "F LON S A YOR: your A YOR is ordered A YOR - EDI, and a unit that moves cannot be " \
           "supported to hold" in " ".join(text.split())


def test_a_support_of_a_unit_without_an_order_or_of_nobody_is_questioned(sandbox: Sandbox) -> None:
    _position(sandbox, NORTH)
    text = " ".join(_send(sandbox, "England", "F NTH S A YOR - EDI\nF LON S A WAL - ENG").split())
    assert ("F NTH S A YOR - EDI: your A YOR has no order yet, so it holds; so it matches no order of yours and "
            "will not count unless you order it to Edinburgh") in text
    assert "line 3: F LON S A WAL - ENG there is no unit in Wales to support" in text  # void whatever is ordered


def test_a_support_of_another_powers_unit_never_tells_its_orders(sandbox: Sandbox) -> None:
    """Germany's orders are secret: England's reply is the same whatever Germany ordered, while England's
    own slips are questioned in the same reply."""
    _position(sandbox, NORTH)
    _send(sandbox, "Germany", "A HOL - RUH")
    first = _send(sandbox, "England", "F NTH S A HOL - BEL\nF LON S A YOR - WAL")
    _send(sandbox, "Germany", "A HOL - BEL")
    second = _send(sandbox, "England", "F NTH S A HOL - BEL\nF LON S A YOR - WAL")
    for text in (first, second):
        checks = text.split("Check these orders")[1].split("\nAccepted:")[0]   # the order set comes first
        assert "F LON S A YOR - WAL: your A YOR has no order yet" in " ".join(checks.split())
        assert "HOL" not in checks and "RUH" not in text and "Ruhr" not in text
    assert first.split("Check these orders")[1].split("\nAccepted:")[0] == \
        second.split("Check these orders")[1].split("\nAccepted:")[0]


def test_an_order_that_replaces_an_earlier_one_says_so(sandbox: Sandbox) -> None:
    start_game(sandbox)
    _send(sandbox, "France", "A PAR - PIC")
    text = _send(sandbox, "France", "A PAR - BUR\nA MAR H\nA MAR H")
    assert "line 2: A PAR - BUR\n      replaces your earlier order A PAR - PIC" in text
    assert "line 4: A MAR H\n" in text and "replaces your earlier order A MAR H" not in text
    text = _send(sandbox, "France", "army paris to gascony")
    assert "read as: A PAR - GAS; replaces your earlier order A PAR - BUR" in text


# -- the start of a game, LIST while it forms, the GM told of joins ------------------------

def _attachments(mail: IncomingMail) -> list[tuple[str, str]]:
    return [(part.get_filename() or "", part.get_content_type()) for part in attached_files(mail.message)]


def test_the_started_mail_carries_the_map_of_the_starting_position(sandbox: Sandbox) -> None:
    sandbox.send(GM, f"CREATE {GAME} standard gm-secret\nSET MAP svg", "new game")
    sandbox.poll()
    for power in POWERS:
        sandbox.send(address(power), f"JOIN {GAME} {password(power)} AS {power}")
    sandbox.poll()
    sandbox.new_mail()
    gm(sandbox, "START")
    sandbox.poll()
    mails = sandbox.new_mail()
    started = [m for m in mails if str(m.message["Subject"]) == f"Game {GAME} has started"]
    assert len(started) == len(POWERS) + 1
    france = next(m for m in to(started, "france@"))
    assert _attachments(france) == [(f"{GAME}-start.png", "image/png")]
    png = attached_files(france.message)[0].get_payload(decode=True)
    assert png.startswith(b"\x89PNG\r\n\x1a\n")
    assert _attachments(to(started, GM)[0]) == [(f"{GAME}-start.svg", "image/svg+xml")]


def test_list_of_a_forming_game_shows_its_seats_not_centres(sandbox: Sandbox) -> None:
    _created(sandbox)
    sandbox.send(address("France"), f"JOIN {GAME} {password('France')} AS France")
    sandbox.send(address("Italy"), f"JOIN {GAME} {password('Italy')}")
    sandbox.poll()
    sandbox.new_mail()
    text = _mail(sandbox, "stranger@example.org", f"LIST {GAME}", "Status of")
    assert "centers" not in text and "units" not in text
    assert "2 of 7 seats are taken; 5 are free" in text
    assert "France:  taken" in text and "England: open, a player is wanted" in text
    assert "1 player joined without a power yet: given one at START." in text
    assert "@" not in text.split("Game '")[1]   # no address to anyone but the GM
    text = _mail(sandbox, GM, f"SIGNON M{GAME} gm-secret\nSTATUS", "Status of")
    assert f"France:  {address('France')}" in text
    assert f"Joined without a power yet (given one at START): {address('Italy')}." in text


def test_the_gm_hears_of_each_join(sandbox: Sandbox) -> None:
    _created(sandbox)
    sandbox.send(address("France"), f"JOIN {GAME} {password('France')} AS France")
    sandbox.poll()
    notices = [m for m in to(sandbox.new_mail(), GM) if "joined" in str(m.message["Subject"])]
    assert subjects(notices) == [f"{address('France')} joined {GAME}"]
    text = sandbox.text(notices[0])
    assert f"{address('France')} joined '{GAME}' and asks for France." in text
    assert "1 of 7 seats are taken; 6 are free." in text
    again = "\n".join(f"JOIN {GAME} {password('France')} AS {power}" for power in ("Italy", "Russia", "Turkey"))
    sandbox.send(address("France"), again)
    sandbox.poll()
    notices = [" ".join(sandbox.text(m).split()) for m in to(sandbox.new_mail(), GM)]
    assert len(notices) == 1   # one notice per mail, however many JOIN lines it has
    for power in ("Italy", "Russia", "Turkey"):
        assert f"the seat is kept, and now asks for {power}." in notices[0]
