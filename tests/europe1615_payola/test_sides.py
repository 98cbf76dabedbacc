"""R-1304-60 to R-1304-62 by mail: JOIN, APPROVE and START keep each address to one side of April's set-up.

The hook is ``Ruleset.seat_refusal``; without a set-up (five players, the
standard game) nothing changes: ``SET SEATS`` alone says how many powers one
address holds.
"""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

import pytest

from judge.app.sandbox import Sandbox
from judge.engine.codec import state_from_json, state_to_json
from judge.variants import load_variant
from judge.variants.europe1615_payola.setups import ROLL
from tests.europe1615_payola.helpers import APRIL

GM, SPAIN, AUSTRIA, NORTH, OTHER = "gm@e.invalid", "spain@e.invalid", "austria@e.invalid", "north@e.invalid", \
    "other@e.invalid"
NEUTRAL = "France is neutral in the 3-player game until the dice of 1617 hand it to a side (R-1304-61)"


@pytest.fixture()
def sandbox(tmp_path: Path) -> Sandbox:
    return Sandbox.create(tmp_path / "judge", password_cost=8)


def _mail(sandbox: Sandbox, sender: str, body: str) -> str:
    """Send one mail, poll, and return the judge's reply to it."""
    before = len(sandbox.sent())
    sandbox.send(sender, body, "e")
    sandbox.advance(timedelta(minutes=5))
    sandbox.poll()
    mails = [m for m in sandbox.sent()[before:] if sender in m.message.get("To", "")]
    return "\n".join(sandbox.text(m) for m in mails)


def _rejected(reply: str, line: str, reason: str) -> bool:
    """Whether ``reply`` rejects ``line`` (as the reply echoes it) with ``reason`` right below it."""
    rejected = reply.split("Rejected:", 1)[-1] if "Rejected:" in reply else ""
    return f"{line}\n      {reason}" in rejected


def _create(sandbox: Sandbox, name: str, setup: str) -> None:
    _mail(sandbox, GM, f"CREATE {name} {APRIL} gm-secret\n{setup}")


def _powers(sandbox: Sandbox, name: str, address: str) -> list[str]:
    return sorted(str(p.power) for p in sandbox.store.load_game(name).players_at(address))


def test_R_1304_61_join_as_neutral_france_is_refused_naming_the_line_and_the_reason(sandbox: Sandbox) -> None:
    _create(sandbox, "e3", "SET RULE players 3\nSET SEATS 2")
    reply = _mail(sandbox, OTHER, "JOIN e3 f-pw AS France")
    assert _rejected(reply, "line 1: JOIN e3 **** AS France", NEUTRAL)
    assert sandbox.store.load_game("e3").players == []
    _mail(sandbox, SPAIN, "JOIN e3 s-pw AS Spain")
    again = _mail(sandbox, SPAIN, "JOIN e3 s-pw AS France")  # the same seat asks to change its power
    assert _rejected(again, "line 1: JOIN e3 **** AS France", NEUTRAL)
    assert _powers(sandbox, "e3", SPAIN) == ["SPAIN"]


def test_R_1304_61_an_address_may_not_hold_two_sides_but_england_and_denmark_are_one(sandbox: Sandbox) -> None:
    _create(sandbox, "e3", "SET RULE players 3\nSET SEATS 2")
    assert "you joined 'e3' as Spain" in _mail(sandbox, SPAIN, "JOIN e3 s-pw AS Spain")
    reply = _mail(sandbox, SPAIN, "JOIN e3 d-pw AS Denmark")
    assert _rejected(reply, "line 1: JOIN e3 **** AS Denmark", "this address already plays the side Spain; Denmark "
                     "is of the side England + Denmark in the 3-player game (R-1304-61)")
    assert "you joined 'e3' as England" in _mail(sandbox, NORTH, "JOIN e3 e-pw AS England")
    assert "you joined 'e3' as Denmark" in _mail(sandbox, NORTH, "JOIN e3 d-pw AS Denmark")
    assert _powers(sandbox, "e3", SPAIN) == ["SPAIN"] and _powers(sandbox, "e3", NORTH) == ["DENMARK", "ENGLAND"]


