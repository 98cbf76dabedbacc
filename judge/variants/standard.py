"""Standard Diplomacy: the ruleset with no hooks changed."""

from judge.engine.ruleset import Ruleset


class Standard(Ruleset):
    name = "standard"
