"""Issue 9, item 16: HELP mails the commands themselves (a player by mail cannot open docs/commands.md)."""

from __future__ import annotations

import re

from judge.app.sandbox import Sandbox
from judge.reading.language import command_words, parse_command_line
from judge.reading.order_reader import parse_order
from judge.variants import load_variant
from tests.app.helpers import to

SET_OPTIONS = ("PASSWORD", "ADDRESS", "WAIT", "NOWAIT", "ABSENCE", "ZONE", "GAMEZONE", "DEADLINE", "GRACE",
               "TIMING", "NMR", "PRESS", "RULE")


def _help(sandbox: Sandbox) -> str:
    sandbox.send("someone@example.org", "HELP")
    sandbox.poll()
    found = [sandbox.text(m) for m in to(sandbox.new_mail(), "someone@")
             if str(m.message["Subject"]) == "Help from demo-judge"]
    assert len(found) == 1
    return found[0]


def test_help_names_every_command_and_points_to_no_file(sandbox: Sandbox) -> None:
    text = _help(sandbox)
    assert "docs/" not in text and ".md" not in text
    words = {w.upper() for w in command_words() if w != "set"} | {f"SET {o}" for o in SET_OPTIONS}
    words |= {"ENDPRESS", "SIGNOFF"}
    assert {w for w in words if not re.search(rf"(?<![A-Z]){re.escape(w)}(?![A-Z])", text)} == set()


def test_every_example_in_help_reads_as_what_it_says(sandbox: Sandbox) -> None:
    """The order examples parse in their phase; the command examples parse without error."""
    text = _help(sandbox)
    board = load_variant("standard").map
    orders = re.findall(r"^      (\S.*?)\s{2,}", text, re.MULTILINE)
    assert len(orders) >= 7
    for line in orders:
        kind = "R" if " R " in line or line.endswith(" D") else ("A" if line.split()[0] in ("BUILD",) else "M")
        assert parse_order(line, board, kind) is not None, line
    for line in ("SET TIMING M next=48h hour=18:00 days=mon-fri min=24h", "SET DEADLINE 2026-11-25 18:00",
                 "SET ABSENCE 2026-12-20 TO 2027-01-03", "HISTORY game FROM S1901M TO F1902M",
                 "SET GAMEZONE Europe/Paris", "PRESS TO GM", "SIGNON France game password"):
        assert line.split(" TO ")[0].split(" FROM ")[0] in text or line in text, line
        assert not hasattr(parse_command_line(line, 1), "message"), line
