"""Every rule the Payola editions and Payola cite exists in the text cited, and names that rule (issue 35 point 8).

The Europe 1615 texts (seeds 001 and 004) are numbered in the digest
(``../shared/rules/digest.md`` §3 R-1304-nn, §4 R-1303-nn); the Payola rules'
sections are the headings of ``../shared/reference/payola/payola-rules.txt``.
Every id in the code, the templates, the ruleset files and the docs of these
editions must be one of them; and where a wording says what a rule is about,
the number beside it must be that rule's (an over-expenditure is 5.5, not
5.6 "Balance Adjustments").  The texts' own tie order for minor units, their
Papal rule, their foreign-unit rule are checked against the digest's words.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SHARED = ROOT.parent.parent / "shared" if (ROOT.parent.parent / "shared").exists() else Path("/work/shared")
DIGEST = SHARED / "rules" / "digest.md"
PAYOLA = SHARED / "reference" / "payola" / "payola-rules.txt"
pytestmark = pytest.mark.skipif(not (DIGEST.exists() and PAYOLA.exists()), reason="../shared/ is absent")

EDITION_FILES = [*ROOT.glob("judge/variants/europe1615_payola/*.py"), ROOT / "judge/reading/europe1615_payola.py",
                 ROOT / "judge/render/europe1615_payola.py", ROOT / "templates/_europe1615_payola.j2",
                 ROOT / "gamedata/europe1615-2013-03/ruleset.toml", ROOT / "gamedata/europe1615-2013-04/ruleset.toml",
                 ROOT / "docs/europe1615-payola.md"]
PAYOLA_FILES = [*ROOT.glob("judge/variants/payola/*.py"), ROOT / "judge/reading/payola.py",
                ROOT / "judge/render/payola.py", *ROOT.glob("templates/_payola*.j2"), ROOT / "templates/_words.j2"]

#: what a wording is about -> the Payola section that rule is (its heading in payola-rules.txt)
TOPICS = {r"reduced|over-?expenditure|overdrawn|overspen": "5.5", r"savings request": "3.4",
          r"owner's acceptance list": "5.2", r"order of the sheet": "5.3", r"further down": "5.4",
          r"one offer per unit": "6.1", r"eBayola": "6.4", r"Loyal Units": "6.5"}
#: a Europe 1615 rule cited by these editions -> words its digest entry must hold
MEANING = {"R-1304-41": "minor states: Austria, Denmark/Sweden, England, France, Spain",
           "R-1303-32": "Order of precedence", "R-1304-46": "Only Catholic powers",
           "R-1303-36": "Only Catholic powers", "R-1304-43": "HOLD, SUPPORT or CONVOY",
           "R-1304-44": "0-value bribes", "R-1304-28": "NEUTRAL", "R-1303-22": "NEUTRAL",
           "R-1304-29": "DUALITY", "R-1303-23": "DUALITY", "R-1304-39": "Papal", "R-1303-30": "Papal",
           "R-1304-40": "Protestant", "R-1303-31": "Protestant", "R-1303-12": "AE", "R-1304-51": "waive",
           "R-1303-39": "R-1304-51"}


def _digest() -> dict[str, str]:
    entries = re.findall(r"\*\*(R-130[34]-\d\d)\*\*(.*?)(?=\n- \*\*|\n#|\Z)", DIGEST.read_text(encoding="utf-8"), re.S)
    return {rule: text for rule, text in entries}


def _sections() -> set[str]:
    return set(re.findall(r"^(\d\.\d)\.?\s", PAYOLA.read_text(encoding="utf-8"), re.M))


def test_every_europe_1615_payola_rule_cited_exists_in_its_text() -> None:
    digest = _digest()
    cited = {(rule, path.name) for path in EDITION_FILES for rule in
             re.findall(r"R-130[34]-\d\d", path.read_text(encoding="utf-8"))}
    assert cited, "no citation found: the files moved"
    assert sorted(c for c in cited if c[0] not in digest) == []


@pytest.mark.parametrize("rule", sorted(MEANING))
def test_each_rule_cited_names_that_rule(rule: str) -> None:
    assert MEANING[rule].lower() in _digest()[rule].lower(), _digest()[rule]


def test_every_payola_section_cited_exists_and_each_topic_cites_its_own() -> None:
    sections, wrong, missing = _sections(), [], []
    for path in PAYOLA_FILES + EDITION_FILES:
        text = path.read_text(encoding="utf-8")
        for number in re.findall(r"(?:\brule |\(|, )(\d\.\d)\b(?![\d-])", text):
            if number not in sections:
                missing.append((path.name, number))
        for topic, section in TOPICS.items():
            for near in re.findall(rf"(?:{topic})[^\n()]{{0,40}}\((?:rule )?(\d\.\d)\b", text, re.I):
                if near != section:
                    wrong.append((path.name, topic, near, section))
            for near in re.findall(rf"(?:{topic})[^\n(]{{0,40}}, rule (\d\.\d)\b", text, re.I):
                if near != section:
                    wrong.append((path.name, topic, near, section))
    assert missing == [] and wrong == []
