"""The one rule for a mail address the judge keeps or writes: a plain ASCII addr-spec.

Every address the judge may answer goes through :func:`normal_address` once,
where it comes in: the Reply-To or From of a mail (``judge/mail/entry.py``)
and ``SET ADDRESS`` (``judge/reading/values.py``).  What passes can be put
into a header and handed to any SMTP server as it is; what cannot (8-bit
local parts that need SMTPUTF8, RFC 2047 encoded words that a mail library
decodes into line breaks, control characters, quotes, over-long parts) is
refused with a reason the sender can read.  Stdlib only, no I/O: every layer
may use it.
"""

from __future__ import annotations

import re

MAX_ADDRESS = 254  # RFC 5321 4.5.3.1: a path is at most 256 octets with its angle brackets
MAX_LOCAL = 64
_ATEXT = r"[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+"
_LOCAL = re.compile(rf"{_ATEXT}(?:\.{_ATEXT})*")
_LABEL = re.compile(r"[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?")


class BadAddress(ValueError):
    """An address the judge will not keep or answer; the message says why, in the sender's words."""


def normal_address(text: str) -> str:
    """``text`` as the judge keeps it (lower case, an international domain in its ASCII form),
    or :class:`BadAddress`."""
    address = text.strip()
    if not address:
        raise BadAddress("no address")
    if len(address) > MAX_ADDRESS:
        raise BadAddress(f"an address is at most {MAX_ADDRESS} characters long")
    if any(ord(ch) < 32 or ord(ch) == 127 for ch in address):
        raise BadAddress("the address holds control characters (a line break?)")
    local, at, domain = address.rpartition("@")
    if not at or not local or not domain:
        raise BadAddress(f"'{_shown(address)}' is not a mail address")
    if not local.isascii():
        raise BadAddress(f"'{_shown(address)}' has letters outside ASCII before the @, which this judge "
                         "cannot send to")
    if "=?" in local or not _LOCAL.fullmatch(local) or len(local) > MAX_LOCAL:
        raise BadAddress(f"'{_shown(address)}' is not a plain mail address")
    return f"{local}@{_ascii_domain(domain, address)}".lower()


def _ascii_domain(domain: str, address: str) -> str:
    if not domain.isascii():
        try:
            domain = domain.encode("idna").decode("ascii")
        except UnicodeError:
            raise BadAddress(f"'{_shown(address)}' has a domain that cannot be written in ASCII") from None
    labels = domain.rstrip(".").split(".")
    if not all(_LABEL.fullmatch(label) for label in labels) or len(domain) > 253:
        raise BadAddress(f"'{_shown(address)}' does not end in a domain name")
    return ".".join(labels)


def _shown(text: str) -> str:
    """A bad address as a reply may echo it: printable, short."""
    clean = "".join(ch if ch.isprintable() else "?" for ch in text)
    return clean if len(clean) <= 80 else clean[:77] + "..."
