"""The parsers are built without Lark's cache: a poll writes nothing outside the data folder.

Lark's ``cache=True`` pickles the parser to a predictable name in the temp folder
and unpickles it on the next run before any check, so whoever can write there
could run code as the judge (issue 10, defect 3).
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from judge.app.sandbox import Sandbox

ROOT = Path(__file__).resolve().parents[2]


def test_a_poll_that_parses_commands_and_orders_leaves_the_temp_folder_empty(sandbox: Sandbox,
                                                                              tmp_path: Path) -> None:
    temp = tmp_path / "temp"
    temp.mkdir()
    sandbox.send("gm@example.org", "CREATE cachegame standard secret\nLIST\n", "new game")
    sandbox.send("p@example.org", "SIGNON Fcachegame pw\nA PAR - BUR\n", "orders")
    env = {**os.environ, "PYTHONPATH": str(ROOT), "TMPDIR": str(temp), "TMP": str(temp), "TEMP": str(temp)}
    env.pop("JUDGE_CRASH_AT", None)
    done = subprocess.run([sys.executable, "-m", "judge", "--config", str(sandbox.root / "judge.toml"), "poll"],
                          cwd=tmp_path, capture_output=True, text=True, env=env, timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    assert "2 mails read" in done.stdout
    assert sorted(p.name for p in temp.iterdir()) == []
