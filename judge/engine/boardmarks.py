"""What a variant's rules put on the board besides units and centres, as plain values the map picture draws.

Europe 1615 marks each minor state's political and religious status on the
map and lists the modifiers and the counterbalance in effect in the board's
top left corner.  The ruleset says what is marked (``Ruleset.picture_states``,
``Ruleset.picture_corner``) and who may see it; the picture only draws.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class StateMark:
    """A minor state's statuses as its rules mark them on the board.

    ``political`` is the edition's own word (ALIGNED, NEUTRAL, UNALIGNED,
    UNMARKED, SEGREGATED, INDEPENDENT; "" for none), ``power`` the power an
    ALIGNED state follows, ``religion`` its marker (CATHOLIC, PROTESTANT,
    DUALITY; "" for none).  ``visible_to``: None for every reader, else the
    powers (and the GM) who may see this mark; a reader who may not sees the
    last earlier mark of the same state he may see.  ``provinces``: the lands
    it colours (none given: the map's provinces of the state).
    """

    state: str
    political: str = ""
    power: str = ""
    religion: str = ""
    visible_to: frozenset[str] | None = None
    provinces: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class BoardCorner:
    """The box in the board's top left corner: the modifiers in effect and the counterbalance ("" for none)."""

    modifiers: tuple[str, ...] = ()
    counterbalance: str = ""
