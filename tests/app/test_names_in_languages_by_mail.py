"""Provinces in the players' languages, by mail (issue 36 point 4).

"Schlesien" got "did you mean Kiel (KIE)?", "Schwaben" "Mecklenburg (MEC)?",
"Böhmen" was unknown and "Pomerania" suggested one of its two halves.  Each
map's aliases now hold the common German, French, Dutch, Polish, Swedish,
Danish, Italian and Spanish names (accents optional), a suggestion is made
only where the match is close, and a name two provinces share is answered
with both.
"""

from __future__ import annotations

from judge.app.demo import load_script
from judge.app.sandbox import Sandbox
from tests.app.helpers import reply


def _send(sandbox: Sandbox, variant: str, power: str, lines: str) -> tuple[str, list[str]]:
    script = load_script(variant)
    script.set_up(sandbox)
    sandbox.new_mail()
    script.send_as(sandbox, power, lines)
    sandbox.poll()
    text = " ".join(reply(sandbox, sandbox.new_mail(), script.address(power)).split())
    return text, [o.line for o in sandbox.store.load_game(script.game).orders.get(power.upper(), [])]


def test_1618_german_and_polish_names_are_read_and_a_shared_name_is_answered_with_both(sandbox: Sandbox) -> None:
    text, orders = _send(sandbox, "diplomacy1618", "Austria",
                         "A Wien - Mähren\nA Schlesien - Böhmen\nA Tyrol - Pomerania\nA Trieste - Schwabenland")
    assert orders == ["A VIE - MOR", "A BRE - PRA"]
    assert "unknown province 'Pomerania' — did you mean Farther Pomerania (FPO) or Hither Pomerania (HPO)?" in text
    assert "unknown province 'Schwabenland'" in text and "Mecklenburg" not in text


def test_standard_names_in_the_players_languages(sandbox: Sandbox) -> None:
    text, orders = _send(sandbox, "standard", "England", "F Londres - La Manche\nF Edimbourg - Nordsee\nA Liverpool H")
    assert orders == ["F LON - ENG", "F EDI - NTH", "A LVP H"]
    text, orders = _send(sandbox, "standard", "Austria", "A Wien - Böhmen\nA Budapest - Galizien\nF Triest - Adria")
    assert orders == ["A VIE - BOH", "A BUD - GAL", "F TRI - ADR"]


def test_europe1615_names_in_the_players_languages(sandbox: Sandbox) -> None:
    script = load_script("europe1615-v3")
    script.set_up(sandbox)
    sandbox.new_mail()
    script.send_as(sandbox, "Austria", "A Wien - Mähren\nA Böhmen - Schlesien")
    sandbox.poll()
    text = reply(sandbox, sandbox.new_mail(), script.address("Austria"))
    lines = [o.line for o in sandbox.store.load_game(script.game).orders.get("AUSTRIA", [])]
    assert "A VIE - MRV" in lines and "A BOH - SIL" in lines, text
