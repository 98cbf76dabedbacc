"""``judge publish``: a static website of the judge's games, from the archive, safe to put anywhere.

Finished (and terminated) games are published; a running game only if its GM
said ``SET PUBLISH yes``.  Everything shown is what an observer was mailed:
the public results text of each phase as archived (whose secrets the rules
publish at the end, such as Payola's bribe charts, are in its last results),
the broadcasts, the supply centres, and the variant's public numbers (VPs,
INF totals) taken from the results as an observer reads them.  The site is
written beside the target and swapped in at once, so a reader never sees
half of it and a game no longer published disappears.
"""

from __future__ import annotations

import shutil
import tempfile
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from judge.app.gamefile import GameArchive, PhaseEntry, from_store
from judge.app.replay import phase_rules, replay_context, replay_sections
from judge.engine.state import Phase
from judge.engine.variant import Variant
from judge.render import OBSERVER
from judge.render.palette import power_colours
from judge.render.picture import phase_picture
from judge.render.secrecy import reveal_all
from judge.render.site import (
    GamePage, PhasePage, Press, Series, SiteIndex, render_game, render_index, render_phase, stylesheet,
)
from judge.store import Store, StoreError, to_iso
from judge.variants import load_variant, results_report

#: statuses published whatever the GM says: the game is over
OVER = ("finished", "terminated")


def map_picture(variant: Variant, archive: GameArchive, entry: PhaseEntry) -> bytes | None:
    """The phase's map picture (PNG) as an observer sees it, or None where the variant has no geometry.

    The one place the website gets a picture from: the phase is played again
    from its record (as ``judge replay`` does) and drawn with its orders as
    arrows by the map pictures of the mails (``judge.render.picture``).
    """
    drawn = phase_picture(variant, replay_context(variant, entry, archive.name), OBSERVER, "PNG")
    return None if drawn is None else drawn.data


@dataclass(frozen=True)
class Written:
    """What a publish wrote, and the games it had to leave out (name, why)."""

    games: int
    pages: int
    left_out: tuple[tuple[str, str], ...] = ()


def published(store: Store, judge: str) -> list[GameArchive]:
    """The games the website shows: over, or running with the GM's ``SET PUBLISH yes``; a broken one is left out."""
    games = []
    for name in store.game_names():
        try:
            archive = from_store(store, name, judge)
        except StoreError:
            continue
        if archive.status in OVER or (archive.status in ("active", "paused")
                                      and archive.settings.extra.get("publish") is True):
            games.append(archive)
    return games


#: how the site gets a position's picture (:func:`map_picture`)
Picture = Callable[[Variant, GameArchive, PhaseEntry], "bytes | None"]


def publish(store: Store, out: Path, judge: str, picture: Picture = map_picture) -> Written:
    """Write the site into ``out`` (replacing it whole): index.html, style.css, <game>/index.html, <game>/<phase>.html
    and each phase's picture beside its page."""
    index = SiteIndex(judge, to_iso(store.clock.now()), [])
    out.parent.mkdir(parents=True, exist_ok=True)
    staging = Path(tempfile.mkdtemp(prefix=f".{out.name}.", dir=out.parent))
    pages, left_out = 1, []
    for archive in published(store, judge):
        try:
            game, pictures = game_page(archive, picture)
        except (ValueError, LookupError, TypeError, AttributeError) as exc:  # a damaged record: the others go on
            left_out.append((archive.name, f"{type(exc).__name__}: {' '.join(str(exc).split())}"[:300]))
            continue
        index.games.append(game)
        folder = staging / game.name
        folder.mkdir()
        for filename, data in pictures.items():
            (folder / filename).write_bytes(data)
        for phase in game.phases:
            (folder / f"{phase.name}.html").write_text(render_phase(index, game, phase), encoding="utf-8")
        (folder / "index.html").write_text(render_game(index, game), encoding="utf-8")
        pages += 1 + len(game.phases)
    (staging / "index.html").write_text(render_index(index), encoding="utf-8")
    (staging / "style.css").write_text(stylesheet(), encoding="utf-8")
    staging.chmod(0o755)
    _swap(staging, out)
    return Written(len(index.games), pages, tuple(left_out))


