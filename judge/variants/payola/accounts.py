"""Treasuries (Payola rules 2.1–2.5): income, transfers, payments, and the private ledger of every movement.

A power's balance lives in ``state.extra["treasury"]``; every change of it
appends ``[phase, what, amount, balance]`` to ``state.extra["accounts"][power]``,
the account only its owner may see (2.5).

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
    if options.transfers == "none":
        raise TransferError("transfers are not allowed in this game")
    if amount <= 0:
        raise TransferError("a transfer must be of at least one silver piece")
    if giver == receiver:
        raise TransferError("a power cannot pay itself")
    if amount > balance(state, giver):
        raise TransferError(f"{giver} has only {balance(state, giver)} AgP")
    received = state.extra.setdefault(RECEIVED, {})
    if options.transfers == "classic" and receiver in received.get(giver, []):
        raise TransferError(f"{receiver} paid {giver} this phase: no payment back before the next movement phase")
    record(state, giver, f"paid to {receiver}", -amount)
    record(state, receiver, f"received from {giver}", amount)
    received.setdefault(receiver, []).append(giver)
    return f"{giver} pays {amount} AgP to {receiver}"


def starting_treasury(centers: Mapping[str, Iterable[str]], options: PayolaOptions, victory: int,
                      values: Mapping[str, int]) -> dict[str, Any]:
    """One year's income for the starting centres: 48 AgP, Russia 62 on the standard map (2.1)."""
    return {power: income(len(list(owned)), options.income, victory, options.income_per_center,
                          (int(values.get(c, 0)) for c in owned))
            for power, owned in ((p, sorted(cs)) for p, cs in centers.items())}
