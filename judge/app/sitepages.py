"""What the website shows of one game, as the values ``judge.render.site`` writes pages from.

From the archive: each phase's public results text, its map picture, its
press, the charts of centres and of the variant's public numbers, and once
the game is over what the rules publish at the end (Payola's bribe chart of
each phase, ``report.published_at_end``).  From the live game record
(:class:`Live`): who holds each power, in words and never by address; a
running game's phase, deadline and the powers whose orders are not in (what
``STATUS`` and the late notices tell everyone); how a finished game ended.
The variant's final scores are its report's ``standings`` (column, section,
field), read from the results as an observer reads them, so nothing here
names a variant.

Each phase's expensive parts (its picture, its replayed numbers) go through a
:class:`PhaseWork`, which ``judge publish`` backs with what the last site
kept, so an unchanged phase is neither drawn nor played again.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, Protocol

from judge.app.gamefile import GameArchive, PhaseEntry
from judge.app.replay import phase_rules, replay_context, replay_sections
from judge.engine.codec import CodecError, state_from_json
from judge.engine.state import Phase
from judge.engine.variant import Variant
from judge.render import OBSERVER, environment
from judge.render.palette import power_colours
from judge.render.picture import phase_picture
from judge.render.phasetables import tables_from_json
from judge.render.secrecy import reveal_all
from judge.render.site import Ending, GamePage, InPlay, PhasePage, Press, Seat, Series, Standings
from judge.render.words import power_name
from judge.turns.playing import positions_after
from judge.store import Game
from judge.turns.gameview import state_of, variant_of
from judge.turns.playing import late_powers
from judge.variants import load_variant, results_report

#: statuses published whatever the GM says: the game is over
OVER = ("finished", "terminated")
#: how a power is held, as STATUS tells everyone (never the player's address)
HELD = {"active": "a player", "dummy": "civil disorder", "resigned": "nobody (its player resigned)",
        "ejected": "nobody (its player was removed)"}

#: how the site gets a position's picture (``judge.app.publish.map_picture``)
Picture = Callable[[Variant, GameArchive, PhaseEntry], "bytes | None"]
#: a phase's public numbers: "section.field" -> power name -> value
Numbers = dict[str, dict[str, "int | None"]]


class PhaseWork(Protocol):
    """A phase's picture file name and public numbers, made now or taken from the last site."""

    def picture(self, variant: Variant, archive: GameArchive, entry: PhaseEntry) -> str | None: ...

    def numbers(self, variant: Variant, archive: GameArchive, entry: PhaseEntry,
                wanted: tuple[tuple[str, str], ...]) -> Numbers: ...


@dataclass
class Fresh:
    """:class:`PhaseWork` that makes everything now, keeping the pictures drawn by file name."""

    draw: Picture
    drawn: dict[str, bytes] = field(default_factory=dict)
    played: dict[str, Numbers] = field(default_factory=dict)

    def picture(self, variant: Variant, archive: GameArchive, entry: PhaseEntry) -> str | None:
        data = self.draw(variant, archive, entry)
        if data is None:
            return None
        name = picture_name(entry.phase, data)
        self.drawn[name] = data
        return name

    def numbers(self, variant: Variant, archive: GameArchive, entry: PhaseEntry,
                wanted: tuple[tuple[str, str], ...]) -> Numbers:
        if entry.phase not in self.played:  # the charts and the standings read the same phases
            self.played[entry.phase] = phase_numbers(variant, archive, entry, wanted)
        return self.played[entry.phase]


def picture_name(phase: str, data: bytes) -> str:
    """``S1901M.svg`` for an SVG picture, else ``S1901M.png``."""
    return f"{phase}.svg" if data.lstrip()[:5] in (b"<svg ", b"<?xml", b"<svg>") else f"{phase}.png"


