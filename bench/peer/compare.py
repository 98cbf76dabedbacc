"""Comparing the two engines' outcomes of one position."""

from __future__ import annotations

from dataclasses import dataclass

from bench.peer.outcome import Outcome, province
from bench.peer.positions import Piece, Position


@dataclass
class Comparison:
    position: Position
    judge: Outcome
    diplomacy: Outcome
    classification: str = ""

    @property
    def agree(self) -> bool:
        return self.judge.error is None and self.judge.same_position(self.diplomacy)

    @property
    def retreats_agree(self) -> bool:
        return self.judge.retreats == self.diplomacy.retreats

    def differing_units(self) -> list[str]:
        """Units (as they stood) whose fate differs: where each engine left them."""
        out = []
        for piece in self.position.pieces:
            a, b = fate(piece, self.judge), fate(piece, self.diplomacy)
            if a != b:
                out.append(f"{piece.power} {piece.unit}: judge {a}, diplomacy {b}")
        return out


def fate(piece: Piece, outcome: Outcome) -> str:
    """Where the unit ended: 'stays', 'dislodged', '-> X' or 'missing'."""
    if (piece.power, piece.unit) in outcome.dislodged:
        return "dislodged"
    standing = {(p, u) for p, u in outcome.units}
    if (piece.power, piece.unit) in standing:
        return "stays"
    for power, unit in standing:
        if power == piece.power and unit[0] == piece.kind and piece.moving_to \
                and province(unit[2:]) == piece.moving_to:
            return f"-> {unit[2:]}"
    return "missing"
