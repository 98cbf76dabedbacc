"""What Version 3 leaves to the GM, as pure functions on a game's state (``GM <action> …`` by mail).

Each decision takes the position and the GM's words, and returns a changed
copy with a sentence that says what the GM decided; one that cannot stand
raises :class:`~judge.engine.discretion.ActionError` with the reason.
:func:`gm_actions` offers them to the mail commands (``EuropeV3.gm_actions``).

=========  ===================================================  ===============================
BALLOT     the modifiers on the coming Late Winter's ballot      ``extra["ballot"]``
LETTER     which army carries a letter (W: Wallenstein's)         ``extra["special"]``
ABANDON    a power its player abandoned (R-v3-123)                ``extra["abandoned"]``
VALUE      a centre's value in a state made in play (secession)   ``extra["new_centers"]``
EXCLUSIVE  which exclusive right holds where two meet (A-v3-18)   ``extra["exclusive"]``
LEADER     who holds a right when the leaders tie (A-v3-13)       ``extra["leaders"]``
WINNER     who wins an agreement when the leaders tie (R-v3-126)  ``extra["agreement_winner"]``
MODIFIER   a modifier put in force or ended by the GM (A-v3-11)   ``extra["modifiers"]``
=========  ===================================================  ===============================
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import partial

from judge.engine.discretion import ActionError, GmAction
from judge.engine.geography import normalise_name
from judge.engine.state import GameState
from judge.variants.europe1615.modifiers import (
    BY_KEY,
    MODIFIERS,
    Modifier,
    find_modifier,
)
from judge.variants.europe1615.sanctions import (
    BALLOT_SIZE,
    ballot_choices,
    enact,
    unavailable,
)
from judge.variants.europe1615.status import modifiers_in_force
from judge.variants.europe1615.units import special_positions
from judge.variants.europe1615.victory import alliances_now, declare_alliance
from judge.variants.europe1615.world import Setup, active_powers, centre_value, states

_DEFAULT = ("DEFAULT", "AUTO", "NONE")
_OFF = ("OFF", "NO", "NOT", "CANCEL")
_SEPARATORS = re.compile(r"\s*(?:[,;]|\band\b)\s*", re.IGNORECASE)


def _names(keys: list[str]) -> str:
    return ", ".join(BY_KEY[k].name for k in keys)


def _ballot_year(state: GameState) -> int:
    """The year of the coming Late Winter: this one until its ballot is held, then the next."""
    past = state.phase.season == "W" and state.phase.kind not in ("E", "A")
    return state.phase.year + 1 if past else state.phase.year


def choose_ballot(setup: Setup, state: GameState, words: str) -> tuple[GameState, str]:
    """The GM's modifiers for the coming ballot (R-v3-78), named leniently; DEFAULT: the most important available."""
    work, year = state.copy(), _ballot_year(state)
    if words.strip().upper() in _DEFAULT:
        work.extra.pop("ballot", None)
        return work, f"the ballot of Late Winter {year} is the default one: {_names(ballot_choices(setup, work))}"
    keys: list[str] = []
    for name in (n.strip() for n in _SEPARATORS.split(words) if n.strip()):
        modifier = find_modifier(name)
        if modifier is None:
            raise ActionError(f"no modifier is called {name!r}")
        if modifier.key in keys:
            raise ActionError(f"{modifier.name} is named twice")
        why = unavailable(setup, state, modifier)
        if why:
            raise ActionError(f"{modifier.name} cannot be on the ballot: {why}")
        keys.append(modifier.key)
    if not keys:
        raise ActionError("name the modifiers, separated by commas (or DEFAULT)")
    if len(keys) > BALLOT_SIZE:
        raise ActionError(f"a ballot has at most {BALLOT_SIZE} modifiers, not {len(keys)}")
    work.extra["ballot"] = keys
    return work, f"the modifiers on the ballot of Late Winter {year}: {_names(keys)}"


def _ballot_now(setup: Setup, state: GameState) -> str:
    chosen = _names(ballot_choices(setup, state))
    return f"{chosen} (the GM's)" if state.extra.get("ballot") else f"{chosen} (the default)"


