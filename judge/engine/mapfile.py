"""Read the line-oriented map format of ``docs/map-format.md`` into a :class:`Map`.

The parser is pure: it takes text, and a callback for ``include`` lines, so a
GM's typo is reported as ``standard.map:42: ...`` rather than a traceback, and
every problem in the file is reported at once.
"""

from __future__ import annotations

import re
import shlex
from collections.abc import Callable
from dataclasses import replace

from judge.engine.geography import GM_WORDS, Map, Power, Province, StartingUnit, Terrain, normalise_name
from judge.engine.mapdraft import Draft as _Draft
from judge.engine.mapdraft import MapError, MapProblem, Where

__all__ = ["MapError", "MapProblem", "parse_map"]


Reader = Callable[[str], str]

_TERRAINS = {t.value: t for t in Terrain}


def parse_map(text: str, source: str = "<map>", read_include: Reader | None = None) -> Map:
    """Parse and validate a map; raise :class:`MapError` listing every problem."""
    draft = _Draft()
    _read_lines(draft, text, source, read_include, depth=0)
    _sort_pending(draft)
    for directive, args, where in draft.pending:
        _SECOND_PASS[directive](draft, args, where)
    _check_symmetry(draft)
    _check_units(draft)
    names = _names(draft)
    if draft.problems:
        raise MapError(draft.problems)
    return _build(draft, names)


def _read_lines(draft: _Draft, text: str, source: str, read_include: Reader | None, depth: int) -> None:
    for number, raw in enumerate(text.splitlines(), start=1):
        where = (source, number)
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        try:
            words = shlex.split(line)
        except ValueError as exc:
            draft.problem(where, f"cannot read this line: {exc}")
            continue
        directive, args = words[0].lower(), words[1:]
        if directive == "include":
            _include(draft, args, where, read_include, depth)
        elif directive in _FIRST_PASS:
            _FIRST_PASS[directive](draft, args, where)
        elif directive in _SECOND_PASS:
            draft.pending.append((directive, args, where))
        else:
            draft.problem(where, f"unknown directive {words[0]!r}")


def _include(draft: _Draft, args: list[str], where: Where, reader: Reader | None, depth: int) -> None:
    if len(args) != 1 or reader is None:
        draft.problem(where, "include needs one file name (and a map read from a file)")
        return
    if depth > 8:
        draft.problem(where, f"cannot include {args[0]!r}: includes nested too deeply (does a file include itself?)")
        return
    try:
        text = reader(args[0])
    except OSError as exc:
        draft.problem(where, f"cannot include {args[0]!r}: {exc.strerror or exc}")
        return
    _read_lines(draft, text, args[0], reader, depth + 1)


# -- first pass: things that others refer to ------------------------------

def _d_name(draft: _Draft, args: list[str], where: Where) -> None:
    if len(args) != 1:
        draft.problem(where, "name takes one word")
        return
    draft.name = args[0]


def _d_power(draft: _Draft, args: list[str], where: Where) -> None:
    if len(args) < 2:
        draft.problem(where, "power takes NAME LETTER [ADJECTIVE [ALIAS...]]")
        return
    name = args[0].upper()
    if name in draft.powers:
        draft.problem(where, f"power {name} is declared twice")
        return
    power = Power(name, args[1].upper(), args[2] if len(args) > 2 else "", tuple(args[3:]))
    if len(power.letter) != 1 or not power.letter.isalpha():  # SIGNON Fgame glues one letter to the game
        draft.problem(where, f"power {name}: the letter must be one letter, not {args[1]!r}")
    gm_words = sorted(s for s in power.spellings() if normalise_name(s).upper() in GM_WORDS)
    if gm_words:
        draft.problem(where, f"power {name} may not be spelt {gm_words[0]!r}: GM and MASTER name the game's "
                             "master (SIGNON GM game)")
    for other in draft.powers.values():  # JOIN ... AS and SIGNON must find one power for each spelling
        clash = {normalise_name(s) for s in power.spellings()} & {normalise_name(s) for s in other.spellings()}
        if clash:
            draft.problem(where, f"{sorted(clash)[0]!r} names both {other.name} and {name}")
    draft.powers[name] = power


