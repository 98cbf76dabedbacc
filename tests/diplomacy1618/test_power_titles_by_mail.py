"""Diplomacy 1618's powers called as its text calls them, by mail (issue 36 point 7).

The text lists "SPANISH HAPSBURGS" and "UNITED NETHERLANDS"; the mails said
"Spain" and "Netherlands".  The map gives those two powers a ``title``; the key
(SPAIN), the letter (H) and every spelling a player may write stay as they were.
"""

from __future__ import annotations

from judge.app.demo import load_script
from judge.app.sandbox import Sandbox
from judge.engine.state import Phase
from judge.render.geometry import variant_geometry
from judge.render.picture import picture_words
from judge.render.scene import build_scene
from judge.variants import load_variant
from tests.app.helpers import reply

SCRIPT = load_script("diplomacy1618")
TITLES = ("Spanish Hapsburgs", "United Netherlands")


def _start_mail(sandbox: Sandbox, power: str) -> str:
    return next(sandbox.text(m) for m in sandbox.sent() if str(m.message["Subject"]).endswith("has started")
                and SCRIPT.address(power) in str(m.message["To"]))


def test_the_start_mail_selects_the_spanish_hapsburgs_and_lists_them_by_title(sandbox: Sandbox) -> None:
    SCRIPT.set_up(sandbox)
    spain = _start_mail(sandbox, "Spain")
    assert f"You have been selected as Spanish Hapsburgs in game '{SCRIPT.game}'" in spain, spain
    assert f"SIGNON H{SCRIPT.game}" in spain                       # the letter stays H
    dutch = _start_mail(sandbox, "Netherlands")
    assert "You have been selected as United Netherlands" in dutch, dutch
    for title in TITLES:
        assert f"{title}:" in dutch                                 # the positions and centres by title
    assert "Spain:" not in dutch and "Netherlands:" not in dutch.replace("United Netherlands:", "")


def test_a_result_mail_writes_the_titles_and_orders_still_take_the_old_names(sandbox: Sandbox) -> None:
    SCRIPT.set_up(sandbox)
    sandbox.new_mail()
    SCRIPT.send_as(sandbox, "Spain", "A Antwerp HOLD")
    SCRIPT.send_as(sandbox, "Netherlands", "A Utrecht HOLD")
    sandbox.poll()
    answer = reply(sandbox, sandbox.new_mail(), SCRIPT.address("Spain"))
    assert f"signed on as Spanish Hapsburgs in '{SCRIPT.game}'" in answer and "Army Antwerp HOLD" in answer, answer
    sandbox.send(SCRIPT.gm, f"SIGNON M{SCRIPT.game} gm-secret\nPROCESS!")
    sandbox.poll()
    results = sandbox.text(next(m for m in sandbox.sent() if str(m.message["Subject"]).startswith(
        "Diplomacy results")))
    assert "Spanish Hapsburgs: Army Antwerp HOLD." in results, results
    assert "United Netherlands: Army Utrecht HOLD." in results, results
    lines = results.splitlines()
    assert not [line for line in lines if line.startswith(("Spain:", "Netherlands:"))], results


def test_the_picture_legend_names_the_powers_by_title() -> None:
    variant = load_variant("diplomacy1618")
    geometry = variant_geometry(variant.name)
    assert geometry is not None
    state = variant.ruleset.initial_state()
    scene = build_scene(geometry, variant.map, state, [], [], picture_words("title", Phase.parse("S1618M")))
    names = [entry.name for entry in scene.entries]
    assert set(TITLES) <= set(names) and "Spain" not in names and "Netherlands" not in names, names
