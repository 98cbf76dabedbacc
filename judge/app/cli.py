"""The ``judge`` command line: one subcommand per job a GM or cron runs."""

from __future__ import annotations

import argparse
import io
import json
import logging
import sys
from collections.abc import Sequence
from typing import Any, TextIO

from judge import __version__
from judge.app.adjudicate import RequestError, handle_request
from judge.app.archivecli import add_archive_commands
from judge.app.config import ConfigError, config_path, load_config
from judge.app.mapcli import add_map_commands
from judge.paths import templates_dir


def main(argv: Sequence[str] | None = None) -> int:
    parser = _parser()
    args = parser.parse_args(argv)
    if not hasattr(args, "run"):
        parser.print_help()
        return 2
    return int(args.run(args))


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="judge", description="A play-by-email Diplomacy judge.")
    parser.add_argument("--version", action="version", version=f"judge {__version__}", help="the judge's version")
    parser.add_argument("--config", help="the TOML configuration (default: $JUDGE_CONFIG, else ./judge.toml)")
    sub = parser.add_subparsers(title="commands")
    init = sub.add_parser("init", help="write a commented configuration file to start from")
    init.add_argument("--force", action="store_true", help="overwrite an existing file")
    init.set_defaults(run=_init)
    adj = sub.add_parser("adjudicate", help="adjudicate one phase given as JSON on stdin (what-if, tests)")
    adj.add_argument("--jsonl", action="store_true", help="one request per input line, one response per output line")
    adj.add_argument("--variant", default="standard", metavar="NAME",
                     help="the variant of requests that name none (default: standard)")
    adj.set_defaults(run=_adjudicate)
    poll = sub.add_parser("poll", help="one cron tick: read mail, act on it, play due phases, send")
    poll.add_argument("--config", default=argparse.SUPPRESS, help=argparse.SUPPRESS)
    poll.add_argument("-v", "--verbose", action="store_true", help="log every mail skipped or refused")
    poll.set_defaults(run=_poll)
    demo = sub.add_parser("demo", help="play a throwaway game by mail through two years, on the local spool")
    demo.add_argument("--dir", help="where to create the demo judge (default: a new temporary folder)")
    demo.add_argument("--variant", default="standard", metavar="NAME",
                      help="standard (two years, seven players), europe1615-v3 (two years of Version 3), "
                           "europe1615-2013-08 (the Spring 1615 example of the 2013 edition, then 1615), "
                           "europe1615-2013-03 and europe1615-2013-04 (the Payola editions: influence, dice "
                           "attacks and bribes, 1615 and 1616), payola (two years of bribes) or diplomacy1618 "
                           "(1618 and 1619, eleven players)")
    demo.set_defaults(run=_demo)
    add_map_commands(sub)
    add_archive_commands(sub)
    return parser


def _init(args: argparse.Namespace) -> int:
    target = config_path(args.config)
    if target.exists() and not args.force:
        print(f"judge init: {target} exists (use --force to overwrite)", file=sys.stderr)
        return 1
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text((templates_dir() / "judge.toml").read_text(encoding="utf-8"), encoding="utf-8")
    load_config(target)  # what we write must load
    print(f"wrote {target}")
    return 0


def _poll(args: argparse.Namespace) -> int:
    from judge.mail import MailError
    from judge.app.poll import run_poll
    from judge.store import PollBusy, StoreError

    logging.basicConfig(level=logging.INFO if args.verbose else logging.WARNING,
                        format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    try:
        config = load_config(config_path(args.config))
    except ConfigError as exc:
        print(f"judge poll: {exc}", file=sys.stderr)
        return 2
    try:
        report = run_poll(config)
    except PollBusy:
        print("judge poll: another poll is running; this one exits (cron will try again)")
        return 0
    except (StoreError, MailError, OSError) as exc:  # the disk or the mail server: cron tries again
        print(f"judge poll: {exc}", file=sys.stderr)
        return 1
    print(report.summary())
    return 1 if report.errors else 0


def _demo(args: argparse.Namespace) -> int:
    from judge.app.demo import run_demo

    return run_demo(args.dir, args.variant)


def _adjudicate(args: argparse.Namespace) -> int:
    if isinstance(sys.stdin, io.TextIOWrapper):  # bytes that are not UTF-8 make malformed JSON, not a traceback
        sys.stdin.reconfigure(errors="replace")
    if args.jsonl:
        return adjudicate_stream(sys.stdin, sys.stdout, args.variant)
    out = answer(sys.stdin.read(), args.variant)
    if "error" in out:
        print(f"judge adjudicate: {out['error']}", file=sys.stderr)
        return 2
    json.dump(out, sys.stdout)
    sys.stdout.write("\n")
    return 0


def answer(text: str, variant: str = "standard") -> dict[str, Any]:
    """One request's response, or ``{"error": one line}``: nothing in a request escapes as a traceback."""
    try:
        request = json.loads(text)
    except (ValueError, RecursionError) as exc:  # bad JSON, a number of more than 4300 digits, nesting too deep
        return {"error": f"malformed JSON: {_one_line(exc)}"}
    try:
        return handle_request(request, variant)
    except RequestError as exc:
        return {"error": _one_line(exc)}
    except Exception as exc:  # noqa: BLE001 -- a bug of ours: still one line, and a stream goes on
        return {"error": f"internal error ({type(exc).__name__}): {_one_line(exc)}"}


def _one_line(exc: BaseException) -> str:
    return " ".join(str(exc).split())


def adjudicate_stream(source: TextIO, sink: TextIO, variant: str = "standard") -> int:
    """JSON lines in, JSON lines out; a bad request gets an error line and the stream goes on.

    ``variant`` is the one of requests that name none (``--variant``).
    """
    failures = 0
    for line in source:
        if not line.strip():
            continue
        out = answer(line, variant)
        failures += "error" in out
        sink.write(json.dumps(out))
        sink.write("\n")
        sink.flush()
    return 1 if failures else 0