def _swap(staging: Path, out: Path) -> None:
    old = out.parent / f".{out.name}.old"
    if old.exists():
        shutil.rmtree(old)
    if out.exists():
        out.rename(old)
    staging.rename(out)
    if old.exists():
        shutil.rmtree(old)


def game_page(archive: GameArchive, picture: Picture = map_picture) -> tuple[GamePage, dict[str, bytes]]:
    """A game's pages as values, and its map pictures by file name."""
    variant = load_variant(archive.variant, archive.rules)
    names = [e.phase for e in archive.phases]
    press = [Press(str(p.get("phase", e.phase)), p.get("from"), str(p.get("body", "")))
             for e in archive.phases for p in e.facts.get("press", [])]
    pictures: dict[str, bytes] = {}
    phases = []
    for n, entry in enumerate(archive.phases):
        shown = _picture(variant, archive, entry, pictures, picture)
        phases.append(PhasePage(entry.phase, _title(entry.text), entry.text, shown,
                                [p for p in press if p.phase == entry.phase],
                                names[n - 1] if n else None, names[n + 1] if n + 1 < len(names) else None))
    charts = [centre_chart(variant, archive.phases), *public_numbers(variant, archive)]
    return GamePage(archive.name, variant.name.title(), archive.status, phases,
                    [c for c in charts if c.labels and c.points], press), pictures


def _picture(variant: Variant, archive: GameArchive, entry: PhaseEntry, pictures: dict[str, bytes],
             picture: Picture) -> str | None:
    """The file name of the phase's picture, kept in ``pictures``; None: text only."""
    data = picture(variant, archive, entry)
    if data is None:
        return None
    filename = f"{entry.phase}.svg" if data.lstrip()[:5] in (b"<svg ", b"<?xml", b"<svg>") else f"{entry.phase}.png"
    pictures[filename] = data
    return filename


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
    points = {p.title(): [len(state.get("centers", {}).get(p, [])) for state in years.values()] for p in powers}
    return Series("Supply centres", list(years), dict(points), power_colours_by_title(variant))


def power_colours_by_title(variant: Variant) -> dict[str, str]:
    """Each power's map colour under the name the charts give it (``France``)."""
    return {power.title(): colour for power, colour in power_colours(variant.map).items()}


def public_numbers(variant: Variant, archive: GameArchive) -> list[Series]:
    """The variant's public totals per phase (Europe 1615: VPs and INFs), as an observer's results show them.

    Which sections hold them is the report's ``public_numbers`` (chart title,
    section, field of each row); the sections are read after every secret in
    them is taken out for an observer, so a chart never shows a private number.
    """
    report = results_report(variant.name, variant.overrides)
    wanted = getattr(report, "public_numbers", ())
    if not wanted:
        return []
    found: dict[str, Series] = {}
    for entry in archive.phases:
        played_with = load_variant(variant.name, phase_rules(archive, entry))
        sections = reveal_all(replay_sections(played_with, entry), OBSERVER)
        if not isinstance(sections, dict):
            continue
        for title, key, value in wanted:
            rows = sections.get(key) or []
            numbers = {str(_field(r, "power")): _number(_field(r, value)) for r in rows}
            if numbers:
                _add(found.setdefault(title, Series(title, [], {}, power_colours_by_title(variant))), entry.phase,
                     numbers)
    return list(found.values())


def _field(row: Any, name: str) -> Any:
    """A row's field, whether the section's rows are objects or mappings."""
    return row.get(name) if isinstance(row, Mapping) else getattr(row, name, None)


def _number(value: Any) -> int | None:
    try:
        return int(value)
    except (TypeError, ValueError):
        return None


def _add(series: Series, label: str, numbers: dict[str, int | None]) -> None:
    series.labels.append(label)
    for power in set(series.points) | set(numbers):
        column = series.points.setdefault(power, [None] * (len(series.labels) - 1))
        column.append(numbers.get(power))
