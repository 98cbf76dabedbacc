"""A whole game added at once (``judge import``): written in a stage folder, then moved into place.

A game is three things in the data directory: ``archive/<game>/``,
``history/<game>.json`` and ``games/<game>.json``.  Written one after the
other in place, a refusal or a crash half-way would leave a history without
a game, which a later ``CREATE`` of the same name would inherit (its
``HISTORY`` would show the other game's results).  So the three are written
in a hidden stage folder of the data directory,
``.import-<game>.<pid>.<random>.staging``, with the store's own code, then
renamed into place (same filesystem, so each rename is atomic): the archive
folder, the history, and last the game file, which is what makes the game
exist.  The stage folder is removed only after that.

A stage folder found later (under the poll lock, by
:func:`roll_back`, which ``Store.remove_temp_files`` calls at every poll) is
an import killed part-way: if its game file is not in place, what it had
moved is taken back out, so the name is free and empty again.  That is safe
because an import stages only a name with nothing in place (checked under the
lock), and nobody else writes while the lock is held.
"""

from __future__ import annotations

import os
import re
import secrets
import shutil
from pathlib import Path

from judge.crash import crash_point
from judge.store.atomic import fsync_dir, make_private_dirs

PREFIX = ".import-"
SUFFIX = ".staging"
_STAGE = re.compile(rf"{re.escape(PREFIX)}([a-z0-9][a-z0-9_-]{{0,39}})\.[0-9]+\.[0-9a-f]+{re.escape(SUFFIX)}")


def stage_folder(data_dir: Path, game: str) -> Path:
    """A new, empty stage folder for ``game`` (mode 0700), hidden in ``data_dir``."""
    folder = data_dir / f"{PREFIX}{game}.{os.getpid()}.{secrets.token_hex(4)}{SUFFIX}"
    folder.mkdir(mode=0o700)
    return folder


def game_paths(data_dir: Path, game: str) -> list[Path]:
    """What of ``game`` may be in place, in the order an import moves it in: archive, history, game file."""
    return [data_dir / "archive" / game, data_dir / "history" / f"{game}.json", data_dir / "games" / f"{game}.json"]


def move_in(stage: Path, data_dir: Path, game: str) -> None:
    """Rename the staged game into place, the game file last, then drop the stage folder.

    Raising, it puts back into the stage what it had moved (nothing of the game stays in place).
    """
    crash_point("import:staged")
    moved: list[tuple[Path, Path]] = []
    try:
        for staged, target in zip(game_paths(stage, game), game_paths(data_dir, game), strict=True):
            if staged.exists():
                make_private_dirs(target.parent)
                if os.path.lexists(target):  # never merged into, never replaced (os.rename takes an empty folder)
                    raise FileExistsError(f"{target} appeared during the import")
                os.rename(staged, target)
                moved.append((target, staged))
                fsync_dir(target.parent)
            crash_point(f"import:{target.parent.name}")
    except BaseException:
        for target, staged in reversed(moved):
            os.rename(target, staged)
        raise
    shutil.rmtree(stage)
    fsync_dir(data_dir)


def roll_back(data_dir: Path) -> int:
    """Undo the imports killed part-way (their stage folders); returns how many stage folders went.

    Only under the poll lock: a stage folder is then never one an import is still using.
    """
    count = 0
    for stage in data_dir.glob(f"{PREFIX}*{SUFFIX}"):
        found = _STAGE.fullmatch(stage.name)
        if found and stage.is_dir() and not stage.is_symlink():
            archive, history, record = game_paths(data_dir, found.group(1))
            if not record.exists():  # the game never came to exist: take back what was moved in
                history.unlink(missing_ok=True)
                shutil.rmtree(archive, ignore_errors=True)
            shutil.rmtree(stage)
            count += 1
    return count
