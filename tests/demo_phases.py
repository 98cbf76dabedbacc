"""Every demo game played by mail once per test run, with its movement and retreat phases ready to draw.

The picture tests (layout, legibility) look at the same busiest phases; playing each demo once for all of
them keeps the suite's time down.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from judge.app.demo import demos, load_script
from judge.app.sandbox import Sandbox
from judge.engine.variant import Variant
from judge.render.results import ResultsContext
from judge.turns.gameview import variant_of
from judge.turns.pictures import replay_results

Played = tuple[Variant, list[ResultsContext]]


@pytest.fixture(scope="session")
def demo_phases(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Played]:
    """Demo variant -> its variant and the results of its movement and retreat phases, replayed from the history."""
    found: dict[str, Played] = {}
    for name in demos():
        sandbox = Sandbox.create(Path(tmp_path_factory.mktemp(name)) / "judge", password_cost=8)
        script = load_script(name)
        script.play(sandbox)
        game = sandbox.store.load_game(script.game)
        found[name] = (variant_of(game), [replay_results("j", game, sandbox.store.phase_record(script.game, r.phase))
                                          for r in sandbox.store.phases(script.game) if r.phase[-1] in "MR"])
    return found
