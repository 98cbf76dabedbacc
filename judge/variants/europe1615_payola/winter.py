"""The Winter build phase's own rules (PY-12, PY-30, PY-43, PY-44) and the end of the game (PY-31).

After the builds: a minor state whose centre a power took at this build
phase for the first time becomes that power's DOMINION, and only it places
INFs there in the coming Influence phase (R-1303-08, R-1304-11); a minor
centre still the state's own and empty gets a new unit (R-1303-41,
R-1304-55), and a CONTESTED state ends its contest when it has its own
unit again or another power has retaken it (R-1303-25, R-1304-33,
R-1304-34); a Protestant power that owns the Marches or Rome earns its
bonus once (R-1303-31, R-1304-40).  The game ends after the last year's
Winter: the most VPs wins (March, "to be completed"); in April a tie for
first place plays another year (R-1304-58, A-1304-06).
"""

from __future__ import annotations

from judge.engine.orders import Unit
from judge.engine.state import GameState
from judge.variants.europe1615_payola.consequences import CONTESTED, record_vps
from judge.variants.europe1615_payola.edition import PROTESTANT
from judge.variants.europe1615_payola.scoring import total_vps
from judge.variants.europe1615_payola.victory import final_result
from judge.variants.europe1615_payola.world import Game

DOMINION, DOMINION_YEAR, BONUSES, GAME_OVER = "dominion", "dominion_year", "papal_bonuses", "game_over"


def after_builds(game: Game, state: GameState) -> None:
    mark_dominions(game, state)
    rebuild_minor_units(game, state)
    end_contests(game, state)
    protestant_bonuses(game, state)
    end_of_game(game, state)


def mark_dominions(game: Game, state: GameState) -> None:
    for minor, homes in game.board.homes.items():
        if minor not in game.board.states or minor in state.extra.get(DOMINION, {}):
            continue
        taker = next((p for p in game.powers for c in homes if c in state.centers.get(p, ())), "")
        if taker:
            state.extra.setdefault(DOMINION, {})[minor] = taker
            state.extra.setdefault(DOMINION_YEAR, {})[minor] = state.phase.year


def rebuild_minor_units(game: Game, state: GameState) -> None:
    occupied = {game.board.province_of(u.location) for units in state.units.values() for u in units}
    started = {s.location: s.unit_type for s in game.board.starting_units}
    for minor, homes in game.board.homes.items():
        if minor not in game.board.states:
            continue
        for centre in homes:
            if centre in state.centers.get(minor, ()) and centre not in occupied:
                state.units.setdefault(minor, []).append(Unit(started.get(centre, "A"), centre))


def end_contests(game: Game, state: GameState) -> None:
    """CONTESTED lasts while the state is held from the power it was ALIGNED to; it ends at a build phase when
    the state has its own unit again or a power other than the one that took it owns its centre.

    "Should the minor state be left unoccupied during a build phase, a new unit is built. [...] Once a unit is
    in place, rules regarding assessed penalties due to the religious and political status of the minor state
    become effective immediately" (R-1303-25, R-1304-34); "once the minor state is retaken" (R-1304-33).
    """
    contested = state.extra.get(CONTESTED, {})
    for minor, taker in sorted(contested.items()):
        owners = {state.owner_of_center(c) or "" for c in game.board.homes.get(minor, ())}
        retaken = any(o in game.board.powers and o != taker for o in owners)
        if state.units.get(minor) or retaken:
            del contested[minor]
    if CONTESTED in state.extra and not contested:
        del state.extra[CONTESTED]


def protestant_bonuses(game: Game, state: GameState) -> None:
    ed, given = game.edition, state.extra.setdefault(BONUSES, [])
    for centre, vps in (("MAR", ed.protestant_marches), ("ROM", ed.protestant_rome)):
        owner = state.owner_of_center(centre) or ""
        if game.faith(owner) == PROTESTANT and centre not in given:
            given.append(centre)
            record_vps(state, str(state.phase), owner, vps, f"a Protestant power owns {centre}")


def end_of_game(game: Game, state: GameState) -> None:
    if state.phase.year < game.edition.last_year or GAME_OVER in state.extra:
        return
    result = final_result(game, state, {p: total_vps(game, state, p) for p in game.powers})
    if result is not None:  # None: April's tie for first place plays another year
        state.extra[GAME_OVER] = result
