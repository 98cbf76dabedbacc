"""Issue 24, point 4: the judge installs as an operator would, without the test tools, and runs its demo.

The README's first command installs the package (``pip install .``) and runs
``judge demo``; the test command installs the test extras itself, and
``.ci/run`` runs exactly that command.  The wheel is built here for real (pip,
setuptools' isolated build) from a copy of the checkout, unpacked away from
it, and its demo played: it must find its game data, grammars and templates
inside the package.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SHIPPED = ("judge", "gamedata", "grammar", "templates", "pyproject.toml", "setup.py", "README.md", "MANIFEST.in")
TEST_TOOLS = ("pytest", "aiosmtpd", "selenium", "trio")


def _sh_blocks(text: str) -> list[str]:
    return re.findall(r"```sh\n(.*?)```", text, re.S)


def test_4_the_first_command_installs_the_judge_without_the_test_extras() -> None:
    first = _sh_blocks((ROOT / "README.md").read_text(encoding="utf-8"))[0].strip()
    assert first == "python -m pip install . && judge demo"


def test_4_ci_runs_the_readme_test_command_which_installs_its_extras() -> None:
    test_commands = [b.strip() for b in _sh_blocks((ROOT / "README.md").read_text(encoding="utf-8"))
                     if "pytest" in b]
    assert len(test_commands) == 1
    command = test_commands[0]
    assert "'.[test]'" in command and command.endswith("python -m pytest")
    ci_lines = [line.strip() for line in (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()]
    assert command in ci_lines
    assert [line for line in ci_lines if "pip install" in line and "pip install --quiet --upgrade pip" not in line] \
        == [command]                                         # CI installs nothing the README's command does not


def _wheel(tmp_path: Path) -> Path:
    source = tmp_path / "src"
    source.mkdir()
    for name in SHIPPED:
        if (ROOT / name).is_dir():
            shutil.copytree(ROOT / name, source / name, ignore=shutil.ignore_patterns("__pycache__", "_data"))
        else:
            shutil.copy2(ROOT / name, source / name)
    out = tmp_path / "dist"
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "-w", str(out), str(source)],
                   check=True, capture_output=True, text=True, timeout=600)
    (wheel,) = out.glob("judge-*.whl")
    return wheel


def test_4_the_wheel_carries_its_data_and_plays_the_demo_outside_the_checkout(tmp_path: Path) -> None:
    wheel = _wheel(tmp_path)
    with zipfile.ZipFile(wheel) as archive:
        names = set(archive.namelist())
        metadata = archive.read(next(n for n in names if n.endswith(".dist-info/METADATA"))).decode()
    for shipped in ("judge/_data/gamedata/standard/demo.toml", "judge/_data/grammar/commands.lark",
                    "judge/_data/templates/judge.toml", "judge/_data/templates/site/game.html.j2"):
        assert shipped in names
    assert not any(name.startswith("tests/") for name in names)
    required = [line.split(":", 1)[1].strip() for line in metadata.splitlines() if line.startswith("Requires-Dist:")]
    for tool in TEST_TOOLS:
        assert all(not r.startswith(tool) or 'extra == "test"' in r for r in required), required
    installed = tmp_path / "site"
    with zipfile.ZipFile(wheel) as archive:
        archive.extractall(installed)
    env = {key: value for key, value in os.environ.items() if not key.startswith("JUDGE_")}
    env["PYTHONPATH"] = str(installed)                    # the unpacked wheel, not the checkout
    done = subprocess.run([sys.executable, "-c", "import judge.paths as p; import judge.app.cli as c; "
                           "print(p.gamedata_dir()); raise SystemExit(c.main(['demo', '--dir', 'demo']))"],
                          cwd=tmp_path, env=env, capture_output=True, text=True, timeout=600, check=False)
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.splitlines()[0] == str(installed / "judge" / "_data" / "gamedata")
    assert "Retreats for Spring of 1902" in done.stdout
    assert len(list((tmp_path / "demo" / "spool" / "outbox" / "new").iterdir())) > 100
