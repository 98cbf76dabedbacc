"""What a player probably meant by a name the judge does not know: a reply that teaches.

A misspelt province, power, command word, SET option or variant is refused as before, but the
reason ends with the close matches (``difflib``'s ratio over the names the
map, the grammar or the judge really has), so the player can fix the line at
once: "unknown province 'burgondy' — did you mean Burgundy (BUR)?".  An
unknown power is answered with the game's powers too, since a player who
does not know them cannot guess.  Nothing here reads a game's secrets: only
the map's names, the command words and the variants' names.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from difflib import get_close_matches

from judge.engine.geography import Map, normalise_name

#: how alike two spellings must be (``difflib`` ratio) to be offered: "burgondy" and "burgundy" are 0.875
CUTOFF = 0.75
#: the most matches one reason offers
MAX_OFFERED = 3


def or_list(items: list[str]) -> str:
    """``A``, ``A or B``, ``A, B or C``."""
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " or " + items[-1]


def did_you_mean(matches: list[str]) -> str:
    """The tail of a reason that offers ``matches`` ("" for none)."""
    return f" — did you mean {or_list(matches)}?" if matches else ""


def close(written: str, spellings: Mapping[str, str], cutoff: float = CUTOFF) -> list[str]:
    """The names (values of ``spellings``, folded spelling -> name) closest to ``written``, best first, once each."""
    key = normalise_name(written)
    if not key:
        return []
    if key in spellings:  # the same name but for case and punctuation ("europe1615v3")
        return [spellings[key]]
    found: list[str] = []
    for match in get_close_matches(key, list(spellings), n=MAX_OFFERED * 4, cutoff=cutoff):
        if spellings[match] not in found:
            found.append(spellings[match])
    return found[:MAX_OFFERED]


#: the shortest written name looked for inside the board's names ("Pomerania" in "Hither Pomerania")
PART_OF_NAME = 5
#: how alike a province's spelling must be to be offered: "burgondy" (0.875) is, "schwaben" for
#: "schwerin" (0.75) and "sachsen" for "aachen" (0.77) are not
PROVINCE_CUTOFF = 0.8


def province_matches(board: Map, written: str) -> list[str]:
    """The provinces ``written`` may mean, as "Burgundy (BUR)": every province whose name holds it
    ("Pomerania": Hither and Farther Pomerania), else the close misspellings."""
    found = _holding(board, normalise_name(written)) or close(written, board.names, PROVINCE_CUTOFF)
    return [f"{board.provinces[abbr].name} ({abbr})" for abbr in found if abbr in board.provinces]


def _holding(board: Map, key: str) -> list[str]:
    """The provinces (two or three) one of whose names holds ``key`` whole: a name shared by neighbours."""
    if len(key) < PART_OF_NAME:
        return []
    found = sorted({abbr for name, abbr in board.names.items() if key in name and "/" not in abbr})
    return found if 1 < len(found) <= MAX_OFFERED else []


def power_matches(board: Map, written: str) -> list[str]:
    """The powers ``written`` may be a misspelling of (their names, adjectives and aliases; not their letters)."""
    return [power_title(board, name) for name in close(written, _power_spellings(board))]


def _power_spellings(board: Map) -> dict[str, str]:
    cached = board.cache.get("power_spellings")
    if not isinstance(cached, dict):
        cached = board.cache["power_spellings"] = {
            normalise_name(s): power.name for power in board.powers.values() for s in power.spellings()
            if len(normalise_name(s)) > 1}
    return cached


def power_title(board: Map, name: str) -> str:
    """A power as a reason names it: ``Austria``, ``United Netherlands`` (``Map.power_title``)."""
    return board.power_title(name) if name in board.powers else name


def powers_list(board: Map) -> str:
    """The map's powers with their letters: ``Austria (A), England (E), ...``."""
    return ", ".join(f"{power_title(board, p.name)} ({p.letter})" for p in
                     sorted(board.powers.values(), key=lambda p: p.name))


def unknown_power(board: Map, written: str, game: str) -> str:
    """Why ``written`` names no power of ``game``: the close matches, and the powers there are."""
    matches = power_matches(board, written)
    guess = f" Did you mean {or_list(matches)}?" if matches else ""
    return f"'{written}' is not a power of '{game}'.{guess} Its powers are {powers_list(board)}."


def word_matches(word: str, choices: Iterable[str]) -> list[str]:
    """The ``choices`` (a variant's names, a command's options) ``word`` may be a misspelling of, as written."""
    return close(word, {normalise_name(c): c for c in choices})
