"""Injected crash points, so tests can kill a poll at an exact step and check recovery.

``JUDGE_CRASH_AT=mail:saved`` makes the process ``os._exit`` the first time
it reaches :func:`crash_point` ("mail:saved"); ``mail:saved:3`` the third
time.  ``os._exit`` skips every ``finally`` and flush, which is what a
``kill -9`` or a power cut does.  Without the variable this costs one dict
lookup per call.
"""

from __future__ import annotations

import os
import sys

ENV = "JUDGE_CRASH_AT"
EXIT_CODE = 86
POINTS = (
    "mail:fetched",       # a mail fetched and about to be read, nothing done for it yet
    "mail:saved",         # a game saved with a run's effects and replies (or a game-less reply queued),
                          # its mails not yet marked processed
    "mail:processed",     # a mail marked processed in the mailbox
    "mail:seen",          # the poll's Message-IDs written to the seen-set
    "phase:recorded",     # history record written, archive not yet
    "phase:archived",     # archive written, game not yet saved
    "phase:saved",        # new phase and its result mails saved
    "send:sent",          # accepted by SMTP / the spool, not yet marked sent
    "send:marked",        # marked sent
)
IMPORT_POINTS = (         # judge import (judge/store/staging.py), not reached by a poll
    "import:staged",      # the game written whole in its stage folder, nothing moved into place
    "import:archive",     # its archive folder moved in
    "import:history",     # its history moved in, the game file not yet
    "import:games",       # the game file moved in (the game exists), the stage folder not yet removed
)
_hits: dict[str, int] = {}


def crash_point(name: str) -> None:
    """Die here if ``$JUDGE_CRASH_AT`` names this point (and this is the right hit)."""
    wanted = os.environ.get(ENV)
    if not wanted:
        return
    point, _, count = wanted.rpartition(":") if wanted.count(":") > 1 else (wanted, "", "1")
    if point != name:
        return
    _hits[name] = _hits.get(name, 0) + 1
    if _hits[name] == int(count or 1):
        sys.stderr.write(f"judge: crash injected at {name}\n")
        sys.stderr.flush()
        os._exit(EXIT_CODE)
