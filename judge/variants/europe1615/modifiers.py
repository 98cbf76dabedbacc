"""The sanctions/modifiers of Version 3 as data, in the text's order of importance.

Each :class:`Modifier` says what it changes in terms the other modules ask
about: who may not deploy where (``bans``), where only one power may deploy
(``exclusive``), whose units may retreat, which lettered unit has double
strength, who is immune to attacks, and which state's capture cancels it.
Conditions that need the board (Treaty of Lyon, counterbalances) are checked
in :mod:`.sanctions`.

>>> find_modifier("Swedish intervention").key, find_modifier("wallenstein").index
('SWEDISH', 11)
"""

from __future__ import annotations

from dataclasses import dataclass

from judge.engine.geography import normalise_name
from judge.variants.europe1615.tables import (
    CATHOLIC,
    KETZENHAMMER,
    PROTESTANT,
    WIDERSTAND,
)

#: a ban on "Protestant-majority states" rather than a list (Huguenot rebellion, Bohemian revolt)
PROTESTANT_MAJORITY = "PROTESTANT-MAJORITY"
#: an exclusive right for the power of any faith with the highest influence
ANY = "ANY"


@dataclass(frozen=True, slots=True)
class Modifier:
    """One modifier: its name, the rule id that defines it, and its effects as data."""

    index: int                 # 1 = most important (R-v3-82)
    key: str
    name: str
    rule: str
    aliases: tuple[str, ...] = ()
    bans: tuple[tuple[str, tuple[str, ...]], ...] = ()  # (power or faith, states it may not deploy to)
    exclusive: tuple[str, ...] = ()  # states only one power may deploy to ...
    exclusive_to: str = ""           # ... a power, or the leading power of a faith, or ANY
    retreats: tuple[str, ...] = ()   # states whose units may retreat
    special: str = ""                # the lettered double-strength unit (R-v3-86)
    immune: str = ""                 # the power immune to diplomatic attacks
    pliant: str = ""                 # cancelled when this state is captured
    blocked_by: str = ""             # unavailable, and cancelled, under this counterbalance
    no_build: tuple[str, ...] = ()   # ("POWER", "PROVINCE")

    def spellings(self) -> tuple[str, ...]:
        return (self.key, self.name, *self.aliases)


