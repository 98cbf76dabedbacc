"""Europe 1615 as newcomers play it, by mail (issue 34): each test names the point it checks.

Each test plays on a throwaway judge (``judge/app/sandbox.py``) through the same poll as ``judge poll``.
"""

from __future__ import annotations

from datetime import timedelta

from judge.app.demo import load_script
from judge.app.sandbox import Sandbox
from judge.mail import IncomingMail

mailgame = load_script("europe1615-v3")
GAME, GM, OBSERVER, POWERS, address, send_as = (
    mailgame.game, mailgame.gm, mailgame.observer, mailgame.powers, mailgame.address, mailgame.send_as)


def flat(text: str) -> str:
    return " ".join(text.split())


def mail_to(sandbox: Sandbox, mails: list[IncomingMail], who: str, subject: str) -> str:
    found = [m for m in mails if who.lower() in str(m.message["To"]).lower() and str(m.message["Subject"]) == subject]
    assert len(found) == 1, [str(m.message["Subject"]) for m in mails if who.lower() in str(m.message["To"]).lower()]
    return sandbox.text(found[0])


def pass_deadline(sandbox: Sandbox) -> list[IncomingMail]:
    """Move the clock past the phase's deadline and its grace, poll, and return the mail sent."""
    game = sandbox.store.load_game(GAME)
    assert game.deadline is not None
    sandbox.clock.set(max(game.deadline, game.grace_end or game.deadline) + timedelta(minutes=1))
    sandbox.poll()
    return sandbox.new_mail()


def test_point_1_each_power_reads_its_own_infs_budget_deployed_and_left(started_v3: Sandbox) -> None:
    sandbox = started_v3
    send_as(sandbox, "France", "12: LOR\n4: WUR")
    send_as(sandbox, "Spain", "8: LOR")
    sandbox.poll()
    sandbox.new_mail()
    mails = pass_deadline(sandbox)
    france = flat(mail_to(sandbox, mails, address("France"), f"Diplomacy results {GAME} S1615M"))
    assert "Your INFs (secret: only you and the GM read this): Lorraine 12, Wurttemberg 4." in france
    assert "INFs for 1615: 35; deployed 16; left 19." in france
    assert "Lorraine 8" not in france                              # Spain's are Spain's (R-v3-18)
    spain = flat(mail_to(sandbox, mails, address("Spain"), f"Diplomacy results {GAME} S1615M"))
    assert "Your INFs (secret: only you and the GM read this): Lorraine 8." in spain
    assert "INFs for 1615: 37; deployed 8; left 29." in spain and "Lorraine 12" not in spain
    gm = flat(mail_to(sandbox, mails, GM, f"Diplomacy results {GAME} S1615M"))
    assert "France's INFs" in gm and "Spain's INFs" in gm
    observer = flat(mail_to(sandbox, mails, OBSERVER, f"Diplomacy results {GAME} S1615M"))
    assert "INFs (secret" not in observer and "deployed 16" not in observer
    send_as(sandbox, "France", "STATUS")                           # and at any time, as any player of France
    sandbox.poll()
    status = flat(sandbox.text(next(m for m in sandbox.new_mail() if "Status of" in str(m.message["Subject"]))))
    assert "Your INFs (secret: only you and the GM read this): Lorraine 12, Wurttemberg 4." in status
    assert "INFs for 1615: 35; deployed 16; left 19" in status


def hold_lines(sandbox: Sandbox, power: str) -> str:
    units = sandbox.store.load_game(GAME).state["units"].get(power.upper(), [])
    return "\n".join(f"{u} H" for u in units)


WAITS = "A line of this mail was refused, so the phase is not played before its deadline"


def test_point_3_a_refused_inf_line_keeps_the_phase_until_fixed(started_v3: Sandbox) -> None:
    sandbox = started_v3
    for power in POWERS:
        send_as(sandbox, power, hold_lines(sandbox, power) + ("\n12: LORR" if power == "France" else ""))
    sandbox.poll()
    mails = sandbox.new_mail()
    france = flat(mail_to(sandbox, mails, address("France"), "Re: orders"))
    assert "12: LORR" in france and WAITS in france and "processed at the end of this poll" not in france
    assert sandbox.store.load_game(GAME).state["phase"] == "S1615M"
    send_as(sandbox, "France", "12: LOR")
    sandbox.poll()
    assert sandbox.store.load_game(GAME).state["phase"] == "U1615M"


