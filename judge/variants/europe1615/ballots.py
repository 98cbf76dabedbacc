"""Ballots: how many votes a power has, which ballots stand, and what they enact (R-v3-78 to R-v3-84).

A ballot item is a modifier key (``WALLENSTEIN``) or a motion to cancel one
(``CANCEL:WALLENSTEIN``).  Votes are signed: in favour or against.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from judge.engine.results import OK, VOID, OrderResult
from judge.engine.state import GameState
from judge.variants.europe1615.inputs import Ballot
from judge.variants.europe1615.modifiers import BY_KEY, find_modifier
from judge.variants.europe1615.sanctions import BALLOT_SIZE, ballot_choices, enact
from judge.variants.europe1615.tables import votes_for
from judge.variants.europe1615.world import Setup, active_powers, allocation

CANCEL = "CANCEL:"


def allowance(setup: Setup, state: GameState, power: str) -> int:
    """R-v3-79, R-v3-80: votes from this year's allocation, at most 15."""
    return votes_for(allocation(setup, state, power))


def ballot_items(setup: Setup, state: GameState) -> list[str]:
    """This winter's items: the three modifiers, then the motions presented this year."""
    return ballot_choices(setup, state) + [CANCEL + k for k in state.extra.get("motions", {})]


def item_named(text: str) -> str | None:
    """``Wallenstein`` -> WALLENSTEIN; ``CANCEL Wallenstein`` or ``MOTION CANCEL ...`` -> CANCEL:WALLENSTEIN."""
    words = text.strip().split()
    motion = False
    while words and words[0].upper() in ("MOTION", "CANCEL", "TO"):
        motion, words = True, words[1:]
    modifier = find_modifier(" ".join(words))
    if modifier is None:
        return None
    return CANCEL + modifier.key if motion else modifier.key


def read_ballot(setup: Setup, state: GameState, power: str, ballot: Ballot) -> tuple[dict[str, int], str]:
    """The ballot's votes by item, or a problem that rejects it whole."""
    items, votes = ballot_items(setup, state), {}
    for name, amount in ballot.votes:
        item = item_named(name)
        if item is None:
            return {}, f"no modifier is called {name!r}"
        if item not in items:
            return {}, f"{_label(item)} is not on this year's ballot"
        if amount == 0:
            return {}, f"{_label(item)}: a vote is +N (in favour) or -N (against)"
        if item in votes:
            return {}, f"{_label(item)} is voted on twice"
        votes[item] = amount
    spent, limit = sum(abs(v) for v in votes.values()), allowance(setup, state, power)
    if spent > limit:
        return {}, f"{spent} votes cast, but {power} has {limit}"  # R-v3-79
    if setup.options["ballot_minimum"] == "each":  # A-v3-08, Reading 1
        missing = [_label(k) for k in items[:BALLOT_SIZE] if k in BY_KEY and k not in votes]
        if missing:
            return {}, "every modifier on the ballot needs at least 1 vote, for or against: " + ", ".join(missing)
    return votes, ""


def _label(item: str) -> str:
    if item.startswith(CANCEL):
        return f"the motion to cancel {BY_KEY[item[len(CANCEL):]].name}"
    return BY_KEY[item].name


def consolidate(votes: Mapping[str, Mapping[str, int]], items: Sequence[str],
                motion_threshold: str = "top3") -> tuple[list[str], list[str]]:
    """R-v3-81, R-v3-82, A-v3-09: (modifiers enacted, modifiers whose cancellation passed)."""
    net = {item: 0 for item in items}
    for ballot in votes.values():
        for item, amount in ballot.items():
            net[item] = net.get(item, 0) + amount
    modifiers = [k for k in net if not k.startswith(CANCEL)]
    top = max((net[k] for k in modifiers), default=0)
    winners = [k for k in modifiers if top > 0 and net[k] == top]
    winners = sorted(winners, key=lambda k: BY_KEY[k].index)[:BALLOT_SIZE]
    passed = []
    for item, score in net.items():
        if not item.startswith(CANCEL) or score <= 0:
            continue
        higher = sum(1 for other in net.values() if other > score)
        if motion_threshold == "positive" or higher < BALLOT_SIZE:
            passed.append(item[len(CANCEL):])
    return winners, passed


def hold_ballot(setup: Setup, state: GameState, given: Mapping[str, Sequence[Ballot]]) -> list[OrderResult]:
    """Read every power's ballot, consolidate, enact, apply motions; report each ballot and the outcome."""
    results, accepted = [], {}
    for power, ballots in given.items():
        for ballot in ballots[:-1]:
            results.append(OrderResult(power, "", ballot, VOID, "replaced by a later ballot"))
        if not ballots:
            continue
        ballot = ballots[-1]
        if power not in active_powers(setup, state):
            results.append(OrderResult(power, "", ballot, VOID, f"{power} is out of the game"))
            continue
        votes, problem = read_ballot(setup, state, power, ballot)
        if problem:
            results.append(OrderResult(power, "", ballot, VOID, problem))
            continue
        accepted[power] = votes
        results.append(OrderResult(power, "", ballot, OK, "ballot counted"))
    winners, cancelled = consolidate(accepted, ballot_items(setup, state), setup.options["motion_threshold"])
    notes = enact(setup, state, [k for k in winners if k not in cancelled])
    for key in cancelled:
        state.extra["modifiers"] = [k for k in state.extra.get("modifiers", []) if k != key]
        removed = state.extra.setdefault("removed", [])
        if key not in removed:
            removed.append(key)
        notes.append(f"the motion passes: {BY_KEY[key].name} is cancelled and off all future ballots")
    state.extra["ballot_result"] = notes or ["no modifier received a positive vote"]
    state.extra.pop("motions", None)
    state.extra.pop("ballot", None)
    return results
