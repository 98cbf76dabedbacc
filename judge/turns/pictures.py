"""The map picture of a phase played before: HISTORY, ``judge map picture`` and the archive draw it.

A past phase is drawn by playing it again from its history record: the engine
is deterministic, so the picture is the one its players got, and the report's
secrets are kept from a viewer not entitled to them as in the mail.
"""

from __future__ import annotations

from judge.engine.codec import state_from_json
from judge.engine.state import Phase
from judge.render import GM, ResultsContext
from judge.render.picture import Picture, phase_picture
from judge.store import Game, PhaseRecord, Store, UnknownGame
from judge.turns.gameview import variant_of
from judge.turns.mapmail import DEFAULT_FORMAT
from judge.turns.playing import play_again, results_of
from judge.variants import load_variant

class PictureError(LookupError):
    """No picture can be drawn: no such game or phase, or a variant without geometry; the message says which."""


def replay_results(judge_name: str, game: Game, record: PhaseRecord) -> ResultsContext:
    """The results context of a phase played before, from its history record (with the rules of that phase)."""
    facts = record.results.get("replay", {}) if isinstance(record.results, dict) else {}
    rules = facts.get("rules") if isinstance(facts.get("rules"), dict) else game.rules
    variant = load_variant(game.variant, rules)
    played = play_again(variant, state_from_json(variant, record.state_before), record.orders)
    return results_of(played, judge_name, game.name, game.zone)


def stored_phase_picture(store: Store, judge_name: str, game_name: str, phase: str | None, viewer: str = GM,
                         fmt: str = DEFAULT_FORMAT) -> Picture:
    """A stored game's phase (the last one played if None) drawn as ``viewer`` may see it.

    This is the function an archive or a web page calls for a game's phase picture.
    """
    try:
        game = store.load_game(game_name)
    except UnknownGame:
        raise PictureError(f"no game named {game_name!r}") from None
    record = past_record(store, game, phase)
    picture = phase_picture(variant_of(game), replay_results(judge_name, game, record), viewer, fmt)
    if picture is None:
        raise PictureError(f"the variant '{game.variant}' has no map geometry to draw on")
    return picture


def past_record(store: Store, game: Game, phase: str | None) -> PhaseRecord:
    names = store.phase_names(game.name)
    if not names:
        raise PictureError(f"no phase of {game.name!r} has been played yet")
    try:
        wanted = str(Phase.parse(phase)) if phase else names[-1]
    except ValueError as exc:
        raise PictureError(str(exc)) from None
    record = store.phase_record(game.name, wanted)
    if record is None:
        raise PictureError(f"{wanted} of {game.name!r} has not been played (played: {names[0]} to {names[-1]})")
    return record
