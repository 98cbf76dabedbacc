"""A power lettered M signs on by letter (issue 41): ``SIGNON M<game>`` is the GM's only where no power takes M.

The map is made for the test: the standard board with Russia renamed Muscovy,
lettered M.  Everything is played by mail through the spool.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from judge.app.sandbox import Sandbox
from judge.paths import gamedata_dir
from tests.app.helpers import reply

GAME, GM = "muscovy", "gm@muscovy.invalid"
POWERS = {"England": "E", "France": "F", "Germany": "G", "Italy": "I", "Austria": "A", "Muscovy": "M",
          "Turkey": "T"}


def _address(power: str) -> str:
    return f"{power.lower()}@muscovy.invalid"


@pytest.fixture
def muscovy(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    """The standard variant, named "muscovy", whose Russia is Muscovy, letter M."""
    folder = tmp_path / "gamedata" / "muscovy"
    folder.mkdir(parents=True)
    text = (gamedata_dir() / "standard" / "standard.map").read_text(encoding="utf-8")
    text = text.replace("power RUSSIA   R       Russian", "power MUSCOVY  M       Muscovite")
    (folder / "muscovy.map").write_text(text.replace("RUSSIA", "MUSCOVY"), encoding="utf-8")
    shutil.copy(gamedata_dir() / "standard" / "ruleset.toml", folder / "ruleset.toml")
    ruleset = (folder / "ruleset.toml").read_text(encoding="utf-8")
    (folder / "ruleset.toml").write_text(ruleset.replace('"standard.map"', '"muscovy.map"')
                                         .replace('name = "standard"', 'name = "muscovy"'), encoding="utf-8")
    monkeypatch.setenv("JUDGE_GAMEDATA", str(tmp_path / "gamedata"))
    return "muscovy"


def _start(sandbox: Sandbox, variant: str) -> None:
    sandbox.send(GM, f"CREATE {GAME} {variant} gm-secret", "new game")
    sandbox.poll()
    for power in POWERS:
        sandbox.send(_address(power), f"JOIN {GAME} pw-{power.lower()} AS {power}")
    sandbox.poll()
    sandbox.send(GM, f"SIGNON GM {GAME} gm-secret\nSTART")  # the GM's form no power letter can take
    sandbox.poll()
    assert sandbox.store.load_game(GAME).status == "active"
    sandbox.new_mail()


def test_a_power_lettered_m_signs_on_by_letter_and_the_gm_by_gm(sandbox: Sandbox, muscovy: str) -> None:
    _start(sandbox, muscovy)
    sandbox.send(_address("Muscovy"), f"SIGNON M{GAME} pw-muscovy\nA MOS - UKR")
    sandbox.send(GM, f"SIGNON M{GAME} gm-secret\nPROCESS")  # the letter is Muscovy's here
    sandbox.poll()
    mails = sandbox.new_mail()
    text = reply(sandbox, mails, "muscovy@")
    assert f"signed on as Muscovy in '{GAME}'" in text and "wrong GM password" not in text
    assert [o.line for o in sandbox.store.load_game(GAME).orders["MUSCOVY"]] == ["A MOS - UKR"]
    refused = reply(sandbox, mails, GM)
    assert f"wrong password for Muscovy in '{GAME}'; the GM of '{GAME}' signs on as SIGNON GM {GAME} <password>" \
        in " ".join(refused.split())
    assert sandbox.store.load_game(GAME).state["phase"] == "S1901M"  # the refused sign-on's PROCESS did nothing
    sandbox.send(GM, f"SIGNON GM {GAME} gm-secret\nPRESS TO M\nhello Muscovy\nENDPRESS")
    sandbox.poll()
    mails = sandbox.new_mail()
    assert f"signed on as the GM of '{GAME}'" in reply(sandbox, mails, GM)
    assert [m for m in mails if "muscovy@" in str(m.message["To"]).lower() and "hello Muscovy" in sandbox.text(m)]


def test_on_a_map_without_m_the_letter_still_signs_on_the_gm(sandbox: Sandbox) -> None:
    sandbox.send(GM, f"CREATE {GAME} standard gm-secret", "new game")
    sandbox.poll()
    sandbox.new_mail()
    sandbox.send(GM, f"SIGNON M{GAME} gm-secret\nSET PRESS grey")
    sandbox.poll()
    text = reply(sandbox, sandbox.new_mail(), GM)
    assert f"signed on as the GM of '{GAME}'" in text and "refused" not in text.lower()


def test_map_check_refuses_a_power_spelt_like_the_gm(tmp_path: Path) -> None:
    from judge.app.mapcli import check_map

    bad = tmp_path / "bad.map"
    bad.write_text('name bad\npower ENGLAND E English\npower MASTERY MS Master\nprovince LON land "London"\n',
                   encoding="utf-8")
    messages = [p.message for p in check_map(bad)]
    assert "power MASTERY: the letter must be one letter, not 'MS'" in messages
    assert ("power MASTERY may not be spelt 'Master': GM and MASTER name the game's master (SIGNON GM game)"
            in messages)
