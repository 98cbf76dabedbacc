"""Two full years of Europe 1615 (Version 3) by mail (``judge/app/demo_v3.py``): outcomes, secrets, the golden archive.

The game is played once for the module.  Its public result mails (the
archive ``HISTORY`` serves) must equal ``tests/golden/europe1615-v3/``; to
regenerate them after a deliberate change of wording or rules, run

    JUDGE_UPDATE_GOLDEN=1 python -m pytest tests/europe1615_v3/test_mail_game.py

and read the diff before committing it.
"""

from __future__ import annotations

import re

import pytest

from judge.app.demo import load_script
from judge.app.sandbox import Sandbox
from judge.mail import IncomingMail
from tests.golden_archive import archived, check_golden
from judge.store import PhaseRecord

mailgame = load_script("europe1615-v3")
GAME, GM, OBSERVER, POWERS, address = mailgame.game, mailgame.gm, mailgame.observer, mailgame.powers, mailgame.address

PHASES = ["S1615I", "S1615M", "U1615M", "F1615M", "W1615E", "W1615A", "W1615S",
          "S1616I", "S1616M", "U1616M", "F1616M", "W1616E", "W1616A", "W1616S", "S1617I"]


@pytest.fixture(scope="module")
def game(tmp_path_factory: pytest.TempPathFactory) -> Sandbox:
    sandbox = Sandbox.create(tmp_path_factory.mktemp("v3") / "judge", password_cost=8)
    mailgame.play(sandbox)
    return sandbox


def archive(game: Sandbox, phase: str) -> str:
    return archived(game, GAME, phase)


def flat(text: str) -> str:
    return " ".join(text.split())


def replies(game: Sandbox, power: str, phase: str) -> str:
    mails = [m for m in game.sent() if str(m.message["To"]) == address(power)
             and str(m.message["Subject"]) == f"Re: {phase} orders"]
    assert len(mails) == 1
    return game.text(mails[0])


def test_every_phase_of_two_years_is_played_and_archived(game: Sandbox) -> None:
    stored = sorted(p.stem for p in (game.config.data_dir / "archive" / GAME).glob("*.txt"))
    assert stored == sorted(PHASES)
    assert mailgame.phase_now(game) == "S1617M"
    assert not [m for m in game.sent() if "failed on this line" in game.text(m)]


def test_spring_1615_deployment_an_ottoman_vote_and_a_capture_by_a_minor(game: Sandbox) -> None:
    text = archive(game, "S1615M")
    assert "Ottoman Empire: Army Serbia HOLD." in text       # France 35 + Austria 33 outvote Spain 37 (R-v3-47)
    assert "Wurttemberg: Army Wurttemberg -> Franconia." in text      # France ordered it by province
    assert "Brandenburg: Army Brandenburg -> Mecklenburg." in text
    assert "The Mecklenburg Army in Mecklenburg with no valid retreats was destroyed." in text   # R-v3-54
    assert "Wurttemberg: aligned to France; Catholic; INFs of France; follows France." in flat(text)
    assert "Brandenburg:     aligned to Denmark; Protestant; INFs of Denmark; follows" in text
    assert "INFs of France, Spain" in text and "12 INFs" not in text   # who deployed, not how many (R-v3-18)
    england = replies(game, "England", "S1615M")
    assert "line 2: 40: IRE\n      over this year's budget: 26 of 26 INFs left" in england
    assert "line 4: 5: PAPL\n      only the Catholic powers may deploy INFs to the Papal States" in england
    assert "line 5: LOR > ENGLAND\n      a power cannot attack itself" in england
    assert "line 3: 12: SCOT\n      12 INFs to Scotland; 14 of 26 left this year" in england
    spain = replies(game, "Spain", "S1615M")
    assert "line 4: SER \u2013 BOS\n      read as: A SER - BOS" in spain
    denmark = replies(game, "Denmark", "S1615M")
    assert "line 2: 10:BRA\n      10 INFs to Brandenburg" in denmark
    assert "line 3: BRA-MEC\n      read as: A BRA - MEC" in denmark


def test_summer_1615_an_attack_changes_lorraine_s_status(game: Sandbox) -> None:
    spring, summer = archive(game, "S1615M"), archive(game, "U1615M")
    assert "Lorraine:        aligned to France;" in spring
    assert "Spain: Lorraine > France: carried out -- France loses all its INFs there; Spain keeps some." in flat(summer)
    assert "Lorraine:        aligned to Spain; no marker; INFs of Spain;" in summer     # R-v3-20, R-v3-41
    assert "Spain: Army Switzerland -> Wurttemberg." in summer


