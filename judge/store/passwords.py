"""Password hashes: scrypt with a random salt, so a leaked data directory leaks no password.

A hash is ``scrypt$<n>$<r>$<p>$<salt b64>$<key b64>``: it carries its own
cost, so the cost can be raised later and old hashes still check.

scrypt is slow on purpose (about 40 ms at the default cost), and every order
mail carries a password.  A successful check is therefore remembered for the
life of the process as an HMAC under a random per-process key (never the
password), so a player who sends several mails in one poll pays once.  A
failed check is never remembered: guessing always pays full price.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import hmac
import os
from collections import OrderedDict

SCHEME = "scrypt"
COST_N = 2**12
COST_R = 8
COST_P = 1
SALT_BYTES = 16
KEY_BYTES = 32
_CACHE_SIZE = 1024

_process_key = os.urandom(32)
_verified: OrderedDict[bytes, None] = OrderedDict()


def _b64(data: bytes) -> str:
    return base64.b64encode(data).decode("ascii")


def _scrypt(password: str, salt: bytes, n: int, r: int, p: int, length: int) -> bytes:
    return hashlib.scrypt(password.encode("utf-8"), salt=salt, n=n, r=r, p=p, dklen=length,
                          maxmem=256 * n * r * p + (1 << 20))


def hash_password(password: str, *, n: int = COST_N, r: int = COST_R, p: int = COST_P) -> str:
    """A salted hash of ``password`` to store in its place."""
    if not password:
        raise ValueError("empty password")
    salt = os.urandom(SALT_BYTES)
    key = _scrypt(password, salt, n, r, p, KEY_BYTES)
    return f"{SCHEME}${n}${r}${p}${_b64(salt)}${_b64(key)}"


def _parse(stored: str) -> tuple[int, int, int, bytes, bytes] | None:
    parts = stored.split("$")
    if len(parts) != 6 or parts[0] != SCHEME:
        return None
    try:
        n, r, p = int(parts[1]), int(parts[2]), int(parts[3])
        salt = base64.b64decode(parts[4], validate=True)
        key = base64.b64decode(parts[5], validate=True)
    except (ValueError, binascii.Error):
        return None
    if n < 2 or n & (n - 1) or r < 1 or p < 1 or not key:
        return None
    return n, r, p, salt, key


def check_password(password: str, stored: str) -> bool:
    """Whether ``password`` matches ``stored``; a malformed hash matches nothing."""
    parsed = _parse(stored)
    if parsed is None or not password:
        return False
    memo = hmac.new(_process_key, f"{stored}\0{password}".encode(), hashlib.sha256).digest()
    if memo in _verified:
        _verified.move_to_end(memo)
        return True
    n, r, p, salt, key = parsed
    if not hmac.compare_digest(_scrypt(password, salt, n, r, p, len(key)), key):
        return False
    _verified[memo] = None
    if len(_verified) > _CACHE_SIZE:
        _verified.popitem(last=False)
    return True


def forget_verified() -> None:
    """Drop the remembered checks (tests and benchmarks measure the cold cost with it)."""
    _verified.clear()
