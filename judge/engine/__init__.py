"""The pure adjudicator: a state and orders in, a new state and per-order results out.

No I/O, no clock, no mail.  See ``docs/architecture.md`` for the hooks a
variant's ruleset can override.

>>> from judge.variants import load_variant
>>> from judge.engine import adjudicate, GameState, Phase, Unit, Move
>>> v = load_variant("standard")
>>> s = GameState(Phase.parse("S1901M"), {"FRANCE": [Unit("A", "PAR")]})
>>> out = adjudicate(v, s, {"FRANCE": [Move("A", "PAR", "BUR")]})
>>> out.state.units["FRANCE"], str(out.state.phase)
([Unit(type='A', location='BUR')], 'F1901M')
"""

from judge.engine.geography import Map, Province, Terrain
from judge.engine.orders import Build, Convoy, Disband, Hold, Move, Order, Remove, Retreat, Support, Unit, Waive
from judge.engine.phases import PhaseError, adjudicate
from judge.engine.results import OrderResult, PhaseOutcome
from judge.engine.ruleset import Ruleset
from judge.engine.state import Dislodged, GameState, Phase
from judge.engine.variant import Variant

__all__ = [
    "Map", "Province", "Terrain", "Build", "Convoy", "Disband", "Hold", "Move", "Order", "Remove",
    "Retreat", "Support", "Unit", "Waive", "PhaseError", "adjudicate", "OrderResult", "PhaseOutcome",
    "Ruleset", "Dislodged", "GameState", "Phase", "Variant",
]
