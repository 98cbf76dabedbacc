"""njudge's documented forms played by mail into a running standard game, tallied (issue 33).

Every case of :mod:`tests.app.njudge_corpus` is one mail; its reply says which lines were accepted and
which refused, with the reason.  A case works if all its lines are accepted (or refused as njudge refuses
them); an unsupported form must be refused with a reply naming the judge's equivalent or the missing
feature.  Taken with another meaning: a form that should be refused yet had a line accepted.  Misleading:
a refusal that says "not signed on" or points ("did you mean") somewhere else.  Run with ``-s`` to see the
tallies and each case that missed.
"""

from __future__ import annotations

import re
from collections import Counter

from judge.app.sandbox import Sandbox
from tests.app.helpers import GM, POWERS, address, signon, start_game
from tests.app.njudge_corpus import cases

ANYONE = "vet@example.org"
FORMING, JOINER = "forming", "joiner@example.org"
_ENTRY_RE = re.compile(r"^  line (\d+): ", re.MULTILINE)
_UNSUPPORTED_WORDS = ("njudge", "has no", "keeps no", "not supported", "never", "not here", "no such")
_MISLEADING_WORDS = ("not signed on", "did you mean", "needs you to be signed on")


def _entries(reply: str, head: str) -> dict[int, str]:
    """Line number -> the text of its entry (the line and its reason) in the reply's Accepted/Rejected part."""
    if f"{head}:" not in reply:
        return {}
    part = reply.split(f"{head}:", 1)[1]
    part = re.split(r"\n(?=\S)", part, maxsplit=1)[0]
    found = list(_ENTRY_RE.finditer(part))
    return {int(m.group(1)): " ".join(part[m.end():(found[i + 1].start() if i + 1 < len(found) else None)].split())
            for i, m in enumerate(found)}


def _sender(who: str) -> tuple[str, str]:
    """The address a case comes from and the sign-on line before its text."""
    if who == "A":
        return ANYONE, ""
    if who in ("G", "Z"):
        return GM, "SIGNON Mdemo gm-secret\n"
    if who in ("F", "Q"):   # the GM, or a player who joined, of a game that has not started
        return (GM, f"SIGNON M{FORMING} gm-secret\n") if who == "F" else (JOINER, f"JOIN {FORMING} pw-joiner\n")
    power = "France" if who == "P" else "Russia"
    return address(power), signon(power) + "\n"


def classify(expect: str, reply: str, first: int) -> str:
    """works | helpful | wrong meaning | misleading | refused (a refusal that names nothing useful)."""
    accepted = {n: t for n, t in _entries(reply, "Accepted").items() if n >= first}
    rejected = {n: t for n, t in _entries(reply, "Rejected").items() if n >= first}
    reasons = " ".join(rejected.values())
    if any(word in reasons.lower() for word in _MISLEADING_WORDS):
        return "misleading"
    if expect == "works":
        return "works" if not rejected else "refused"
    setup = ("OBSERVE ", "BECOME ", "SET NOABSENCE", "PHASE ")   # a case's first lines that set the scene
    if accepted and not all("signed on" in t or t.upper().startswith(setup) for t in accepted.values()):
        return "wrong meaning"
    if not rejected:
        return "wrong meaning"
    if expect.startswith("="):
        return "helpful" if expect[1:].upper() in reasons.upper() else "refused"
    return "helpful" if any(word in reasons.lower() for word in _UNSUPPORTED_WORDS) else "refused"


def test_njudge_forms_by_mail_are_read_as_njudge_reads_them_or_refused_naming_the_equivalent(
        sandbox: Sandbox) -> None:
    # grey press, fake press and postal press allowed: the P cases send them (njudge's SET PARTIAL MAY BE FAKED,
    # SET POSTAL PRESS; a game that forbids them: tests/app/test_njudge_press.py)
    start_game(sandbox, setup="SET PRESS grey\nSET PARTIAL MAY BE FAKED\nSET POSTAL PRESS",
               powers=tuple(p for p in POWERS if p != "Turkey"))
    sandbox.send(GM, f"CREATE {FORMING} standard gm-secret", "forming game")
    sandbox.send(JOINER, f"JOIN {FORMING} pw-joiner", "joining")
    all_cases = cases()
    results: dict[int, str] = {}
    for group in ("P", "A", "G", "R", "Z", "F", "Q"):
        for number, (_source, who, _expect, text) in enumerate(all_cases):
            if who != group:
                continue
            sender, head = _sender(who)
            sandbox.send(sender, head + text, f"case {number}")
            if group == "Z":
                sandbox.poll()
        sandbox.poll()
        for mail in sandbox.new_mail():
            subject = str(mail.message["Subject"])
            if subject.startswith("Re: case "):
                results[int(subject.removeprefix("Re: case "))] = sandbox.text(mail)
    tally: Counter[str] = Counter()
    missed = []
    for number, (source, who, expect, text) in enumerate(all_cases):
        outcome = classify(expect, results.get(number, ""), 1 if who == "A" else 2)
        tally[outcome] += 1
        if outcome not in ("works", "helpful"):
            reasons = " | ".join(_entries(results.get(number, ""), "Rejected").values())
            missed.append(f"  {outcome}: [{source}/{who}/{expect}] {text!r}: {reasons[:200]}")
    total = len(all_cases)
    print(f"\nnjudge corpus: {total} forms; works {tally['works']}, refused naming the equivalent or the missing "
          f"feature {tally['helpful']}, taken with another meaning {tally['wrong meaning']}, misleading "
          f"{tally['misleading']}, refused without a useful pointer {tally['refused']}")
    print("\n".join(missed))
    assert len(results) == total, sorted(set(range(total)) - set(results))
    assert tally["wrong meaning"] == 0 and tally["misleading"] == 0, missed
    assert tally["works"] + tally["helpful"] >= 0.9 * total, missed
