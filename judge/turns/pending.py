"""Orders kept for a later phase (njudge's ``PHASE season year phase``), read when that phase comes.

Lines under njudge's ``IF … ELSE … ENDIF`` are kept with their conditions and taken only if the board at
the phase's beginning chooses their branch (:mod:`judge.turns.conditions`).

A player may send orders for a later phase under a ``PHASE`` line; the judge keeps their lines as written
(``game.extra["pending"]``) and, when that phase begins, reads each as if it came then: an order that reads
and is legal is the power's order, any other is named in a notice to the player.  Lines for a phase the
game passed over (a retreat phase nobody needed) are dropped then too.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any

from judge.engine.state import GameState, Phase
from judge.engine.variant import Variant
from judge.reading.lines import read_line
from judge.reading.order_reader import OrderError
from judge.store import Game, SubmittedOrder
from judge.turns.conditions import holds
from judge.turns.gameview import check_order, unit_key
from judge.turns.notify import notify, player_readers
from judge.variants import line_reader

__all__ = ["MAX_PENDING", "MAX_YEARS_AHEAD", "PENDING", "apply_pending", "drop", "keep", "phase_order"]

PENDING = "pending"
#: the most lines one power may keep for later phases, and how far ahead (njudge: five years)
MAX_PENDING = 200
MAX_YEARS_AHEAD = 5
_SEASONS, _KINDS = "SUFW", "MRA"


def phase_order(phase: Phase) -> tuple[int, int, int] | None:
    """A key that sorts a standard phase in play order (None for a season or kind the judge cannot place)."""
    if phase.season not in _SEASONS or phase.kind not in _KINDS:
        return None
    return phase.year, _SEASONS.index(phase.season), _KINDS.index(phase.kind)


def keep(game: Game, power: str, phase: Phase, line: str, message_id: str, now: datetime,
         conditions: Sequence[tuple[str, bool]] = ()) -> int:
    """Keep ``line`` for ``phase``, under njudge's IF ``conditions`` (each with the value it needs); the caller
    holds the count to :data:`MAX_PENDING`; returns the count."""
    kept: list[dict[str, Any]] = game.extra.setdefault(PENDING, {}).setdefault(power, [])
    kept.append({"phase": str(phase), "line": line, "message_id": message_id, "at": now.isoformat(),
                 **({"if": [[text, value] for text, value in conditions]} if conditions else {})})
    return len(kept)


def drop(game: Game, power: str) -> int:
    """Forget every line the power keeps for later phases (njudge's CLEAR); returns how many."""
    return len(game.extra.get(PENDING, {}).pop(power, []))


def apply_pending(judge_name: str, game: Game, variant: Variant, state: GameState, now: datetime) -> None:
    """The phase ``state`` begins: each power's lines kept for it become its orders, or are named as refused."""
    pending: dict[str, list[dict[str, Any]]] = game.extra.get(PENDING, {})
    here = phase_order(state.phase)
    for power in list(pending):
        due = [item for item in pending[power] if item["phase"] == str(state.phase)]
        later = [item for item in pending[power]
                 if here is not None and (phase_order(Phase.parse(item["phase"])) or here) > here]
        refused = [f"{item['line']}: {reason}" for item in due
                   for reason in [_submit(game, variant, state, power, item, now)] if reason]
        if later:
            pending[power] = later
        else:
            del pending[power]
        if refused:
            notify(game, judge_name, f"Orders kept for {state.phase} in {game.name}",
                   [f"Of the orders you sent for {state.phase} with PHASE, these were refused:", *refused],
                   to=player_readers(game, [power]))
    if not pending:
        game.extra.pop(PENDING, None)


def _submit(game: Game, variant: Variant, state: GameState, power: str, item: dict[str, Any],
            now: datetime) -> str:
    """Read and record one kept line as an order of this phase; the reason it is refused ("" if taken or if
    its IF branch is not the one the board chose)."""
    try:
        if not all(holds(variant, state, text) == value for text, value in item.get("if", [])):
            return ""
    except ValueError as exc:
        return f"its IF cannot be judged: {exc}"
    try:
        value = read_line(variant, state, item["line"])
    except OrderError as exc:
        return exc.message
    if value is None:
        return ""
    reader = line_reader(variant.name, variant.overrides)
    if reader is not None and reader.key(value):
        return "only unit orders are kept for a later phase"
    order, problem = check_order(variant, state, power, value, game.orders.get(power, []))
    if problem:
        return problem
    game.submit(SubmittedOrder(power, unit_key(variant, order), str(order), item["message_id"], now))
    return ""
