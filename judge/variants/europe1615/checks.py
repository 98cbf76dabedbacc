"""Whether a Version 3 line mailed to the judge can stand now, and what a power still owes.

The adjudication checks every input again when the phase is played (and
voids what cannot stand then).  These checks answer the player at once, in
the reply to the mail: against the position at the start of the phase and
the power's other lines of the same phase (its budget, its votes).  Like the
rest of the package they only read ``state``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from judge.engine.state import GameState
from judge.variants.europe1615.attacks import attack_problem, immune, phase_bar
from judge.variants.europe1615.auction import bid_problem
from judge.variants.europe1615.ballots import (
    CANCEL,
    allowance,
    ballot_items,
    item_named,
)
from judge.variants.europe1615.influence import (
    budget,
    deploy_problem,
    period,
    remaining,
)
from judge.variants.europe1615.inputs import (
    INPUT_NAMES,
    Agree,
    Attack,
    Ballot,
    Bid,
    Deploy,
    MinorDisband,
    Motion,
    Permit,
    WaiveCapture,
)
from judge.variants.europe1615.modifiers import BY_KEY, find_modifier
from judge.variants.europe1615.sanctions import BALLOT_SIZE
from judge.variants.europe1615.status import (
    aligned_to,
    influence_in,
    modifiers_in_force,
)
from judge.variants.europe1615.winter import disband_captured, settle_captures
from judge.variants.europe1615.world import (
    Setup,
    active_powers,
    allocation,
    holdings,
    states,
    unit_owner_at,
)

Check = tuple[str, str]  # (why the line cannot stand, or ""; a note for the reply)

#: the phase kind each input is sent in (a BID goes in before the game, with no state)
PHASE_OF: dict[type, str] = {Deploy: "M", Attack: "M", WaiveCapture: "M", Motion: "M", Permit: "M", Agree: "M",
                             Ballot: "A", MinorDisband: "E"}
PHASE_WORDS = {"I": "the Initial Status Check", "M": "a movement phase", "R": "a retreat phase",
               "E": "Early Winter", "A": "Late Winter", "S": "the Scoring phase"}
WHAT = {Deploy: "an INF deployment", Attack: "a diplomatic attack", WaiveCapture: "a capture waiver",
        Motion: "a motion", Permit: "a permit", Agree: "AGREE", Ballot: "a ballot line",
        MinorDisband: "a disband", Bid: "a BID sheet"}


def input_key(setup: Setup, value: Any) -> str:
    """The key under which a power's input is kept for the phase: a later line with the same key replaces it."""
    simple = {Attack: "ATTACK", Motion: "MOTION", Agree: "AGREE", Bid: "BID"}
    if isinstance(value, Attack) and setup.edition.ottoman_attack and value.state == setup.ottoman:
        return f"ATTACK:{setup.ottoman}"  # R-1308-56: the second attack, inside the Ottoman Empire
    if type(value) in simple:
        return simple[type(value)]
    if isinstance(value, Deploy):
        return f"INF:{value.state}"
    if isinstance(value, Ballot):
        return "BALLOT:" + ",".join(item_named(name) or name.upper() for name, _ in value.votes)
    if isinstance(value, WaiveCapture):
        return f"WAIVE:{value.province}"
    if isinstance(value, Permit):
        return f"PERMIT:{value.province}"
    if isinstance(value, MinorDisband):
        return f"DISBAND:{setup.board.province_of_or_none(value.location) or value.location}"
    return ""


def check_input(setup: Setup, state: GameState | None, power: str, value: Any, earlier: Sequence[Any]) -> Check:
    """Why ``power`` cannot send ``value`` now ("" if it can), and a note; ``earlier``: its other lines this phase."""
    if INPUT_NAMES.get(type(value)) not in setup.edition.inputs:
        return f"{WHAT.get(type(value), 'this line')} is not part of this edition's rules", ""
    if isinstance(value, Bid):
        if state is not None:
            return "BID sheets are sent before the game starts", ""
        return _bid(setup, value)
    if state is None:
        return "the game has not started: only a BID sheet may be sent now", ""
    kind = PHASE_OF.get(type(value))
    if kind != state.phase.kind:
        where = f" (it goes with {PHASE_WORDS[kind]})" if kind else ""
        what, now = WHAT.get(type(value), "this line"), PHASE_WORDS.get(state.phase.kind, "this phase")
        return f"{what} is not an order for {now}{where}", ""
    if power not in active_powers(setup, state):
        return f"{power} is out of the game", ""
    key = input_key(setup, value)
    others = [v for v in earlier if input_key(setup, v) != key]
    return _CHECKS[type(value)](setup, state, power, value, others)


def _name(setup: Setup, abbr: str) -> str:
    state_name = setup.board.state_names.get(abbr)
    if state_name:
        return state_name
    province = setup.board.provinces.get(abbr)
    return province.name if province is not None else abbr.title()