def _d_province(draft: _Draft, args: list[str], where: Where) -> None:
    if len(args) < 3:
        draft.problem(where, 'province takes ABBR land|coast|sea "Full name" [aliases...]')
        return
    abbr, kind, name, aliases = args[0].upper(), args[1].lower(), args[2], tuple(args[3:])
    if kind not in _TERRAINS:
        draft.problem(where, f"{abbr}: kind must be land, coast or sea, not {args[1]!r}")
        return
    if "/" in abbr:
        draft.problem(where, f"{abbr}: a province abbreviation cannot hold '/'; declare coasts with 'coasts'")
        return
    if abbr in draft.provinces:
        draft.problem(where, f"{abbr} is declared twice (first at line {draft.declared_at[abbr][1]})")
        return
    draft.provinces[abbr] = Province(abbr, name, _TERRAINS[kind], aliases=aliases)
    draft.declared_at[abbr] = where


def _d_state(draft: _Draft, args: list[str], where: Where) -> None:
    if len(args) < 3:
        draft.problem(where, 'state takes ABBR "Full name" PROVINCE...')
        return
    draft.states[args[0].upper()] = tuple(a.upper() for a in args[2:])
    draft.state_names[args[0].upper()] = args[1]
    draft.pending.append(("_state_check", [args[0].upper()], where))


# -- second pass: things that refer to provinces and powers ---------------

def _province(draft: _Draft, abbr: str, where: Where) -> Province | None:
    prov = draft.provinces.get(abbr.upper())
    if prov is None:
        draft.problem(where, f"unknown province {abbr!r}")
    return prov


def _location(draft: _Draft, text: str, where: Where) -> str | None:
    text = text.upper()
    base, _, coast = text.partition("/")
    prov = _province(draft, base, where)
    if prov is None:
        return None
    if coast and coast not in prov.coasts:
        draft.problem(where, f"{text}: {base} has no coast {coast!r} (declare it with 'coasts {base} ...')")
        return None
    return text


def _d_coasts(draft: _Draft, args: list[str], where: Where) -> None:
    if len(args) < 3:
        draft.problem(where, "coasts takes PROVINCE COAST COAST...  (a split coast has two or more)")
        return
    prov = _province(draft, args[0], where)
    if prov is None:
        return
    if prov.terrain is not Terrain.COAST:
        draft.problem(where, f"{prov.abbr} is {prov.terrain.value}: only a coast province has split coasts")
        return
    draft.provinces[prov.abbr] = replace(prov, coasts=tuple(c.upper() for c in args[1:]))


def _d_namecoast(draft: _Draft, args: list[str], where: Where) -> None:
    """A split-coast province whose coast a fleet's move must always name (Holstein in Europe 1615 v3)."""
    for abbr in args:
        prov = _province(draft, abbr, where)
        if prov is None:
            continue
        if not prov.coasts:
            draft.problem(where, f"namecoast {prov.abbr}: it has no split coasts (declare them with 'coasts')")
            continue
        draft.provinces[prov.abbr] = replace(prov, coast_named=True)


def _adjacency(kind: str) -> Callable[[_Draft, list[str], Where], None]:
    def directive(draft: _Draft, args: list[str], where: Where) -> None:
        if len(args) < 2:
            draft.problem(where, f"{kind} takes FROM TO...")
            return
        source = _endpoint(draft, kind, args[0], where)
        for target in args[1:]:
            dest = _endpoint(draft, kind, target, where)
            if source and dest:
                if source == dest:
                    draft.problem(where, f"{source} is listed as its own neighbour")
                draft.links.setdefault((kind, source, dest), where)
    return directive


def _endpoint(draft: _Draft, kind: str, text: str, where: Where) -> str | None:
    loc = _location(draft, text, where)
    if loc is None:
        return None
    prov = draft.provinces[loc.partition("/")[0]]
    if kind == "army":
        if prov.terrain is Terrain.SEA:
            draft.problem(where, f"{loc} is a sea: armies cannot go there")
            return None
        return prov.abbr
    if prov.terrain is Terrain.LAND:
        draft.problem(where, f"{loc} is land: fleets cannot go there")
        return None
    if prov.coasts and "/" not in loc:
        draft.problem(where, f"{loc} has split coasts: name the coast of a fleet link ({prov.abbr}/{prov.coasts[0]} ...)")
        return None
    return loc


