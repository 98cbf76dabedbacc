"""The one rule for a game's name, which the reader checks in a mail and the store in every name it keeps.

It stands below both layers, with nothing to import, so that the store (which an idle poll loads) never
needs the reader and its grammar to check a name (issue 31: a name one accepted and the other refused
jammed the mailbox).

>>> is_game_name("spring-1901"), is_game_name("ſpring"), is_game_name("x" * 33)
(True, False, False)
"""

from __future__ import annotations

import re

#: the most characters of a game's name
NAME_LENGTH = 32
_NAME_RE = re.compile(rf"[a-z0-9][a-z0-9_-]{{0,{NAME_LENGTH - 1}}}", re.ASCII)


def is_game_name(name: object) -> bool:
    """Whether ``name`` (lower case) is a game name: the reader checks a mail's names with it, the store every
    name it keeps (``judge.store.check_game_name``), so no name passes one and fails the other."""
    return isinstance(name, str) and _NAME_RE.fullmatch(name) is not None