@dataclass(frozen=True)
class Live:
    """What the site shows of a game beyond its archive, from its live record: how each power is held
    (power -> words), a running game's phase now, the end the judge recorded (``game.extra["end"]``)."""

    held: dict[str, str] = field(default_factory=dict)
    in_play: InPlay | None = None
    end: Mapping[str, Any] | None = None

    def key(self) -> dict[str, Any]:
        """Everything shown, as JSON: part of the key that tells whether the game's pages changed."""
        play = self.in_play
        return {"held": self.held, "end": dict(self.end or {}),
                "play": None if play is None else [play.phase, play.deadline and play.deadline.isoformat(),
                                                   play.passed, list(play.waiting), play.paused,
                                                   play.grace_end and play.grace_end.isoformat()]}


def live_facts(game: Game, now: datetime) -> Live:
    """A stored game's :class:`Live` facts at ``now``; the late powers only while it runs."""
    variant = variant_of(game)
    held = {} if "imported" in game.extra else {
        p: HELD.get(seat.status, "a player") if (seat := game.player(p)) is not None else
        ("nobody" if game.status in OVER else "open: a player is wanted") for p in variant.map.powers}
    in_play = None
    if game.status in ("active", "paused") and (state := state_of(game, variant)) is not None:
        late = tuple(power_name(p, variant.map) for p in late_powers(game, variant, state))
        deadline = game.deadline
        passed = deadline is not None and now >= deadline
        in_play = InPlay(str(state.phase), phase_words(state.phase), deadline, passed, late,
                         game.status == "paused", game.grace_end if passed else None)
    end = game.extra.get("end")
    return Live(held, in_play, end if isinstance(end, Mapping) else None)


def phase_words(phase: Phase) -> str:
    """``Movement for Spring of 1901``, as the mails name a phase (``_words.j2``)."""
    return str(environment().get_template("_words.j2").module.phase_name(phase))  # type: ignore[attr-defined]


def map_picture(variant: Variant, archive: GameArchive, entry: PhaseEntry) -> bytes | None:
    """The phase's map picture (PNG) as an observer sees it, or None where the variant has no geometry.

    The one place the website gets a picture from: the phase is played again
    from its record (as ``judge replay`` does) and drawn with its orders as
    arrows by the map pictures of the mails (``judge.render.picture``).
    """
    drawn = phase_picture(variant, replay_context(variant, entry, archive.name), OBSERVER, "PNG")
    return None if drawn is None else drawn.data


def game_page(archive: GameArchive, work: PhaseWork | None = None, live: Live | None = None) -> GamePage:
    """A game's pages as values; the pictures and numbers are ``work``'s (by default all made now)."""
    work = work or Fresh(map_picture)
    live = live or Live()
    variant = load_variant(archive.variant, archive.rules)
    report = results_report(variant.name, variant.overrides)
    names = [e.phase for e in archive.phases]
    press = [Press(str(p.get("phase", e.phase)), p.get("from"), str(p.get("body", "")))
             for e in archive.phases for p in e.facts.get("press", [])]
    at_end = _published_at_end(report, archive)
    phases = []
    for n, entry in enumerate(archive.phases):
        phases.append(PhasePage(entry.phase, _title(entry.text), entry.text, work.picture(variant, archive, entry),
                                [p for p in press if p.phase == entry.phase],
                                names[n - 1] if n else None, names[n + 1] if n + 1 < len(names) else None,
                                entry.processed_at, at_end.get(entry.phase),
                                tables_from_json(entry.results.get("public"))))
    charts = [centre_chart(variant, archive.phases), *public_numbers(variant, archive, work)]
    ending = ending_of(variant, archive, live) if archive.status in OVER else None
    return GamePage(archive.name, variant.name.title(), archive.status, phases,
                    [c for c in charts if c.labels and c.points], press, archive.zone,
                    standings(variant, archive, work, live, ending), ending, live.in_play,
                    power_colours_by_title(variant))