def test_fall_and_early_winter_1615_captures_and_the_disband_of_a_captured_state(game: Sandbox) -> None:
    fall = archive(game, "F1615M")
    assert "Lorraine: Army Lorraine -> Champagne." in fall and "follows Spain" in fall
    assert "Spain:             Galicia, Luxembourg, Madrid, Milan, Naples, Spanish" in fall
    assert "Brandenburg:       Brandenburg, Mecklenburg." in fall               # a capture by a minor (R-v3-52)
    assert "The next phase of 'v3' will be Early winter for Winter of 1615.\n" in fall
    assert "deadline" not in fall.split("Ownership of supply centers")[1]    # Early Winter is played at once
    early = archive(game, "W1615E")
    assert "Wurttemberg: Army Franconia DISBAND." in early                    # R-v3-55, R-v3-114
    assert ("On the ballot this Late Winter (R-v3-78): Moroccan unification, Treaty of Lyon, Dano-Swedish rivalry "
            "(the three most important modifiers still available, as the judge chose them" in flat(early))


def test_late_winter_1615_a_ballot_enacts_a_modifier_and_powers_build(game: Sandbox) -> None:
    text = archive(game, "W1615A")
    assert "The ballot for 1616 (R-v3-81): Treaty of Lyon is in force." in text          # net 18, the most
    assert "Brandenburg: Builds an army in Brandenburg." in text                       # the minor builds (R-v3-65)
    assert "Denmark:   Builds an army in Brandenburg." not in text
    assert "Spain:     Builds an army in Milan.\nSpain:     Build waived.\n" in text
    assert "Ballots" not in text and "+10 = Treaty of Lyon" not in text               # ballots are secret
    denmark = replies(game, "Denmark", "W1615A")
    assert "line 2: DENMARK'S BALLOT\n" in denmark and "14 of 14 votes cast" in denmark


def test_scoring_1615_and_1616_scores_round_winners_and_rounds_won(game: Sandbox) -> None:
    first, second = archive(game, "W1615S"), archive(game, "W1616S")
    assert "  Denmark          0         27        20     47           1\n" in first
    assert "Denmark wins the round of 1615." in first
    assert "  England          0         63        30     93           1\n" in second
    assert "England wins the round of 1616." in second
    state = game.store.load_game(GAME).state
    assert state["round_winners"] == {"1615": "DENMARK", "1616": "ENGLAND"}
    assert state["rounds"] == {"DENMARK": 1, "ENGLAND": 1}


def test_1616_the_modifier_bars_spain_the_ottomans_move_and_an_attack_fails(game: Sandbox) -> None:
    spain = replies(game, "Spain", "S1616M")
    assert "line 2: 5: SAV\n      Treaty of Lyon: SPAIN may not deploy INFs to SAV" in spain     # R-v3-89
    text = archive(game, "S1616M")
    assert "Ottoman Empire: Army Rumelia -> Bulgaria." in text                 # France + Austria over Spain
    assert "Austria: Brandenburg > Denmark: FAILED -- Austria has no INFs in Brandenburg." in flat(text)
    assert "Lower Saxony:    aligned to England; Protestant; INFs of England;" in text
    summer = archive(game, "U1616M")
    assert "Spain: Army Wurttemberg -> Switzerland.  (*void*)" in summer     # Spain may not enter (R-v3-89)
    assert ("Spain: MOTION CANCEL Treaty of Lyon: the motion to cancel Treaty of Lyon will be on the winter ballot."
            in flat(summer))


def test_early_winter_1616_waits_for_denmark_to_choose_brandenburg_s_disband(game: Sandbox) -> None:
    fall = archive(game, "F1616M")
    assert "Lower Saxony: Army Brunswick-Luneburg -> Mecklenburg." in fall
    assert "Lower Saxony:      Bremen, Brunswick-Luneburg, Mecklenburg." in fall   # a minor takes from a minor
    assert "The deadline for orders will be" in fall.split("Ownership of supply centers")[1]   # E waits (R-v3-56)
    early = archive(game, "W1616E")
    assert "Denmark: Army Pomerania DISBAND." in early
    record = game.store.phase_record(GAME, "W1616E")
    assert record is not None and [o.line for o in record.orders["DENMARK"]] == ["REMOVE A POM"]
    assert game.store.load_game(GAME).state["units"]["BRA"] == ["A BRA"]


def test_late_winter_1616_a_motion_cancels_the_treaty(game: Sandbox) -> None:
    text = flat(archive(game, "W1616A"))
    assert ("The ballot for 1617 (R-v3-81): Moroccan unification is in force; the motion passes: "
            "Treaty of Lyon is cancelled and off all future ballots.") in text
    assert "Modifiers in force: Moroccan unification." in text


# -- what stays secret -------------------------------------------------------------------------

Secret = tuple[str, str, bool]  # owner, text, whether the text is a whole line the owner wrote