def letter_unit(setup: Setup, state: GameState, words: str) -> tuple[GameState, str]:
    """R-v3-86: which army carries a letter (W: which Austrian army is Wallenstein's); ``W A BOH`` or ``W BOH``."""
    parts = words.upper().split()
    if len(parts) < 2 or parts[0] not in setup.specials:
        raise ActionError(f"write the letter and the army, as in W A BOH (letters: {', '.join(setup.specials)})")
    letter, owner = parts[0], setup.specials[parts[0]][0]
    place = " ".join(p for p in parts[1:] if p not in ("A", "ARMY"))
    location = setup.board.resolve_name(place)
    province = setup.board.province_of(location) if location else None
    army = next((u for u in state.units.get(owner, []) if u.type == "A"
                 and setup.board.province_of(u.location) == province), None)
    if army is None:
        raise ActionError(f"{owner} has no army in {place or 'that place'}: {letter} is one of {owner}'s armies")
    positions = special_positions(setup, state)
    other = next((k for k, where in positions.items() if where == str(army) and k != letter), "")
    if other:
        raise ActionError(f"the army in {province} already carries the letter {other}")
    work = state.copy()
    work.extra["special"] = {**positions, letter: str(army)}
    work.extra["lost_specials"] = [k for k in work.extra.get("lost_specials", []) if k != letter]
    return work, f"the {_whose(setup, owner)} army {army} carries the letter {letter}"


def _whose(setup: Setup, owner: str) -> str:
    power = setup.board.powers.get(owner)
    if power is not None:
        return power.adjective or power.name.title()
    return setup.board.state_names.get(owner, owner)


def _letters_now(setup: Setup, state: GameState) -> str:
    positions = special_positions(setup, state)
    return ", ".join(f"{k} {v}" for k, v in sorted(positions.items())) or "none placed"


def abandon(setup: Setup, state: GameState, words: str) -> tuple[GameState, str]:
    """R-v3-123: a power abandoned by its player is dissolved in Early Winter; ``France OFF`` takes it back."""
    parts = words.split()
    off = len(parts) > 1 and parts[-1].upper() in _OFF
    power = setup.board.power_named(" ".join(parts[:-1] if off else parts))
    if power is None:
        raise ActionError(f"name a power, as in ABANDON France (or ABANDON France OFF): not {words.strip()!r}")
    if power not in active_powers(setup, state):
        raise ActionError(f"{power.title()} is already out of the game")
    work = state.copy()
    listed = [p for p in work.extra.get("abandoned", []) if p != power]
    if off:
        work.extra["abandoned"] = listed
        return work, f"{power.title()} is no longer abandoned"
    work.extra["abandoned"] = listed + [power]
    return work, (f"{power.title()} is abandoned (R-v3-123): in Early Winter its centres become pliant "
                  "minor states and its units are disbanded")


def set_value(setup: Setup, state: GameState, words: str) -> tuple[GameState, str]:
    """R-v3-93, R-v3-94, R-v3-106: the value of a centre of a state made in play (a secession)."""
    parts = words.split()
    if len(parts) < 2 or not parts[-1].isdigit() or int(parts[-1]) < 1:
        raise ActionError("write the centre and its value, as in VALUE CAT 4")
    location = setup.board.resolve_name(" ".join(parts[:-1]))
    province = setup.board.province_of(location) if location else " ".join(parts[:-1]).upper()
    made = {p for provinces in state.extra.get("new_states", {}).values() for p in provinces}
    if province not in made and province not in state.extra.get("new_centers", {}):
        raise ActionError(f"{province} is not a centre of a state made in play (a secession): its value is the map's")
    if not centre_value(setup, state, province):
        raise ActionError(f"{province} is not a centre")
    work = state.copy()
    work.extra.setdefault("new_centers", {})[province] = int(parts[-1])
    return work, f"the centre {province} is worth {int(parts[-1])}"


def _values_now(setup: Setup, state: GameState) -> str:
    made = {p for provinces in state.extra.get("new_states", {}).values() for p in provinces}
    made |= set(state.extra.get("new_centers", {}))
    found = [f"{p} {centre_value(setup, state, p)}" for p in sorted(made) if centre_value(setup, state, p)]
    return ", ".join(found) or "no centre made in play yet"


