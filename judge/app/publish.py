"""``judge publish``: a static website of the judge's games, from the archive, safe to put anywhere.

Finished (and terminated) games are published; a running game only if its GM
said ``SET PUBLISH yes``.  Everything shown is what an observer was mailed:
the public results text of each phase as archived, the broadcasts, the
supply centres, the variant's public numbers (VPs, INF totals) taken from
the results as an observer reads them, and once a game is over what its rules
publish then (Payola's bribe charts).  Who holds each power is said in words,
never by address; a running game's deadline and the powers whose orders are
not in are what its players are told.

A run writes only what changed (``judge.app.sitebuild``): a game is known
unchanged by a key of everything its pages are made from (its history and
archive files, what the live record shows, the variant's data, the judge's
code), a phase's picture by a key of its record, so an unchanged archive is
neither replayed nor redrawn.  One run at a time (a lock beside the site);
the new site is switched in whole, at once.  The index's thumbnail of a game is
shrunk from its last phase's picture once, when that phase is new.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any

from judge.app.gamefile import GameArchive, PhaseEntry, from_store
from judge.app.replay import phase_rules
from judge.app.sitebuild import Build, PublishBusy, code_version, key_of, site_lock
from judge.app.sitepages import (
    OVER, Fresh, Numbers, Picture, centre_chart, game_page, live_facts, map_picture, phase_numbers, picture_name,
    power_colours_by_title, public_numbers,
)
from judge.engine.variant import Variant
from judge.render.geometry import geometry_file, map_file
from judge.render.site import GameRow, SiteIndex, render_game, render_index, render_phase, stylesheet
from judge.render.thumbnail import thumbnail
from judge.store import Game, Store, StoreError
from judge.variants import UnknownVariant, data_version

__all__ = ["OVER", "PublishBusy", "Written", "centre_chart", "game_page", "map_picture", "power_colours_by_title",
           "public_numbers", "publish", "shown"]


@dataclass(frozen=True)
class Written:
    """What a publish did: the games and pages on the site, the games it had to leave out (name, why), the
    pictures drawn and the files written anew (the others are the last site's, unchanged)."""

    games: int
    pages: int
    left_out: tuple[tuple[str, str], ...] = ()
    drawn: int = 0
    written: int = 0


def shown(game: Game) -> bool:
    """Whether the website shows the game: over, or running with its GM's ``SET PUBLISH yes``."""
    return game.status in OVER or (game.status in ("active", "paused") and game.settings.extra.get("publish") is True)


def publish(store: Store, out: Path, judge: str, picture: Picture = map_picture) -> Written:
    """Make ``out`` the site of the judge's games now, writing only what changed; :class:`PublishBusy` if another
    run is at it.  ``out`` becomes a symbolic link to the new copy (``judge.app.sitebuild``)."""
    with site_lock(out):
        build = Build(out)
        try:
            written = _build(store, build, judge, picture)
            build.commit()
        except BaseException:
            build.abandon()
            raise
    return written


@dataclass
class _Run:
    """One run's tallies and the variants' data fingerprints, worked out once each."""

    rows: list[GameRow] = field(default_factory=list)
    pages: int = 1
    left_out: list[tuple[str, str]] = field(default_factory=list)
    drawn: int = 0
    versions: dict[str, Any] = field(default_factory=dict)


def _build(store: Store, build: Build, judge: str, picture: Picture) -> Written:
    run = _Run()
    now = store.clock.now()
    for name in store.game_names():
        try:
            game = store.load_game(name)
        except StoreError:
            continue
        if not shown(game):
            continue
        try:
            _publish_game(store, build, run, game, judge, picture, now)
        except (ValueError, LookupError, TypeError, AttributeError, StoreError) as exc:  # a damaged record
            build.drop_game(name)
            run.left_out.append((name, f"{type(exc).__name__}: {' '.join(str(exc).split())}"[:300]))
    index = SiteIndex(judge, now, sorted(run.rows, key=lambda r: r.name))
    build.put("index.html", render_index(index).encode("utf-8"))
    build.put("style.css", stylesheet().encode("utf-8"))
    return Written(len(run.rows), run.pages, tuple(run.left_out), run.drawn, build.written)


def _publish_game(store: Store, build: Build, run: _Run, game: Game, judge: str, picture: Picture,
                  now: datetime) -> None:
    """One game: kept whole from the last site if its key is the same, else its pages made again."""
    live = live_facts(game, now)
    drawer = f"{picture.__module__}.{picture.__qualname__}"
    versions = _versions(run, game.variant)
    key = _game_key(store, game, key_of("game", code_version(), judge, drawer, versions, game.name, game.variant,
                                        game.rules, game.zone, game.status, live.key()))
    kept = build.keep_game(game.name, key)
    if kept is not None:
        row = GameRow.from_json(kept["row"])
        run.rows.append(row)
        run.pages += 1 + row.phases
        return
    archive = from_store(store, game.name, judge)
    work = _Kept(build, archive, picture, key_of(code_version(), drawer, versions))
    page = game_page(archive, work, live)
    run.drawn += work.drawn
    index = SiteIndex(judge, now, [])
    for phase in page.phases:
        build.put(f"{page.name}/{phase.name}.html", render_phase(index, page, phase).encode("utf-8"))
    build.put(f"{page.name}/index.html", render_game(index, page).encode("utf-8"))
    row = GameRow.of(page, work.thumb(archive.phases[-1], page.current.picture) if page.current else None)
    build.new.games[page.name] = {"key": key, "row": row.to_json(), "phases": sorted(work.keys)}
    run.rows.append(row)
    run.pages += 1 + len(page.phases)


def _versions(run: _Run, variant: str) -> Any:
    """The variant's data fingerprint (ruleset and map files) and its map geometry's, once a run."""
    if variant not in run.versions:
        try:
            data = data_version(variant)
        except UnknownVariant:
            data = ""
        found = map_file(variant)
        geometry = geometry_file(found) if found is not None else None
        run.versions[variant] = [data, hashlib.sha256(geometry.read_bytes()).hexdigest() if geometry else ""]
    return run.versions[variant]


def _game_key(store: Store, game: Game, facts: str) -> str:
    """The key of a game's pages: ``facts`` (what the live record shows, the judge, the code, the data) and the
    bytes of its history and archive files, read but not parsed."""
    sha = hashlib.sha256(facts.encode("ascii"))
    history = store.history_path(game.name)
    sha.update(history.read_bytes() if history.is_file() else b"")
    folder = store.archive_path(game.name, "x").parent
    if folder.is_dir():
        for path in sorted(folder.glob("*.txt")):
            sha.update(path.name.encode("utf-8") + b"\0")
            sha.update(path.read_bytes())
    return sha.hexdigest()


class _Kept:
    """A game's phases made for the site, each picture and numbers taken from the last site where the phase's
    key (its record, its rule options, the variant's data, the code and the picture maker) is unchanged."""

    def __init__(self, build: Build, archive: GameArchive, picture: Picture, common: str) -> None:
        self.build, self.archive, self.fresh, self.common = build, archive, Fresh(picture), common
        self.keys: set[str] = set()
        self.drawn = 0
        self._keys: dict[str, str] = {}

    def key(self, entry: PhaseEntry) -> str:
        if entry.phase not in self._keys:
            orders = {p: [o.to_json() for o in os_] for p, os_ in sorted(entry.orders.items())}
            self._keys[entry.phase] = key_of("phase", self.common, self.archive.name, entry.phase,
                                             entry.state_before, orders, entry.results,
                                             phase_rules(self.archive, entry))
            self.keys.add(self._keys[entry.phase])
        return self._keys[entry.phase]

    def _record(self, entry: PhaseEntry) -> dict[str, Any]:
        return self.build.new.phases.setdefault(self.key(entry), {})

    def picture(self, variant: Variant, archive: GameArchive, entry: PhaseEntry) -> str | None:
        old = self.build.old.phases.get(self.key(entry), {})
        if "picture" in old and (old["picture"] is None or self.build.keep(old["picture"])):
            self._record(entry)["picture"] = old["picture"]
            return None if old["picture"] is None else old["picture"].rpartition("/")[2]
        data = self.fresh.draw(variant, archive, entry)
        self.drawn += 1
        name = None if data is None else picture_name(entry.phase, data)
        if data is not None and name is not None:
            self.build.put(f"{archive.name}/{name}", data)
        self._record(entry)["picture"] = None if name is None else f"{archive.name}/{name}"
        return name

    def thumb(self, entry: PhaseEntry, picture: str | None) -> str | None:
        """The index's small copy of the phase's picture (``<game>/<phase>-small.png``): the last site's where the
        phase's key is unchanged, else shrunk now from the picture just put in the site; None without one."""
        old = self.build.old.phases.get(self.key(entry), {})
        if "thumb" in old and (old["thumb"] is None or self.build.keep(old["thumb"])):
            kept: str | None = old["thumb"]
            self._record(entry)["thumb"] = kept
            return kept
        data = None if picture is None else thumbnail((self.build.www / self.archive.name / picture).read_bytes())
        name = None if data is None else f"{self.archive.name}/{entry.phase}-small.png"
        if data is not None and name is not None:
            self.build.put(name, data)
        self._record(entry)["thumb"] = name
        return name

    def numbers(self, variant: Variant, archive: GameArchive, entry: PhaseEntry,
                wanted: tuple[tuple[str, str], ...]) -> Numbers:
        record = self._record(entry)
        if "numbers" not in record:
            old = self.build.old.phases.get(self.key(entry), {})
            record["numbers"] = old["numbers"] if "numbers" in old else phase_numbers(variant, archive, entry, wanted)
        return record["numbers"]