def secrets(game: Sandbox) -> list[Secret]:
    """Every secret of the game: INF numbers, Ottoman votes, ballots, bids.

    Each as the owner wrote it (a whole line: other powers may write the same
    words as part of a line of their own) and as the result mails write it
    (a text unique to the owner, looked for anywhere).
    """
    found: list[Secret] = []
    for record in game.store.phases(GAME):
        found += _secrets_of(record)
    found += [(power.upper(), " ".join(bid.upper().replace("=", " ").replace(",", " ").split()), False)
              for power, bid in mailgame.bids.items()]
    return found


def _secrets_of(record: PhaseRecord) -> list[Secret]:
    board = game_board()
    ottoman = {u.split()[1] for u in record.state_before["units"].get("OTE", [])}
    found: list[Secret] = []
    for power, orders in record.orders.items():
        for order in orders:
            words = order.line.split()
            if order.unit.startswith(("INF:", "BALLOT:")):
                found.append((power, order.line, True))
            elif len(words) > 1 and words[1] in ottoman:
                found += [(power, order.line, True), (power, f"{power.title()}: {order.line} (weight", False)]
    for result in record.results["results"]:
        power, text = result["power"], result["order"]
        deploy = re.fullmatch(r"(\d+): (\w+)", text)
        if deploy and power in board.powers:
            found.append((power, f"{power.title()}: {deploy[1]} INFs to {board.state_names[deploy[2]]}", False))
        elif re.match(r"[+-]\d+ = ", text) and power in board.powers:
            found.append((power, f"{power.title()}: {text}", False))
    return found


def game_board():  # -> Map
    from judge.variants import load_variant

    return load_variant("europe1615-v3").map


def owner_of(mail: IncomingMail) -> str | None:
    """The power a mail goes to; None for the observer."""
    to = str(mail.message["To"])
    return next((p.upper() for p in POWERS if address(p) == to), None)


def leaks(text: str, secret: str, whole_line: bool) -> bool:
    if whole_line:
        return secret in {re.sub(r"^line \d+: ", "", line.strip()).rstrip(".") for line in text.splitlines()}
    return secret in flat(text)


def test_no_mail_to_a_player_or_observer_holds_another_power_s_secret(game: Sandbox) -> None:
    mails = game.sent()
    hidden = secrets(game)
    assert len(hidden) > 40
    own: dict[str | None, set[str]] = {}
    for owner, text, _ in hidden:
        own.setdefault(owner, set()).add(text)
    checked = 0
    for mail in mails:
        to = str(mail.message["To"])
        if to == GM:
            continue
        reader, text = owner_of(mail), game.text(mail)
        assert reader is not None or to == OBSERVER
        for owner, secret, whole_line in hidden:
            if owner != reader and secret not in own.get(reader, set()):
                assert not leaks(text, secret, whole_line), (to, mail.message["Subject"], secret)
        assert not re.search(r"\b[A-Z]+ \d+ v [A-Z]+ \d+", text)        # the numbers behind an attack
        checked += 1
    assert checked > 100


def test_the_gm_reads_every_secret_and_the_players_their_own(game: Sandbox) -> None:
    to_gm = flat(" ".join(game.text(m) for m in game.sent() if str(m.message["To"]) == GM))
    for _, secret, whole_line in secrets(game):
        if not whole_line:
            assert secret in to_gm, secret
    assert "BID SPAIN 50 FRANCE 35 AUSTRIA 5 ENGLAND 5 DENMARK 5" in to_gm
    assert re.search(r"\(SPAIN \d+ v FRANCE \d+: each loses", to_gm)
    france = " ".join(game.text(m) for m in game.sent() if str(m.message["To"]) == address("France"))
    assert "France: 9 INFs to Wurttemberg." in france and "France: SER H" not in france
    assert "France: A SER H (weight 35): carried out." in france


def test_the_archive_holds_no_secret(game: Sandbox) -> None:
    hidden = secrets(game)
    for phase in PHASES:
        text = archive(game, phase)
        for _, secret, whole_line in hidden:
            assert not leaks(text, secret, whole_line), (phase, secret)


# -- the golden archive ------------------------------------------------------------------------

def test_the_result_mails_match_the_golden_archive(game: Sandbox) -> None:
    check_golden(game, GAME, PHASES, "europe1615-v3")


def test_point_4_the_aligned_power_is_told_of_its_minor_s_builds_by_mail(game: Sandbox) -> None:
    """Issue 34, point 4: Brandenburg (aligned to Denmark) took Mecklenburg: one build, ordered by Denmark."""
    fall = archive(game, "F1615M")
    assert "Brandenburg:       2 Supply centers,  1 Units:  Builds   1 unit." in fall
    assert ("Brandenburg (aligned to Denmark) has 1 build due: Denmark orders it in the build phase, on "
            "Brandenburg (BUILD A Brandenburg).") in flat(fall)
    early = archive(game, "W1615E")
    assert "Denmark orders it in the next phase, on Brandenburg" in flat(early)