def _published_at_end(report: Any, archive: GameArchive) -> dict[str, tuple[str, str]]:
    """Phase -> (title, text) of what the rules publish of it once the game is over; nothing while it runs."""
    published = getattr(report, "published_at_end", None)
    if published is None or archive.status not in OVER:
        return {}
    texts = published(positions_after(archive.phases))
    return {phase: (str(getattr(report, "end_title", "Published at the end")), text) for phase, text in texts.items()}


def _title(text: str) -> str:
    """The results' own title line (``Movement results for Spring of 1901.``), without the game's tag."""
    for line in text.splitlines():
        if line.strip() and not line.startswith("::"):
            return line.split("  (")[0].strip()
    return ""


def centre_chart(variant: Variant, entries: list[PhaseEntry]) -> Series:
    """Supply centres per power at the start and at the end of each game year (a year cut short: its last phase).

    One point per year, changed or not, so the time axis reads evenly.
    """
    powers = sorted(variant.map.powers)
    years: dict[str, Mapping[str, Any]] = {"start": entries[0].state_before} if entries else {}
    for entry in entries:
        years[str(Phase.parse(entry.phase).year)] = entry.results.get("state_after") or {}
    points = {power_name(p, variant.map): [len(state.get("centers", {}).get(p, [])) for state in years.values()]
              for p in powers}
    return Series("Supply centres", list(years), dict(points), power_colours_by_title(variant))


def power_colours_by_title(variant: Variant) -> dict[str, str]:
    """Each power's map colour under the name the charts give it (``France``)."""
    return {power_name(power, variant.map): colour for power, colour in power_colours(variant.map).items()}


def public_numbers(variant: Variant, archive: GameArchive, work: PhaseWork | None = None) -> list[Series]:
    """The variant's public totals per phase (Europe 1615: VPs and INFs), as an observer's results show them.

    Which sections hold them is the report's ``public_numbers`` (chart title,
    section, field of each row); the sections are read after every secret in
    them is taken out for an observer, so a chart never shows a private number.
    """
    report = results_report(variant.name, variant.overrides)
    wanted = tuple(getattr(report, "public_numbers", ()))
    if not wanted:
        return []
    fields = _fields(report)
    found: dict[str, Series] = {}
    for entry in archive.phases:
        numbers = (work or Fresh(lambda *_: None)).numbers(variant, archive, entry, fields)
        for title, key, value in wanted:
            shown = numbers.get(f"{key}.{value}") or {}
            if shown:
                _add(found.setdefault(title, Series(title, [], {}, power_colours_by_title(variant))), entry.phase,
                     shown)
    return list(found.values())


def _fields(report: Any) -> tuple[tuple[str, str], ...]:
    """Every (section, field) the report's charts and standings read."""
    named = [(key, value) for _, key, value in (*getattr(report, "public_numbers", ()),
                                                *getattr(report, "standings", ()))]
    return tuple(dict.fromkeys(named))


def phase_numbers(variant: Variant, archive: GameArchive, entry: PhaseEntry,
                  wanted: tuple[tuple[str, str], ...]) -> Numbers:
    """The phase's public numbers ("section.field" -> power -> value), read from its results replayed and shown
    as to an observer (every secret taken out first)."""
    if not wanted:
        return {}
    played_with = load_variant(variant.name, phase_rules(archive, entry))
    sections = reveal_all(replay_sections(played_with, entry), OBSERVER)
    if not isinstance(sections, dict):
        return {}
    numbers: Numbers = {}
    for key, value in wanted:
        rows = sections.get(key) or []
        found = {str(_field(r, "power")): _number(_field(r, value)) for r in rows}
        if found:
            numbers[f"{key}.{value}"] = found
    return numbers


def _field(row: Any, name: str) -> Any:
    """A row's field, whether the section's rows are objects or mappings."""
    return row.get(name) if isinstance(row, Mapping) else getattr(row, name, None)


def _number(value: Any) -> int | None:
    try:
        return int(value)
    except (TypeError, ValueError):
        return None


