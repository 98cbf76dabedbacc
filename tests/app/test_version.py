"""``judge --version`` prints the version alone (the judge has no compiled parts to report on)."""

from __future__ import annotations

import pytest

from judge import __version__
from judge.app.cli import main


def test_judge_version_prints_the_version_alone(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as done:
        main(["--version"])
    assert done.value.code == 0
    assert capsys.readouterr().out == f"judge {__version__}\n"
