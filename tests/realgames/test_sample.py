"""A fixed sample of the real games replayed through the engine, each source with its own options.

Every source is in the sample: every 20th Droidippy game of the archive, all
Cicero and MILA games, jDip's njudge phases.  Each phase must come out as the
next recorded phase says, except the phases of ``known_faults.toml``, where
the record is at fault; each of those must still differ, and for the faults
the record itself shows (:func:`tests.realgames.faults.fault`) the listed
reason must be the one seen.  A new difference fails with the phase, its
orders and both outcomes.
"""

from __future__ import annotations

from judge.variants import load_variant
from tests.realgames import SOURCE_OPTIONS
from tests.realgames.corpus import SOURCES, Game, games
from tests.realgames.faults import fault, known_faults
from tests.realgames.replay import AGREES, DIFFERS, FOLLOWS, PhaseReplay, replay_game

EVERY = 20  # the Droidippy sample: 288 of its 5,741 games


def _sample() -> list[tuple[Game, list[PhaseReplay]]]:
    board = load_variant("standard").map
    done = []
    for source in SOURCES:
        variant = load_variant("standard", SOURCE_OPTIONS[source])
        for game in games(board, source, every=EVERY):
            done.append((game, replay_game(game, variant)))
    return done


def test_every_phase_of_the_sample_agrees_but_the_records_known_faults() -> None:
    known = known_faults()
    replayed = _sample()
    seen, problems, counts = set(), [], {AGREES: 0, DIFFERS: 0, FOLLOWS: 0}
    for game, phases in replayed:
        for phase in phases:
            counts[phase.status] += 1
            if phase.status != DIFFERS:
                continue
            seen.add(phase.key)
            reason = known.get(phase.key)
            if reason is None:
                problems.append("a new difference:\n" + phase.explain())
                continue
            shown = fault(game, phase.phase)
            if shown and not reason.startswith(shown):
                problems.append(f"{phase.key}: listed as {reason!r}, but the record shows {shown!r}")
    problems += [f"{key}: listed as a record fault, but it agrees now (or is not in the sample)"
                 for key in sorted(set(known) - seen)]
    assert {g.source for g, _ in replayed} == set(SOURCES)
    assert counts[AGREES] > 100 * counts[DIFFERS], counts
    assert not problems, "\n\n".join(problems)
