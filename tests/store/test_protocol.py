"""The write order docs/store.md asks of a poll survives a crash at every step."""

from __future__ import annotations

import pytest

from judge.store import Game, OutgoingMail, PhaseRecord, Store, SubmittedOrder
from tests.store.helpers import T0, make_game


class Crash(Exception):
    pass


def process_phase(store: Store, game: Game, crash_after: str | None = None) -> None:
    """What the poll does at a deadline: history, archive, then one save with state and mails."""
    before = dict(game.state)
    next_phase = {"S1901M": "F1901M", "F1901M": "W1901A"}[before["phase"]]
    text = f"Movement results for {before['phase']}\n"
    store.record_phase(game.name, PhaseRecord(before["phase"], before, game.orders, [], text, T0))
    if crash_after == "history":
        raise Crash
    store.write_archive(game.name, before["phase"], text)
    if crash_after == "archive":
        raise Crash
    game.state = {**before, "phase": next_phase}
    game.clear_orders()
    game.queue_mail(OutgoingMail(["all@example.com"], f"Results {before['phase']}", text, key=before["phase"]))
    store.save_game(game)


@pytest.mark.parametrize("crash_after", ["history", "archive"])
def test_a_phase_killed_before_the_save_runs_again_once(store: Store, crash_after: str) -> None:
    store.create_game(make_game())
    with pytest.raises(Crash):
        process_phase(store, store.load_game("alpha"), crash_after)
    assert store.load_game("alpha").state["phase"] == "S1901M"  # nothing visible changed
    assert store.pending_mail() == []
    process_phase(store, store.load_game("alpha"))
    game = store.load_game("alpha")
    assert game.state["phase"] == "F1901M" and game.orders == {}
    assert store.phase_names("alpha") == ["S1901M"]
    assert [m.subject for m in store.pending_mail()] == ["Results S1901M"]
    assert store.phase_record("alpha", "S1901M").orders["FRANCE"][0].line == "A PAR-BUR"  # type: ignore[union-attr]


def handle_mail(store: Store, mid: str, line: str, crash_before_seen: bool = False) -> None:
    """What the poll does per mail: dedupe, change the game, save it with the reply, then mark seen."""
    if store.seen(mid):
        return
    game = store.load_game("alpha")
    if not game.was_applied(mid):
        game.submit(SubmittedOrder("FRANCE", line[:5], line, mid, T0))
        game.mark_applied(mid)
        game.queue_mail(OutgoingMail(["france@example.com"], "Re: orders", f"accepted {line}", mid, key=mid))
        store.save_game(game)
    if crash_before_seen:
        raise Crash
    store.mark_seen(mid)


def test_a_mail_handled_twice_after_a_crash_is_applied_once(store: Store) -> None:
    store.create_game(make_game())
    with pytest.raises(Crash):
        handle_mail(store, "<m2@x>", "A MAR-SPA", crash_before_seen=True)
    handle_mail(store, "<m2@x>", "A MAR-SPA")
    handle_mail(store, "<m2@x>", "A MAR-SPA")
    game = store.load_game("alpha")
    assert [o.line for o in game.orders["FRANCE"]] == ["A PAR-BUR", "A MAR-SPA"]
    assert len(game.outbox) == 1 and store.seen("<m2@x>")
    assert store.prune_applied(game) == 1 and game.applied == []