def test_R_1304_60_two_players_each_holds_one_side_only(sandbox: Sandbox) -> None:
    _create(sandbox, "e2", "SET RULE players 2\nSET SEATS 3")
    _mail(sandbox, SPAIN, "JOIN e2 s-pw AS Spain")
    reply = _mail(sandbox, SPAIN, "JOIN e2 f-pw AS France\nJOIN e2 a-pw AS Austria")
    assert _rejected(reply, "line 1: JOIN e2 **** AS France", "this address already plays the side Spain + Austria; "
                     "France is of the side France + England + Denmark in the 2-player game (R-1304-60)")
    assert "you joined 'e2' as Austria" in reply
    for power in ("France", "England", "Denmark"):
        assert f"you joined 'e2' as {power}" in _mail(sandbox, NORTH, f"JOIN e2 {power}-pw AS {power}")
    swap = _mail(sandbox, NORTH, "JOIN e2 England-pw AS Austria")  # Austria is taken: the seat is kept
    assert "your seat is kept; Austria is taken" in swap
    assert _powers(sandbox, "e2", SPAIN) == ["AUSTRIA", "SPAIN"]
    assert _powers(sandbox, "e2", NORTH) == ["DENMARK", "ENGLAND", "FRANCE"]


def test_R_1304_62_four_players_denmark_and_england_together_spain_and_austria_apart(sandbox: Sandbox) -> None:
    _create(sandbox, "e4", "SET RULE players 4\nSET SEATS 2")
    assert "you joined 'e4' as Denmark" in _mail(sandbox, NORTH, "JOIN e4 d-pw AS Denmark\nJOIN e4 e-pw AS England")
    assert _powers(sandbox, "e4", NORTH) == ["DENMARK", "ENGLAND"]
    _mail(sandbox, SPAIN, "JOIN e4 s-pw AS Spain")
    reply = _mail(sandbox, SPAIN, "JOIN e4 a-pw AS Austria")
    assert _rejected(reply, "line 1: JOIN e4 **** AS Austria", "this address already plays the side Spain; Austria is "
                     "of the side Austria in the 4-player game (R-1304-62)")


def test_R_1304_61_start_gives_no_player_neutral_france_nor_a_second_side(sandbox: Sandbox) -> None:
    """START gives out the powers not asked for as the set-up allows (the old draw gave France to the third seat)."""
    _create(sandbox, "e3", "SET RULE players 3")
    for n in range(4):
        _mail(sandbox, f"p{n}@e.invalid", f"JOIN e3 pw{n}")
    assert "'e3' has started" in _mail(sandbox, GM, "SIGNON Me3 gm-secret\nSTART")
    game = sandbox.store.load_game("e3")
    assert game.player("FRANCE").status == "dummy" and not game.player("FRANCE").address
    assert sorted(p.power for p in game.players if p.status == "active") == ["AUSTRIA", "DENMARK", "ENGLAND", "SPAIN"]


def test_R_1304_60_start_keeps_a_seat_without_a_power_on_its_address_side(sandbox: Sandbox) -> None:
    _create(sandbox, "e2", "SET RULE players 2\nSET SEATS 3")
    _mail(sandbox, NORTH, "JOIN e2 x-pw")  # no power asked for: the draw must give one of Spain's side's foes' side
    _mail(sandbox, NORTH, "JOIN e2 f-pw AS France")
    _mail(sandbox, SPAIN, "JOIN e2 s-pw")
    _mail(sandbox, SPAIN, "JOIN e2 a-pw AS Austria")
    _mail(sandbox, GM, "SIGNON Me2 gm-secret\nSTART")
    assert _powers(sandbox, "e2", SPAIN) == ["AUSTRIA", "SPAIN"]
    assert _powers(sandbox, "e2", NORTH) in (["ENGLAND", "FRANCE"], ["DENMARK", "FRANCE"])


def test_R_1304_61_start_is_refused_for_a_seat_asked_for_before_the_set_up_was_chosen(sandbox: Sandbox) -> None:
    _create(sandbox, "e3", "")
    _mail(sandbox, OTHER, "JOIN e3 f-pw AS France")  # five players: France may be played
    reply = _mail(sandbox, GM, "SIGNON Me3 gm-secret\nSET RULE players 3\nSTART")
    assert _rejected(reply, "line 3: START", f"{OTHER} as France: {NEUTRAL}")
    assert sandbox.store.load_game("e3").status == "forming"


