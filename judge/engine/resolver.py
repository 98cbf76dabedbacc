"""Solving the order decisions of a movement phase as a set of equations.

Following DATC section 5: every decision (does this move succeed, is this
support given, is this convoy route intact) is true or false, never "true
until cut".  A decision is computed from others; when that leads back to
itself, we guess both values.  One consistent answer is taken; two or none
means a paradox or a circular movement, settled by a backup rule the caller
supplies.
"""

from __future__ import annotations

from collections.abc import Callable

UNRESOLVED, GUESSING, RESOLVED = 0, 1, 2


class Resolver:
    """Memoised, cycle-aware evaluation of boolean decisions numbered 0..n-1."""

    __slots__ = ("_adjudicate", "_backup", "_state", "_value", "_deps")

    def __init__(self, count: int, adjudicate: Callable[[int], bool],
                 backup: Callable[[list[int]], dict[int, bool]]) -> None:
        self._adjudicate = adjudicate
        self._backup = backup
        self._state = [UNRESOLVED] * count
        self._value = [False] * count
        self._deps: list[int] = []

    def resolve(self, decision: int) -> bool:
        state = self._state[decision]
        if state == RESOLVED:
            return self._value[decision]
        if state == GUESSING:
            # Always recorded, even if already listed: the caller's value now rests on a guess
            # and must not be settled (Pandin's paradox, DATC 6.F.16, shows why).
            self._push(decision)
            return self._value[decision]
        mark = len(self._deps)
        first = self._attempt(decision, False)
        if len(self._deps) == mark:
            if self._state[decision] != RESOLVED:
                self._settle(decision, first)
            return self._value[decision]
        if self._deps[mark] != decision:
            # Part of a cycle that started further up: report our guess-based value.
            self._push(decision)
            self._value[decision] = first
            return first
        self._unwind(mark)
        second = self._attempt(decision, True)
        if first == second:
            self._unwind(mark)
            self._settle(decision, first)
            return first
        cycle = self._deps[mark:]
        self._unwind(mark)
        for member, value in self._backup(cycle).items():
            self._settle(member, value)
        return self.resolve(decision)

    def forget(self) -> None:
        """Drop the callbacks once every decision is read: they hold their caller, which holds this."""
        self._adjudicate = self._backup = _spent

    def _attempt(self, decision: int, guess: bool) -> bool:
        self._value[decision] = guess
        self._state[decision] = GUESSING
        return self._adjudicate(decision)

    def _settle(self, decision: int, value: bool) -> None:
        self._value[decision] = value
        self._state[decision] = RESOLVED

    def _push(self, decision: int) -> None:
        self._deps.append(decision)

    def _unwind(self, mark: int) -> None:
        while len(self._deps) > mark:
            decision = self._deps.pop()
            if self._state[decision] != RESOLVED:
                self._state[decision] = UNRESOLVED


def _spent(*_args: object) -> bool:
    raise RuntimeError("the phase is adjudicated: its decisions were forgotten")
