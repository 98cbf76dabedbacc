"""Diplomatic attacks (PY-13 to PY-17): one per power, in the national order, settled by the dice.

Each power sends a prioritised list: its attack and its alternates (France
1, England 2, Denmark/Sweden 3, Austria 4, Spain none: R-1303-11,
R-1304-16).  In the national order (Spain, France, England,
Denmark/Sweden, Austria) the first attack on its list that can still be
made is made, on the INFs the attacks before it left.  An attack needs the
attacker's and the target's INFs in the place, and a target that is not
immune: a power with 5 or more INFs in the attacker's home box cannot be
attacked by it, except inside that home box, the only way to break the
immunity (R-1304-13, R-1304-14, A-PY-1).  A home box is no state: only its
owner attacks there, to break an immunity; a third power's INFs in it are out
of reach of everyone else's attacks (R-1303-09, R-1304-12, A-PY-18; the
GM's other reading: ``home_box_attacks = "any"``).

Resolution (R-1303-12 to -14, R-1304-17 to -19): at 5 to 1 or more the
defender's INFs go without a roll; otherwise the ratio, rounded
(A-1303-02), picks a column of the Diplomatic Attack Table and a 3D6 roll
its row.  The table is data (``attack_table``; RECONSTRUCTED, its
file says how).  The dice come from the game's recorded seed, so replaying
the phase rolls them again; a GM may give the numbers instead (derived from
a published source, as the text allows: ``extra["gm_dice"]``).  With
``attacks = "exchange"`` every attack is an exchange (R-1304-19), the mutual
reduction of the other editions.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from judge.engine.discretion import ActionError
from judge.engine.results import OK, VOID, OrderResult
from judge.engine.state import GameState, Phase
from judge.variants.europe1615.attacks import mutual_reduction
from judge.variants.europe1615.inputs import Attack
from judge.variants.europe1615_payola.edition import AE, DE, EX
from judge.variants.europe1615_payola.world import Game, present, set_infs

DICE, GM_DICE = "dice", "gm_dice"


def column(game: Game, mine: int, theirs: int) -> str:
    """The table's column for ``mine`` against ``theirs`` (theirs > 0), by the edition's rounding."""
    if game.edition.ratio_rounding == "nearest":  # 4:5 "rounded is about 1-to-1"
        n = (2 * mine + theirs) // (2 * theirs)
    else:  # below 1:1 only under 1:2, then the whole ratio
        n = 0 if 2 * mine < theirs else max(1, mine // theirs)
    return "<1:1" if n == 0 else f"{min(n, 5)}:1"


def roll_3d6(state: GameState, number: int) -> tuple[int, str]:
    """The ``number``-th roll of this phase and whose it is: the GM's given number if any, else the seed's dice."""
    given = state.extra.get(GM_DICE, {}).get(str(state.phase), [])
    if number < len(given):
        return int(given[number]), "the GM"
    rng = random.Random(f"{state.extra.get('seed', '')}:{state.phase}:attack:{number}")
    return sum(rng.randint(1, 6) for _ in range(3)), "the seed"


def give_dice(state: GameState, words: str) -> tuple[GameState, str]:
    """``GM DICE 12 7 15``: the 3D6 totals for the attacks of the attack phase to come, in the order rolled.

    R-1303-14: "players and GM may utilize stock market prices for a given day
    as a means of generating random numbers"; the GM gives the numbers so
    derived.  ``GM DICE SEED`` goes back to the dice of the game's seed.
    """
    work = state.copy()
    phase = str(Phase("S", work.phase.year, "D") if work.phase.kind == "P" else work.phase)
    given = work.extra.setdefault(GM_DICE, {})
    if words.strip().upper() == "SEED":
        given.pop(phase, None)
        return work, f"the dice of {phase} come from the game's seed"
    try:
        rolls = [int(w) for w in words.replace(",", " ").split()]
    except ValueError:
        raise ActionError("give the 3D6 totals as whole numbers from 3 to 18, or SEED") from None
    if not rolls or len(rolls) > 10 or any(not 3 <= r <= 18 for r in rolls):
        raise ActionError("give one to ten 3D6 totals, each from 3 to 18, or SEED")
    given[phase] = rolls
    return work, f"the dice of {phase}, in the order of the attacks rolled: {' '.join(map(str, rolls))}"


def dice_now(state: GameState) -> str:
    given = state.extra.get(GM_DICE, {})
    return "; ".join(f"{p}: {' '.join(map(str, r))}" for p, r in sorted(given.items())) or "from the game's seed"


def box_open(game: Game, power: str, box: str) -> bool:
    """Whether ``power`` may attack inside ``box``, a power's home box (A-PY-18): its own, or any if the GM reads so."""
    return box == power or game.edition.home_box_attacks == "any"


