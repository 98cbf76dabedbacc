"""njudge's press forms read as this judge's: the press SET options and a fake press's header.

njudge (``data/press``, ``data/index``) sets a game's press rules with SET
options of one to four words, spaces between keywords optional (``SET NO
PARTIAL PRESS``, ``SET NOPARTIAL``), several on one line after commas (``SET
GREY, PARTIAL FAKES BROADCAST``).  Each is this judge's ``SET PRESSFLAGS
key=value …`` (judge/commands/pressflags.py keeps and enforces them).

A fake press names, in its header, recipients other than the real ones:
``PRESS TO ALL BUT G FAKE BROADCAST`` goes to all but Germany and reads as a
broadcast; ``PRESS FAKE TO FRG`` goes to everyone and reads as sent to France,
Russia and Germany (the real recipients come first; without any, a broadcast).
This judge writes it ``PRESS TO … FAKE BROADCAST``, ``PRESS TO … FAKE TO …`` or
``BROADCAST FAKE TO …``.  Pure text.
"""

from __future__ import annotations

from typing import Any

from lark import Token

from judge.reading.values import Invalid, read_press_to

__all__ = ["PRESS_FLAGS", "fake_header", "press_set", "read_diary", "read_fake", "read_pressflags"]

_YES, _NO = "yes", "no"
#: the judge's own keys and the values each takes
PRESS_FLAGS: dict[str, tuple[str, ...]] = {
    "press": ("none", "white", "grey"), "partial": (_YES, _NO), "fake": ("no", "may", "default", "all"),
    "observer": ("any", "white", "none"), "minor": (_YES, _NO), "late": (_YES, _NO), "watch": (_YES, _NO),
    "postal": (_YES, _NO), "broadcast": (_YES, _NO), "allpress": (_YES, _NO),
}

#: njudge's option, its words run together, -> the judge's key=value (``[PRESS]`` and ``[BROADCAST]`` optional)
_FORMS: dict[str, str] = {
    **dict.fromkeys(("PARTIAL", "PARTIALPRESS", "PARTIALALLOWED"), "partial=yes"),
    **dict.fromkeys(("NOPARTIAL", "NOPARTIALPRESS"), "partial=no"),
    **dict.fromkeys(("PARTIALFAKES", "PARTIALFAKESBROADCAST"), "partial=yes fake=all"),
    **dict.fromkeys(("PARTIALFAKESBYDEFAULT", "PARTIALFAKESBROADCASTBYDEFAULT", "PARTIALBYDEFAULT"),
                    "partial=yes fake=default"),
    **dict.fromkeys(("PARTIALMAY", "PARTIALMAYBE", "PARTIALMAYBEFAKED"), "partial=yes fake=may"),
    **dict.fromkeys(("NOFAKE", "NOFAKEBROADCAST"), "fake=no"),
    **dict.fromkeys(("OBSERVERANY", "OBSERVERANYPRESS", "OBSERVERPARTIAL", "OBSERVERPARTIALPRESS"), "observer=any"),
    **dict.fromkeys(("OBSERVERNO", "OBSERVERNOPRESS", "OBSERVERNONE"), "observer=none"),
    **dict.fromkeys(("OBSERVERWHITE", "OBSERVERWHITEPRESS"), "observer=white"),
    **dict.fromkeys(("BROADCAST", "BROADCASTPRESS", "NORMALBROADCAST"), "broadcast=yes"),
    **dict.fromkeys(("NOBROADCAST", "NOBROADCASTPRESS", "NONORMALBROADCAST"), "broadcast=no"),
    "MINORPRESS": "minor=yes", "NOMINORPRESS": "minor=no", "LATEPRESS": "late=yes", "NOLATEPRESS": "late=no",
    "WATCHALLPRESS": "watch=yes", "NOWATCHALLPRESS": "watch=no", "ALLPRESS": "allpress=yes",
    "NORMALPRESS": "allpress=no", "POSTALPRESS": "postal=yes", "NOPOSTALPRESS": "postal=no",
}
#: the kinds of press (SET GREY …), which alone are SET PRESS kind (judge/reading/njudge.py) and here only
#: after a comma
_KINDS: dict[str, str] = {
    **dict.fromkeys(("GREY", "GRAY", "GREYPRESS", "NOWHITE", "NOWHITEPRESS", "GREY/WHITE", "WHITE/GREY",
                     "GREY/WHITEPRESS", "WHITE/GREYPRESS"), "press=grey"),
    **dict.fromkeys(("WHITE", "WHITEPRESS", "NOGREY", "NOGREYPRESS"), "press=white"),
    **dict.fromkeys(("NOPRESS", "NONE", "PRESSNONE"), "press=none"),
}


def press_set(option: str) -> str:
    """``SET PRESSFLAGS …`` for njudge's press options after SET ("" if the text is not all press options, or
    is one kind of press alone, which is ``SET PRESS kind``)."""
    pieces = [piece.split() for piece in option.split(",")]
    if not pieces or any(not words for words in pieces):
        return ""
    found = [_FORMS.get("".join(words).upper()) or _KINDS.get("".join(words).upper()) for words in pieces]
    if None in found or (len(found) == 1 and found[0] in _KINDS.values()):
        return ""
    return "SET PRESSFLAGS " + " ".join(str(f) for f in found)