def _add(series: Series, label: str, numbers: Mapping[str, int | None]) -> None:
    series.labels.append(label)
    for power in set(series.points) | set(numbers):
        column = series.points.setdefault(power, [None] * (len(series.labels) - 1))
        column.append(numbers.get(power))


# -- the end and the standings ---------------------------------------------------------------

def ending_of(variant: Variant, archive: GameArchive, live: Live) -> Ending:
    """How the game ended: as the judge recorded it when it ended, else as its last position says."""
    last = archive.phases[-1].phase if archive.phases else None
    end = live.end
    note = _rules_note(variant, archive)
    if end:
        reason, agreed = str(end.get("reason", "")), tuple(power_name(p, variant.map) for p in end.get("agreed", []))
        kind = "conceded" if agreed and reason == "victory" else reason
        winners = tuple(power_name(p, variant.map) for p in end.get("winners", []))
        return Ending(kind, end.get("phase") or None, winners, agreed, note)
    if archive.status == "terminated":
        return Ending("terminated", last)
    try:
        result = variant.ruleset.game_result(state_from_json(variant, archive.state)) if archive.state else None
    except CodecError:
        result = None
    if result is None:
        return Ending("finished", last, note=note)
    return Ending(result[0], last, tuple(power_name(p, variant.map) for p in result[1]), note=note)


def _rules_note(variant: Variant, archive: GameArchive) -> str:
    """The rule and reason a variant's rules give for the end (Europe 1615's ``game_over``), powers by name."""
    over = archive.state.get("game_over") if isinstance(archive.state, dict) else None  # the state's extra
    if not isinstance(over, Mapping) or not over.get("reason"):
        return ""
    keys = sorted(variant.map.powers, key=len, reverse=True)
    reason = re.sub(r"\b(" + "|".join(map(re.escape, keys)) + r")\b", lambda m: power_name(m.group(1), variant.map),
                    str(over["reason"])) if keys else str(over["reason"])
    return f"{over.get('rule')}: {reason}" if over.get("rule") else reason


def standings(variant: Variant, archive: GameArchive, work: PhaseWork, live: Live,
              ending: Ending | None) -> Standings | None:
    """Each power's centres and units now, the variant's own scores (``report.standings``: its last values), and
    how it is held; the variant's first score, then centres, order the rows."""
    if not archive.state:
        return None
    report = results_report(variant.name, variant.overrides)
    columns = tuple(getattr(report, "standings", ()))
    last = _last_numbers(variant, archive, work, _fields(report), columns)
    shown = [(title, last.get(f"{key}.{value}", {})) for title, key, value in columns]
    shown = [(title, values) for title, values in shown if values]
    winners = set(ending.winners) if ending is not None and ending.kind != "draw" else set()
    centers, units = archive.state.get("centers", {}), archive.state.get("units", {})
    seats = []
    for power in variant.map.powers:
        name = power_name(power, variant.map)
        scores = tuple("" if (v := values.get(name)) is None else str(v) for _, values in shown)
        seats.append(Seat(name, len(centers.get(power, [])), len(units.get(power, [])),
                          live.held.get(power, "not known (an imported game)"), scores, name in winners))

    def order(seat: Seat) -> tuple[int, int, int, str]:
        first = seat.scores[0] if seat.scores else ""
        return (-seat.winner, -(int(first) if first.lstrip("-").isdigit() else -10**9), -seat.centres, seat.power)
    return Standings(tuple(title for title, _ in shown), tuple(sorted(seats, key=order)))


def _last_numbers(variant: Variant, archive: GameArchive, work: PhaseWork, fields: tuple[tuple[str, str], ...],
                  columns: tuple[tuple[str, str, str], ...]) -> Numbers:
    """For each standings column, its values in the last phase that showed them."""
    found: Numbers = {}
    wanted = {f"{key}.{value}" for _, key, value in columns}
    for entry in reversed(archive.phases):
        if not wanted - set(found):
            break
        for name, values in work.numbers(variant, archive, entry, fields).items():
            found.setdefault(name, values)
    return found
