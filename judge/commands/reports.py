"""The read-only mails: LIST, a game's status, SUMMARY and HISTORY.

They read the store and never change it, so a mail that only asks for them
touches no game file; its answers go to the judge's global outbox.
"""

from __future__ import annotations

from judge.commands.history_span import HistoryOptions, broadcast_text, capped
from judge.commands.pressflags import settings_lines
from judge.engine.state import GameState, Phase
from judge.engine.variant import Variant
from judge.render import (
    GameListing, HistoryContext, HistoryEntry, ListContext, PowerStatus, Rendered, Seats, StatusContext,
    SummaryContext, SummaryRow, render, render_history, render_list, render_status, render_summary,
)
from judge.store import Game, PhaseRecord, Store
from judge.turns.endvotes import end_votes, own_vote
from judge.turns.gameview import due, order_set, orders_complete, phase_of, seated_powers, state_of, variant_of
from judge.turns.gamelabels import labels, listed, shown_settings
from judge.turns.ticks import DeadlineView
from judge.variants import results_report

_OVER = ("finished", "terminated")


def listing(game: Game) -> GameListing:
    wanted = 0
    if game.status == "forming":
        wanted = max(0, len(seated_powers(variant_of(game))) - len(game.players))
    return GameListing(game.name, game.variant, phase_of(game), game.status, game.deadline, game.zone, wanted,
                       labels(game))


def list_games(store: Store, judge: str, viewer_zone: str | None, games: dict[str, Game]) -> Rendered:
    """LIST: every game; ``games`` holds copies this mail changed (they win over the stored ones)."""
    found = []
    for name in sorted(set(store.game_names()) | set(games)):
        game = games[name] if name in games else store.load_game(name)
        found.extend([listing(game)] if listed(game) else [])   # SET NOLIST: LIST game alone shows it
    return render_list(ListContext(judge, found), viewer_zone)


def list_full(store: Store, judge: str, viewer_zone: str | None, games: dict[str, Game]) -> Rendered:
    """njudge's LIST FULL: every listed game as LIST game shows it (no addresses: the sender is no game's GM here;
    a game the GM SET NOLIST stays out, as it does of LIST)."""
    names = sorted(set(store.game_names()) | set(games))
    found = (games[n] if n in games else store.load_game(n) for n in names)
    details = [status(judge, game, None, viewer_zone=viewer_zone).body for game in found if listed(game)]
    return render("list_full.j2", judge=judge, details=details)


def status(judge: str, game: Game, viewer: str | None, power: str | None = None,
           viewer_zone: str | None = None, view: DeadlineView | None = None) -> Rendered:
    """A game as ``viewer`` ("GM" sees addresses) sees it, with ``power``'s orders if given.

    ``view`` is the deadline as this poll will leave it (``ticks.deadline_view``); the stored one if None.
    """
    view = view or DeadlineView(game.deadline, status=game.status)
    variant = variant_of(game)
    state = state_of(game, variant)
    powers = []
    for name in variant.map.powers:
        player = game.player(name)
        shown = _forming(game, variant, name, viewer) if game.status == "forming" else (
            "" if player is None or player.status in ("resigned", "ejected") else (
                player.address if viewer == "GM" else "played"))
        units = state.unit_count(name) if state else 0
        centers = len(state.centers.get(name, ())) if state else 0
        orders_in = state is not None and not _late(game, state, name)
        powers.append(PowerStatus(name, shown, orders_in, centers, units,
                                  player is not None and player.status == "dummy"))
    settings = [("Press", game.settings.press), ("NMR", game.settings.nmr),
                ("Wait for the deadline", "yes" if game.settings.wait else "no"), *shown_settings(game, viewer == "GM"),
                *settings_lines(game)]
    orders = order_set(game, variant, state, power) if state and power and game.status not in _OVER else None
    vote = None
    if state is not None and power and viewer is None and game.status in ("active", "paused") \
            and not end_votes(variant, state).refusal:
        vote = own_vote(game, power)  # the player's own, never another's (the GM's STATUS has none)
    seats = _seats(game, variant, viewer) if game.status == "forming" else None
    ctx = StatusContext(judge, game.name, variant.name.title(), state.phase if state else None,
                        game.status, view.deadline, game.zone, powers, settings,
                        variant.map if orders else None, orders, view.grace_until, view.playing, vote, seats)
    return render_status(ctx, viewer_zone)