def _d_oneway(draft: _Draft, args: list[str], where: Where) -> None:
    if len(args) != 3 or args[0].lower() not in ("army", "fleet"):
        draft.problem(where, "oneway takes army|fleet FROM TO")
        return
    kind = args[0].lower()
    source, dest = _endpoint(draft, kind, args[1], where), _endpoint(draft, kind, args[2], where)
    if source and dest:
        draft.links.setdefault((kind, source, dest), where)
        draft.oneway.add((kind, source, dest))


def _d_unlink(draft: _Draft, args: list[str], where: Where) -> None:
    if len(args) != 3 or args[0].lower() not in ("army", "fleet"):
        draft.problem(where, "unlink takes army|fleet A B (both directions are removed)")
        return
    kind = args[0].lower()
    a, b = _endpoint(draft, kind, args[1], where), _endpoint(draft, kind, args[2], where)
    if a and b:
        if (kind, a, b) not in draft.links and (kind, b, a) not in draft.links:
            draft.problem(where, f"unlink {kind} {a} {b}: there is no such link")
        for key in ((kind, a, b), (kind, b, a)):
            draft.links.pop(key, None)
            draft.oneway.discard(key)


def _d_center(draft: _Draft, args: list[str], where: Where) -> None:
    if len(args) not in (1, 2):
        draft.problem(where, "center takes PROVINCE [VALUE]")
        return
    prov = _province(draft, args[0], where)
    if prov is None:
        return
    if prov.terrain is Terrain.SEA:
        draft.problem(where, f"{prov.abbr} is a sea and cannot be a supply centre")
        return
    value = args[1] if len(args) == 2 else "1"
    if not value.isdigit() or int(value) < 1:
        draft.problem(where, f"{prov.abbr}: a centre's value must be a whole number of at least 1, not {value!r}")
        return
    draft.provinces[prov.abbr] = replace(prov, center=int(value))


def _d_nocenter(draft: _Draft, args: list[str], where: Where) -> None:
    for abbr in args:
        prov = _province(draft, abbr, where)
        if prov is not None:
            draft.provinces[prov.abbr] = replace(prov, center=0)


def _d_port(draft: _Draft, args: list[str], where: Where) -> None:
    for abbr in args:
        prov = _province(draft, abbr, where)
        if prov is None:
            continue
        if prov.terrain is not Terrain.COAST:
            draft.problem(where, f"{prov.abbr} is {prov.terrain.value}: only a coast province can have a port")
            continue
        draft.provinces[prov.abbr] = replace(prov, port=True)


def _d_home(draft: _Draft, args: list[str], where: Where) -> None:
    if len(args) < 2:
        draft.problem(where, "home takes POWER PROVINCE...")
        return
    owner = args[0].upper()
    if owner not in draft.powers and owner not in draft.states:
        draft.problem(where, f"home: unknown power or state {args[0]!r}")
        return
    for abbr in args[1:]:
        prov = _province(draft, abbr, where)
        if prov is not None:
            draft.homes.setdefault(owner, []).append(prov.abbr)
            draft.pending.append(("_center_check", [prov.abbr], where))


def _d_unit(draft: _Draft, args: list[str], where: Where) -> None:
    if len(args) != 3 or args[1].upper() not in ("A", "F"):
        draft.problem(where, "unit takes OWNER A|F LOCATION")
        return
    owner = args[0].upper()
    if owner not in draft.powers and owner not in draft.states:
        draft.problem(where, f"unit: unknown power or state {args[0]!r}")
        return
    loc = _location(draft, args[2], where)
    if loc is not None:
        draft.units.append((StartingUnit(owner, args[1].upper(), loc), where))


def _d_label(draft: _Draft, args: list[str], where: Where) -> None:
    if len(args) != 3:
        draft.problem(where, "label takes PROVINCE LONGITUDE LATITUDE")
        return
    prov = _province(draft, args[0], where)
    try:
        point = (float(args[1]), float(args[2]))
    except ValueError:
        draft.problem(where, f"label: {args[1]} {args[2]} are not numbers")
        return
    if prov is not None:
        draft.labels[prov.abbr] = point


