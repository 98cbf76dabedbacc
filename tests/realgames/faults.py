"""Why a recorded phase differs from the engine's outcome: the record's own faults, named and checked.

With each source's options (``SOURCE_OPTIONS``) a phase may differ only where
the record is at fault.  :func:`fault` names the fault where it can be seen in
the record itself or in the corpus keeper's later fix
(``droidippy_later_edits.json``: the games godip's author deleted or edited as
broken); ``known_faults.toml`` lists the sample's differing phases with that
reason, and a reason for those the keeper did not touch, read by hand.
"""

from __future__ import annotations

import json
import re
import tomllib
from functools import lru_cache
from pathlib import Path

from judge.engine.orders import Build
from tests.realgames.corpus import Game, Recorded, corpus_dir

KEEPER_DELETED = "the keeper deleted the game as broken"
KEEPER_EDITED = "the keeper's edit removes this phase's order"
BUILDS_OVER = "more builds listed than allowed"
KNOWN = Path(__file__).with_name("known_faults.toml")


@lru_cache(maxsize=1)
def _edits() -> tuple[frozenset[str], dict[str, list[tuple[int, str]]]]:
    """The keeper's deleted games, and per edited game the (line, text) of each order line the edit removed."""
    data = json.loads((corpus_dir() / "droidippy_later_edits.json").read_text(encoding="utf-8"))
    removed: dict[str, list[tuple[int, str]]] = {}
    for name, diff in data["edited"].items():
        found = removed.setdefault(Path(name).stem, [])
        number = 0
        for line in diff.splitlines():
            head = re.match(r"^@@ -(\d+)", line)
            if head:
                number = int(head.group(1))
                continue
            if line.startswith("-"):
                found.append((number, line[1:]))
            if not line.startswith("+"):
                number += 1
    return frozenset(Path(n).stem for n in data["removed"]), removed


def _phase_lines(game: Game, phase: Recorded) -> range:
    index = game.phases.index(phase)
    end = game.phases[index + 1].line if index + 1 < len(game.phases) else 10 ** 9
    return range(phase.line, end)


def _builds_over(phase: Recorded) -> bool:
    """A build phase where a power listed more builds than it had centres for."""
    if not phase.name.endswith("A"):
        return False
    for power, orders in phase.orders.items():
        builds = sum(1 for o in orders if isinstance(o, Build))
        owed = len(phase.centers.get(power, ())) - len(phase.units.get(power, ()))
        if builds > max(owed, 0):
            return True
    return False


def fault(game: Game, phase_name: str) -> str:
    """The record's fault the engine's outcome of ``phase_name`` differs by, as the record shows it ("" if none)."""
    deleted, edited = _edits() if game.source == "droidippy" else (frozenset(), {})
    if game.name in deleted:
        return KEEPER_DELETED
    phase = next(p for p in game.phases if p.name == phase_name)
    if game.name in edited:
        lines = _phase_lines(game, phase)
        gone = [text for number, text in edited[game.name] if number in lines]
        if gone:
            return f"{KEEPER_EDITED}: {'; '.join(gone)}"
    if _builds_over(phase):
        return BUILDS_OVER
    return ""


def known_faults() -> dict[str, str]:
    """``known_faults.toml``: each differing phase of the sample ("source/game PHASE") and its reason."""
    return dict(tomllib.loads(KNOWN.read_text(encoding="utf-8"))["faults"])
