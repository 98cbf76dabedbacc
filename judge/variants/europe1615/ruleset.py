"""Europe 1615 (Medeiros), every edition, as a ruleset of the standard engine.

Every hook is a thin call into the module that holds the rule; the phase
handlers play the phases the standard engine does not know, and wrap its
movement and retreat phases with the steps the text adds (R-v3-04, R-v3-05).
How an edition differs (the edition of 8 August 2013 from Version 3) is its
ruleset file's named strategies, read into :class:`.edition.Edition`; the
year is its ``phases``.

The Version 3 year (R-v3-04)::

    S I   Initial Status Check
    S M   Spring movement (deploy, attack, statuses, orders)   S R  retreats
    U M   Summer movement                                       U R  retreats
    F M   Fall movement                                         F R  retreats
    W E   Early Winter: required disbands
    W A   Late Winter: ballot, builds
    W S   Scoring

The 2013-08 year (R-1308-03): S M, S R, U M, U R, F M, F R, W A (the build
phase, which settles the year's captures), W S (scoring, in 1616, 1618, 1620).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from judge.engine.agreement import EndVotes
from judge.engine.boardmarks import BoardCorner, StateMark
from judge.engine.discretion import GmAction, RuleOption
from judge.engine.geography import Map
from judge.engine.orders import Unit
from judge.engine.results import PhaseOutcome
from judge.engine.ruleset import BuildsFor, PhaseHandler, Ruleset
from judge.engine.schema import Schema
from judge.engine.standing import Standing
from judge.engine.state import GameState, Phase
from judge.engine.variant import Variant
from judge.variants.europe1615 import (
    builds,
    checks,
    codec,
    decisions,
    influence,
    picture,
    scoring,
    turn,
    units,
    winter,
)
from judge.variants.europe1615.auction import assign_powers
from judge.variants.europe1615.world import Setup, active_powers, rule_options
from judge.variants.europe1615.world import centre_value as world_centre_value

STATUS_CHECK, EARLY_WINTER, SCORING = "I", "E", "S"


class Europe1615(Ruleset):
    """Influence, statuses, attacks, minor states, (sanctions, ballots,) scoring: the edition says which."""

    #: the movement phase deploys INFs and resolves attacks first, which change who may enter a minor state
    rights_fixed_on_arrival = False

    name = "europe1615"
    phase_cycle: tuple[tuple[str, str], ...] = (("S", STATUS_CHECK), ("S", "M"), ("S", "R"), ("U", "M"), ("U", "R"), ("F", "M"), ("F", "R"),
                   ("W", EARLY_WINTER), ("W", "A"), ("W", SCORING))

    def __init__(self, board: Map, options: Mapping[str, Any] | None = None) -> None:
        super().__init__(board, options)
        self.setup = Setup.from_map(board, self.options)
        self.phase_cycle = self.setup.edition.phases

    @property
    def variant(self) -> Variant:
        return Variant(self.name, self.map, self)

    # -- units ------------------------------------------------------------------------
    def order_weights(self, state: GameState, owner: str, unit: Unit) -> Mapping[str, int]:
        return units.order_weights(self.setup, state, owner)

    def unit_strength(self, state: GameState, owner: str, unit: Unit) -> int:
        return units.unit_strength(self.setup, state, owner, unit)

    def may_enter(self, state: GameState, owner: str, unit: Unit, province: str) -> bool:
        return units.may_enter(self.setup, state, owner, unit, province)

    def entry_refusal(self, state: GameState, owner: str, unit: Unit, province: str) -> str:
        return units.entry_refusal(self.setup, state, owner, province)

    def may_enter_vacated(self, state: GameState, owner: str, unit: Unit, province: str) -> bool:
        return units.may_enter_vacated(self.setup, state, owner, unit, province)

    def may_dislodge(self, state: GameState, power: str, victim_owner: str, victim: Unit) -> bool:
        return units.may_dislodge(self.setup, state, power, victim_owner)

    def may_support(self, state: GameState, owner: str, unit: Unit, supported_owner: str, supported: Unit,
                    into: str | None) -> bool:
        return units.may_support(self.setup, state, owner, supported_owner, supported, into)

    def may_convoy(self, state: GameState, owner: str, fleet: Unit, army_owner: str, army: Unit,
                   into: str) -> bool:
        return units.may_convoy(self.setup, state, owner, army_owner, army, into)

    def may_retreat(self, state: GameState, owner: str, unit: Unit) -> bool:
        return units.may_retreat(self.setup, state, owner)

    # -- the year ---------------------------------------------------------------------
    def ownership_season(self) -> str:
        return "F"

    def may_capture(self, state: GameState, owner: str, unit: Unit, province: str) -> bool:
        return units.may_capture(self.setup, state, owner, province)

    def phase_handlers(self) -> Mapping[str, PhaseHandler]:
        return {STATUS_CHECK: self._status_check, "M": self._movement, "R": self._retreats,
                EARLY_WINTER: self._early_winter, "A": self._late_winter, SCORING: self._scoring}

    def phase_needed(self, state: GameState) -> bool | None:
        """Every phase but the retreats is played each year, Scoring in the edition's years (R-1308-62)."""
        if state.phase.kind == SCORING:
            return self.setup.edition.scores_in(state.phase.year)
        return None if state.phase.kind == "R" else True

    def build_sites(self, state: GameState, power: str) -> tuple[str, ...]:
        return builds.power_build_sites(self.setup, state, power)

    def adjustment_count(self, state: GameState, power: str) -> int:
        return builds.power_adjustment_count(self.setup, state, power)

    def may_build(self, state: GameState, power: str, unit: Unit) -> bool:
        return builds.may_build(self.setup, unit)

    # -- phase handlers ---------------------------------------------------------------
    def _status_check(self, state: GameState, orders: Mapping[str, Sequence[Any]]) -> PhaseOutcome:
        return scoring.play_status_check(self.setup, state, orders)

    def _movement(self, state: GameState, orders: Mapping[str, Sequence[Any]]) -> PhaseOutcome:
        outcome = turn.play_movement(self.variant, self.setup, state, orders)
        self._agreement(outcome.state)
        return outcome

    def _retreats(self, state: GameState, orders: Mapping[str, Sequence[Any]]) -> PhaseOutcome:
        return turn.play_retreats(self.variant, self.setup, state, orders)

    def _early_winter(self, state: GameState, orders: Mapping[str, Sequence[Any]]) -> PhaseOutcome:
        outcome = winter.play_early_winter(self.setup, state, orders)
        ended = scoring.check_end(self.setup, outcome.state)
        if ended and "game_over" not in outcome.state.extra:
            outcome.state.extra["game_over"] = ended
        return outcome

    def _late_winter(self, state: GameState, orders: Mapping[str, Sequence[Any]]) -> PhaseOutcome:
        outcome = builds.play_late_winter(self.variant, self.setup, state, orders)
        if ("W", EARLY_WINTER) not in self.phase_cycle:  # the build phase settled the year's captures
            ended = scoring.check_end(self.setup, outcome.state)
            if ended and "game_over" not in outcome.state.extra:
                outcome.state.extra["game_over"] = ended
        return outcome

    def _scoring(self, state: GameState, orders: Mapping[str, Sequence[Any]]) -> PhaseOutcome:
        return scoring.play_scoring(self.setup, state, orders)

    def _agreement(self, state: GameState) -> None:
        """R-v3-126: when every power still in the game has agreed, the GM's winner is called."""
        alive = active_powers(self.setup, state)
        if alive and set(alive) <= set(state.extra.get("agreed", [])) and "game_over" not in state.extra:
            winner = scoring.agreed_winner(self.setup, state)
            state.extra["game_over"] = {"result": "agreement", "powers": [winner] if winner else [],
                                        "rule": "R-v3-126", "reason": "every power agreed to stop the game"}

    # -- by mail ---------------------------------------------------------------------------
    def may_order(self, state: GameState, power: str, owner: str, unit: Unit) -> bool:
        return checks.may_order(self.setup, state, power, owner)

    def inputs_due(self, state: GameState, power: str) -> tuple[tuple[str, str], ...]:
        return checks.inputs_due(self.setup, state, power)

    def centre_values(self, state: GameState | None) -> Mapping[str, int]:
        """R-v3-06, R-1308-06: "The values of the centers are given on the map, ranging from 3 to 18"."""
        at = state if state is not None else self.initial_state()
        return {c: v for c in self.map.centers if (v := world_centre_value(self.setup, at, c)) > 0}

    def picture_marks(self, state: GameState) -> Mapping[str, str]:
        """Each centre's value, written under its name as the text's map shows it (R-v3-06)."""
        return {c: str(v) for c, v in self.centre_values(state).items()}

    def standing(self, state: GameState, power: str) -> Standing | None:
        return influence.standing(self.setup, state, power)

    def orders_meet(self, state: GameState) -> GameState:
        """The build phase's own first steps (the year settled in 2013-08, the minors' rebuilds) before the builds."""
        return builds.before_builds(self.setup, state) if state.phase.kind == "A" else state

    def extra_builds(self, state: GameState, power: str) -> tuple[BuildsFor, ...]:
        return builds.builds_for_minors(self.setup, state, power)

    def assign_powers(self, sheets: Mapping[str, Any], joined: Sequence[str],
                      powers: Sequence[str]) -> dict[str, str]:
        """R-v3-131: the blind auction of the players' BID sheets."""
        bids = {player: dict(sheet.points) for player, sheet in sheets.items() if hasattr(sheet, "points")}
        return assign_powers(bids, joined, powers) if bids else {}

    def game_result(self, state: GameState) -> tuple[str, list[str]] | None:
        """R-v3-124 to R-v3-130: the end the rules recorded in ``extra["game_over"]``.

        There is no victory by centres (R-v3-02).
        """
        over = state.extra.get("game_over")
        if not over:
            return None
        powers = list(over.get("powers", []))
        if over.get("result") == "agreement":
            return ("victory", powers) if powers else ("agreement", [])
        return str(over.get("result", "victory")), powers

    def end_votes(self, state: GameState) -> EndVotes:
        """No SET DRAW nor SET CONCEDE: Version 3 ends by agreement its own way, 2013-08 not at all.

        Version 3's only agreed end is R-v3-126 (every power still in agrees to
        stop, the GM names the winner: its ``AGREE`` line); its draws are forced
        by events (R-v3-127 to R-v3-130), never voted.  The edition of 8 August
        2013 ends at the end of 1620 on VPs (R-1308-78 to R-1308-80) and says
        nothing of stopping sooner.  The GM may still TERMINATE either.
        """
        if "AGREE" in self.setup.edition.inputs:
            return EndVotes(refusal="Version 3 ends by agreement with AGREE (R-v3-126): send an AGREE line in a "
                                    "movement phase; when every power still in the game agrees, the most rounds win")
        return EndVotes(refusal="this edition has no end by agreement: the game runs to the end of 1620 and the "
                                "most VPs win (R-1308-78); only the GM may end it sooner (TERMINATE)")

    # -- the map picture (judge/variants/europe1615/picture.py) ----------------------------
    def picture_alignments(self, state: GameState) -> Mapping[str, str]:
        """The minor states ALIGNED on the last status sheet, to whom every reader may know."""
        return {m.state: m.power for m in self.picture_states(state) if m.power and m.visible_to is None}

    def picture_states(self, state: GameState) -> Sequence[StateMark]:
        return picture.picture_states(self.setup, state)

    def picture_corner(self, state: GameState) -> BoardCorner | None:
        return picture.picture_corner(self.setup, state)

    # -- the state as JSON -------------------------------------------------------------------
    def owners(self) -> frozenset[str]:
        return codec.owners(self.setup)

    def state_fields(self) -> Mapping[str, Schema]:
        return codec.state_fields(self.setup)

    # -- what the text leaves to the GM ---------------------------------------------------
    def rule_options(self) -> tuple[RuleOption, ...]:
        """The readings of the ambiguities and the GM's defaults a game may change (``SET RULE``)."""
        return rule_options(self.setup)

    def gm_actions(self) -> tuple[GmAction, ...]:
        """The edition's decisions: the ballot, the lettered units … (Version 3); alliances (2013-08)."""
        return decisions.gm_actions(self.setup)

    # -- a new game ----------------------------------------------------------------------
    def initial_state(self, year: int = 1615) -> GameState:
        """The opening position: the map's units and centres (minor states' too), before the first status check."""
        board = self.map
        placed: dict[str, list[Unit]] = {}
        for start in board.starting_units:
            placed.setdefault(start.power, []).append(Unit(start.unit_type, start.location))
        centers = {owner: set(homes) for owner, homes in board.homes.items()}
        special = {letter: loc for letter, (_, loc) in self.setup.specials.items() if loc}
        extra: dict[str, Any] = {"influence": {}, "modifiers": [], "special": special, "scores": {}, "rounds": {}}
        season, kind = self.phase_cycle[0]
        return GameState(Phase(season, year, kind), placed, centers, [], extra)


#: Version 3's name for the ruleset (its edition file may name either)
EuropeV3 = Europe1615