def _d_colour(draft: _Draft, args: list[str], where: Where) -> None:
    """A power's colour in the map pictures, chosen by hand where the palette would put look-alikes side by side."""
    if len(args) != 2 or not re.fullmatch(r"[0-9A-Fa-f]{6}", args[1]):
        draft.problem(where, "colour takes POWER RRGGBB (six hex digits, no '#': it starts a comment)")
        return
    name = args[0].upper()
    if name not in draft.powers:
        draft.problem(where, f"colour: unknown power {args[0]!r}")
        return
    draft.colours[name] = "#" + args[1].upper()


def _d_title(draft: _Draft, args: list[str], where: Where) -> None:
    """The name mails give a power where the rules call it other than its key (1618's "Spanish Hapsburgs")."""
    if len(args) != 2 or not args[1].strip():
        draft.problem(where, 'title takes POWER "Full title"')
        return
    name = args[0].upper()
    power = draft.powers.get(name)
    if power is None:
        draft.problem(where, f"title: unknown power {args[0]!r}")
        return
    for other in draft.powers.values():  # a title is a spelling too: it may name one power only
        if other.name != name and normalise_name(args[1]) in {normalise_name(s) for s in other.spellings()}:
            draft.problem(where, f"{args[1]!r} names both {other.name} and {name}")
    draft.powers[name] = replace(power, title=args[1])


def _d_offboard(draft: _Draft, args: list[str], where: Where) -> None:
    """A centre off the board (Sweden's in Diplomacy 1618): no link may lead there, so no unit ever takes it."""
    for abbr in args:
        prov = _province(draft, abbr, where)
        if prov is None:
            continue
        linked = sorted({b if a == prov.abbr else a for _, a, b in draft.links
                         if prov.abbr in (a.partition("/")[0], b.partition("/")[0])})
        if linked:
            draft.problem(where, f"off-board {prov.abbr} has links ({', '.join(linked)}): an off-board place has none")
        draft.offboard[prov.abbr] = where


def _d_victory(draft: _Draft, args: list[str], where: Where) -> None:
    """The centres a power needs to win; more than the board holds could never be reached."""
    if len(args) != 1 or not args[0].isdigit() or int(args[0]) < 1:
        draft.problem(where, "victory takes a whole number of supply centres, at least 1")
        return
    count, centres = int(args[0]), sum(1 for p in draft.provinces.values() if p.is_center)
    if count > centres:
        draft.problem(where, f"victory {count} is more than the {centres} supply centres can give")
    draft.victory = count


def _state_check(draft: _Draft, args: list[str], where: Where) -> None:
    for abbr in draft.states[args[0]]:
        _province(draft, abbr, where)


def _center_check(draft: _Draft, args: list[str], where: Where) -> None:
    if not draft.provinces[args[0]].is_center:
        draft.problem(where, f"home centre {args[0]} is not declared a supply centre")


def _d_reads(draft: _Draft, args: list[str], where: Where) -> None:
    """``reads FRA FCO``: an edition's text writes FRA for Franche-Comte, though the board's FRA is Franconia.

    Players of that edition are read as their text means; the board's codes stay in every result.
    """
    if len(args) != 2:
        draft.problem(where, "reads takes SPELLING PROVINCE")
        return
    prov = _province(draft, args[1], where)
    if prov is not None:
        draft.readings[args[0].upper()] = prov.abbr