def _seats(game: Game, variant: Variant, viewer: str | None) -> Seats:
    """A forming game's seats: taken and free, and who has no power yet (addresses for the GM alone:
    a player's address is secret from the other players)."""
    waiting = [p for p in game.players if p.status == "active" and (p.power is None or game.sheet_of(p) is not None)]
    addresses = [p.address for p in waiting] if viewer == "GM" else []
    return Seats(len(seated_powers(variant)), len(game.players), len(waiting), addresses)


def _forming(game: Game, variant: Variant, power: str, viewer: str | None) -> str:
    """A power while the game forms: asked for (JOIN ... AS, and no BID sheet to decide instead), given
    out at START once every seat is taken, no seat at all in the set-up (why not), or "" (open)."""
    player = game.player(power)
    if player is not None and game.sheet_of(player) is None:
        return player.address if viewer == "GM" else "taken"
    seats = seated_powers(variant)
    if power not in seats:
        return f"no seat: {variant.ruleset.seat_refusal(None, power, ())}"
    return "given out when the game starts" if len(game.players) >= len(seats) else ""


def _late(game: Game, state: GameState, power: str) -> bool:
    variant = variant_of(game)
    return due(variant, state, power).any and not orders_complete(variant, state, power, game.orders.get(power, []))


def summary(store: Store, judge: str, game: Game, addresses: bool = False) -> Rendered:
    """SUMMARY: centre counts at the end of each year; once the game is over, who played which power, by address
    only for ``addresses`` (the game's players and GM, signed on: docs/security.md), never for a stranger."""
    variant = variant_of(game)
    records = store.phases(game.name)
    rows = []
    for index, record in enumerate(records):
        after = _state_after(record)
        last_of_year = index + 1 == len(records) or Phase.parse(records[index + 1].phase).year != \
            Phase.parse(record.phase).year
        if last_of_year and after is not None:
            rows.append(SummaryRow(Phase.parse(record.phase),
                                   {p: len(cs) for p, cs in after.get("centers", {}).items()}))
    over = game.status in _OVER
    players = {p.power: p.address for p in game.players if p.power and p.address} if over and addresses else {}
    return render_summary(SummaryContext(judge, game.name, variant.name.title(), list(variant.map.powers),
                                         rows, players, game.status, hidden=over and not addresses,
                                         board=variant.map))


def _state_after(record: PhaseRecord) -> dict | None:
    results = record.results if isinstance(record.results, dict) else {}
    after = results.get("state_after")
    return after if isinstance(after, dict) else None


def history(store: Store, judge: str, game: Game, first: str | Phase | None, last: str | Phase | None,
            viewer: str | None = None, options: HistoryOptions | None = None) -> Rendered:
    """HISTORY: the archived result mails (the public view), oldest first, in njudge's layout; with a variant's
    private records (Payola's ledgers) of the ``viewer``, a power or the GM, after each phase's text; njudge's
    ``options`` (dates, EXCLSTART, BROAD, LINES: ``history_span.py``) choose the phases and add broadcasts."""
    options = options or HistoryOptions()
    played = store.phases(game.name, str(first) if first else None, str(last) if last else None)
    records = [r for r in played if options.keeps(r)]
    if not records:
        why = "has been played yet" if not played else "played matches the dates or turns asked for"
        return Rendered(f"History of {game.name}", f"No phase of '{game.name}' {why}.\n")
    board = variant_of(game).map
    entries = [HistoryEntry(r.phase, r.processed_at, r.text + _private(store, game, r.phase, viewer)
                            + (broadcast_text(r, board) if options.broad else "")) for r in records]
    return capped(render_history(HistoryContext(judge, game.name, variant_of(game).name.title(), entries)),
                  options.lines)


def _private(store: Store, game: Game, phase: str, viewer: str | None) -> str:
    """The viewer's own ledgers of a phase (``history_ledgers`` of the variant's report), from the position after
    it: the next phase's record, or the game's current state for the last one played."""
    variant = variant_of(game)
    report = results_report(variant.name, variant.overrides)
    if viewer is None or not hasattr(report, "history_ledgers"):
        return ""
    played = store.phases(game.name)
    at = [r.phase for r in played].index(phase) + 1
    after = played[at].state_before if at < len(played) else game.state  # the state's JSON: extra at its top
    text = report.history_ledgers(after if isinstance(after, dict) else {}, viewer)
    return f"\n{text}" if text else ""
