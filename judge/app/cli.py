"""The ``judge`` command line: one subcommand per job an operator, a GM or cron runs.

The arguments and their help lines are in :mod:`judge.app.parsers`; each
subcommand names its runner as ``"module:function"``, imported here only when
that subcommand runs.  Keep this module's imports light: ``judge --help`` and
``judge poll`` must not pay for what other subcommands use.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence

from judge.app.parsers import build_parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if not hasattr(args, "run"):
        parser.print_help()
        return 2
    run = args.run
    if isinstance(run, str):
        module, _, name = run.partition(":")
        run = getattr(importlib.import_module(module), name)
    return int(run(args))


def run_init(args: argparse.Namespace) -> int:
    """``judge init``: the commented ``templates/judge.toml``, checked to load."""
    from judge.app.config import config_path, load_config
    from judge.paths import templates_dir

    target = config_path(args.config)
    if target.exists() and not args.force:
        print(f"judge init: {target} exists (use --force to overwrite)", file=sys.stderr)
        return 1
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text((templates_dir() / "judge.toml").read_text(encoding="utf-8"), encoding="utf-8")
    load_config(target)  # what we write must load
    print(f"wrote {target}")
    return 0
