"""njudge's game-rule SET flags read as the judge's rule options (``SET RULE``), and the settings of a forming
game read as the judge's own commands for them (njudge's help file ``index``).

Pure text: ``SET ANYCENTRES`` is ``SET RULE build_sites any``; whether the game offers that option is the
ruleset's word when the command runs (``judge/engine/houserules.py``).

>>> rule_flag(["ANYCENTERS"])
'SET RULE build_sites any'
>>> rule_flag(["NO", "DIAS"])
'SET RULE dias no'
>>> rule_flag(["CENTERS", "18"])
'SET RULE victory_centers 18'
>>> rule_flag(["CENTERS"]) is None
True
"""

from __future__ import annotations

__all__ = ["rule_flag"]

_FLAGS: dict[str, str] = {
    **dict.fromkeys(("ANYCENTRE", "ANYCENTRES", "ANYCENTER", "ANYCENTERS"), "build_sites any"),
    **dict.fromkeys(("HOMECENTRE", "HOMECENTRES", "HOMECENTER", "HOMECENTERS"), "build_sites home"),
    **dict.fromkeys(("ONECENTRE", "ONECENTRES", "ONECENTER", "ONECENTERS"), "build_sites one_home"),
    "AUTODISBAND": "retreats no", "NOAUTODISBAND": "retreats yes", "NO AUTODISBAND": "retreats yes",
    "DIAS": "dias yes", "NODIAS": "dias no", "NO DIAS": "dias no",
}


def rule_flag(option: list[str]) -> str | None:
    """The ``SET RULE`` line an njudge rule flag (its words after SET, upper case) is, or None."""
    text = " ".join(option)
    if text in _FLAGS:
        return f"SET RULE {_FLAGS[text]}"
    if option[0] in ("CENTERS", "CENTRES") and len(option) == 2 and option[1].isdecimal():
        return f"SET RULE victory_centers {int(option[1])}"
    return None
