"""Outgoing mail: the global outbox, games' outboxes, and marking mail sent."""

from __future__ import annotations

import pytest

from judge.store import OutgoingMail, Store, UnknownGame
from tests.store.helpers import make_game


def mail(subject: str, game: str | None = None) -> OutgoingMail:
    return OutgoingMail(["p@example.com"], subject, f"{subject} body\n", "<in@example.com>", game=game)


def test_global_mail_is_queued_listed_and_removed_when_sent(store: Store) -> None:
    first, second = store.queue_mail(mail("help")), store.queue_mail(mail("list"))
    assert [m.subject for m in store.pending_mail()] == ["help", "list"]
    store.mark_sent(first)
    assert store.pending_mail() == [second]
    store.mark_sent(first)  # already gone: nothing happens
    store.mark_sent(second)
    assert store.pending_mail() == []


def test_a_result_mail_is_stored_in_the_same_write_as_the_phase(store: Store) -> None:
    game = make_game()
    store.create_game(game)
    game.state = {"phase": "F1901M", "units": {}}
    result = game.queue_mail(mail("results"))
    store.save_game(game)
    loaded = store.load_game("alpha")
    assert loaded.state["phase"] == "F1901M" and loaded.outbox == [result]
    assert result.game == "alpha"
    assert store.pending_mail() == [result]
    store.mark_sent(result)
    assert store.pending_mail() == [] and store.load_game("alpha").outbox == []


def test_saving_a_copy_loaded_before_mark_sent_does_not_resend(store: Store) -> None:
    game = make_game()
    sent, kept = game.queue_mail(mail("sent")), game.queue_mail(mail("kept"))
    store.create_game(game)
    stale = store.load_game("alpha")
    store.mark_sent(sent)
    late = store.queue_mail(mail("queued elsewhere", game="alpha"))
    new = stale.queue_mail(mail("new"))
    store.save_game(stale)
    assert [m.subject for m in store.load_game("alpha").outbox] == ["kept", "queued elsewhere", "new"]
    assert stale.outbox == [kept, late, new]
    store.mark_sent(new)
    store.save_game(stale)  # saving the same object again does not bring "new" back
    assert [m.subject for m in store.pending_mail()] == ["kept", "queued elsewhere"]


def test_a_mail_dropped_from_a_loaded_game_is_dropped_on_save(store: Store) -> None:
    game = make_game()
    game.queue_mail(mail("obsolete"))
    store.create_game(game)
    loaded = store.load_game("alpha")
    loaded.outbox.clear()
    store.save_game(loaded)
    assert store.pending_mail() == []


def test_pending_mail_covers_every_game_and_the_global_outbox(store: Store) -> None:
    for name in ("b", "a"):
        game = make_game(name)
        game.queue_mail(mail(f"to {name}"))
        store.create_game(game)
    store.queue_mail(mail("global"))
    assert [(m.game, m.subject) for m in store.pending_mail()] == [(None, "global"), ("a", "to a"), ("b", "to b")]
    with pytest.raises(UnknownGame):
        store.queue_mail(mail("x", game="nosuchgame"))


def test_a_mail_with_a_pending_key_is_not_queued_twice(store: Store) -> None:
    """A poll killed after queueing a reply but before marking the mail seen answers it once."""
    first = store.queue_mail(OutgoingMail(["p@x"], "help", "1", key="<in@x>"))
    again = store.queue_mail(OutgoingMail(["p@x"], "help", "2", key="<in@x>"))
    assert again == first and [m.body for m in store.pending_mail()] == ["1"]
    store.mark_sent(first)
    assert store.queue_mail(OutgoingMail(["p@x"], "help", "3", key="<in@x>")).body == "3"
    game = make_game()
    reply = game.queue_mail(OutgoingMail(["p@x"], "orders", "ok", key="<o@x>"))
    assert game.queue_mail(OutgoingMail(["p@x"], "orders", "dup", key="<o@x>")) is reply
    store.create_game(game)
    stale = store.load_game("alpha")
    stale.outbox.clear()
    stale.loaded_mail = frozenset()  # as if loaded before the reply was stored
    stale.queue_mail(OutgoingMail(["p@x"], "orders", "dup", key="<o@x>"))
    store.save_game(stale)
    assert [m.body for m in store.load_game("alpha").outbox] == ["ok"]
