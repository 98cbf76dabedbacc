"""Draw and concession votes across the variants: who allows them (Ruleset.end_votes), and the end they make.

Standard, Payola and Diplomacy 1618 take them (a draw including all
survivors); the Europe 1615 editions refuse them naming their own rules:
Version 3 ends by agreement with AGREE (R-v3-126), the 2013 editions have no
end by agreement (R-1308-78; R-1303-42, R-1304-58).
"""

from __future__ import annotations

import doctest
from pathlib import Path

import pytest

import judge.engine.agreement
from judge.app.demo import load_script
from judge.app.sandbox import Sandbox
from judge.engine.agreement import agreed_end
from judge.variants import load_variant
from tests.app.helpers import GAME, POWERS, reply, send_as, start_game

REFUSED = {
    "europe1615-v3": "Version 3 ends by agreement with AGREE (R-v3-126)",
    "europe1615-2013-08": "the game runs to the end of 1620 and the most VPs win (R-1308-78)",
    "europe1615-2013-03": "this edition has no end by agreement: the game runs to its last year and the most VPs win "
                          "(R-1303-42, R-1304-58)",
    "europe1615-2013-04": "this edition has no end by agreement: the game runs to its last year and the most VPs win "
                          "(R-1303-42, R-1304-58)",
}


@pytest.mark.parametrize("name", ["standard", "payola", "diplomacy1618"])
def test_the_standard_payola_and_1618_take_votes_among_every_survivor(name: str) -> None:
    variant = load_variant(name)
    opening = variant.ruleset.initial_state()
    ends = variant.ruleset.end_votes(opening)
    assert ends.refusal == "" and ends.powers == tuple(sorted(variant.map.powers))
    assert "draws" in {o.name for o in variant.ruleset.rule_options()}
    gone = opening.copy()
    out = ends.powers[0]
    gone.units.pop(out, None)
    gone.centers.pop(out, None)
    assert variant.ruleset.end_votes(gone).powers == ends.powers[1:]
    assert load_variant(name, {"draws": False}).ruleset.end_votes(opening).refusal.startswith("the GM has ruled out")


@pytest.mark.parametrize("name", sorted(REFUSED))
def test_the_europe_1615_editions_refuse_votes_naming_their_rules(name: str) -> None:
    variant = load_variant(name)
    ends = variant.ruleset.end_votes(variant.ruleset.initial_state())
    assert REFUSED[name] in ends.refusal and ends.powers == ()
    assert "draws" not in {o.name for o in variant.ruleset.rule_options()}  # no option that would change nothing


def test_a_power_with_units_but_no_centre_is_still_in_the_game() -> None:
    variant = load_variant("standard")
    state = variant.ruleset.initial_state()
    state.centers.pop("ITALY")
    assert "ITALY" in variant.ruleset.end_votes(state).powers


def test_the_count_of_votes() -> None:
    survivors = ("ENGLAND", "FRANCE", "GERMANY")
    assert doctest.testmod(judge.engine.agreement).failed == 0
    assert agreed_end(survivors, [], {}) is None  # nobody votes: no end
    assert agreed_end(survivors, ["ENGLAND"], {"ENGLAND": {"concede": "FRANCE"}}).winners == ("FRANCE",)
    assert agreed_end(survivors, ["ENGLAND"], {"ENGLAND": {"concede": "ITALY"}}) is None  # not a survivor
    alone = agreed_end(survivors, ["GERMANY"], {})
    assert alone is None  # the winner's own vote is no concession: someone else must concede
    both = {"ENGLAND": {"draw": True, "concede": "GERMANY"}, "FRANCE": {"draw": True, "concede": "GERMANY"},
            "GERMANY": {"draw": True}}
    agreed = agreed_end(survivors, survivors, both)
    assert agreed is not None and (agreed.result, agreed.winners) == ("victory", ("GERMANY",))
    gone = agreed_end(("ENGLAND", "FRANCE"), survivors, {"ENGLAND": {"draw": True}, "FRANCE": {"draw": True}})
    assert gone is not None and gone.winners == ("ENGLAND", "FRANCE")  # Germany's missing vote: it is out


def test_a_v3_game_refuses_set_draw_and_points_to_agree(tmp_path: Path) -> None:
    script = load_script("europe1615-v3")
    sandbox = Sandbox.create(tmp_path / "judge", password_cost=8)
    script.set_up(sandbox)
    sandbox.new_mail()
    script.send_as(sandbox, "France", "SET DRAW\nSET CONCEDE Spain\nSET NODRAW")
    sandbox.send(script.gm, f"SIGNON M{script.game} gm-secret\nSET RULE draws no")
    sandbox.poll()
    mails = sandbox.new_mail()
    answer = reply(sandbox, mails, script.address("France"))
    assert answer.count("Version 3 ends by agreement with AGREE (R-v3-126): send an AGREE line") == 2
    assert "you had no vote for a draw" in answer
    assert "has no rule option 'draws'" in reply(sandbox, mails, script.gm)
    assert "votes" not in sandbox.store.load_game(script.game).extra


def test_a_payola_game_ended_by_a_draw_publishes_the_bribe_chart(sandbox: Sandbox) -> None:
    start_game(sandbox, variant="payola")
    send_as(sandbox, "France", "5 : A PAR - BUR")
    sandbox.send("gm@demo.invalid", f"SIGNON M{GAME} gm-secret\nPROCESS!")
    sandbox.poll()
    sandbox.new_mail()
    for power in POWERS:
        send_as(sandbox, power, "SET DRAW", "vote")
    sandbox.poll()
    mails = sandbox.new_mail()
    ends = [sandbox.text(m) for m in mails if str(m.message["Subject"]) == f"Game {GAME} is over"]
    assert len(ends) == len(POWERS) + 1
    for text in ends:
        assert "a draw agreed by Austria, England, France, Germany, Italy, Russia and Turkey, after Spring of 1901" \
            in text
        assert "The game is over: the bribe chart of every phase (rules 3.6, 4.5)." in text
        assert "Bribe chart of S1901M:" in text
    assert "votes" in sandbox.store.load_game(GAME).extra  # kept with the finished game, shown to nobody
