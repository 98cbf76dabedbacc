"""Payola Diplomacy: offer sheets, acceptance lists, treasuries (docs/payola.md)."""

from judge.variants.payola.ruleset import Payola

__all__ = ["Payola"]
