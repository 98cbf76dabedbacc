"""``PROVINCES``: the board's names within reach, by mail (issue 36 point 3).

Most of a board is codes on the picture; a player needs every province's
code, full name, other names (the aliases of the map file, in the players'
languages) and which are supply centres, with their owners in a running game.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from judge.engine.geography import Map
from judge.render.env import Rendered, render
from judge.render.words import owner_name


@dataclass(frozen=True, slots=True)
class ProvinceRow:
    code: str
    name: str
    terrain: str
    coasts: tuple[str, ...]
    centre: str        # "" : no centre; else "*" and its owner ("neutral" when nobody owns it)
    aliases: tuple[str, ...]


def province_rows(board: Map, owners: Mapping[str, str] | None = None) -> list[ProvinceRow]:
    """Every province of the board by name; ``owners`` centre -> power, in a running game."""
    rows = []
    for prov in sorted(board.provinces.values(), key=lambda p: p.name):
        centre = ""
        if prov.is_center:
            owner = (owners or {}).get(prov.abbr)
            centre = owner_name(board, owner) if owner else ("neutral" if owners is not None else "centre")
        aliases = tuple(a for a in prov.aliases if a.upper() != prov.abbr)
        rows.append(ProvinceRow(prov.abbr, prov.name, prov.terrain.value, prov.coasts, centre, aliases))
    return rows


def render_provinces(judge: str, title: str, board: Map, owners: Mapping[str, str] | None = None) -> Rendered:
    """The list as a mail: ``title`` is the game (or the variant) it is for."""
    rows = province_rows(board, owners)
    return render("provinces.j2", judge=judge, title=title, rows=rows,
                  centres=sum(1 for r in rows if r.centre), running=owners is not None)
