"""Where the data that ships beside the code lives: grammars, templates, game data.

The repository keeps them at its top level so a GM can edit them.  An
installed judge (``pip install .``, not editable) has them inside the package,
as ``judge/_data/<name>/``, copied there by ``setup.py``'s build step; an
environment variable points elsewhere (a GM's corrected copy).
"""

from __future__ import annotations

import os
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SHIPPED = Path(__file__).resolve().parent / "_data"
_INSTALLED = SHIPPED.is_dir()  # looked at once: a checkout never has it (.gitignore), a wheel always


def _dir(env: str, default: str) -> Path:
    chosen = os.environ.get(env)
    if chosen:
        return Path(chosen)
    return SHIPPED / default if _INSTALLED else ROOT / default


def gamedata_dir() -> Path:
    return _dir("JUDGE_GAMEDATA", "gamedata")


def grammar_dir() -> Path:
    return _dir("JUDGE_GRAMMAR", "grammar")


def templates_dir() -> Path:
    return _dir("JUDGE_TEMPLATES", "templates")
