"""Playing a phase: adjudicate, record, archive, queue the results, set the next deadline.

The writes follow docs/store.md so that a poll killed at any point leaves
the game either before the phase (it is played again, identically: the
engine is deterministic and the rerun overwrites the history record and the
archive file) or after it, with every result mail queued in the same write as
the new state.  Nothing is mailed for a phase that is not stored.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from datetime import datetime
from typing import Any

from judge.crash import crash_point
from judge.engine import adjudicate
from judge.engine.agreement import Agreed
from judge.engine.codec import state_to_json
from judge.engine.results import OK, OrderResult, PhaseOutcome
from judge.engine.state import GameState, Phase
from judge.engine.variant import Variant
from judge.render import (
    GM, OBSERVER, GameEndContext, Recipient, Rendered, ResultsContext, render_game_end, render_results,
    results_context,
)
from judge.render.phasetables import public_tables
from judge.store import Game, PhaseRecord, Player, SubmittedOrder, to_iso
from judge.turns.context import Judge
from judge.turns.deadlines import schedule
from judge.turns.gameview import (
    engine_orders, orders_complete, orders_from_lines, powers_due, state_of, unplayed_powers, variant_of,
)
from judge.turns.mapmail import ResultPictures
from judge.turns.notify import Addressee, by_address, gm_zone, queue, readers
from judge.turns.pending import apply_pending
from judge.turns.presslater import publish_diaries, send_postal
from judge.variants import data_version, results_report


@dataclass(frozen=True)
class Played:
    """A phase adjudicated: the position ``before`` it, the ``orders`` read from the store, the outcome."""

    variant: Variant
    before: GameState
    orders: dict[str, list[Any]]
    outcome: PhaseOutcome


def adjudicate_game(game: Game) -> Played:
    """The current phase adjudicated with the orders stored now; the game is not changed."""
    variant = variant_of(game)
    state = state_of(game, variant)
    if state is None:
        raise ValueError(f"game {game.name} has not started")
    variant.ruleset.game_facts(state, unplayed_powers(game))
    orders = engine_orders(variant, state, game)
    return Played(variant, state, orders, adjudicate(variant, state.copy(), orders))


def play_again(variant: Variant, before: GameState, orders: Mapping[str, Sequence[SubmittedOrder]]) -> Played:
    """A phase played before, from its stored position (the game's facts as they were then) and order lines.

    The one way a past phase is played again: ``judge replay``, the website and
    the pictures of HISTORY and ``judge map picture`` all call it.
    """
    engine = orders_from_lines(variant, before, orders)
    return Played(variant, before, engine, adjudicate(variant, before.copy(), engine))


def phase_results(judge: Judge, game: Game, played: Played, deadline: datetime | None = None,
                  finished: bool = False) -> ResultsContext:
    """The result mail's context, with the variant's own sections and secrets (``results_report``)."""
    earlier = earlier_positions(judge, game) if finished else ()
    return results_of(played, judge.name, game.name, game.zone, deadline, finished, earlier)


def earlier_positions(judge: Judge, game: Game) -> list[tuple[str, dict[str, Any]]]:
    """Each phase played, with the position after it, in order: what a variant publishes at the end reads them."""
    return positions_after(judge.store.phases(game.name))


def positions_after(records: Iterable[Any]) -> list[tuple[str, dict[str, Any]]]:
    """``ResultsContext.earlier`` from history records or archive entries (each with ``phase`` and ``results``)."""
    return [(r.phase, r.results.get("state_after") or {}) for r in records]


def results_of(played: Played, judge: str, game: str, zone: str, deadline: datetime | None = None,
               finished: bool = False, earlier: Sequence[tuple[str, Mapping[str, Any]]] = ()) -> ResultsContext:
    """:func:`phase_results` from the facts alone, which the history keeps (``judge replay`` renders again)."""
    ctx = results_context(played.variant, played.before.phase, played.outcome, judge=judge, game=game,
                          zone=zone, deadline=deadline, finished=finished)
    unused, unusable = unused_builds(played)
    ctx = replace(ctx, unused_builds=unused, unusable_builds=unusable, earlier=tuple(earlier))
    report = results_report(played.variant.name, played.variant.overrides)
    return report.context(ctx, played.before, played.orders, played.outcome) if report is not None else ctx


def unused_builds(played: Played) -> tuple[dict[str, int], frozenset[str]]:
    """Power -> the builds it neither made nor waived this winter; and the powers left without a free home centre.

    njudge's two lines (``1 build pending.``, ``2 unusable builds waived.``):
    the builds are counted whether or not there was room for them, and a
    power with no free build site left after its builds has its builds
    said unusable.
    """
    if played.before.phase.kind != "A":
        return {}, frozenset()
    ruleset, board = played.variant.ruleset, played.variant.map
    before = ruleset.orders_meet(played.before)  # as the builds met it (2013-08: the year settled first)
    taken = {board.province_of(u.location) for units in played.outcome.state.units.values() for u in units}
    left, unusable = {}, set()
    for power in board.powers:
        used = sum(1 for r in played.outcome.results if r.power == power and r.result == OK
                   and isinstance(r.order, str) and r.order.split()[:1] in (["BUILD"], ["WAIVE"]))
        owed = ruleset.adjustment_count(before, power) - used
        if owed > 0:
            left[power] = owed
            if all(board.province_of(s) in taken for s in ruleset.build_sites(before, power)):
                unusable.add(power)
    return left, frozenset(unusable)


def preview(judge: Judge, game: Game) -> Rendered:
    """The results the GM would get if the phase ran now (PREVIEW); nothing is stored."""
    rendered = render_results(phase_results(judge, game, adjudicate_game(game)), GM, gm_zone(game))
    return Rendered(f"Preview: {rendered.subject}", "PREVIEW: nothing has been processed yet.\n\n" + rendered.body)


def game_result(variant: Variant, state: GameState) -> tuple[str, list[str]] | None:
    """("victory" or "draw", powers) once the ruleset says the game is over (``Ruleset.game_result``)."""
    return variant.ruleset.game_result(state)


def process_phase(judge: Judge, game: Game, now: datetime) -> str:
    """Play the current phase and store it (history, archive, then the game); returns its name."""
    played_phase = adjudicate_game(game)
    variant, state, outcome = played_phase.variant, played_phase.before, played_phase.outcome
    played = state.phase
    result = game_result(variant, outcome.state)
    finished = result is not None
    if finished:
        game.status, game.deadline, game.grace_end = "finished", None, None
    game.state = state_to_json(outcome.state)
    hand_over(game, variant.ruleset.handovers(outcome.state))
    if not finished:
        schedule(game, outcome.state.phase.kind, now)
    waits = finished or bool(powers_due(variant, outcome.state))  # else it is played at once: no deadline
    ctx = phase_results(judge, game, played_phase, game.deadline if waits else None, finished)
    public = render_results(ctx, OBSERVER)
    facts = replay_facts(judge.name, game, ctx.deadline)
    record = PhaseRecord(str(played), state_to_json(state), _orders_copy(game),
                         {**results_json(outcome, game.state), "replay": facts, "public": public_tables(ctx)},
                         public.body, now)
    judge.store.record_phase(game.name, record)
    crash_point("phase:recorded")
    judge.store.write_archive(game.name, str(played), public.body)
    crash_point("phase:archived")
    game.clear_orders()
    judge.store.prune_applied(game)
    for key in ("process", "reminded", "late", "decisions", "press"):
        game.extra.pop(key, None)
    _queue_results(judge, game, ctx, str(played))
    send_postal(judge.name, game, str(played))   # njudge's postal press goes out with the results
    if not finished:
        apply_pending(judge.name, game, variant, outcome.state, now)
    if result is not None:
        _queue_game_end(judge, game, variant, outcome.state, played, *result)
    judge.store.save_game(game)
    crash_point("phase:saved")
    return str(played)


def hand_over(game: Game, handovers: Mapping[str, str]) -> None:
    """Seat each power the rules hand over with the player of the power named (its address and password).

    Once per power (``game.extra["handed_over"]``), and only while nobody
    plays it: a later civil disorder stays the GM's to fill.
    """
    if not handovers:
        return
    done = game.extra.setdefault("handed_over", [])
    for power, to in sorted(handovers.items()):
        seat, taker = game.player(power), game.player(to)
        if power in done or taker is None or taker.status != "active" or (seat is not None and seat.status == "active"):
            continue
        done.append(power)
        if seat is None:
            game.players.append(Player(taker.address, taker.password_hash, power, zone=taker.zone))
            continue
        seat.address, seat.password_hash, seat.status, seat.zone = taker.address, taker.password_hash, "active", taker.zone


def _queue_results(judge: Judge, game: Game, ctx: ResultsContext, phase: str) -> None:
    """One result mail per address, naming its roles, with the map picture it may see in the format chosen."""
    pictures = ResultPictures(judge.name, game, ctx)
    for each in by_address(readers(game)):
        attached = pictures.attachments(each)
        rendered = render_results(ctx, each.viewer, each.zone, recipient(game, each),
                                  map_cid=next((a.content_id for a in attached if a.content_id), ""))
        queue(game, each.main, rendered, key=f"{phase}:{each.address}", attachments=attached)
    pictures.tell_gm_if_none()


def recipient(game: Game, each: Addressee) -> Recipient:
    """What a result mail says of its reader: every role when it holds several, the powers he left in disorder."""
    roles = each.viewers if len(each.viewers) > 1 else ()
    disorder = tuple(p for p in each.viewers if (seat := game.player(p)) is not None and seat.status == "dummy")
    return Recipient(roles, disorder)


def _queue_game_end(judge: Judge, game: Game, variant: Variant, state: GameState, played: Phase | None,
                    reason: str, won: list[str], published: bool = True, agreed: Sequence[str] = ()) -> None:
    """The game-end mail to every reader; unless the last results ``published`` it, the variant's end section.

    A variant's results report may give one (``game_end``): Payola's is the
    bribe chart of every phase, public once the game is over.
    """
    report = results_report(variant.name, variant.overrides)
    end = getattr(report, "game_end", None)
    template, extra = end(earlier_positions(judge, game)) if end is not None and not published else ("", {})
    ctx = GameEndContext(judge.name, game.name, variant.name.title(), played, reason, won,
                         {p: len(cs) for p, cs in state.centers.items() if p in variant.map.powers},
                         {p.power: p.address for p in game.players if p.power and p.address}, extra, template,
                         tuple(agreed), variant.map)
    rendered = render_game_end(ctx)
    game.extra["end"] = {"reason": reason, "winners": list(won), "agreed": list(agreed),
                         "phase": None if played is None else str(played)}  # public: the website says how it ended
    for each in by_address(readers(game)):
        queue(game, each.main, rendered, key=f"end:{each.address}")
    publish_diaries(judge.name, game)   # njudge's diaries are everyone's once the game is over


def terminate(judge: Judge, game: Game) -> None:
    """TERMINATE: the game ends now, after the last phase played (None: before any); everyone is told.

    No result mail of the game's end went out, so the game-end mail carries
    what a variant publishes at the end (Payola: every phase's bribe chart).
    """
    _end_now(judge, game, "terminated", "terminated", [])


def end_by_agreement(judge: Judge, game: Game, agreed: Agreed) -> None:
    """The players' votes end the game now (SET DRAW, SET CONCEDE), before the current phase is played.

    As for TERMINATE, the orders already in for the current phase are not
    played and the game-end mail carries what the variant publishes at the
    end; the game is ``finished`` (a draw, or the victory conceded).
    """
    _end_now(judge, game, "finished", agreed.result, list(agreed.winners), agreed.agreeing)


def _end_now(judge: Judge, game: Game, status: str, reason: str, won: list[str], agreed: Sequence[str] = ()) -> None:
    """End the game between phases, after the last one played (None: before any), and tell everyone."""
    variant = variant_of(game)
    state = state_of(game, variant)
    names = judge.store.phase_names(game.name) if state is not None else []
    played = Phase.parse(names[-1]) if names else None
    game.status, game.deadline, game.grace_end = status, None, None
    centers_state = state if state is not None else GameState(Phase("S", 0, "M"), {})
    _queue_game_end(judge, game, variant, centers_state, played, reason, won, published=False, agreed=agreed)


def replay_facts(judge: str, game: Game, deadline: datetime | None) -> dict[str, Any]:
    """What rendering and chaining the phase again needs beyond its position and orders (``judge replay``).

    The judge's name, the game's name, zone and rule options (``SET RULE``), the variant's data version (its
    map and ruleset files) and the deadline the mail showed; the
    powers in civil disorder; the GM decisions made and the public press sent
    during the phase (kept in ``game.extra`` until it is played).
    """
    return {"judge": judge, "game": game.name, "zone": game.zone, "rules": dict(game.rules),
            "data_version": data_version(game.variant), "deadline": None if deadline is None else to_iso(deadline),
            "unplayed": unplayed_powers(game), "decisions": list(game.extra.get("decisions", [])),
            "press": list(game.extra.get("press", []))}


def _orders_copy(game: Game) -> dict[str, list[SubmittedOrder]]:
    return {p: list(os_) for p, os_ in game.orders.items()}


def results_json(outcome: PhaseOutcome, state_after: dict[str, Any]) -> dict[str, Any]:
    """The outcome as the history keeps it (and ``judge replay`` compares)."""
    return {"results": [_result(r) for r in outcome.results],
            "dislodged": [{"power": d.power, "unit": str(d.unit), "retreats": list(d.retreats)}
                          for d in outcome.dislodged],
            "state_after": state_after}


def _result(r: OrderResult) -> dict[str, Any]:
    return {"power": r.power, "unit": r.unit, "order": r.order, "result": r.result, "message": r.message}


def late_powers(game: Game, variant: Variant, state: GameState, now: datetime | None = None) -> list[str]:
    """Powers whose orders are not all in; powers in civil disorder owe nothing.

    Once the deadline has passed (``now`` given), a power that ordered some
    of its builds has moved, as one that ordered some of its units: the
    phase does not wait out the grace for builds it will never order (they
    are lost, and the results say so).
    """
    dummies = {p.power for p in game.players if p.status == "dummy"}
    past = now is not None and game.deadline is not None and now >= game.deadline
    return [p for p in powers_due(variant, state)
            if p not in dummies and not orders_complete(variant, state, p, game.orders.get(p, []))
            and not (past and state.phase.kind == "A" and _built(game.orders.get(p, [])))]


def _built(orders: Sequence[SubmittedOrder]) -> bool:
    """Whether a power's order set holds a build or a waive."""
    return any(o.line.split(None, 1)[:1] in (["BUILD"], ["WAIVE"]) for o in orders)


def anyone_waits(game: Game) -> bool:
    """SET WAIT by the GM (the whole game) or by an active player: no early processing."""
    return game.settings.wait or any(p.wait for p in game.players if p.status == "active")