_FIRST_PASS: dict[str, Callable[[_Draft, list[str], Where], None]] = {
    "name": _d_name, "power": _d_power, "province": _d_province, "state": _d_state,
}
_SECOND_PASS: dict[str, Callable[[_Draft, list[str], Where], None]] = {
    "coasts": _d_coasts, "namecoast": _d_namecoast, "army": _adjacency("army"), "fleet": _adjacency("fleet"),
    "oneway": _d_oneway, "unlink": _d_unlink, "center": _d_center, "nocenter": _d_nocenter,
    "port": _d_port, "home": _d_home, "unit": _d_unit, "label": _d_label, "colour": _d_colour,
    "title": _d_title, "offboard": _d_offboard, "victory": _d_victory, "reads": _d_reads,
    "_state_check": _state_check, "_center_check": _center_check,
}
# 'coasts' must come before the links that name them: sort pending by these phases.  Within a
# phase the sort is stable, so lines apply in file order (an include's lines where it stands):
# an edition may 'unlink' a base link and then re-add it as 'oneway'.
_PHASES = [["coasts"], ["namecoast"], ["center", "nocenter"], ["port"], ["army", "fleet", "oneway", "unlink"],
           ["home"], ["unit"], ["label", "colour", "title"], ["offboard", "victory", "reads"], ["_state_check"],
           ["_center_check"]]
_ORDER = {name: i for i, phase in enumerate(_PHASES) for name in phase}


def _sort_pending(draft: _Draft) -> None:
    draft.pending.sort(key=lambda item: _ORDER[item[0]])


# -- whole-map checks -------------------------------------------------------

def _check_symmetry(draft: _Draft) -> None:
    for (kind, a, b), where in sorted(draft.links.items(), key=lambda kv: kv[1]):
        if (kind, a, b) in draft.oneway:
            continue
        if (kind, b, a) not in draft.links:
            draft.problem(where, f"{kind} link {a} -> {b} has no return link {b} -> {a} "
                                 f"(add it, or declare 'oneway {kind} {a} {b}')")


def _check_units(draft: _Draft) -> None:
    seen: dict[str, Where] = {}
    for unit, where in draft.units:
        prov = draft.provinces[unit.location.partition("/")[0]]
        if prov.abbr in seen:
            draft.problem(where, f"two starting units in {prov.abbr}")
        seen[prov.abbr] = where
        if prov.abbr in draft.offboard:
            draft.problem(where, f"no unit can start off the board in {prov.abbr}")
        if unit.unit_type == "A" and prov.terrain is Terrain.SEA:
            draft.problem(where, f"an army cannot start at sea in {prov.abbr}")
        if unit.unit_type == "A" and "/" in unit.location:
            draft.problem(where, f"an army stands in {prov.abbr}, not on one of its coasts")
        if unit.unit_type == "F" and prov.terrain is Terrain.LAND:
            draft.problem(where, f"a fleet cannot start inland in {prov.abbr}")
        if unit.unit_type == "F" and prov.coasts and "/" not in unit.location:
            draft.problem(where, f"a fleet in {prov.abbr} needs a coast ({', '.join(prov.coasts)})")


def _names(draft: _Draft) -> dict[str, str]:
    names: dict[str, str] = {}
    owner: dict[str, str] = {}
    for prov in draft.provinces.values():
        for spelling in (prov.abbr, prov.name, *prov.aliases):
            key = normalise_name(spelling)
            if key in names and names[key] != prov.abbr:
                draft.problem(draft.declared_at[prov.abbr],
                              f"{spelling!r} names both {owner[key]} and {prov.abbr}")
                continue
            names[key], owner[key] = prov.abbr, prov.abbr
    names.update({normalise_name(spelling): abbr for spelling, abbr in draft.readings.items()})
    return names


def _build(draft: _Draft, names: dict[str, str]) -> Map:
    army: dict[str, set[str]] = {}
    fleet: dict[str, set[str]] = {}
    for kind, a, b in draft.links:
        (army if kind == "army" else fleet).setdefault(a, set()).add(b)
    board = Map(
        name=draft.name,
        provinces=draft.provinces,
        powers=draft.powers,
        army_adjacency={k: frozenset(v) for k, v in army.items()},
        fleet_adjacency={k: frozenset(v) for k, v in fleet.items()},
        homes={k: tuple(v) for k, v in draft.homes.items()},
        starting_units=tuple(u for u, _ in draft.units),
        states=dict(draft.states),
        names=names,
        offboard=frozenset(draft.offboard),
        victory=draft.victory,
    )
    board.labels.update(draft.labels)
    board.colours.update(draft.colours)
    board.state_names.update(draft.state_names)
    board.readings.update(draft.readings)
    return board
