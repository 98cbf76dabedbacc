"""The golden archives of the scripted Europe 1615 games (``tests/golden/<edition>/``).

A scripted game's public result mails must equal the committed ones; after a
deliberate change of wording or rules, ``JUDGE_UPDATE_GOLDEN=1`` rewrites
them, and the diff is read before committing.
"""

from __future__ import annotations

import os
from pathlib import Path

from judge.app.sandbox import Sandbox

GOLDEN_ROOT = Path(__file__).resolve().parent / "golden"


def archived(sandbox: Sandbox, game: str, phase: str) -> str:
    """The archived (public) result mail of one phase."""
    return (sandbox.config.data_dir / "archive" / game / f"{phase}.txt").read_text(encoding="utf-8")


def check_golden(sandbox: Sandbox, game: str, phases: list[str], edition: str) -> None:
    folder = GOLDEN_ROOT / edition
    if os.environ.get("JUDGE_UPDATE_GOLDEN"):
        folder.mkdir(parents=True, exist_ok=True)
        for phase in phases:
            (folder / f"{phase}.txt").write_text(archived(sandbox, game, phase), encoding="utf-8")
    golden = sorted(p.stem for p in folder.glob("*.txt"))
    assert golden == sorted(phases), "run with JUDGE_UPDATE_GOLDEN=1 to write the golden archive"
    for phase in phases:
        assert archived(sandbox, game, phase) == (folder / f"{phase}.txt").read_text(encoding="utf-8"), phase