def _deploy(setup: Setup, state: GameState, power: str, value: Deploy, others: list[Any]) -> Check:
    """R-v3-09 to R-v3-17: an open state, and within the year's budget with the phase's other lines."""
    problem = deploy_problem(setup, state, power, value.state)
    if problem:
        return problem, ""
    if value.amount <= 0:
        return "deploy a positive number of INFs", ""
    total, when = budget(setup, state, power), period(setup)
    left = remaining(setup, state, power) - sum(v.amount for v in others if isinstance(v, Deploy))
    if value.amount > left:
        return f"over {when}'s budget: {max(left, 0)} of {total} INFs left", ""
    return "", f"{value.amount} INFs to {_name(setup, value.state)}; {left - value.amount} of {total} left {when}"


def _attack(setup: Setup, state: GameState, power: str, value: Attack, others: list[Any]) -> Check:
    """R-v3-36 to R-v3-45: one attack a phase, in a state not captured, on another power; R-1308-54."""
    problem = phase_bar(setup, state) or attack_problem(setup, state, power, value.state, value.target)
    if problem:
        return problem, ""
    target = value.target.title()
    notes = [f"attack accepted: on {target} in {_name(setup, value.state)} (one attack per phase: a later attack "
             "line replaces this one)"]
    if input_key(setup, value) != "ATTACK":
        notes = ["your one attack inside the Ottoman Empire this phase, told only to the powers involved"]
    shield = immune(state, value.target)
    if shield:
        notes.append(f"{target} is immune ({shield}): the attack will fail")
    deploying = any(isinstance(v, Deploy) and v.state == value.state for v in others)
    if not influence_in(state, value.state).get(power) and not deploying:
        notes.append(f"you have no INFs in {_name(setup, value.state)} yet: without some the attack fails")
    return "", "; ".join(notes)


def _ballot(setup: Setup, state: GameState, power: str, value: Ballot, others: list[Any]) -> Check:
    """R-v3-78, R-v3-79: items on this year's ballot, votes within the allowance."""
    items = ballot_items(setup, state)
    for name, amount in value.votes:
        item = item_named(name)
        if item is None:
            return f"no modifier is called {name!r}", ""
        if item not in items:
            return f"{item_label(item)} is not on this year's ballot ({', '.join(map(item_label, items))})", ""
        if amount == 0:
            return f"{item_label(item)}: a vote is +N (in favour) or -N (against)", ""
    votes = [v for b in [*others, value] if isinstance(b, Ballot) for v in b.votes]
    spent, limit = sum(abs(n) for _, n in votes), allowance(setup, state, power)
    if spent > limit:
        return f"{spent} votes cast, but {power.title()} has {limit}", ""
    voted = {item_named(name) for name, _ in votes}
    still = [item_label(k) for k in items[:BALLOT_SIZE] if k not in voted and not k.startswith(CANCEL)]
    note = f"{spent} of {limit} votes cast"
    if still and setup.options["ballot_minimum"] == "each":
        note += "; still to vote on (at least 1 vote each): " + ", ".join(still)
    return "", note


def item_label(item: str) -> str:
    """A ballot item in words: ``Wallenstein``, ``the motion to cancel Wallenstein``."""
    if item.startswith(CANCEL):
        return f"the motion to cancel {BY_KEY[item[len(CANCEL):]].name}"
    return BY_KEY[item].name


def _waive(setup: Setup, state: GameState, power: str, value: WaiveCapture, others: list[Any]) -> Check:
    return "", f"{power.title()} will not capture {_name(setup, value.province)} (until the next build phase)"


def _motion(setup: Setup, state: GameState, power: str, value: Motion, others: list[Any]) -> Check:
    """R-v3-84: one motion per player per game."""
    modifier = find_modifier(value.modifier)
    if modifier is None:
        return f"no modifier is called {value.modifier!r}", ""
    used = state.extra.get("motions_used", {})
    if power in used:
        return f"{power.title()} has already used its motion (on {BY_KEY[used[power]].name})", ""
    if modifier.key in state.extra.get("removed", []):
        return f"{modifier.name} has already been removed", ""
    return "", f"the motion to cancel {modifier.name} will be on the winter ballot (one motion per game)"


def _permit(setup: Setup, state: GameState, power: str, value: Permit, others: list[Any]) -> Check:
    """R-v3-89: France lets Spain through Switzerland under the Treaty of Lyon."""
    if power != "FRANCE":
        return "only France grants passage (Treaty of Lyon)", ""
    note = f"{value.power.title()} may pass through {_name(setup, value.province)} this phase"
    if "TREATY_OF_LYON" not in modifiers_in_force(state):
        note += " (the Treaty of Lyon is not in force: nobody needs leave)"
    return "", note