def test_point_2_the_centre_values_in_the_rules_reply_and_on_the_map(started_v3: Sandbox) -> None:
    from judge.engine import adjudicate
    from judge.render.picture import phase_picture
    from judge.render.results import results_context
    from judge.variants import load_variant

    sandbox = started_v3
    send_as(sandbox, "France", "RULES")
    sandbox.poll()
    rules = flat(sandbox.text(next(m for m in sandbox.new_mail() if str(m.message["Subject"]) == f"Rules of {GAME}")))
    assert "The values of the supply centres" in rules and "London 12" in rules and "Wales 3" in rules
    variant = load_variant("europe1615-v3")
    outcome = adjudicate(variant, variant.ruleset.initial_state(), {})
    ctx = results_context(variant, outcome.state.phase, outcome, judge="j", game=GAME)
    svg = phase_picture(variant, ctx, "OBSERVER", "SVG")
    assert svg is not None
    assert ">12</text>" in svg.data.decode() and ">3</text>" in svg.data.decode()   # London's 12, Wales's 3


def test_point_6_a_minor_unit_is_ordered_where_it_stands_and_the_refusal_says_where(started_v3: Sandbox) -> None:
    sandbox = started_v3
    first = mailgame.phases[0]
    assert first[0] == "S1615M"
    mailgame.play_phase(sandbox, "S1615M", first[1])             # France's Wurttemberg army moves to Franconia
    sandbox.new_mail()
    send_as(sandbox, "France", "WUR H\nA FRA H")
    sandbox.poll()
    text = flat(mail_to(sandbox, sandbox.new_mail(), address("France"), "Re: orders"))
    assert ("WUR H there is no unit you may order in Wurttemberg; Wurttemberg's units are ordered where they "
            "stand: now Franconia (A FRA)") in text
    assert "line 3: A FRA H" in text.split("Rejected:")[0]         # ordered where it stands: accepted


def test_point_6_acquired_territories_take_their_state_s_colour_in_the_phase_they_are_taken() -> None:
    """R-v3-66: "all acquired territories are colored accordingly on the map": Danzig taken by Prussia (aligned
    to Denmark) is hatched in Denmark's colour, no longer in Poland's, as soon as Prussia holds it."""
    from tests.test_picture_boards import drawn, v3_sheet
    from judge.render.palette import power_colours
    from judge.variants import load_variant

    variant = load_variant("europe1615-v3")
    state = variant.ruleset.initial_state()
    state.extra["status"] = v3_sheet(PRU=("ALIGNED", "DENMARK", None), POL=("ALIGNED", "AUSTRIA", None))
    state.centers["POL"] = set(state.centers["POL"]) - {"DAN"}
    state.centers["PRU"] = set(state.centers["PRU"]) | {"DAN"}
    scene, _ = drawn("europe1615-v3", state)
    colours = power_colours(variant.map)
    assert scene.hatches["DAN"] == colours["DENMARK"] and scene.hatches["WAR"] == colours["AUSTRIA"]


def test_point_5_the_text_s_names_and_forms_are_read_and_a_misspelt_state_gets_a_close_match(started_v3: Sandbox) -> None:
    sandbox = started_v3
    send_as(sandbox, "France", "3 INFs to the Rhineland\nWUR: 4\n2: LOWR\nDiplomatic attack: LOR > SPAIN\n"
                               "5: Portugual\n5: Sweeden")
    sandbox.poll()
    text = mail_to(sandbox, sandbox.new_mail(), address("France"), "Re: orders")
    assert "line 2: 3 INFs to the Rhineland\n      3 INFs to Rhineland;" in text
    assert "line 3: WUR: 4\n      4 INFs to Wurttemberg;" in text
    assert "line 4: 2: LOWR\n      2 INFs to Lower Saxony;" in text
    assert "line 5: Diplomatic attack: LOR > SPAIN\n      attack accepted: on Spain in Lorraine" in text
    assert "no minor state is called 'Portugual' \u2014 did you mean Portugal (POR)?" in text
    assert "no minor state is called 'Sweeden' \u2014 did you mean Sweden (SWE)?" in text


