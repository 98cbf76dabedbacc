"""What one process learns and the next need not learn again: parsed maps, the order grammar's patterns.

A cache entry is plain JSON, one file each, written whole to a temporary
file and renamed into place (two processes racing leave one whole file, the
last one's), and read back only if it is whole, of this format and made from
exactly the input it stands for: each entry carries its key, the very text it
was made from (a map file, a grammar), which the reader compares with the
file as it is now, byte for byte (no digest to collide, nothing to compute).
A GM's corrected map file no longer matches, so the correction takes effect
at the next process; an entry that is missing, torn, of another
format or of another input is ignored (the caller parses, as without a
cache) and written again.  Nothing in an entry is executed: no pickle, no
code, so a planted file can at worst be ignored.

The folder is ``$JUDGE_CACHE_DIR`` if set (empty: no cache), else
``$XDG_CACHE_HOME/judge``, else ``~/.cache/judge``; the judge makes it
private (0700) and uses it only if it belongs to the user running the judge
and nobody else may write to it.  Deleting it is always safe.
"""

from __future__ import annotations

import json
import os
import stat
import zlib
from functools import lru_cache
from pathlib import Path
from typing import Any

#: bumped when what an entry holds changes shape: older entries are then ignored
FORMAT = 1


def entry_name(kind: str, path: Path) -> str:
    """The file name of the entry for one input file: its kind, its name and a checksum of where it is."""
    where = str(path.resolve()).encode("utf-8", "surrogateescape")
    return f"{kind}-{path.name}-{zlib.crc32(where):08x}"


@lru_cache(maxsize=1)
def cache_dir() -> Path | None:
    """The cache folder, made if need be, or None when there is none to use safely."""
    chosen = os.environ.get("JUDGE_CACHE_DIR")
    if chosen is not None:
        folder = Path(chosen) if chosen.strip() else None
    else:
        home = os.path.expanduser("~")
        base = os.environ.get("XDG_CACHE_HOME") or (os.path.join(home, ".cache") if home != "~" else "")
        folder = Path(base) / "judge" if os.path.isabs(base) else None  # no home: no cache
    if folder is None:
        return None
    try:
        folder.mkdir(mode=0o700, parents=True, exist_ok=True)
        info = folder.stat()
    except OSError:
        return None
    private = stat.S_ISDIR(info.st_mode) and not info.st_mode & (stat.S_IWGRP | stat.S_IWOTH)
    return folder if private and info.st_uid == os.geteuid() else None


def _path(name: str) -> Path | None:
    folder = cache_dir()
    return None if folder is None else folder / f"{name}.json"


def read_entry(name: str, key: str) -> Any | None:
    """What entry ``name`` holds if it was made from exactly ``key`` (the input's text), else None."""
    path = _path(name)
    if path is None:
        return None
    try:
        entry = json.loads(path.read_bytes())
    except (OSError, ValueError, RecursionError):
        return None
    if not isinstance(entry, dict) or entry.get("format") != FORMAT or entry.get("key") != key:
        return None
    return entry.get("data")


def write_entry(name: str, key: str, data: Any) -> None:
    """Keep ``data`` as entry ``name``, made from ``key``; a cache that cannot be written is no cache."""
    path = _path(name)
    if path is None:
        return
    import tempfile  # only when something new is learned: not a cost of every start

    try:
        text = json.dumps({"format": FORMAT, "key": key, "data": data}, separators=(",", ":"))
        fd, temp = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent)
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as fh:
                fh.write(text)
            os.replace(temp, path)
        except BaseException:
            os.unlink(temp)
            raise
    except (OSError, TypeError, ValueError):
        return
