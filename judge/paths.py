"""Where the data that ships beside the code lives: grammars, templates, game data.

The repository keeps them at its top level so a GM can edit them; an
environment variable points elsewhere for an installed judge.
"""

from __future__ import annotations

import os
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _dir(env: str, default: str) -> Path:
    return Path(os.environ.get(env, ROOT / default))


def gamedata_dir() -> Path:
    return _dir("JUDGE_GAMEDATA", "gamedata")


def grammar_dir() -> Path:
    return _dir("JUDGE_GRAMMAR", "grammar")


def templates_dir() -> Path:
    return _dir("JUDGE_TEMPLATES", "templates")