def test_point_7_a_bid_sheet_a_newcomer_can_fix_and_seats_complete_only_with_every_sheet(tmp_path) -> None:  # type: ignore[no-untyped-def]
    sandbox = Sandbox.create(tmp_path / "judge", password_cost=8)
    sandbox.send(GM, f"CREATE {GAME} europe1615-v3 gm-secret", "new game")
    sandbox.poll()
    good = "BID AUSTRIA 20 DENMARK 20 ENGLAND 20 FRANCE 20 SPAIN 20"
    for power in POWERS[:4]:
        sandbox.send(address(power), f"JOIN {GAME} {mailgame.password(power)}\n{good}")
    sandbox.send(address(POWERS[4]), f"JOIN {GAME} {mailgame.password(POWERS[4])}\n"
                                      "BID AUSTRIA 25 DENMARK 20 ENGLAND 20 FRANCE 20 SPAIN 20")
    sandbox.poll()
    mails = sandbox.new_mail()
    last = flat(mail_to(sandbox, mails, address(POWERS[4]), "Re: orders"))
    assert "the bids add up to 105, not 100: send JOIN <game> <your password> again (the seat is kept)" in last
    gm = " ".join(flat(sandbox.text(m)) for m in mails if str(m.message["To"]) == GM)
    assert "All 5 seats are taken, but 1 player has sent no valid BID sheet yet" in gm
    assert "you may START" not in gm
    sandbox.send(address(POWERS[4]), good)                           # no power yet, so no SIGNON letter
    sandbox.poll()
    alone = flat(mail_to(sandbox, sandbox.new_mail(), address(POWERS[4]), "Re: orders"))
    assert "a BID sheet goes with your JOIN line: send JOIN <game> <password> again" in alone
    sandbox.send(address(POWERS[4]), f"JOIN {GAME} {mailgame.password(POWERS[4])}\n{good}")
    sandbox.poll()
    mails = sandbox.new_mail()
    gm = " ".join(flat(sandbox.text(m)) for m in mails if str(m.message["To"]) == GM)
    assert "All 5 seats are taken: you may START the game" in gm


def test_point_9_help_lists_the_game_s_own_gm_decisions_and_resign_lists_no_orders(started_v3: Sandbox) -> None:
    sandbox = started_v3
    sandbox.send(GM, f"SIGNON M{GAME} gm-secret\nHELP")
    sandbox.poll()
    text = sandbox.text(next(m for m in sandbox.new_mail() if str(m.message["Subject"]).startswith("Help from")))
    assert "GM BALLOT modifier, modifier, modifier | DEFAULT" in text
    assert "GM ALLIANCE" not in text                                # a 2013-08 decision this game refuses
    send_as(sandbox, "Spain", "RESIGN")
    sandbox.poll()
    reply = mail_to(sandbox, sandbox.new_mail(), address("Spain"), "Re: orders")
    assert "you no longer play Spain" in reply and "Still without orders" not in reply


def test_point_8_the_ballot_how_it_was_chosen_and_each_power_s_votes_are_told(started_v3: Sandbox) -> None:
    sandbox = started_v3
    for phase, orders in mailgame.phases:
        if phase == "W1615E":
            break
        mailgame.play_phase(sandbox, phase, orders)
    mails = sandbox.new_mail()
    subject = f"Diplomacy results {GAME} W1615E"
    gm = flat(mail_to(sandbox, mails, GM, subject))
    assert "(the three most important modifiers still available, as the judge chose them; the GM may choose " \
           "the ballot instead with GM BALLOT" in gm
    assert "England's votes on this ballot (secret; R-v3-79, R-v3-80): 14" in gm
    england = flat(mail_to(sandbox, mails, address("England"), subject))
    assert "England's votes on this ballot (secret; R-v3-79, R-v3-80): 14" in england
    assert "Spain's votes" not in england


