"""R-1304-60 to R-1304-62: April's 2-, 3- and 4-player games, chosen in the CREATE mail, played by mail."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

import pytest

from judge.app.sandbox import Sandbox
from judge.engine.codec import state_from_json, state_to_json
from judge.engine.discretion import OptionError
from judge.engine.orders import Unit
from judge.engine.state import Phase
from judge.variants import load_variant
from judge.variants.europe1615_payola.setups import ROLL, roll_for_neutral, setup_of
from tests.europe1615_payola.helpers import APRIL, MARCH, ruleset, start

GM, SPAIN, AUSTRIA, NORTH = "gm@e.invalid", "spain@e.invalid", "austria@e.invalid", "north@e.invalid"


def test_R_1304_60_R_1304_61_R_1304_62_PY_32_the_sides_are_the_editions_data_and_march_has_none() -> None:
    assert setup_of(ruleset(APRIL, players=2).game).sides == (("SPAIN", "AUSTRIA"), ("FRANCE", "ENGLAND", "DENMARK"))
    assert setup_of(ruleset(APRIL, players=4).game).sides[-1] == ("DENMARK", "ENGLAND")
    assert setup_of(ruleset(APRIL).game) is None and setup_of(ruleset(APRIL, players=3).game).neutral == "FRANCE"
    with pytest.raises(OptionError):
        load_variant(MARCH, {"players": 3})
    with pytest.raises(OptionError):
        load_variant(APRIL, {"players": 6})


def test_R_1304_61_french_territory_is_closed_while_france_is_neutral() -> None:
    rules, state = ruleset(APRIL, players=3), start(APRIL, players=3)
    state.phase = Phase.parse("S1616M")
    assert not rules.may_enter(state, "SPAIN", Unit("A", "CAT"), "TOU")
    assert not rules.may_enter(state, "ENGLAND", Unit("F", "ENG"), "NOR") and rules.may_enter(state, "FRANCE",
                                                                                                Unit("A", "PAR"), "BUR")
    assert not rules.may_support(state, "SPAIN", Unit("A", "ARA"), "SPAIN", Unit("A", "CAT"), "TOU")
    assert ruleset(APRIL).may_enter(state, "SPAIN", Unit("A", "CAT"), "TOU")  # five players: no neutral
    state.extra[ROLL] = {"rounds": [], "joins": "SPAIN", "neutral": "FRANCE"}
    assert rules.may_enter(state, "SPAIN", Unit("A", "CAT"), "TOU")  # from 1618 France is played


def test_R_1304_61_the_dice_come_from_the_seed_before_the_1617_builds_only() -> None:
    game = ruleset(APRIL, players=3).game
    state = start(APRIL, players=3)
    state.phase = Phase.parse("W1616A")
    roll_for_neutral(game, state)
    assert ROLL not in state.extra
    state.phase = Phase.parse("W1617A")
    roll_for_neutral(game, state)
    rolled = state.extra[ROLL]
    again = start(APRIL, players=3)
    again.phase = Phase.parse("W1617A")
    roll_for_neutral(game, again)
    assert again.extra[ROLL] == rolled and rolled["neutral"] == "FRANCE"
    first = rolled["rounds"][0]
    assert sorted(first) == ["AUSTRIA", "ENGLAND", "SPAIN"] and all(3 <= n <= 18 for n in first.values())
    last = rolled["rounds"][-1]
    assert last[rolled["joins"]] == max(last.values()) and list(last.values()).count(max(last.values())) == 1
    assert state_from_json(load_variant(APRIL, {"players": 3}), state_to_json(state)).extra[ROLL] == rolled


def _mail(sandbox: Sandbox, sender: str, body: str) -> None:
    sandbox.send(sender, body, "e")
    sandbox.advance(timedelta(minutes=5))
    sandbox.poll()


def _to(sandbox: Sandbox, address: str) -> str:
    return "\n".join(sandbox.text(m) for m in sandbox.sent() if address in m.message.get("To", ""))


def test_R_1304_61_by_mail_three_players_france_neutral_then_handed_to_the_highest_roll(tmp_path: Path) -> None:
    sandbox = Sandbox.create(tmp_path / "judge", password_cost=8)
    _mail(sandbox, GM, "CREATE e3 europe1615-2013-04 gm-secret\nSET RULE players 3\nSET SEATS 2\nSET NMR hold")
    _mail(sandbox, SPAIN, "JOIN e3 s-pw AS Spain")
    _mail(sandbox, AUSTRIA, "JOIN e3 a-pw AS Austria")
    _mail(sandbox, NORTH, "JOIN e3 e-pw AS England")
    _mail(sandbox, NORTH, "JOIN e3 d-pw AS Denmark")  # one player, two powers (R-1304-61)
    _mail(sandbox, GM, "SIGNON Me3 gm-secret\nSTART")
    game = sandbox.store.load_game("e3")
    assert game.rules == {"players": 3} and game.player("FRANCE").status == "dummy"
    assert "in civil disorder: France" in _to(sandbox, GM)
    assert [p.power for p in game.players_at(NORTH)] == ["ENGLAND", "DENMARK"]
    variant = load_variant(APRIL, game.rules)
    state = state_from_json(variant, game.state)
    state.phase = Phase.parse("W1617A")  # the game as it stands before the 1617 build phase
    game.state = state_to_json(state)
    sandbox.store.save_game(game)
    sandbox.clock.set(game.deadline + timedelta(days=30))
    sandbox.poll()
    after = sandbox.store.load_game("e3")
    joins = after.state["neutral_roll"]["joins"]
    taker = after.player(joins)
    assert after.state["phase"] == "S1618P" and after.player("FRANCE").status == "active"
    assert after.player("FRANCE").address == taker.address and after.player("FRANCE").password_hash == taker.password_hash
    winter = (sandbox.config.data_dir / "archive" / "e3" / "W1617A.txt").read_text(encoding="utf-8")
    assert "The dice for neutral France (R-1304-61" in winter
    assert f"From 1618 France is played by {joins.title()}'s player." in winter
    password = {"SPAIN": "s-pw", "AUSTRIA": "a-pw", "ENGLAND": "e-pw", "DENMARK": "d-pw"}[joins]
    _mail(sandbox, taker.address, f"SIGNON Fe3 {password}\n5: LOR")
    reply = _to(sandbox, taker.address).rsplit(":: Judge:", 1)[-1]
    assert "signed on as France in 'e3'" in reply and "5: LOR" in reply.split("Rejected")[0]
    again = sandbox.store.load_game("e3")  # France in civil disorder later: the dice gave it once, the GM fills it
    again.players[again.players.index(again.player("FRANCE"))].status = "dummy"
    sandbox.store.save_game(again)
    sandbox.clock.set(again.deadline + timedelta(days=3))
    sandbox.poll()
    last = sandbox.store.load_game("e3")
    assert last.state["phase"] != "S1618P" and last.player("FRANCE").status == "dummy"


def _answer(sandbox: Sandbox, address: str, subject: str) -> str:
    """The newest mail to ``address`` whose subject starts with ``subject``."""
    found = [m for m in sandbox.sent() if address in m.message.get("To", "")
             and str(m.message["Subject"]).startswith(subject)]
    assert found, subject
    return sandbox.text(found[-1])


def test_R_1304_61_the_three_player_game_has_four_seats_join_list_and_status_count_them(tmp_path: Path) -> None:
    """Neutral France has no seat: JOIN counts 4, the game is full at 4, LIST and STATUS say the same."""
    sandbox = Sandbox.create(tmp_path / "judge", password_cost=8)
    _mail(sandbox, GM, "CREATE e3 europe1615-2013-04 gm-secret\nSET RULE players 3\nSET SEATS 2")
    _mail(sandbox, SPAIN, "JOIN e3 s-pw AS Spain")
    assert "you joined 'e3' as Spain (1 of 4 seats)" in _answer(sandbox, SPAIN, "Re:")
    _mail(sandbox, AUSTRIA, "JOIN e3 a-pw AS Austria")
    _mail(sandbox, NORTH, "JOIN e3 e-pw AS England")
    assert "you joined 'e3' as England (3 of 4 seats)" in _answer(sandbox, NORTH, "Re:")
    _mail(sandbox, "late@e.invalid", "LIST\nLIST e3")
    listing = _answer(sandbox, "late@e.invalid", "Games on")
    assert "e3    europe1615-2013-04  forming        1" in listing
    status = _answer(sandbox, "late@e.invalid", "Status of e3")
    assert ("France:  no seat: France is neutral in the 3-player game until the dice of 1617 "
            "hand it to a side (R-1304-61)") in status
    _mail(sandbox, NORTH, "JOIN e3 d-pw AS Denmark")
    assert "you joined 'e3' as Denmark (4 of 4 seats)" in _answer(sandbox, NORTH, "Re:")
    _mail(sandbox, "late@e.invalid", "JOIN e3 l-pw\nLIST e3")
    assert "'e3' is full" in _answer(sandbox, "late@e.invalid", "Re:")
    assert "given out when the game starts" not in _answer(sandbox, "late@e.invalid", "Status of e3")
    assert len(sandbox.store.load_game("e3").players) == 4
    _mail(sandbox, GM, "SIGNON Me3 gm-secret\nSTART")
    assert "'e3' has started" in _answer(sandbox, GM, "Re:")


def test_R_1304_60_the_two_player_game_counts_its_five_seats(tmp_path: Path) -> None:
    sandbox = Sandbox.create(tmp_path / "judge", password_cost=8)
    _mail(sandbox, GM, "CREATE e2 europe1615-2013-04 gm-secret\nSET RULE players 2\nSET SEATS 3")
    _mail(sandbox, SPAIN, "JOIN e2 s-pw AS Spain")
    assert "you joined 'e2' as Spain (1 of 5 seats)" in _answer(sandbox, SPAIN, "Re:")
