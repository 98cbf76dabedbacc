"""INFs for each movement phase (edition 2013-08): the table, what was taken, lost, or is blocked.

R-1308-06, R-1308-07, R-1308-14 to R-1308-17.  A power receives its row of
the edition's table (``[options.phase_infs]``) at the start of each
movement phase, plus the INF value of each centre it has captured, less the
value of each home centre it has lost.  A captured centre of a minor state
that the opposing faith controls gives nothing (the state "is in revolt"),
nor does an owned centre on which stands the army of a minor state aligned
to another power.  Both are judged on the status sheet "just prior to the
submission of orders": the one the last phase left in ``extra["status"]``.
The INF value of a centre is its value on the map (A-1308-06).
"""

from __future__ import annotations

from judge.engine.state import GameState
from judge.variants.europe1615.status import aligned_to, religion
from judge.variants.europe1615.tables import ALIGNED, OPPOSED
from judge.variants.europe1615.world import (
    Setup,
    active_powers,
    centre_value,
    holdings,
    home_centres,
    states,
    unit_owner_at,
)


def phase_income(setup: Setup, state: GameState, power: str) -> int:
    """The INFs ``power`` receives this movement phase; none once it is out (R-1308-77)."""
    if power not in active_powers(setup, state):
        return 0
    parts = income_parts(setup, state, power)
    return max(0, parts["table"] + parts["captured"] - parts["lost"] - parts["blocked"])


def income_parts(setup: Setup, state: GameState, power: str) -> dict[str, int]:
    """The table's INFs, those of captures (R-1308-14, R-1308-15), of lost homes (R-1308-16), those blocked (R-1308-17)."""
    homes, held = set(home_centres(setup, state, power)), holdings(setup, state, power)
    captured = sum(centre_value(setup, state, c) for c in held - homes if not in_revolt(setup, state, power, c))
    lost = sum(centre_value(setup, state, c) for c in homes - held)
    blocked = sum(centre_value(setup, state, c) for c in held if blocked_by(setup, state, power, c))
    return {"table": setup.edition.phase_infs.get(power, 0), "captured": captured, "lost": lost, "blocked": blocked}


def in_revolt(setup: Setup, state: GameState, power: str, centre: str) -> bool:
    """R-1308-15: a captured minor centre whose state the opposing faith controls gives no INFs.

    Captured home centres of a power are not affected ("this rule does not
    apply to home centers").
    """
    minor = next((m for m in states(setup, state) if centre in home_centres(setup, state, m)), None)
    if minor is None:
        return False
    opposed = OPPOSED.get(setup.faith.get(power, ""))
    return opposed is not None and sheet_religion(setup, state, minor) == opposed


def blocked_by(setup: Setup, state: GameState, power: str, centre: str) -> str | None:
    """R-1308-17, R-1308-42: the minor state whose army, aligned to another power, stands on the centre."""
    occupier = unit_owner_at(state, setup.board, centre)
    if occupier is None or setup.is_power(occupier) or occupier not in states(setup, state):
        return None
    aligned = sheet_alignment(setup, state, occupier)
    return occupier if aligned is not None and aligned != power else None


def sheet_alignment(setup: Setup, state: GameState, minor: str) -> str | None:
    """The power ``minor`` was aligned to on the last status sheet (worked out if there is none)."""
    entry = state.extra.get("status", {}).get(minor)
    if entry is None:
        return aligned_to(setup, state, minor)
    return entry.get("power") if entry.get("political") == ALIGNED else None


def sheet_religion(setup: Setup, state: GameState, minor: str) -> str | None:
    """The religious status of ``minor`` on the last status sheet (worked out if there is none)."""
    entry = state.extra.get("status", {}).get(minor)
    return religion(setup, state, minor) if entry is None else entry.get("religion")