def read_pressflags(items: list[Token]) -> dict[str, Any]:
    """``key=value …`` of SET PRESSFLAGS, each key once (a later value of the same key wins, as in njudge's
    ``SET PARTIAL, PARTIAL FAKES BROADCAST``)."""
    flags: dict[str, str] = {}
    for item in items:
        key, equals, value = item.value.lower().partition("=")
        if key not in PRESS_FLAGS:
            raise Invalid(f"unknown SET PRESSFLAGS key '{key}': use {', '.join(PRESS_FLAGS)}", item.column)
        value = {"gray": "grey", "on": _YES, "off": _NO}.get(value, value)
        if not equals or value not in PRESS_FLAGS[key]:
            raise Invalid(f"SET PRESSFLAGS {key}= takes {' or '.join(PRESS_FLAGS[key])}", item.column)
        flags[key] = value
    return {"flags": flags}


def fake_header(words: list[str]) -> str:
    """A press header with FAKE in njudge's order as this judge's (real recipients, then FAKE and who is shown);
    "" if it has no FAKE.  ``NOFAKE`` / ``NO FAKE`` are dropped (the press is not faked)."""
    upper = [w.upper() for w in words]
    if "NOFAKE" in upper or "FAKE" in upper and upper[upper.index("FAKE") - 1] == "NO":
        return _not_faked(words, upper)
    if "FAKE" not in upper:
        return ""
    cut = upper.index("FAKE")
    real, shown = words[1:cut], words[cut + 1:]
    if shown[:1] and shown[0].upper() == "PARTIAL":
        shown = shown[1:]
    if shown[:1] and shown[0].upper() == "BROADCAST":   # PRESS FAKE BROADCAST TO FRG: real TO FRG, shown to all
        real, shown = real + shown[1:], []
    grey = [w for w in real if w.upper() in ("GREY", "GRAY", "ANONYMOUS", "ANONYMOUSLY")]
    to = [w for w in real if w not in grey]
    head = ["PRESS", *grey, *(_to(to) if to else [])] if to else ["BROADCAST", *grey]
    return " ".join([*head, "FAKE", *(_to(shown) if shown else ["BROADCAST"])])


def _not_faked(words: list[str], upper: list[str]) -> str:
    """``NOFAKE`` (or ``NO FAKE [BROADCAST]``): press to powers shown as sent to them, whatever the game's
    PARTIAL FAKES BROADCAST BY DEFAULT (written ``FAKE TO`` its own recipients); a broadcast stays one."""
    cut = upper.index("NOFAKE") if "NOFAKE" in upper else upper.index("FAKE") - 1
    span = 1 if upper[cut] == "NOFAKE" else 2
    span += 1 if cut + span < len(upper) and upper[cut + span] == "BROADCAST" else 0
    rest = words[1:cut] + words[cut + span:]
    grey = [w for w in rest if w.upper() in ("GREY", "GRAY", "ANONYMOUS", "ANONYMOUSLY")]
    to = [w for w in rest if w not in grey]
    if not to:
        return " ".join([words[0], *grey])
    return " ".join(["PRESS", *grey, *_to(to), "FAKE", *_to(to)])


def _to(words: list[str]) -> list[str]:
    """``TO list``, ``+list`` or ``-list`` as ``TO list`` or ``TO ALL BUT list``."""
    first = words[0]
    if first[:1] == "+" and len(first) > 1:
        return ["TO", first[1:], *words[1:]]
    if first[:1] == "-" and len(first) > 1:
        return ["TO", "ALL", "BUT", first[1:], *words[1:]]
    return words if first.upper() == "TO" else ["TO", *words]


def read_fake(words: list[Token]) -> dict[str, Any]:
    """njudge's FAKE after a press header's recipients: who its header names instead of them, ``BROADCAST``
    (shown as a broadcast) or ``TO [ALL BUT] list`` (shown as sent to them)."""
    if not words:
        return {"fake": {"broadcast": True}}
    shown = read_press_to(words)
    return {"fake": {"broadcast": False, "to": shown["to"], "all_but": bool(shown.get("all_but"))}}


def read_diary(action_word: Token, number: Token | None) -> dict[str, Any]:
    """DIARY RECORD (a block), LIST, READ n or DELETE n."""
    action = action_word.value.lower()
    if action not in ("record", "list", "read", "delete"):
        raise Invalid(f"DIARY takes RECORD, LIST, READ n or DELETE n, not '{action_word}'", action_word.column)
    numbered = action in ("read", "delete")
    if numbered != (number is not None) or (number is not None and not number.value.isdecimal()):
        raise Invalid(f"DIARY {action.upper()} " + ("takes an entry's number (DIARY LIST numbers them)" if numbered
                                                    else "takes nothing more"), action_word.column)
    return {"action": action, "number": int(number.value) if number is not None else None}