def _agree(setup: Setup, state: GameState, power: str, value: Agree, others: list[Any]) -> Check:
    return "", "you agree to end the game: when every power still in it agrees, it ends (R-v3-126)"


def _disband(setup: Setup, state: GameState, power: str, value: MinorDisband, others: list[Any]) -> Check:
    """R-v3-56: the aligned power chooses which units of its minor state go."""
    board = setup.board
    province = board.province_of_or_none(value.location) or value.location
    owner = unit_owner_at(state, board, province)
    if owner is None:
        return f"there is no unit in {_name(setup, province)}", ""
    mine = disband_choices(setup, state).get(power, {})
    if owner not in mine:
        return f"{power.title()} has no disband to choose for {_name(setup, owner)}", ""
    chosen = sum(1 for v in others if isinstance(v, MinorDisband)
                 and unit_owner_at(state, board, board.province_of(v.location)) == owner)
    if chosen >= mine[owner]:
        return f"{_name(setup, owner)} disbands only {mine[owner]} unit(s)", ""
    return "", f"the {_name(setup, owner)} unit in {_name(setup, province)} will be disbanded"


def _bid(setup: Setup, value: Bid) -> Check:
    """R-v3-131: 100 points over the five powers, at least 5 each."""
    points = dict(value.points)
    if len(points) != len(value.points):
        return "a power is named twice", ""
    problem = bid_problem(points, setup.powers)
    if problem:
        powers = ", ".join(p.title() for p in setup.powers)
        return (f"{problem}: send JOIN <game> <your password> again (the seat is kept) with the whole sheet "
                f"corrected, 100 points over {powers}, at least 5 on each (BID {setup.powers[0].title()} 20 ...)"), ""
    return "", "your bid is in; the powers are assigned when the GM starts the game"


_CHECKS: dict[type, Callable[..., Check]] = {
    Deploy: _deploy, Attack: _attack, Ballot: _ballot, WaiveCapture: _waive, Motion: _motion, Permit: _permit,
    Agree: _agree, MinorDisband: _disband,
}


def disband_choices(setup: Setup, state: GameState) -> dict[str, dict[str, int]]:
    """R-v3-56: power -> {minor state: units it must choose to disband} in this Early Winter.

    Worked out on the position as Early Winter will leave it: the year's
    captures settled and the units of captured states gone.
    """
    work = state.copy()
    settle_captures(setup, work)
    disband_captured(setup, work)
    found: dict[str, dict[str, int]] = {}
    for minor in states(setup, work):
        surplus = len(work.units.get(minor, [])) - len(holdings(setup, work, minor))
        power = aligned_to(setup, work, minor)
        if surplus > 0 and power is not None:
            found.setdefault(power, {})[minor] = surplus
    return found


# -- what a power may order, and what it owes -------------------------------------------------

def may_order(setup: Setup, state: GameState, power: str, owner: str) -> bool:
    """Whether an order from ``power`` to a unit of ``owner`` is taken when mailed (R-v3-10, R-v3-46).

    Its own units; the Ottoman units, if its yearly weight counts (R-v3-47);
    a minor state's units if the state is aligned to it, or it has INFs
    there, or may deploy there now: the phase's INFs and attacks come before
    the orders (R-v3-05), so the state may be aligned to it by then (R-v3-24:
    orders may be sent "in anticipation of a change in status").
    """
    if owner == power:
        return True
    if power not in active_powers(setup, state):
        return False
    if owner == setup.ottoman and owner not in setup.minors:
        return allocation(setup, state, power) > 0
    if owner not in states(setup, state):
        return False
    return (aligned_to(setup, state, owner) == power or bool(influence_in(state, owner).get(power))
            or not deploy_problem(setup, state, power, owner))


def inputs_due(setup: Setup, state: GameState, power: str) -> tuple[tuple[str, str], ...]:
    """What ``power`` owes besides its units' orders: Late Winter votes (R-v3-78), Early Winter disbands (R-v3-56)."""
    kind = state.phase.kind
    if power not in active_powers(setup, state):
        return ()
    if kind == "E":
        return tuple(("DISBAND", f"a unit of {_name(setup, minor)} to disband")
                     for minor, n in disband_choices(setup, state).get(power, {}).items() for _ in range(n))
    if kind != "A" or not setup.edition.modifiers or allowance(setup, state, power) <= 0:
        return ()
    modifiers = [k for k in ballot_items(setup, state) if not k.startswith(CANCEL)]
    if not modifiers:
        return ()
    if setup.options["ballot_minimum"] == "each":  # A-v3-08: each modifier needs a vote
        return tuple((f"BALLOT:{k}", f"a vote on {item_label(k)}") for k in modifiers)
    return (("BALLOT", "a ballot"),)
