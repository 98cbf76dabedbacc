"""Who may read what: secret orders and facts left out of other viewers' mails.

Some variants hide things (Europe 1615 hides the Ottoman vote, bribes are
private).  The render layer does not know the rules; the caller marks an item
secret by wrapping it in :class:`Secret` with the viewers entitled to it, and
every list a mail shows is filtered with :func:`reveal` for the viewer the
mail is for.  The GM sees everything.  One address that holds several roles
in a game (two powers, or a power and observer) reads one mail as the set of
its roles (a :data:`Viewer` that is a frozenset): each secret it may see
under any of them, and no other.

>>> reveal(["public", Secret("private", frozenset({"FRANCE"}))], "ENGLAND")
['public']
>>> reveal(["public", Secret("private", frozenset({"FRANCE"}))], "france")
['public', 'private']
>>> reveal([Secret("f", frozenset({"FRANCE"})), Secret("i", frozenset({"ITALY"}))], frozenset({"FRANCE", "ENGLAND"}))
['f']
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Generic, TypeVar

GM = "GM"
OBSERVER = "OBSERVER"

T = TypeVar("T")

#: who reads a mail: a power, ``"GM"``, ``"OBSERVER"``, or the set of them one address holds
Viewer = str | frozenset[str]


@dataclass(frozen=True, slots=True)
class Secret(Generic[T]):
    """An item only ``visible_to`` (power names, ``"OBSERVER"``) and the GM may see."""

    item: T
    visible_to: frozenset[str]


def may_see(visible_to: frozenset[str] | None, viewer: Viewer) -> bool:
    """None means public; the GM is entitled to every secret; a set of roles to what any of them may see."""
    if visible_to is None:
        return True
    who = {viewer.upper()} if isinstance(viewer, str) else {v.upper() for v in viewer}
    return GM in who or bool(who & {v.upper() for v in visible_to})


def visibility(item: object) -> frozenset[str] | None:
    """The viewers a (possibly wrapped) item is meant for; None for a public item."""
    return item.visible_to if isinstance(item, Secret) else None


def unwrap(item: Secret[T] | T) -> T:
    return item.item if isinstance(item, Secret) else item


def reveal(items: Iterable[Secret[T] | T], viewer: Viewer) -> list[T]:
    """The items ``viewer`` may see, unwrapped, in their order."""
    return [unwrap(i) for i in items if may_see(visibility(i), viewer)]


def reveal_all(value: object, viewer: Viewer) -> object:
    """``value`` with every secret ``viewer`` may not see left out, at any depth of lists and dicts.

    A variant's sections of a result mail are nested data (rows of tables,
    lines of lists); a secret list item is dropped, a secret dict value drops
    its key.

    >>> reveal_all({"a": [1, Secret(2, frozenset({"FRANCE"}))], "b": Secret(3, frozenset())}, "ENGLAND")
    {'a': [1]}
    """
    if isinstance(value, Secret):
        return reveal_all(value.item, viewer) if may_see(value.visible_to, viewer) else None
    if isinstance(value, Mapping):
        shown = {k: reveal_all(v, viewer) for k, v in value.items()
                 if not isinstance(v, Secret) or may_see(v.visible_to, viewer)}
        return shown
    if isinstance(value, (list, tuple)):
        return [reveal_all(v, viewer) for v in value if not isinstance(v, Secret) or may_see(v.visible_to, viewer)]
    return value


def hide_powers(items: Iterable[T], secret: Mapping[str, frozenset[str]],
                power_of: str = "power") -> list[Secret[T] | T]:
    """Wrap every item whose ``power`` is in ``secret`` (power → who may see its items).

    The usual case: ``hide_powers(outcome.results, {"OTTOMAN": frozenset({"OTTOMAN"})})``.
    """
    wrapped: list[Secret[T] | T] = []
    for item in items:
        viewers = secret.get(getattr(item, power_of, ""))
        wrapped.append(Secret(item, viewers) if viewers is not None else item)
    return wrapped
