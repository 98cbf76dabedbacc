"""``judge replay``, ``judge export``, ``judge import`` and ``judge publish``: the archive on the command line.

Each reads the judge's data directory from ``judge.toml`` (``--config``);
only ``import`` and ``publish`` write, ``import`` a new finished game and
``publish`` its own output folder.  Problems are one line on stderr and exit
status 2 (a divergence found by ``replay`` is status 1).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from judge.app.config import ConfigError, JudgeConfig, config_path, load_config
from judge.app.exportcheck import game_name
from judge.app.gamefile import GameArchive, GameFileError, from_store, import_game, read_export, write_export
from judge.engine.discretion import OptionError
from judge.engine.mapfile import MapError
from judge.store import PollBusy, Store, StoreError
from judge.variants import UnknownVariant, data_version, load_variant


class Failed(Exception):
    """What stops a command, said in one line."""


def run_replay(args: argparse.Namespace) -> int:
    return _guarded("replay", _replay, args)


def run_export(args: argparse.Namespace) -> int:
    return _guarded("export", _export, args)


def run_import(args: argparse.Namespace) -> int:
    return _guarded("import", _import, args)


def run_publish(args: argparse.Namespace) -> int:
    return _guarded("publish", _publish, args)


def _guarded(name: str, command: Any, args: argparse.Namespace) -> int:
    try:
        return int(command(args))
    except (Failed, ConfigError, GameFileError, StoreError, OptionError, UnknownVariant, MapError,
            LookupError, OSError) as exc:
        print(f"judge {name}: {' '.join(str(exc).split())}", file=sys.stderr)
        return 2


def _config(args: argparse.Namespace) -> JudgeConfig:
    return load_config(config_path(args.config))


def _archive(args: argparse.Namespace) -> GameArchive:
    if args.file:
        archive = read_export(Path(args.file))
        here = data_version(archive.variant)
        if archive.version and archive.version != here:
            print(f"note: the game was played on {archive.variant} data {archive.version}; "
                  f"this judge has {here}", file=sys.stderr)
        return archive
    if not args.game:
        raise Failed("name a game, or give --file")
    config = _config(args)
    return from_store(Store(config.data_dir, clock=config.clock()), args.game.lower(), config.name)


def _options(archive: GameArchive, written: list[str]) -> dict[str, Any]:
    """``NAME=VALUE`` pairs read as the variant's rule options read them (``SET RULE``)."""
    known = {o.name: o for o in load_variant(archive.variant).ruleset.rule_options()}
    chosen: dict[str, Any] = {}
    for item in written:
        name, sep, value = item.partition("=")
        option = known.get(name.strip().replace("-", "_"))
        if not sep or option is None:
            raise Failed(f"--option {item!r}: write NAME=VALUE with one of {', '.join(known) or 'no options'}")
        chosen[option.name] = option.read(value)
    return chosen


def _replay(args: argparse.Namespace) -> int:
    from judge.app.replay import replay, replay_variant

    archive = _archive(args)
    options, map_path = _options(archive, args.option), Path(args.map) if args.map else None
    replay_variant(archive, options, map_path)  # a bad option or map is refused before anything is played
    first, last = (None if p is None else p.upper() for p in (args.first, args.last))
    report = replay(archive, first, last, options=options, map_path=map_path, what_if=bool(args.option or args.map))
    print(report.summary())
    return 1 if report.divergence is not None else 0


def _export(args: argparse.Namespace) -> int:
    config = _config(args)
    archive = from_store(Store(config.data_dir, clock=config.clock()), args.game.lower(), config.name)
    if args.out == "-":
        write_export(archive, sys.stdout)
        return 0
    with open(args.out, "w", encoding="utf-8") as sink:
        write_export(archive, sink)
    print(f"wrote {args.out}: {archive.name}, {len(archive.phases)} phases", file=sys.stderr)
    return 0


def _import(args: argparse.Namespace) -> int:
    """The file checked whole first (its variant and options must exist here), then the game added all at once."""
    config = _config(args)
    archive = read_export(Path(args.file))
    name = game_name(archive.name if args.name is None else args.name)
    try:
        game = import_game(Store(config.data_dir, clock=config.clock()), archive, name, config.mail.address)
    except PollBusy:
        raise Failed(f"a poll is running on {config.data_dir} (it holds poll.lock): nothing was imported; "
                     "try again when it is over") from None
    print(f"imported {game.name}: {archive.variant}, {len(archive.phases)} phases, finished")
    return 0


def _publish(args: argparse.Namespace) -> int:
    """The site made again, only what changed written; a run that finds another at work exits at once (status 0)."""
    from judge.app.publish import PublishBusy, publish

    config = _config(args)
    try:
        written = publish(Store(config.data_dir, clock=config.clock()), Path(args.out), config.name)
    except PublishBusy:
        if not args.quiet:
            print(f"judge publish: another publish is writing {args.out}; this one exits (cron will try again)")
        return 0
    if not args.quiet:
        print(f"published {written.games} games, {written.pages} pages in {args.out}")
    for name, why in written.left_out:
        print(f"judge publish: {name} left out: its archive cannot be read ({why})", file=sys.stderr)
    return 1 if written.left_out else 0
