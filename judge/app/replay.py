"""``judge replay``: play a game's archive again through the engine and compare it with what was kept.

Each phase is played from its inputs: the position before the first phase
replayed, then, phase after phase, the position the replay reached with the
GM decisions made during the phase and the game's recorded facts (its random
seed, the powers in civil disorder: ``Ruleset.game_facts``), and the order
lines as stored.  The outcome must equal the history's, the position the
history kept before each phase, and the results text the archive file.  The
first difference is reported with both sides.  With other rule options or
another map (a what-if), every phase is played on and each change listed;
nothing is ever written.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from judge.app.gamefile import GameArchive, PhaseEntry
from judge.engine.codec import state_from_json, state_to_json
from judge.engine.discretion import ActionError
from judge.engine.state import GameState
from judge.engine.variant import Variant
from judge.render import OBSERVER, ResultsContext, render_results
from judge.store import from_iso
from judge.turns.playing import Played, game_result, play_again, positions_after, results_json, results_of
from judge.variants import data_version, load_variant, load_variant_on_map


@dataclass(frozen=True)
class Divergence:
    """Where the replay first differs from the archive: what differs, and both sides."""

    phase: str
    what: str
    archived: str
    replayed: str
    wording: bool = False  # the same outcome said in other words (another version's templates): not a divergence

    def describe(self) -> str:
        return (f"{self.phase}: {self.what}\n  archived: {self.archived}\n  replayed: {self.replayed}")


@dataclass
class ReplayReport:
    """The phases replayed and, for a faithful replay, the first divergence (None: identical)."""

    phases: list[str] = field(default_factory=list)
    divergence: Divergence | None = None
    changes: list[Divergence] = field(default_factory=list)  # what-if: every difference, phase by phase
    what_if: bool = False
    note: str = ""  # why a divergence may be expected: the variant's data changed since the phase was played
    wording: list[Divergence] = field(default_factory=list)  # the same outcome in other words, phase by phase

    def record(self, found: list[Divergence]) -> bool:
        """Keep what a phase's replay found; True when the replay stops here (the first divergence, not a what-if).

        Only a change of outcome (positions, orders' results, centres, scores, ledgers) is a divergence; a
        change of wording alone (an archive written by an earlier version) is kept and said, and the replay
        goes on."""
        if self.what_if:
            self.changes.extend(found)
            return False
        self.wording += [f for f in found if f.wording]
        outcome = [f for f in found if not f.wording]
        if outcome:
            self.divergence = outcome[0]
        return bool(outcome)

    def wording_note(self) -> str:
        """The changes of wording found, as the summary's last lines ("" if none)."""
        if not self.wording:
            return ""
        phases = list(dict.fromkeys(w.phase for w in self.wording))
        return (f"\nthe wording differs in {len(phases)} phase{'s' if len(phases) != 1 else ''} "
                f"({', '.join(phases)}), not the outcome: a change of wording between versions, not a divergence; "
                f"the first at {self.wording[0].describe()}")

    def summary(self) -> str:
        if self.what_if:
            if not self.changes:
                return f"what-if: {len(self.phases)} phases replayed, nothing would change"
            lines = [c.describe() for c in self.changes]
            if self.changes[-1].what == "the next phase differs":
                lines.append(f"(the game would take another course from {self.changes[-1].phase}: the replay stops)")
            return "\n".join([*lines, f"what-if: {len(self.phases)} phases replayed, "
                                      f"{len({c.phase for c in self.changes})} would change (the game is unchanged)"])
        if self.divergence is not None:
            return (f"divergence at {self.divergence.describe()}\n{len(self.phases)} phases replayed"
                    + (f"\n{self.note}" if self.note else "") + self.wording_note())
        if self.wording:
            return f"{len(self.phases)} phases replayed, the same outcome" + self.wording_note()
        return f"{len(self.phases)} phases replayed, identical"


def replay_variant(archive: GameArchive, options: Mapping[str, Any] | None = None,
                   map_path: Path | None = None, rules: Mapping[str, Any] | None = None) -> Variant:
    """The game's variant with its rule options (``rules``: a phase's own; default the game's now), and a
    what-if's options and map on top; the options are checked (OptionError)."""
    overrides = {**(archive.rules if rules is None else rules), **(options or {})}
    if map_path is not None:
        return load_variant_on_map(archive.variant, overrides, map_path)
    return load_variant(archive.variant, overrides)


def phase_rules(archive: GameArchive, entry: PhaseEntry) -> dict[str, Any]:
    """The rule options the phase was played with (``SET RULE`` may change them during a game)."""
    rules = entry.facts.get("rules")
    return dict(rules) if isinstance(rules, dict) else dict(archive.rules)


def replay(archive: GameArchive, first: str | None = None, last: str | None = None, *,
           options: Mapping[str, Any] | None = None, map_path: Path | None = None,
           what_if: bool = False) -> ReplayReport:
    """Replay ``first``..``last`` (inclusive, either end open), each phase with the rule options it was played
    with and a what-if's ``options`` and ``map_path`` on top; stop at the first divergence unless ``what_if``."""
    variants: dict[str, Variant] = {}

    def variant_of(entry: PhaseEntry) -> Variant:
        rules = phase_rules(archive, entry)
        key = repr(sorted(rules.items()))
        if key not in variants:
            variants[key] = replay_variant(archive, options, map_path, rules)
        return variants[key]

    entries = _between(archive.phases, first, last)
    report = ReplayReport(what_if=what_if)
    state: GameState | None = None
    for entry in entries:
        if state is not None and str(state.phase) != entry.state_before.get("phase"):
            # the archived orders are for another phase: the replay cannot go on
            report.record([Divergence(entry.phase, "the next phase differs", str(entry.state_before.get("phase")),
                                      str(state.phase))])
            break
        report.phases.append(entry.phase)
        try:
            found, state = _replay_phase(variant_of(entry), archive, entry, state)
        except (ValueError, KeyError, TypeError, AttributeError) as exc:  # a record edited by hand, or damaged
            report.record([Divergence(entry.phase, "the stored phase cannot be played", _one_line(exc), "(nothing)")])
            break
        if report.record(found):
            report.note = _data_note(archive, entry)
            break
    return report


def _data_note(archive: GameArchive, entry: PhaseEntry) -> str:
    """A note when the variant's data (map, ruleset file) is not the one the phase was played on."""
    then = entry.facts.get("data_version")
    try:
        now = data_version(archive.variant)
    except LookupError:
        return ""
    if not then or then == now:
        return ""
    return f"note: {entry.phase} was played on {archive.variant} data {then}; this judge has {now}"


def _between(entries: Sequence[PhaseEntry], first: str | None, last: str | None) -> list[PhaseEntry]:
    names = [e.phase for e in entries]
    for wanted in (first, last):
        if wanted is not None and wanted not in names:
            raise LookupError(f"the game has no phase {wanted} in its archive (played: {', '.join(names) or 'none'})")
    start = 0 if first is None else names.index(first)
    stop = len(names) if last is None else names.index(last) + 1
    return list(entries[start:stop])


def _replay_phase(variant: Variant, archive: GameArchive, entry: PhaseEntry,
                  previous: GameState | None) -> tuple[list[Divergence], GameState]:
    """One phase replayed: the differences found (position before, outcome, text) and the position after."""
    found: list[Divergence] = []
    stored = state_from_json(variant, entry.state_before)
    before = stored
    if previous is not None:  # the judge plays each phase from the position as stored (JSON), and so does the replay
        chained = state_to_json(_chained(variant, previous, entry))
        if chained != entry.state_before:
            found.append(Divergence(entry.phase, "the position before the phase differs", *_first_difference(
                entry.state_before, chained)))
            before = state_from_json(variant, chained)
    played = play_again(variant, before, entry.orders)
    outcome = played.outcome
    after = state_to_json(outcome.state)
    kept = {k: v for k, v in entry.results.items() if k not in ("replay", "public")}  # "public": the site's tables
    replayed = results_json(outcome, after)
    if _outcome(kept) != _outcome(replayed):
        found.extend(_outcome_changes(entry.phase, kept, replayed))
    elif kept != replayed:  # the orders or their results' messages written otherwise
        found.append(Divergence(entry.phase, "the results' wording differs", *_first_difference(kept, replayed),
                                wording=True))
    text = _text(variant, archive, entry, played)
    if text != entry.text:
        found.append(Divergence(entry.phase, "the results text differs", *_first_line_difference(entry.text, text),
                                wording=True))
    return found, outcome.state


def _outcome(results: dict[str, Any]) -> dict[str, Any]:
    """What a phase did, without its words: each unit's result, the dislodged units, the position after
    (units, centres, and the variant's own numbers: scores, treasuries, ledgers)."""
    rows = results.get("results")
    return {"results": [(r.get("power"), r.get("unit"), r.get("result")) if isinstance(r, dict) else r
                        for r in rows] if isinstance(rows, list) else rows,
            "dislodged": results.get("dislodged"), "state_after": results.get("state_after")}


def _outcome_changes(phase: str, kept: dict[str, Any], replayed: dict[str, Any]) -> list[Divergence]:
    """How two outcomes differ: the first place, then each order whose result changed and each power's centres."""
    found = [Divergence(phase, "the outcome differs", *_first_difference(kept, replayed))]
    was = {(r.get("power"), r.get("order")): r for r in kept.get("results", []) if isinstance(r, dict)}
    for now in replayed["results"]:
        old = was.get((now["power"], now["order"]))
        if old is not None and (old.get("result"), old.get("message")) != (now["result"], now["message"]):
            found.append(Divergence(phase, f"{now['power']} {now['order']} has another result", _said(old), _said(now)))
    centres_then = (kept.get("state_after") or {}).get("centers", {})
    centres_now = replayed["state_after"].get("centers", {})
    for power in sorted(set(centres_then) | set(centres_now)):
        a, b = centres_then.get(power, []), centres_now.get(power, [])
        if a != b:
            found.append(Divergence(phase, f"{power}'s centres change", f"{len(a)}: {' '.join(a)}",
                                    f"{len(b)}: {' '.join(b)}"))
    return found


def _said(result: dict[str, Any]) -> str:
    message = result.get("message")
    return f"{result.get('result')}" + (f" ({message})" if message else "")


def _chained(variant: Variant, previous: GameState, entry: PhaseEntry) -> GameState:
    """The position before ``entry`` from the replay's last one: the GM's decisions, then the game's facts."""
    state = previous.copy()
    actions = {a.name: a for a in variant.ruleset.gm_actions()}
    for decision in entry.facts.get("decisions", []):
        action = actions.get(str(decision.get("action")))
        if action is None:
            continue
        try:
            state, _ = action.decide(state, str(decision.get("words", "")))
        except ActionError:
            continue  # a what-if where the decision no longer stands: the game goes on without it
    variant.ruleset.game_facts(state, list(entry.facts.get("unplayed", [])))
    return state


def _text(variant: Variant, archive: GameArchive, entry: PhaseEntry, played: Played) -> str:
    """The public results text of the phase as the judge wrote it (its name, the game's zone, the deadline shown)."""
    facts = entry.facts
    deadline = facts.get("deadline")
    finished = game_result(variant, played.outcome.state) is not None
    earlier = positions_after(archive.phases[:archive.phases.index(entry)])
    ctx = results_of(played, str(facts.get("judge", archive.judge)), str(facts.get("game", archive.name)),
                     str(facts.get("zone", archive.zone)),
                     None if deadline is None else from_iso(deadline), finished, earlier if finished else ())
    return render_results(ctx, OBSERVER).body


def _first_difference(kept: Any, replayed: Any, path: str = "") -> tuple[str, str]:
    """The first place two JSON values differ, as ``path: value`` on each side."""
    if isinstance(kept, dict) and isinstance(replayed, dict):
        for key in sorted(set(kept) | set(replayed), key=str):
            if kept.get(key) != replayed.get(key):
                return _first_difference(kept.get(key), replayed.get(key), f"{path}.{key}" if path else str(key))
    if isinstance(kept, list) and isinstance(replayed, list):
        for i, (a, b) in enumerate(zip(kept, replayed)):
            if a != b:
                return _first_difference(a, b, f"{path}[{i}]")
        if len(kept) != len(replayed):
            return f"{path}: {len(kept)} items", f"{path}: {len(replayed)} items"
    return f"{path}: {_short(kept)}", f"{path}: {_short(replayed)}"


def _one_line(exc: BaseException) -> str:
    return f"{type(exc).__name__}: {' '.join(str(exc).split())}"[:300]


def _short(value: Any, limit: int = 300) -> str:
    text = "(nothing)" if value is None else json.dumps(value, sort_keys=True)
    return text if len(text) <= limit else text[:limit] + "..."


def _first_line_difference(kept: str, replayed: str) -> tuple[str, str]:
    """The first line where two texts differ, numbered, as each side has it."""
    a, b = kept.splitlines(), replayed.splitlines()
    for n in range(max(len(a), len(b))):
        left = a[n] if n < len(a) else "(end of text)"
        right = b[n] if n < len(b) else "(end of text)"
        if left != right:
            return f"line {n + 1}: {left!r}", f"line {n + 1}: {right!r}"
    return "(a difference of line endings)", "(a difference of line endings)"


def replay_context(variant: Variant, entry: PhaseEntry, game: str = "") -> ResultsContext:
    """One phase's results context (secrets still wrapped), played again from its stored position and orders:
    what ``judge publish`` reads the public totals from and draws the phase's map picture with."""
    played = play_again(variant, state_from_json(variant, entry.state_before), entry.orders)
    return results_of(played, "", game, "UTC")


def replay_sections(variant: Variant, entry: PhaseEntry) -> Any:
    """The variant's own sections of one phase's results (``ResultsContext.extra``, secrets still wrapped)."""
    return replay_context(variant, entry).extra
