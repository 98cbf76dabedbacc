"""Every rule R-1308-01 … R-1308-82 of the digest and every example EX-1308-01 … 08 has a test naming it.

The digest (``../shared/rules/digest.md`` §2) numbers the 2013-08 rules 1 to 82
and ``examples.md`` its worked examples 1 to 8; a test's name carries the id
(``test_R_1308_20_…``, ``test_EX_1308_02_…``).  EX-1308-01, the Spring 1615
example, is the golden test played by mail (``test_spring_1615_by_mail.py``).
Also here: the two edition files name one ruleset, reader and report, and
differ only in their options.
"""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

from judge.paths import gamedata_dir

HERE = Path(__file__).parent


def _named() -> set[str]:
    found: set[str] = set()
    for path in HERE.glob("test_*.py"):
        found |= set(re.findall(r"def test_((?:R|EX)_1308_\d\d)", path.read_text(encoding="utf-8")))
    return found


def test_every_rule_and_example_has_a_test() -> None:
    named = _named()
    missing = [f"R_1308_{n:02d}" for n in range(1, 83) if f"R_1308_{n:02d}" not in named]
    missing += [f"EX_1308_{n:02d}" for n in range(1, 9) if f"EX_1308_{n:02d}" not in named]
    assert not missing, missing


def test_the_two_editions_share_one_implementation() -> None:
    files = {name: tomllib.loads((gamedata_dir() / name / "ruleset.toml").read_text(encoding="utf-8"))
             for name in ("europe1615-v3", "europe1615-2013-08")}
    v3, e1308 = files["europe1615-v3"], files["europe1615-2013-08"]
    for key in ("ruleset", "lines", "report"):
        assert v3[key] == e1308[key], key
    strategies = ("influence", "alignment", "religion", "ottoman_control", "attack_order", "scoring", "phases")
    assert all(v3["options"][k] != e1308["options"][k] for k in strategies)
