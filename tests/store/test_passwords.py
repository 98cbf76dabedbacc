"""Passwords are stored as salted scrypt hashes and checked in constant time."""

from __future__ import annotations

import pytest

from judge.store import check_password, hash_password
from judge.store.passwords import forget_verified


def test_right_and_wrong_passwords() -> None:
    stored = hash_password("s3cret pass", n=2**4)
    assert check_password("s3cret pass", stored)
    assert check_password("s3cret pass", stored)  # remembered
    assert not check_password("s3cret pas", stored)
    assert not check_password("S3CRET PASS", stored)
    assert not check_password("", stored)


def test_hashes_are_salted_and_hold_no_clear_text() -> None:
    first, second = hash_password("hunter2", n=2**4), hash_password("hunter2", n=2**4)
    assert first != second
    assert "hunter2" not in first
    assert check_password("hunter2", first) and check_password("hunter2", second)


def test_the_default_cost_is_scrypt_2_12() -> None:
    stored = hash_password("x")
    assert stored.startswith("scrypt$4096$8$1$")
    forget_verified()
    assert check_password("x", stored)


@pytest.mark.parametrize("stored", ["", "plain", "scrypt$3$8$1$AAAA$AAAA", "scrypt$16$8$1$!!$AAAA",
                                    "bcrypt$16$8$1$AAAA$AAAA", "scrypt$16$8$1$AAAA$"])
def test_a_malformed_hash_matches_nothing(stored: str) -> None:
    assert not check_password("anything", stored)


def test_an_empty_password_cannot_be_set() -> None:
    with pytest.raises(ValueError):
        hash_password("")