MODIFIERS: tuple[Modifier, ...] = (
    Modifier(1, "MOROCCAN_UNIFICATION", "Moroccan unification", "R-v3-88", ("Moroccan", "Morocco")),
    Modifier(2, "TREATY_OF_LYON", "Treaty of Lyon", "R-v3-89", ("Lyon", "Treaty of Lyons"),
             bans=(("SPAIN", ("SWI", "SAV")),)),
    Modifier(3, "DANO_SWEDISH_RIVALRY", "Dano-Swedish rivalry", "R-v3-90", ("Dano-Swedish",),
             bans=(("DENMARK", ("SWE", "LIVN")),)),
    Modifier(4, "ANTI_PROTESTANT_IRELAND", "Anti-Protestant Ireland", "R-v3-91", ("Anti-Protestant",),
             bans=((PROTESTANT, ("IRE",)),), blocked_by=WIDERSTAND),
    Modifier(5, "ANTI_HAPSBURG", "Anti-Hapsburg campaign", "R-v3-92", ("Anti-Habsburg campaign", "Anti-Hapsburg"),
             bans=(("AUSTRIA", ("DUT", "TRA", "RHI", "LOWR", "SAV")), ("SPAIN", ("DUT", "TRA", "RHI", "LOWR", "SAV"))),
             blocked_by=KETZENHAMMER),
    Modifier(6, "HUGUENOT_REBELLION", "Huguenot rebellion", "R-v3-93", ("Huguenot", "Huguenots"),
             bans=(("FRANCE", (PROTESTANT_MAJORITY,)),), blocked_by=KETZENHAMMER, no_build=("FRANCE", "GUY")),
    Modifier(7, "BOHEMIAN_REVOLT", "Bohemian revolt", "R-v3-94", ("Bohemian",),
             bans=(("AUSTRIA", (PROTESTANT_MAJORITY,)),), blocked_by=KETZENHAMMER, no_build=("AUSTRIA", "BOH")),
    Modifier(8, "PROTESTANT_UNION", "Protestant Union", "R-v3-95", ("Union",),
             exclusive=("RHI", "HES", "BRA", "WUR"), exclusive_to=PROTESTANT,
             retreats=("RHI", "HES", "BRA", "WUR"), special="R", pliant="RHI"),
    Modifier(9, "CATHOLIC_LEAGUE", "Catholic League", "R-v3-96", ("League",),
             exclusive=("BAV", "WES", "FRA"), exclusive_to=CATHOLIC, retreats=("BAV",), special="B", pliant="BAV"),
    Modifier(10, "SAXON", "Saxon intervention", "R-v3-97", ("Saxon", "Saxony"),
             exclusive=("SAX",), exclusive_to=ANY, retreats=("SAX",), special="N", pliant="SAX"),
    Modifier(11, "WALLENSTEIN", "Wallenstein", "R-v3-98", special="W"),
    Modifier(12, "KEJSERKRIGEN", "Kejserkrigen", "R-v3-99", ("Kejser krigen", "Kaiserkrieg"),
             exclusive=("LOWR",), exclusive_to="DENMARK", retreats=("LOWR",), special="K", pliant="LOWR"),
    Modifier(13, "SWEDISH", "Swedish/Gustav's intervention", "R-v3-100",
             ("Swedish intervention", "Gustav's intervention", "Gustav", "Swedish"),
             exclusive=("SWE",), exclusive_to=PROTESTANT, retreats=("SWE",), special="S", pliant="SWE"),
    Modifier(14, "POLISH", "Polish intervention", "R-v3-101", ("Polish",),
             exclusive=("POL",), exclusive_to=ANY, retreats=("POL",), special="P", pliant="POL"),
    Modifier(15, "DUTCH", "Dutch intervention", "R-v3-102", ("Dutch",),
             exclusive=("DUT",), exclusive_to=PROTESTANT, retreats=("DUT",), special="D", pliant="DUT"),
    Modifier(16, "RICHELIEU", "Richelieu's diplomacy", "R-v3-103", ("Richelieu",),
             exclusive=("WES", "SAV", "LOR"), exclusive_to="FRANCE", immune="FRANCE"),
    Modifier(17, "ENGLISH_DIPLOMACY", "English diplomacy", "R-v3-104", (),
             exclusive=("RHI", "DUT", "SCOT"), exclusive_to="ENGLAND", immune="ENGLAND"),
    Modifier(18, "OLIVARES", "Olivares's diplomacy", "R-v3-105", ("Olivares", "Olivares' diplomacy"),
             exclusive=("POR", "DUT", "WUR"), exclusive_to="SPAIN", immune="SPAIN"),
    Modifier(19, "CATALAN_SECESSION", "Catalan secession", "R-v3-106", ("Catalan", "Catalonia")),
)

BY_KEY = {m.key: m for m in MODIFIERS}
#: states locked against deployment until a modifier passes (R-v3-14, R-v3-15)
UNLOCKED_BY = {"MOR": "MOROCCAN_UNIFICATION", "CAT": "CATALAN_SECESSION"}


def find_modifier(text: str) -> Modifier | None:
    """The modifier a player means: its key, name or an alias, spelt leniently; a unique prefix will do."""
    wanted = normalise_name(text)
    if not wanted:
        return None
    exact = [m for m in MODIFIERS if any(normalise_name(s) == wanted for s in m.spellings())]
    if exact:
        return exact[0]
    partial = [m for m in MODIFIERS if any(normalise_name(s).startswith(wanted) for s in m.spellings())]
    return partial[0] if len(partial) == 1 else None


def in_force(keys: list[str] | tuple[str, ...]) -> list[Modifier]:
    """The modifiers named by these keys, most important first (unknown keys are skipped)."""
    return sorted((BY_KEY[k] for k in keys if k in BY_KEY), key=lambda m: m.index)