def attack_problem(game: Game, state: GameState, power: str, place: str, target: str) -> str:
    """Why this attack cannot be made now ("" if it can)."""
    if not place or (place not in game.edition.pliant and place not in game.board.powers):
        return "not a pliant minor state or a home box"
    if not target or target not in game.board.powers or target == power:
        return "the target must be another power"
    if place in game.board.powers and not box_open(game, power, place):
        return (f"only {place} attacks in its own home box (to break an immunity, R-1304-14); "
                f"other attacks are made in a minor state (R-1303-09, R-1304-12)")
    here = present(state, place)
    if not here.get(power):
        return f"{power} has no INFs in {place}"
    if not here.get(target):
        return f"{target} has no INFs in {place}"
    if place != power and present(state, power).get(target, 0) >= game.edition.immunity:
        return f"{target} has {game.edition.immunity} or more INFs in {power}'s home box: immune"
    return ""


def resolve_all(game: Game, state: GameState, orders: Mapping[str, Sequence[Any]]) -> list[OrderResult]:
    """Every power's list in the national order; each roll is kept in ``extra["dice"]``."""
    results: list[OrderResult] = []
    rolls: list[dict[str, Any]] = []
    too_early = state.phase.year < game.edition.first_attack_year
    for power, alternates in game.edition.attack_order:
        lines = [v for v in orders.get(power, ()) if isinstance(v, Attack)]
        made = False
        for index, line in enumerate(lines):
            if too_early:
                why = f"no diplomatic attacks before {game.edition.first_attack_year}"
            elif index > alternates:
                why = f"{power} may list only {alternates} alternate(s)"
            elif made:
                why = "not needed: an attack higher on the list was made"
            else:
                place, target = game.place_named(line.state), game.board.power_named(line.target) or ""
                why = attack_problem(game, state, power, place, target)
                if not why:
                    results.append(_attack(game, state, power, line, place, target, rolls))
                    made = True
                    continue
            results.append(OrderResult(power, line.state, line, VOID, why))
    state.extra.setdefault(DICE, []).extend(rolls)
    return results


def _attack(game: Game, state: GameState, power: str, line: Attack, place: str, target: str,
            rolls: list[dict[str, Any]]) -> OrderResult:
    mine, theirs = present(state, place)[power], present(state, place)[target]
    ed = game.edition
    source = ""
    if ed.attacks == "exchange":
        col, roll, result = "", 0, EX
    elif mine >= 5 * theirs:  # no roll: the defender's INFs are removed
        col, roll, result = "5:1", 0, DE
    else:
        col, (roll, source) = column(game, mine, theirs), roll_3d6(state, len(rolls))
        result = ed.table.result(col, roll)
    after = {AE: (0, theirs), DE: (mine, 0), EX: mutual_reduction(mine, theirs)}[result]
    set_infs(state, place, power, after[0])
    set_infs(state, place, target, after[1])
    record = {"phase": str(state.phase), "power": power, "place": place, "target": target, "before": [mine, theirs],
              "column": col, "roll": roll, "dice": source, "result": result, "after": list(after)}
    if roll:
        rolls.append(record)
    dice = f"{col}, 3D6 rolled {roll}: " if roll else ("5:1 or more, no roll: " if col else "")
    return OrderResult(power, place, line, OK, f"{power} {mine} v {target} {theirs} in {place}: {dice}{result}, "
                                               f"leaving {power} {after[0]} and {target} {after[1]}")
