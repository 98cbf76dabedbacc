"""Europe 1615's own fields of a position, as JSON: the schema each must fit (``Ruleset.state_fields``).

A position given to ``judge adjudicate`` carries the influence, the
allocations, the scores… in ``GameState.extra``; every field the rules read
or write is named here with its shape, so a request with ``"influence":
{"LOR": {"FRANCE": "x"}}`` or a year that is not a number is refused with one
line naming the field, and the rules only ever read values of the right shape.
The names are the game's own: powers, minor states (and the states made in
play, named by their province), provinces, modifiers, letters.
"""

from __future__ import annotations

from collections.abc import Collection

from judge.engine.schema import Either, Int, ListOf, MapOf, Maybe, Pair, Record, Schema, Str
from judge.variants.europe1615.modifiers import BY_KEY
from judge.variants.europe1615.tables import (
    ALIGNED, CAPTURED, CATHOLIC, ISLAMIC, KETZENHAMMER, NEUTRAL, PROTESTANT, TOLERANT, UNALIGNED, UNMARKED,
    WIDERSTAND,
)
from judge.variants.europe1615.world import Setup

INFS = Int(0, 1_000_000)      # INFs, allocations, VPs: far beyond any game
YEAR = Str(pattern=r"[0-9]{1,5}", what="a year")
STATUSES = (ALIGNED, NEUTRAL, UNALIGNED, CAPTURED, UNMARKED)
FAITHS = (CATHOLIC, PROTESTANT, ISLAMIC, TOLERANT)


def _one_of(names: Collection[str], what: str) -> Str:
    fixed = frozenset(names)
    return Str(choices=lambda: fixed, what=what)


def owners(setup: Setup) -> frozenset[str]:
    """Who may own units and centres: powers, minor states, the Ottomans, and states made in play (provinces)."""
    return frozenset([*setup.board.powers, *setup.board.states, setup.ottoman, *setup.board.provinces])


def state_fields(setup: Setup) -> dict[str, Schema]:
    """Every field of ``GameState.extra`` the Europe 1615 rules read or write, with its schema."""
    power = _one_of(setup.board.powers, "a power")
    owner = _one_of(owners(setup), "a power or a state")
    province = _one_of(setup.board.provinces, "a province")
    modifier = _one_of(BY_KEY, "a modifier")
    letter = _one_of(setup.specials, "a lettered unit")
    text = Str(what="a text", longest=1000)
    unit_at = Str(pattern=r"[AF] [A-Z]+(/[A-Z]+)?", what="a unit (A BOH)")

    def per_power(value: Schema) -> MapOf:
        return MapOf(power, value)

    status_entry = Record({"political": _one_of(STATUSES, "a political status"), "power": Maybe(owner),
                           "religion": Maybe(_one_of(FAITHS, "a religious status")), "deployed": ListOf(power)},
                          {"dominion_of": owner})
    score_entry = Record({"capture": INFS, "alignment": INFS, "religion": INFS, "total": INFS})
    game_over = Record({"result": _one_of(("victory", "draw", "agreement"), "victory, draw or agreement"),
                        "powers": ListOf(power)}, {"rule": text, "reason": text})
    return {
        "influence": MapOf(owner, per_power(INFS)),
        "allocation": per_power(INFS), "income": per_power(INFS), "deployed": per_power(INFS),
        "scores": MapOf(YEAR, per_power(INFS)), "score_detail": per_power(score_entry),
        "rounds": per_power(INFS), "round_winners": MapOf(YEAR, Maybe(power)),
        "status": MapOf(owner, status_entry),
        "counterbalance": Maybe(_one_of((WIDERSTAND, KETZENHAMMER), "a counterbalance")),
        "modifiers": ListOf(modifier), "removed": ListOf(modifier), "ballot": ListOf(modifier),
        "ballot_result": ListOf(text), "notes": ListOf(text),
        "motions": MapOf(modifier, power), "motions_used": MapOf(power, modifier),
        "originals": MapOf(unit_at, unit_at),
        "special": MapOf(letter, Str(pattern=r"([AF] [A-Z]+(/[A-Z]+)?)?", what="a unit (A BOH) or nothing")),
        "lost_specials": ListOf(letter),
        "annexed": MapOf(province, owner), "seceded": MapOf(province, power),
        "new_states": MapOf(owner, ListOf(province)), "new_centers": MapOf(province, Int(1, 100)),
        "withdrawn": ListOf(owner), "eliminated": ListOf(power), "dissolved": ListOf(power),
        "abandoned": ListOf(power), "agreed": ListOf(power), "alliances": ListOf(Pair(power)),
        "attack_sequence": ListOf(power), "permitted": ListOf(province),
        "waived": MapOf(province, Either(ListOf(power), power, "a list of powers")),  # one power: games before lists
        "exclusive": MapOf(owner, modifier), "leaders": MapOf(modifier, power),
        "agreement_winner": Maybe(power), "game_over": Maybe(game_over),
    }