def test_point_11_a_fleet_moving_to_holstein_must_name_the_side(started_v3: Sandbox) -> None:
    """R-v3-71: "Holstein (HOL) has two separate coasts and players must specify which side their fleet moves
    to": ``F NTH - HOL`` is refused on arrival (only the North Sea side is in reach, yet it must be written), and
    the reply says what to write; ``F NTH - HOL/WC`` is taken. The map data says so (``namecoast HOL``)."""
    sandbox = started_v3
    first = dict(mailgame.phases[0][1])
    first["Denmark"] += "\nF NWY - NTH"
    mailgame.play_phase(sandbox, "S1615M", first)
    sandbox.new_mail()
    assert "F NTH" in sandbox.store.load_game(GAME).state["units"]["DENMARK"]
    send_as(sandbox, "Denmark", "F NTH - HOL")
    sandbox.poll()
    text = flat(mail_to(sandbox, sandbox.new_mail(), address("Denmark"), "Re: orders"))
    assert "Rejected:" in text and "F NTH - HOL" in text.split("Rejected:")[-1]
    assert "name the coast of Holstein the fleet goes to: write F NTH - HOL/WC" in text
    send_as(sandbox, "Denmark", "F NTH - HOL/WC")
    sandbox.poll()
    text = flat(mail_to(sandbox, sandbox.new_mail(), address("Denmark"), "Re: orders"))
    assert "Rejected" not in text and "HOL/WC" in text


def _franconia_in_picture(sandbox: Sandbox, mails: list[IncomingMail], phase: str) -> tuple[str, str | None]:
    """Franconia's fill and hatching in the SVG picture attached to France's result mail of ``phase``."""
    from tests.mail.html_parts import attached_files

    found = [m for m in mails if address("France") in str(m.message["To"])
             and str(m.message["Subject"]) == f"Diplomacy results {GAME} {phase}"]
    assert len(found) == 1, [str(m.message["Subject"]) for m in mails]
    [svg] = [p.get_payload(decode=True).decode() for p in attached_files(found[0].message)
             if p.get_content_type() == "image/svg+xml"]
    # the region's path, then (on its line or the next) its hatching's path, if any
    region, after = svg[svg.index('<path id="FRA"'):].split("</path>", 1)
    fill = region.split(' fill="', 1)[1].split('"', 1)[0]
    after = after.lstrip()
    hatch = after.split("url(#", 1)[1].split(")", 1)[0] if after.startswith('<path class="hatch"') else None
    return fill, hatch


def test_point_6_a_province_a_minor_state_annexes_is_coloured_in_the_result_mail_of_that_phase(
        started_v3: Sandbox) -> None:
    """R-v3-116, R-v3-64: Wurttemberg (aligned to France) marches into Franconia, a state without a centre, and holds
    it; at the build phase (W1615E) the province is annexed, and that phase's picture mailed to France hatches it in
    France's colour (not before: it is annexed then, and not a phase later)."""
    from judge.render.palette import power_colours
    from judge.variants import load_variant

    sandbox = started_v3
    send_as(sandbox, "France", "SET MAP SVG")
    sandbox.poll()
    sandbox.new_mail()
    plays = [("S1615M", mailgame.phases[0][1]), ("U1615M", {"France": "4: WUR", "Spain": "A SWI H"}),
             ("F1615M", {"France": "A FRA H"})]
    for phase, orders in plays:
        mailgame.play_phase(sandbox, phase, orders)
        mails = sandbox.new_mail()
    assert _franconia_in_picture(sandbox, mails, "F1615M")[1] is None           # held, not yet annexed
    france = power_colours(load_variant("europe1615-v3").map)["FRANCE"].lstrip("#").upper()
    assert _franconia_in_picture(sandbox, mails, "W1615E")[1] == f"hatch-{france}"     # the phase it is annexed
