"""The start mail of every variant, and a replacement's approval mail, tell a player how to play (issue 36 point 2).

"You have been selected as Bavaria" gave no letter (Bavaria is V, Poland L,
Spain H, Sweden W in Diplomacy 1618) and no supply centres; the approval mail
of a replacement gave no units, position or deadline.
"""

from __future__ import annotations

import pytest

from judge.app.demo import load_script
from judge.app.sandbox import Sandbox
from tests.app.helpers import GAME, gm, reply, send_as, start_game, to


def _start_mail(sandbox: Sandbox, variant: str, power: str) -> str:
    script = load_script(variant)
    script.set_up(sandbox)
    mails = [m for m in to(sandbox.new_mail(), script.address(power)) if "has started" in str(m.message["Subject"])]
    assert len(mails) == 1
    return sandbox.text(mails[0])


@pytest.mark.parametrize(("variant", "power", "signon", "units", "centres"), [
    ("diplomacy1618", "Bavaria", "SIGNON Vdemo <password>", "Your units: Army Braunau, Army Landshut, Army Munich.",
     ["Bavaria: Braunau, Landshut, Munich.", "Sweden: Sweden, Swedish off-board centre.", "Neutral: Alsace,"]),
    ("standard", "Russia", "SIGNON Rdemo <password>",
     "Your units: Army Moscow, Army Warsaw, Fleet Sevastopol, Fleet St Petersburg (south coast).",
     ["Russia: Moscow, Sevastopol, St Petersburg, Warsaw.", "Neutral: Belgium, Bulgaria,"]),
    ("europe1615-v3", "Spain", "SIGNON Sv3 <password>", "Your units: Army Luxembourg,",
     ["Spain: "]),
])
def test_the_start_mail_gives_the_sign_on_line_units_centres_deadline_and_the_province_list(
        sandbox: Sandbox, variant: str, power: str, signon: str, units: str, centres: list[str]) -> None:
    text = _start_mail(sandbox, variant, power)
    script = load_script(variant)
    assert f"    {signon.replace('demo', script.game) if variant != 'europe1615-v3' else signon}\n" in text
    assert units in text
    assert "Supply centres:\n" in text
    for line in centres:
        assert line in text, line
    assert f"Send PROVINCES {script.game} for the list of the board's provinces" in text
    if variant != "europe1615-v3":   # v3's first phase (the status check) is played at once: no deadline
        assert "The deadline for orders will be" in text


def test_a_replacement_is_told_his_power_as_a_start_mail_tells_it(sandbox: Sandbox) -> None:
    start_game(sandbox)
    send_as(sandbox, "Germany", "RESIGN")
    sandbox.poll()
    sandbox.send("new@example.org", f"JOIN {GAME} pw AS Germany")
    sandbox.poll()
    sandbox.new_mail()
    gm(sandbox, "APPROVE Germany")
    sandbox.poll()
    mails = to(sandbox.new_mail(), "new@")
    approval = next(sandbox.text(m) for m in mails if "You now play Germany in demo" in str(m.message["Subject"]))
    assert "The GM approved: you now play Germany in game 'demo' (Standard)." in approval
    assert "    SIGNON Gdemo <password>\n" in approval
    assert "Your units: Army Berlin, Army Munich, Fleet Kiel." in approval
    assert "Germany: Berlin, Kiel, Munich." in approval and "Position for Spring of 1901." in approval
    assert "The current phase is Movement for Spring of 1901." in approval
    assert "The deadline for orders will be" in approval
    sandbox.send("new@example.org", f"SIGNON G{GAME} pw\nA MUN - RUH")
    sandbox.poll()
    assert "Army Munich -> Ruhr." in reply(sandbox, sandbox.new_mail(), "new@")
