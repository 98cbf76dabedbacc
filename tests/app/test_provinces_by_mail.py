"""PROVINCES mails the board's names: codes, full names, other names and centres (issue 36 point 3).

A Diplomacy 1618 player saw some fifty of seventy provinces only as codes and
``LIST provinces`` answered "there is no game named 'provinces'"; no mail listed
the provinces or which are centres.
"""

from __future__ import annotations

import pytest

from judge.app.demo import load_script
from judge.app.sandbox import Sandbox
from tests.app.helpers import reply


def _mails(sandbox: Sandbox, variant: str, lines: str) -> tuple[str, str]:
    script = load_script(variant)
    script.set_up(sandbox)
    sandbox.new_mail()
    script.send_as(sandbox, script.powers[0], lines)
    sandbox.poll()
    mails = sandbox.new_mail()
    listing = [m for m in mails if str(m.message["Subject"]).startswith("Provinces of")]
    assert len(listing) == 1
    return reply(sandbox, mails, script.address(script.powers[0])), sandbox.text(listing[0])


@pytest.mark.parametrize(("variant", "rows"), [
    ("diplomacy1618", ["HLD   Holland                    land    neutral",
                       "HOL   Holstein                   land    Denmark", "HPO   Hither Pomerania"]),
    ("standard", ["STP   St Petersburg              coast   Russia", "      coasts: NC, SC (write STP/NC)",
                  "NTH   North Sea                  sea"]),
    ("europe1615-v3", ["BRT   Brittany                   coast"]),
])
def test_provinces_of_the_game_signed_on_to(sandbox: Sandbox, variant: str, rows: list[str]) -> None:
    answer, listing = _mails(sandbox, variant, "PROVINCES")
    assert "the provinces of 'demo' are in a separate mail" in answer or "are in a separate mail" in answer
    for row in rows:
        assert row in listing, row
    assert "of which" in listing and "supply centres" in listing


def test_provinces_of_a_variant_for_anyone_and_help_names_the_command(sandbox: Sandbox) -> None:
    sandbox.send("new@example.org", "PROVINCES diplomacy1618\nPROVINCES nosuch\nHELP")
    sandbox.poll()
    mails = sandbox.new_mail()
    listing = next(sandbox.text(m) for m in mails
                   if str(m.message["Subject"]) == "Provinces of the diplomacy1618 variant")
    assert "WUE   Wurttemberg" in listing and "WUR   Franconia" in listing and "centre" in listing
    answer = reply(sandbox, mails, "new@")
    assert "there is no game or variant named 'nosuch'" in answer
    help_text = next(sandbox.text(m) for m in mails if str(m.message["Subject"]).startswith("Help from"))
    assert "PROVINCES game|variant" in help_text