def _minor_named(setup: Setup, state: GameState, text: str) -> str | None:
    wanted = normalise_name(text)
    names = setup.board.state_names
    return next((m for m in states(setup, state) if wanted in (normalise_name(m), normalise_name(names.get(m, m)))),
                None)


def _split(words: str, first: int) -> tuple[str, str]:
    """The GM's words cut after ``first`` words (negative: before the last ones)."""
    parts = words.split()
    return " ".join(parts[:first]), " ".join(parts[first:])


def choose_exclusive(setup: Setup, state: GameState, words: str) -> tuple[GameState, str]:
    """A-v3-18: where two modifiers give an exclusive right to one state, the one the GM names holds there."""
    for cut in range(1, len(words.split())):
        place, rest = _split(words, cut)
        minor = _minor_named(setup, state, place)
        if minor is not None:
            break
    else:
        raise ActionError("write the state and the modifier, as in EXCLUSIVE WES Catholic League (or WES DEFAULT)")
    rivals = [m for m in MODIFIERS if minor in m.exclusive]
    if len(rivals) < 2:
        raise ActionError(f"no two modifiers give exclusive rights to {minor}")
    work = state.copy()
    chosen = work.extra.setdefault("exclusive", {})
    if rest.upper() in _DEFAULT:
        chosen.pop(minor, None)
        return work, f"in {minor} the rule decides again where exclusive rights meet"
    modifier = find_modifier(rest)
    if modifier not in rivals:
        raise ActionError(f"the exclusive rights to {minor} are those of {', '.join(m.name for m in rivals)}")
    assert modifier is not None
    chosen[minor] = modifier.key
    return work, f"where exclusive rights to {minor} meet, {modifier.name}'s holds"


def _exclusive_now(setup: Setup, state: GameState) -> str:
    chosen = state.extra.get("exclusive", {})
    return ", ".join(f"{m}: {BY_KEY[k].name}" for m, k in sorted(chosen.items()) if k in BY_KEY) or \
        f"as the rule option exclusive_conflict = {setup.options['exclusive_conflict']} says"


def _faith_right(modifier: Modifier | None) -> bool:
    return modifier is not None and bool(modifier.exclusive) and modifier.exclusive_to in ("ANY", "CATHOLIC",
                                                                                          "PROTESTANT")


def choose_leader(setup: Setup, state: GameState, words: str) -> tuple[GameState, str]:
    """A-v3-13: the power that holds a modifier's exclusive right when the leaders tie on influence and score."""
    name, who = _split(words, -1)
    modifier = find_modifier(name)
    if not _faith_right(modifier):
        rights = ", ".join(m.name for m in MODIFIERS if _faith_right(m))
        raise ActionError(f"write a modifier whose right goes to the leading power ({rights}), then the power")
    assert modifier is not None
    work = state.copy()
    leaders = work.extra.setdefault("leaders", {})
    if who.upper() in _DEFAULT:
        leaders.pop(modifier.key, None)
        return work, f"on a tie for {modifier.name}'s right, nobody holds it"
    power = setup.board.power_named(who)
    if power is None or modifier.exclusive_to not in ("ANY", setup.faith.get(power)):
        raise ActionError(f"{who!r} is not a power that may hold {modifier.name}'s right")
    leaders[modifier.key] = power
    return work, f"on a tie for {modifier.name}'s right, {power.title()} holds it"


def _leaders_now(setup: Setup, state: GameState) -> str:
    chosen = state.extra.get("leaders", {})
    return ", ".join(f"{BY_KEY[k].name}: {p.title()}" for k, p in sorted(chosen.items()) if k in BY_KEY) or \
        "none: on a tie nobody holds the right"


def choose_winner(setup: Setup, state: GameState, words: str) -> tuple[GameState, str]:
    """R-v3-126: the GM's call should the players agree to stop while the leaders tie on rounds and score."""
    work = state.copy()
    if words.strip().upper() in _DEFAULT:
        work.extra.pop("agreement_winner", None)
        return work, "if the players agree to stop and the leaders tie, nobody wins"
    power = setup.board.power_named(words.strip())
    if power is None or power not in active_powers(setup, state):
        raise ActionError(f"name a power still in the game, as in WINNER Spain: not {words.strip()!r}")
    work.extra["agreement_winner"] = power
    return work, f"if the players agree to stop and the leaders tie, {power.title()} wins (R-v3-126)"


