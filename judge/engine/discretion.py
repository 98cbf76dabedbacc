"""What the rules leave to the GM: per-game rule options, and GM decisions on a game's variant data.

A ruleset offers the GM two kinds of change, named here so the mail loop
never asks which variant it plays:

* a :class:`RuleOption` is one of the ruleset file's ``[options]`` that a GM
  may set for one game (``SET RULE``): the game keeps its overrides and the
  loader merges them into the file's options (``judge.variants.load_variant``);
* a :class:`GmAction` is a decision on the game's position (``GM BALLOT …``):
  a pure function from the state and the GM's words to a new state and a note
  that says what changed, so it can be tested without mail.

>>> option = RuleOption("ballot_minimum", "each", ("each", "net"))
>>> option.read("NET")
'net'
>>> option.read("half")
Traceback (most recent call last):
    ...
judge.engine.discretion.OptionError: ballot_minimum takes each or net, not 'half'
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from judge.engine.state import GameState

#: a game's overrides in a hashable, canonical form: (name, value) pairs sorted by name
Overrides = tuple[tuple[str, Any], ...]

_TRUE = ("true", "yes", "on", "1")
_FALSE = ("false", "no", "off", "0")


class OptionError(ValueError):
    """A rule option the ruleset does not have, or a value it does not take; the message lists what it takes."""


class ActionError(ValueError):
    """A GM decision that cannot stand; the message is the reason the GM reads."""


def show(value: Any) -> str:
    """An option value as a GM writes it (``true``, ``3``, ``fewer_first``)."""
    return str(value).lower() if isinstance(value, bool) else str(value)


@dataclass(frozen=True)
class RuleOption:
    """One option a GM may set for a game: its value in force, and the values it takes.

    ``choices`` lists the readings allowed; without them any value of the
    type of ``value`` is taken (a whole number within ``minimum`` and
    ``maximum``).  ``note`` says what the option decides (the rule's id).
    """

    name: str
    value: Any
    choices: tuple[Any, ...] = ()
    note: str = ""
    minimum: int | None = None
    maximum: int | None = None

    def allowed(self) -> str:
        """The values this option takes, as a GM would write them."""
        if self.choices:
            words = [show(c) for c in self.choices]
            return ", ".join(words[:-1]) + " or " + words[-1] if len(words) > 1 else words[0]
        if isinstance(self.value, bool):
            return "true or false"
        if isinstance(self.value, int):
            low = "" if self.minimum is None else f" from {self.minimum}"
            high = "" if self.maximum is None else f" to {self.maximum}"
            return f"a whole number{low}{high}"
        return "a word"

    def read(self, text: str) -> Any:
        """The GM's word as a value of this option: numbers as numbers, ``yes``/``no`` as true/false."""
        word = text.strip().lower()
        value: Any = word
        if isinstance(self.value, bool) or (self.choices and isinstance(self.choices[0], bool)):
            value = True if word in _TRUE else False if word in _FALSE else word
        elif isinstance(self.value, int):
            value = int(word) if word.lstrip("-").isdigit() else word
        try:
            return self.check(value)
        except OptionError:
            raise OptionError(f"{self.name} takes {self.allowed()}, not {text.strip()!r}") from None

    def check(self, value: Any) -> Any:
        """``value`` if this option takes it (a stored override is checked again on loading).

        A number given for a word that is a number (``civil_disorder: 2000`` in
        a JSON request) is read as that word.

        >>> RuleOption("civil_disorder", "2023", ("2023", "2000")).check(2000)
        '2000'
        """
        if isinstance(value, int) and not isinstance(value, bool) and isinstance(self.value, str):
            value = str(value)
        wanted = type(self.value)
        fits = isinstance(value, wanted) and (wanted is bool or not isinstance(value, bool))
        if fits and self.choices:
            fits = value in self.choices
        if fits and wanted is int:
            fits = (self.minimum is None or value >= self.minimum) and (self.maximum is None or value <= self.maximum)
        if not fits:
            raise OptionError(f"{self.name} takes {self.allowed()}, not {show(value)!r}")
        return value


def frozen_overrides(overrides: Mapping[str, Any] | Overrides) -> Overrides:
    """Overrides in their canonical form, the loader's cache key: the same options give the same key."""
    if not overrides:  # most games and requests: asked once per order line, so without sorting anything
        return ()
    items = overrides.items() if isinstance(overrides, Mapping) else overrides
    return tuple(sorted((str(name), value) for name, value in items))


def check_overrides(options: Sequence[RuleOption], overrides: Mapping[str, Any]) -> dict[str, Any]:
    """The overrides, each checked against the option it names; OptionError for an unknown name or value."""
    known = {option.name: option for option in options}
    checked = {}
    for name, value in overrides.items():
        option = known.get(name)
        if option is None:
            names = ", ".join(sorted(known)) or "none"
            raise OptionError(f"there is no rule option {name!r} (the options are: {names})")
        checked[name] = option.check(value)
    return checked


#: a GM decision: (the state, the GM's words after the action's name) -> (the new state, what changed)
Decide = Callable[[GameState, str], tuple[GameState, str]]


@dataclass(frozen=True)
class GmAction:
    """A decision the rules leave to the GM, reached by ``GM <name> <words…>``.

    ``decide`` is pure: it returns a changed copy of the state (its ``extra``)
    and a sentence saying what the GM decided, or raises :class:`ActionError`.
    ``current`` says what holds now (for ``RULES``); ``public`` decisions are
    announced to the players, the others only acknowledged to the GM.
    """

    name: str
    usage: str
    summary: str
    decide: Decide
    current: Callable[[GameState], str] | None = None
    public: bool = True


__all__ = ["ActionError", "Decide", "GmAction", "OptionError", "Overrides", "RuleOption", "check_overrides",
           "frozen_overrides", "show"]