def test_R_1304_61_taking_over_a_power_keeps_to_the_sides_and_france_once_handed_over(sandbox: Sandbox) -> None:
    _create(sandbox, "e3", "SET RULE players 3\nSET SEATS 2\nSET TAKEOVER open")
    _mail(sandbox, SPAIN, "JOIN e3 s-pw AS Spain")
    _mail(sandbox, AUSTRIA, "JOIN e3 a-pw AS Austria")
    _mail(sandbox, NORTH, "JOIN e3 e-pw AS England")
    _mail(sandbox, GM, "SIGNON Me3 gm-secret\nSTART")
    game = sandbox.store.load_game("e3")
    assert game.status == "active" and game.player("DENMARK").status == "dummy"
    assert _rejected(_mail(sandbox, OTHER, "JOIN e3 f-pw AS France"), "line 1: JOIN e3 **** AS France", NEUTRAL)
    refused = _mail(sandbox, SPAIN, "JOIN e3 d-pw AS Denmark")
    assert _rejected(refused, "line 1: JOIN e3 **** AS Denmark", "this address already plays the side Spain; Denmark "
                     "is of the side England + Denmark in the 3-player game (R-1304-61)")
    assert "you now play Denmark in 'e3'" in _mail(sandbox, NORTH, "JOIN e3 d-pw AS Denmark")
    game = sandbox.store.load_game("e3")
    variant = load_variant(APRIL, game.rules)
    state = state_from_json(variant, game.state)
    state.extra[ROLL] = {"rounds": [], "joins": "AUSTRIA", "neutral": "FRANCE"}  # the dice gave France to Austria
    game.state = state_to_json(state)
    sandbox.store.save_game(game)
    reply = _mail(sandbox, SPAIN, "JOIN e3 f-pw AS France")
    assert _rejected(reply, "line 1: JOIN e3 **** AS France", "this address already plays the side Spain; France is "
                     "of the side Austria + France in the 3-player game (R-1304-61)")
    assert "you now play France in 'e3'" in _mail(sandbox, AUSTRIA, "JOIN e3 f-pw AS France")


def test_R_1304_61_approve_checks_the_sides_again(sandbox: Sandbox) -> None:
    """A request made while allowed is refused at APPROVE if the asker took another side's power since."""
    _create(sandbox, "e3", "SET RULE players 3\nSET SEATS 2\nSET TAKEOVER open")
    _mail(sandbox, SPAIN, "JOIN e3 s-pw AS Spain")
    _mail(sandbox, GM, "SIGNON Me3 gm-secret\nSTART")
    _mail(sandbox, GM, "SIGNON Me3 gm-secret\nSET TAKEOVER approve")
    game = sandbox.store.load_game("e3")
    game.extra["takeovers"] = {"DENMARK": {"address": SPAIN, "password_hash": game.player("SPAIN").password_hash}}
    sandbox.store.save_game(game)  # as if asked before Spain's seat (JOIN checks the same rule at once)
    reply = _mail(sandbox, GM, "SIGNON Me3 gm-secret\nAPPROVE Denmark")
    assert _rejected(reply, "line 2: APPROVE Denmark", "this address already plays the side Spain; Denmark is of the "
                     "side England + Denmark in the 3-player game (R-1304-61)")
    assert sandbox.store.load_game("e3").player("DENMARK").status == "dummy"


def test_without_a_set_up_one_address_holds_any_powers_set_seats_allows(sandbox: Sandbox) -> None:
    """Five players of April and the standard game: nothing but SET SEATS limits an address."""
    _create(sandbox, "e5", "SET SEATS 2")
    assert "you joined 'e5' as France" in _mail(sandbox, SPAIN, "JOIN e5 f-pw AS France\nJOIN e5 s-pw AS Spain")
    assert _powers(sandbox, "e5", SPAIN) == ["FRANCE", "SPAIN"]
    _mail(sandbox, GM, "CREATE std standard gm-secret\nSET SEATS 2")
    reply = _mail(sandbox, NORTH, "JOIN std e-pw AS England\nJOIN std g-pw AS Germany\nJOIN std t-pw AS Turkey")
    assert "you joined 'std' as England" in reply and "you joined 'std' as Germany" in reply
    assert _rejected(reply, "line 3: JOIN std **** AS Turkey", "this address already has a seat in 'std': send JOIN "
                     "std with the password you joined with to change it")
    assert _powers(sandbox, "std", NORTH) == ["ENGLAND", "GERMANY"]
