"""How ``judge publish`` writes its site: one run at a time, only what changed, switched in at once.

The site folder ``DIR`` a web server serves is a symbolic link to the
current copy, beside it::

    DIR -> .DIR.site-<random>/www        the link a web server follows
    .DIR.site-<random>/www/              index.html, style.css, <game>/<phase>.html, <game>/<phase>.png ...
    .DIR.site-<random>/manifest.json     the key of each game and phase, the digest of each file in www/
    .DIR.lock                            flock: one ``judge publish`` at a time

A run builds a new copy: every file whose content is the same as in the
current copy is a hard link to it (no byte written, its inode and mtime
kept), only changed files are written, and a game whose key is unchanged is
linked whole without being read.  Then a new link is made and renamed over
``DIR`` (``os.replace``: atomic), so a reader sees the old site or the new
one, never none and never half of one.  The copy before stays until the next
run, so a page being read while the link moves is not cut short.

The manifest lives beside ``www/``, not in it: it is not served.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import tempfile
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

from judge.paths import ROOT, templates_dir
from judge.store.lock import PollBusy, exclusive_lock

MANIFEST_FORMAT = 1
SITE = "www"


class PublishBusy(Exception):
    """Another ``judge publish`` holds the site's lock: this one leaves everything as it is."""


@contextmanager
def site_lock(out: Path) -> Iterator[None]:
    """Hold ``.DIR.lock`` beside the site for the run; :class:`PublishBusy` at once if another run holds it."""
    lock = out.parent / f".{out.name}.lock"
    try:
        with exclusive_lock(lock):
            yield
    except PollBusy:
        raise PublishBusy(f"another judge publish is writing {out} (it holds {lock}): this one exits, nothing "
                          "was written") from None


def digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def key_of(*parts: Any) -> str:
    """A key of JSON values: the same parts, the same key."""
    return digest(json.dumps(parts, sort_keys=True, default=str).encode("utf-8"))


@lru_cache(maxsize=1)
def code_version() -> str:
    """The renderer's own version: a digest of the judge's code and templates, so a new judge redraws all once."""
    sha = hashlib.sha256()
    for folder in (ROOT / "judge", templates_dir()):
        for path in sorted(folder.rglob("*")):
            if path.is_file() and path.suffix in (".py", ".j2", ".css"):
                sha.update(str(path.relative_to(folder)).encode("utf-8"))
                sha.update(path.read_bytes())
    return sha.hexdigest()[:16]


@dataclass
class Manifest:
    """What a copy of the site holds: each file's digest, each game's key, each phase's picture and numbers."""

    files: dict[str, str] = field(default_factory=dict)
    games: dict[str, dict[str, Any]] = field(default_factory=dict)
    phases: dict[str, dict[str, Any]] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {"format": MANIFEST_FORMAT, "files": self.files, "games": self.games, "phases": self.phases}

    @classmethod
    def read(cls, path: Path) -> Manifest:
        """The manifest at ``path``; an empty one if it is missing, unreadable or of another format."""
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return cls()
        if not isinstance(data, dict) or data.get("format") != MANIFEST_FORMAT:
            return cls()
        return cls(dict(data.get("files", {})), dict(data.get("games", {})), dict(data.get("phases", {})))


class Build:
    """A new copy of the site being made beside ``out``; :meth:`commit` switches it in."""

    def __init__(self, out: Path) -> None:
        self.out = out
        out.parent.mkdir(parents=True, exist_ok=True)
        self.previous = _current(out)
        self.old = Manifest.read(self.previous.parent / "manifest.json") if self.previous else Manifest()
        self.new = Manifest()
        self.folder = Path(tempfile.mkdtemp(prefix=f".{out.name}.site-", dir=out.parent))
        self.www = self.folder / SITE
        self.www.mkdir()
        self.written = self.linked = 0

    def put(self, relative: str, data: bytes) -> None:
        """The file ``relative`` with ``data``: linked to the current copy's if the same, else written."""
        sha = digest(data)
        if not (self.old.files.get(relative) == sha and self._link(relative)):
            target = self.www / relative
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(data)
            self.written += 1
        self.new.files[relative] = sha

    def keep(self, relative: str) -> bool:
        """The current copy's file ``relative``, linked unchanged; False if it has none."""
        sha = self.old.files.get(relative)
        if sha is None or not self._link(relative):
            return False
        self.new.files[relative] = sha
        return True

    def keep_game(self, name: str, key: str) -> Mapping[str, Any] | None:
        """The whole of game ``name`` from the current copy if its key is ``key``; its index entry, else None."""
        kept = self.old.games.get(name)
        if not kept or kept.get("key") != key:
            return None
        files = [f for f in self.old.files if f.startswith(f"{name}/")]
        if not files or not all(self.keep(f) for f in files):
            self.drop_game(name)
            return None
        self.new.games[name] = kept
        self.new.phases.update({k: self.old.phases[k] for k in kept.get("phases", []) if k in self.old.phases})
        return kept

    def drop_game(self, name: str) -> None:
        """Nothing of game ``name`` in the new copy (it failed part-way: it is left out whole)."""
        shutil.rmtree(self.www / name, ignore_errors=True)
        self.new.games.pop(name, None)
        for f in [f for f in self.new.files if f.startswith(f"{name}/")]:
            del self.new.files[f]

    def _link(self, relative: str) -> bool:
        if self.previous is None:
            return False
        source, target = self.previous / relative, self.www / relative
        target.parent.mkdir(parents=True, exist_ok=True)
        try:
            os.link(source, target)
        except FileNotFoundError:
            return False
        except OSError:  # a file system without hard links: a copy
            try:
                shutil.copy2(source, target)
            except OSError:
                return False
        self.linked += 1
        return True

    def commit(self) -> None:
        """Write the manifest, make the copy readable, switch ``out`` to it at once, drop copies older than the last."""
        (self.folder / "manifest.json").write_text(json.dumps(self.new.to_json(), sort_keys=True), encoding="utf-8")
        for folder in [self.folder, *(p for p in self.www.rglob("*") if p.is_dir()), self.www]:
            folder.chmod(0o755)
        link = self.out.parent / f".{self.out.name}.link-{os.getpid()}"
        if link.is_symlink() or link.exists():
            link.unlink()
        os.symlink(os.path.relpath(self.www, self.out.parent), link)
        if self.out.is_dir() and not self.out.is_symlink():  # a site of an older judge: a folder, moved aside once
            aside = self.out.parent / f".{self.out.name}.site-folder"
            shutil.rmtree(aside, ignore_errors=True)
            self.out.rename(aside)
        os.replace(link, self.out)
        self._tidy()

    def abandon(self) -> None:
        shutil.rmtree(self.folder, ignore_errors=True)

    def _tidy(self) -> None:
        """Remove every copy but the new one and the one before it (a reader may still be in it)."""
        keep = {self.folder.resolve(), *([self.previous.parent.resolve()] if self.previous else [])}
        for path in self.out.parent.glob(f".{self.out.name}.site-*"):
            if path.resolve() not in keep and path.is_dir() and not path.is_symlink():
                shutil.rmtree(path, ignore_errors=True)
        for path in self.out.parent.glob(f".{self.out.name}.link-*"):  # a run killed before its switch
            if path.is_symlink():
                path.unlink(missing_ok=True)


def _current(out: Path) -> Path | None:
    """The ``www`` folder ``out`` links to, if it is one of ours; None for none (a first run, or a plain folder)."""
    if not out.is_symlink():
        return None
    target = Path(os.path.realpath(out))
    if target.name != SITE or not target.parent.name.startswith(f".{out.name}.site-") or not target.is_dir():
        return None
    return target
