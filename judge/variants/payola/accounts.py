"""Treasuries (Payola rules 2.1–2.5): income, transfers, payments, and the private ledger of every movement.

A power's balance lives in ``state.extra["treasury"]``; every change of it
appends ``[phase, what, amount, balance]`` to ``state.extra["accounts"][power]``,
the account only its owner may see (2.5).  Each phase begins by
forgetting the entries of the phases before (:func:`begin_phase`): a results
mail shows its own phase's, and the history keeps every position, so a
position stays the same size however long the game.

>>> income(3, "diminishing", 18), income(4, "diminishing", 18), income(3, "flat", 18, per_center=7)
(48, 62, 21)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from judge.engine.state import GameState
from judge.variants.payola.options import PayolaOptions

TREASURY, ACCOUNTS, RECEIVED = "treasury", "accounts", "received"


class TransferError(ValueError):
    """A transfer that cannot be made; the message is the reason the player reads."""


def income(centers: int, scheme: str, victory: int, per_center: int = 7,
           values: Iterable[int] = ()) -> int:
    """A year's taxes for ``centers`` centres (2.1): victory−1 for the first, one less for each next (never < 0).

    ``flat`` pays ``per_center`` each (6.1); ``table`` the sum of the centres' ``values`` (6.6).
    """
    if scheme == "flat":
        return centers * per_center
    if scheme == "table":
        return sum(values)
    return sum(max(victory - i, 0) for i in range(1, centers + 1))


def balance(state: GameState, power: str) -> int:
    return int(state.extra.get(TREASURY, {}).get(power, 0))


def record(state: GameState, power: str, what: str, amount: int) -> None:
    """Change a power's balance by ``amount`` and write it in its private account."""
    treasury = state.extra.setdefault(TREASURY, {})
    treasury[power] = int(treasury.get(power, 0)) + amount
    state.extra.setdefault(ACCOUNTS, {}).setdefault(power, []).append(
        [str(state.phase), what, amount, treasury[power]])


def begin_phase(state: GameState) -> None:
    """Forget the entries of phases already reported; what was paid ahead for this one (income) stays."""
    phase = str(state.phase)
    kept = {p: [e for e in es if e and e[0] == phase] for p, es in state.extra.get(ACCOUNTS, {}).items()}
    if ACCOUNTS in state.extra:
        state.extra[ACCOUNTS] = {p: es for p, es in kept.items() if es}


def pay_income(state: GameState, options: PayolaOptions, victory: int, values: Mapping[str, int]) -> None:
    """Every power's taxes after the Winter adjustments (2.1); without carry-over the old money goes first."""
    for power in sorted(set(state.centers) | set(state.extra.get(TREASURY, {}))):
        owned = sorted(state.centers.get(power, ()))
        if not options.carry_over and balance(state, power):
            record(state, power, "unspent money lapses", -balance(state, power))
        gained = income(len(owned), options.income, victory, options.income_per_center,
                        (int(values.get(c, 0)) for c in owned))
        record(state, power, f"income for {len(owned)} centres", gained)


def transfer(state: GameState, options: PayolaOptions, giver: str, receiver: str, amount: int) -> str:
    """Move money between treasuries (2.3) and say so; TransferError when the rules or the balance forbid it.

    Under the Classic limit a power may not send money back to one that paid
    it before the next movement phase.
    """
    problem = transfer_problem(state, options, giver, receiver, amount)
    if problem:
        raise TransferError(problem)
    received = state.extra.setdefault(RECEIVED, {})
    record(state, giver, f"paid to {receiver}", -amount)
    record(state, receiver, f"received from {giver}", amount)
    received.setdefault(receiver, []).append(giver)
    return f"{giver} pays {amount} AgP to {receiver}"


def transfer_problem(state: GameState, options: PayolaOptions, giver: str, receiver: str, amount: int) -> str:
    """Why ``giver`` cannot pay ``amount`` to ``receiver`` now (2.3), or "": asked when the PAY line arrives
    (with the giver's earlier payments of the phase added) and again when it is made.

    >>> from judge.engine.state import GameState, Phase
    >>> state = GameState(Phase.parse("S1901M"), {}, extra={"treasury": {"FRANCE": 10}})
    >>> transfer_problem(state, PayolaOptions(), "FRANCE", "FRANCE", 5)
    'a power cannot pay itself'
    >>> transfer_problem(state, PayolaOptions(), "FRANCE", "ITALY", 11), transfer_problem(state, PayolaOptions(), "FRANCE", "ITALY", 10)
    ('FRANCE has only 10 AgP', '')
    """
    if options.transfers == "none":
        return "transfers are not allowed in this game"
    if amount <= 0:
        return "a transfer must be of at least one silver piece"
    if giver == receiver:
        return "a power cannot pay itself"
    if amount > balance(state, giver):
        return f"{giver} has only {balance(state, giver)} AgP"
    if options.transfers == "classic" and receiver in state.extra.get(RECEIVED, {}).get(giver, []):
        return f"{receiver} paid {giver} this phase: no payment back before the next movement phase"
    return ""


def starting_treasury(centers: Mapping[str, Iterable[str]], options: PayolaOptions, victory: int,
                      values: Mapping[str, int]) -> dict[str, Any]:
    """One year's income for the starting centres: 48 AgP, Russia 62 on the standard map (2.1)."""
    return {power: income(len(list(owned)), options.income, victory, options.income_per_center,
                          (int(values.get(c, 0)) for c in owned))
            for power, owned in ((p, sorted(cs)) for p, cs in centers.items())}
