"""The seen-set: a Message-ID handled once is recognised, whatever bucket it falls in."""

from __future__ import annotations

from datetime import timedelta

import pytest

from judge.store import Store
from judge.store.seen import BUCKETS
from tests.store.helpers import ManualClock


def test_marked_ids_are_seen_and_others_not(store: Store) -> None:
    assert not store.seen("<a@example.com>")
    store.mark_seen("<a@example.com>")
    assert store.seen("<a@example.com>")
    assert store.seen("  <a@example.com>\n")  # header whitespace does not matter
    assert not store.seen("<A@example.com>")  # the local part is case-sensitive


def test_many_ids_spread_over_buckets_and_dedupe(store: Store) -> None:
    ids = [f"<{i}@example.com>" for i in range(2000)]
    store.mark_seen_many(ids[:1000])
    for mid in ids[:1000:50]:
        store.mark_seen(mid)  # a second mark adds nothing
    store.mark_seen_many(ids[500:1500] + ids[500:600])
    assert all(store.seen(mid) for mid in ids[:1500:7])
    assert not any(store.seen(mid) for mid in ids[1500::7])
    files = list((store.data_dir / "seen").glob("*.json"))
    assert 200 < len(files) <= BUCKETS
    assert len(store._seen) == 1500


def test_one_lookup_reads_one_small_bucket(store: Store) -> None:
    store.mark_seen_many([f"<{i}@x>" for i in range(5000)])
    bucket = store._seen.bucket("<17@x>")
    total = sum(p.stat().st_size for p in bucket.parent.glob("*.json"))
    assert bucket.stat().st_size < total / 50


def test_old_ids_can_be_pruned(store: Store, clock: ManualClock) -> None:
    store.mark_seen("<old@x>")
    clock.advance(timedelta(days=100))
    store.mark_seen("<new@x>")
    assert store.prune_seen(older_than_days=90) == 1
    assert not store.seen("<old@x>") and store.seen("<new@x>")


@pytest.mark.parametrize("bad", ["", "   ", None])
def test_an_empty_message_id_is_refused(store: Store, bad) -> None:
    with pytest.raises(ValueError):
        store.mark_seen(bad)