def _winner_now(setup: Setup, state: GameState) -> str:
    chosen = state.extra.get("agreement_winner")
    return f"{chosen.title()} on a tie" if chosen else "nobody on a tie"


def _abandoned_now(setup: Setup, state: GameState) -> str:
    return ", ".join(p.title() for p in state.extra.get("abandoned", [])) or "none"


def set_modifier(setup: Setup, state: GameState, words: str) -> tuple[GameState, str]:
    """A modifier in force from now, or ended (A-v3-11: the modifiers of 1615 are the GM's to set).

    ON goes through the ballot's own enactment, so one-off effects (a
    secession, Catalonia's centre) happen as if voted; OFF only ends it.
    """
    name, _, switch = words.strip().rpartition(" ")
    switch = switch.upper()
    if switch not in ("ON", *_OFF) or not name.strip():
        raise ActionError("say which modifier and ON or OFF, e.g. MODIFIER Wallenstein ON")
    modifier = find_modifier(name.strip())
    if modifier is None:
        raise ActionError(f"no modifier is called {name.strip()!r}")
    work = state.copy()
    in_force = list(modifiers_in_force(work))
    if switch == "ON":
        if modifier.key in in_force:
            raise ActionError(f"{modifier.name} is already in force")
        notes = enact(setup, work, [modifier.key])
        return work, "; ".join(notes)
    if modifier.key not in in_force:
        raise ActionError(f"{modifier.name} is not in force")
    work.extra["modifiers"] = [k for k in in_force if k != modifier.key]
    return work, f"{modifier.name} is no longer in force"


def _modifiers_now(setup: Setup, state: GameState) -> str:
    return _names(list(modifiers_in_force(state))) or "none"


Decision = Callable[[Setup, GameState, str], tuple[GameState, str]]
Shown = Callable[[Setup, GameState], str]


def gm_actions(setup: Setup) -> tuple[GmAction, ...]:
    """The decisions the edition's GM may make by mail (its ``gm_actions``), bound to the game's setup.

    All are public but the GM's call on an agreement, which would tell the
    players who has agreed (the AGREE lines are secret).
    """
    def action(name: str, usage: str, summary: str, decide: Decision, current: Shown,
               public: bool = True) -> GmAction:
        return GmAction(name, usage, summary, partial(decide, setup), partial(current, setup), public)

    every = (
        action("BALLOT", "BALLOT modifier, modifier, modifier | DEFAULT",
               "the modifiers on the coming Late Winter's ballot (R-v3-78)", choose_ballot, _ballot_now),
        action("LETTER", "LETTER letter army", "which army carries a letter: W is Wallenstein's (R-v3-86)",
               letter_unit, _letters_now),
        action("ABANDON", "ABANDON power [OFF]", "a power abandoned by its player, dissolved in Early Winter "
               "(R-v3-123)", abandon, _abandoned_now),
        action("VALUE", "VALUE centre number", "the value of a centre of a state made in play (R-v3-93, R-v3-94, "
               "R-v3-106)", set_value, _values_now),
        action("EXCLUSIVE", "EXCLUSIVE state modifier | DEFAULT", "which exclusive right holds where two meet "
               "(A-v3-18)", choose_exclusive, _exclusive_now),
        action("LEADER", "LEADER modifier power | DEFAULT", "who holds a right when the leading powers tie "
               "(A-v3-13)", choose_leader, _leaders_now),
        action("WINNER", "WINNER power | DEFAULT", "who wins if the players agree to stop while the leaders tie "
               "(R-v3-126)", choose_winner, _winner_now, public=False),
        action("MODIFIER", "MODIFIER modifier ON | OFF", "a modifier put in force or ended by the GM, e.g. those "
               "of 1615 (A-v3-11)", set_modifier, _modifiers_now),
        action("ALLIANCE", "ALLIANCE power power", "two powers' permanent alliance, declared to the GM before "
               "1618 (R-1308-81)", declare_alliance, alliances_now),
    )
    return tuple(a for a in every if a.name in setup.edition.gm_actions)
