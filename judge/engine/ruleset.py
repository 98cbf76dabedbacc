"""The named points where a variant changes the standard rules.

Standard Diplomacy is :class:`Ruleset` itself: every hook below returns the
standard answer.  A variant subclasses it and overrides only what its rules
change, so the adjudicator never asks which variant it is playing.

>>> from judge.variants import load_variant
>>> standard = load_variant("standard")
>>> standard.ruleset.phase_cycle[0]
('S', 'M')
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from judge.engine.agreement import EndVotes
from judge.engine.boardmarks import BoardCorner, StateMark
from judge.engine.discretion import GmAction, RuleOption
from judge.engine.houserules import HouseRules
from judge.engine.orders import Unit
from judge.engine.readings import Readings
from judge.engine.standing import Standing
from judge.engine.state import GameState, Phase

if TYPE_CHECKING:
    from judge.engine.geography import Map
    from judge.engine.schema import Schema
    from judge.engine.results import PhaseOutcome

DEFAULT_START_YEAR = 1901

PhaseHandler = Callable[["GameState", Mapping[str, Sequence[Any]]], "PhaseOutcome"]


@dataclass(frozen=True)
class BuildsFor:
    """Builds a power may order for an owner not its own (Europe 1615: an aligned minor state).

    ``due`` is how many the build phase will carry out (0 or less: none),
    ``sites`` the owner's places it will build on, as the phase will meet them,
    and ``untyped`` the unit a build that names none places ("" : it must name one).
    """

    owner: str
    due: int
    sites: tuple[str, ...]
    untyped: str = ""


class Ruleset:
    """Standard 5th-edition (2023) Diplomacy: the ruleset with no hooks changed."""

    name = "standard"

    #: the year as (season, phase kind) pairs; M, R and A are built in, other
    #: kinds are handled by :meth:`phase_handlers`.
    phase_cycle: tuple[tuple[str, str], ...] = (("S", "M"), ("S", "R"), ("F", "M"), ("F", "R"), ("W", "A"))

    def __init__(self, board: Map, options: Mapping[str, Any] | None = None) -> None:
        self.map = board
        self.options = dict(options or {})
        self.readings = Readings.of(self.options)
        self.house = HouseRules.of(self.options)

    # -- who orders a unit --------------------------------------------------
    def order_weights(self, state: GameState, owner: str, unit: Unit) -> Mapping[str, int]:
        """Powers whose orders count for this unit, with their votes.

        One power (the owner) normally; several for a unit steered by weighted
        vote (the order with the largest summed weight wins, a tie holds); none
        for a unit that only holds.
        """
        return {owner: 1}

    # -- strengths and rights ---------------------------------------------
    def unit_strength(self, state: GameState, owner: str, unit: Unit) -> int:
        """What the unit adds when it moves, holds or supports (2 for a double-strength unit)."""
        return 1

    #: whether ``may_enter``, ``may_support`` and ``may_convoy`` answer on the position as the orders find it
    #: when they arrive; False where the movement phase first changes those rights (Europe 1615's attacks),
    #: so an order is refused on arrival only for the board's reasons and ``entry_refusal``'s.
    rights_fixed_on_arrival = True

    def may_enter(self, state: GameState, owner: str, unit: Unit, province: str) -> bool:
        """Whether the unit may move, retreat or be convoyed into ``province`` at all."""
        return True

    def entry_refusal(self, state: GameState, owner: str, unit: Unit, province: str) -> str:
        """Why the unit may not enter ``province``, with the rule: words after "Jutland may not be entered"
        ("no port: ..."), or "" for no reason given.

        Said in the results of a void move, and when an order arrives in a
        variant whose rights are fixed on arrival (``rights_fixed_on_arrival``:
        a port the province lacks), never where the phase first changes them.
        """
        return ""

    def removal_words(self, state: GameState, owner: str, unit: Unit) -> str:
        """What the rules text says of a dislodged unit it lets not retreat, for the results ("" : njudge's
        "with no valid retreats was destroyed"); Diplomacy 1618's rebels: "if dislodged, it is annihilated"."""
        return ""

    def may_enter_vacated(self, state: GameState, owner: str, unit: Unit, province: str) -> bool:
        """Whether the unit may move into ``province`` when the unit there leaves it this phase.

        False for a province the unit may attack only for the unit standing in
        it: the move then succeeds only by dislodging that unit.
        """
        return True

    def may_dislodge(self, state: GameState, power: str, victim_owner: str, victim: Unit) -> bool:
        """Whether ``power`` may dislodge the unit, or lend support to its dislodgement."""
        return power != victim_owner

    def may_support(self, state: GameState, owner: str, unit: Unit, supported_owner: str, supported: Unit,
                    into: str | None) -> bool:
        """Whether the unit may support that other unit: to hold (``into`` None) or into a province.

        The province matters to rules like Europe 1615's Christian and Muslim restrictions.
        """
        return True

    def may_convoy(self, state: GameState, owner: str, fleet: Unit, army_owner: str, army: Unit,
                   into: str) -> bool:
        """Whether the fleet may carry that army into the province ``into``."""
        return True

    def may_retreat(self, state: GameState, owner: str, unit: Unit) -> bool:
        """Whether a dislodged unit retreats (True) or is disbanded at once (False: the ``retreats`` option)."""
        return self.house.retreats

    # -- the year ------------------------------------------------------------
    def ownership_season(self) -> str:
        """Centres change hands when this season (with its retreats) is over: Fall by default."""
        return [season for season, kind in self.phase_cycle if kind == "M"][-1]

    def may_capture(self, state: GameState, owner: str, unit: Unit, province: str) -> bool:
        """Whether a unit standing on a supply centre at the end of the year takes it."""
        return True

    def ownership_settled(self, state: GameState) -> None:
        """Change ``state`` once the centres have changed hands at the end of the ownership season.

        The year's end is when some rules take effect: Diplomacy 1618's
        civil-disorder army in Prague becomes the Palatinate's after Fall
        1618.  ``state.phase`` is still the season's last phase (its movement
        or its retreats); the standard game changes nothing.

        >>> from judge.variants import load_variant
        >>> ruleset = load_variant("standard").ruleset
        >>> state = ruleset.initial_state()
        >>> before = state.copy()
        >>> ruleset.ownership_settled(state)
        >>> state == before
        True
        """
        return None

    def phase_handlers(self) -> Mapping[str, PhaseHandler]:
        """Handlers for phase kinds other than M, R and A (influence, scoring...).

        A handler for M, R or A replaces the built-in one; it may call it
        (``judge.engine.movement.adjudicate_movement`` ...) around steps of its own.
        """
        return {}

    def phase_needed(self, state: GameState) -> bool | None:
        """Whether ``state.phase`` must be played; None lets the engine decide for M, R and A."""
        return None

    def handovers(self, state: GameState) -> Mapping[str, str]:
        """Powers the rules hand to the player of another power (power -> that power); the judge seats them.

        Europe 1615 (April 2013, 3 players): neutral France joins the side whose dice rolled highest.
        """
        return {}

    def build_sites(self, state: GameState, power: str) -> tuple[str, ...]:
        """Where the power may build: its owned home centres, or others by the ``build_sites`` option
        (occupancy checked by the engine)."""
        return self.house.sites(state.centers.get(power, set()), self.map.homes.get(power, ()), self.map.centers)

    def build_refusal(self, state: GameState, power: str, province: str) -> str:
        """Why ``province`` is no build site of the power, where the rules give a reason: the rest of a sentence
        after the province's name ("is in REVOLT: ..."); "" for none (the engine's own words).

        Europe 1615's Payola editions: an owned centre in REVOLT against its owner's faith.
        """
        return ""

    def may_build(self, state: GameState, power: str, unit: Unit) -> bool:
        """Whether this unit (an army or a fleet) may be built where it stands, at one of the build sites.

        Europe 1615 (2013-08) builds fleets only in ports.
        """
        return True

    def adjustment_count(self, state: GameState, power: str) -> int:
        """Builds (positive) or removals (negative) due to a power this winter."""
        return len(state.centers.get(power, ())) - state.unit_count(power)

    # -- the state as JSON (``judge adjudicate``) ---------------------------------
    def owners(self) -> frozenset[str]:
        """Who may own units and centres in a position: the map's powers."""
        return frozenset(self.map.powers)

    def state_fields(self) -> Mapping[str, Schema]:
        """The variant's own fields of a position (``GameState.extra``), each with its schema; none here.

        ``judge adjudicate`` refuses a request whose state has a field not
        named here (besides phase, units, centers, dislodged) or a value that
        does not fit, so the hooks never read a value of the wrong shape.
        """
        return {}

    # -- a game played by mail ------------------------------------------------
    # The judge's mail loop asks these; the adjudicator never does.
    def initial_state(self) -> GameState:
        """A new game: the map's starting units and the powers' home centres, at the year's first phase.

        The year is the ``start_year`` option (1901 by default).
        """
        board = self.map
        season, kind = self.phase_cycle[0]
        year = int(self.options.get("start_year", DEFAULT_START_YEAR))
        units: dict[str, list[Unit]] = {}
        for start in board.starting_units:
            units.setdefault(start.power, []).append(Unit(start.unit_type, start.location))
        centers = {p: set(homes) for p, homes in board.homes.items() if p in board.powers}
        return GameState(Phase(season, year, kind), units, centers)

    def game_facts(self, state: GameState, unplayed: Sequence[str], seed: str | None = None) -> None:
        """Record in ``state`` what the mail loop knows of the game: the powers without a player, its random seed.

        Called when the game starts (with a fresh ``seed``) and before each phase
        is played (``seed`` None: the recorded one stays), so the archive of every
        phase holds what replaying it needs.  The standard game needs neither.
        """
        return None

    def may_order(self, state: GameState, power: str, owner: str, unit: Unit) -> bool:
        """Whether the judge takes an order from ``power`` for this unit when it is mailed.

        The standard answer is "if its order would count now"; a variant whose
        rights change within the phase (influence placed before the orders are
        read) accepts more, and :meth:`order_weights` decides when it is played.
        """
        return bool(self.order_weights(state, owner, unit).get(power))

    def units_due(self, state: GameState, power: str) -> tuple[Unit, ...] | None:
        """The units ``power`` owes an order this movement phase; None for the standard answer.

        The standard answer is every unit it commands (``order_weights``); a
        variant whose powers send something else instead (Payola's offer sheet,
        an input of :meth:`inputs_due`) answers ``()``.
        """
        return None

    def money_committed(self, state: GameState, power: str, values: Sequence[Any]) -> tuple[int, int] | None:
        """(most the power's lines so far may cost, its balance) for the reply to its orders; None without money."""
        return None

    def centre_values(self, state: GameState | None) -> Mapping[str, int]:
        """Supply centre → the worth the rules give it (Europe 1615: INFs and VPs), for the RULES reply; none."""
        return {}

    def standing(self, state: GameState, power: str) -> Standing | None:
        """What ``power`` alone (and the GM) may know of its own holdings the rules keep secret; None: nothing."""
        return None

    def inputs_due(self, state: GameState, power: str) -> tuple[tuple[str, str], ...]:
        """What ``power`` still owes this phase besides unit orders, builds and removals.

        (key, label) pairs: the key of an input the variant's line reader stores
        (``"BALLOT:WALLENSTEIN"``; a key ``K`` is met by a stored ``K`` or
        ``K:...``, each stored line meeting one), the label how a mail names it.
        A phase in which no power owes anything is played at once.
        """
        return ()

    def orders_meet(self, state: GameState) -> GameState:
        """The position this phase's orders will meet: ``state``, unless the phase first changes it on its own.

        The mail commands check each order on arrival, and count what a power
        owes, on it (a variant's build phase that settles the year before the
        builds: Europe 1615 2013-08).  The adjudicator never asks; it plays
        those first steps itself.  A copy when it differs; never changes ``state``.
        """
        return state

    def extra_builds(self, state: GameState, power: str) -> tuple[BuildsFor, ...]:
        """The builds ``power`` may also order, for owners not its own (a variant's minor states): none.

        ``state`` is the position the orders meet (:meth:`orders_meet`).

        The mail commands check a build for one of them on arrival against it,
        as the build phase will (the count and the places), so the player learns
        at once, not at the deadline.
        """
        return ()

    def seat_refusal(self, state: GameState | None, power: str, held: Sequence[str]) -> str:
        """Why one address may not hold ``power`` besides the powers ``held`` it holds, or "" when it may.

        The judge asks before it seats anyone (``JOIN``, ``APPROVE``, ``START``),
        so a set-up that gives each player one side keeps the players to it
        without a command asking which variant it serves.  ``state`` is None
        while the game forms.  The standard game leaves how many powers one
        address holds to the GM (``SET SEATS``): it refuses nothing.

        >>> from judge.variants import load_variant
        >>> load_variant("standard").ruleset.seat_refusal(None, "FRANCE", ("ENGLAND", "GERMANY"))
        ''
        """
        return ""

    def assign_powers(self, sheets: Mapping[str, Any], joined: Sequence[str],
                      powers: Sequence[str]) -> dict[str, str]:
        """Player -> power from the players' pre-game sheets (``sheets``: player -> value), for ``powers``.

        ``joined`` lists the players in the order they joined.  The standard
        game has no sheets: ``{}`` lets the judge assign powers as usual.
        """
        return {}

    def game_result(self, state: GameState) -> tuple[str, list[str]] | None:
        """How the game stands ended at ``state``: ("victory" or "draw", powers), or None while it goes on.

        The standard rule: a power that owns the ``victory_centers`` option's
        number of centres (more than half by default) wins.
        """
        needed = self.victory_centers()
        won = sorted(p for p, cs in state.centers.items() if len(cs) >= needed)
        return ("victory", won) if won else None

    def end_votes(self, state: GameState) -> EndVotes:
        """Whether the players may end the game by vote (``SET DRAW``, ``SET CONCEDE``), and who shares that end.

        Classic judges let the players agree a draw or concede; whether a
        variant's rules allow it, and among whom, is theirs to say (Europe 1615
        Version 3 ends by its own ``AGREE``), so the mail loop asks here instead
        of asking which variant it plays.  The standard answer is the 2023
        rules' draw including all survivors (DIAS): every power with a supply
        centre or a unit, unless the game's ``draws`` option is off.

        >>> from judge.variants import load_variant
        >>> ruleset = load_variant("standard").ruleset
        >>> ruleset.end_votes(ruleset.initial_state()).powers[:3]
        ('AUSTRIA', 'ENGLAND', 'FRANCE')
        >>> load_variant("standard", {"draws": False}).ruleset.end_votes(ruleset.initial_state()).refusal
        'the GM has ruled out draws and concessions in this game (SET RULE draws no)'
        """
        if not self.options.get("draws", True):
            return EndVotes(refusal="the GM has ruled out draws and concessions in this game (SET RULE draws no)")
        return EndVotes(tuple(sorted(p for p in self.map.powers if state.centers.get(p) or state.units.get(p))))

    def victory_centers(self) -> int:
        """The centres a power needs to win: the ``victory_centers`` option, else the map's ``victory``, else more than half."""
        return int(self.options.get("victory_centers", self.map.victory or len(self.map.centers) // 2 + 1))

    # -- what the rules leave to the GM (docs/commands.md: SET RULE, GM) ----------
    def rule_options(self) -> tuple[RuleOption, ...]:
        """The options a GM may set for one game (``SET RULE``), with the values this ruleset was given.

        The loader checks a game's overrides against these before it makes
        the game's ruleset.  The standard game offers ``victory_centers``,
        ``draws`` (whether the players may end the game by vote: :meth:`end_votes`)
        and the older rulebooks' readings (``judge/engine/readings.py``).
        """
        return (RuleOption("victory_centers", self.victory_centers(), minimum=1, maximum=len(self.map.centers),
                           note="the supply centres a power needs to win"),
                RuleOption("draws", bool(self.options.get("draws", True)), (True, False),
                           note="whether the players may end the game by SET DRAW and SET CONCEDE"),
                *self.readings.rule_options(), *self._house_options())

    def _house_options(self) -> tuple[RuleOption, ...]:
        """The house flags (``judge/engine/houserules.py``) of the hooks this ruleset leaves standard."""
        standard = Ruleset.__dict__
        return self.house.rule_options(type(self).build_sites is standard["build_sites"],
                                       type(self).may_retreat is standard["may_retreat"],
                                       type(self).end_votes is standard["end_votes"])

    def gm_actions(self) -> tuple[GmAction, ...]:
        """Decisions on a game's variant data the rules leave to the GM (``GM <action> …``); none here."""
        return ()

    def form_notes(self) -> tuple[str, ...]:
        """How this game's orders are written where the variant plays a form of its rules that a player may
        not expect (Payola Classic), said in the start mail and in HELP after SIGNON; none here."""
        return ()

    # -- the map picture (judge/render/picture.py) ---------------------------------------
    def picture_alignments(self, state: GameState) -> Mapping[str, str]:
        """Minor state -> the power it is aligned to now, for the picture's fills; none in the standard game."""
        return {}

    def picture_states(self, state: GameState) -> Sequence[StateMark]:
        """The minor states' statuses the board shows (fills, hatching, religious markers), with who may see each.

        By default each state of :meth:`picture_alignments`, ALIGNED to its power, for every reader.
        """
        return [StateMark(minor, "ALIGNED", power) for minor, power in sorted(self.picture_alignments(state).items())]

    def picture_corner(self, state: GameState) -> BoardCorner | None:
        """The box the rules put in the board's top left corner (Europe 1615 Version 3); None: no box."""
        return None

    def picture_marks(self, state: GameState) -> Mapping[str, str]:
        """Province -> a word the picture writes under its name, for a status the rules mark on the map; none here.

        Europe 1615's Payola editions: "Revolting states will be marked on the
        map", "CONTESTED states will be marked on the map".
        """
        return {}
