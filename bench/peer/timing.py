"""Timing both engines: adjudication alone, and end to end."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from bench.peer.board import PHASE, VARIANT
from bench.peer.compare import Comparison
from bench.peer.diplomacy_side import diplomacy_game, diplomacy_orders
from bench.peer.judge_side import judge_outcome
from bench.peer.positions import Position

REPO = Path(__file__).resolve().parents[2]


def _best(samples: list[float]) -> float:
    return min(samples)


def time_diplomacy_process(Game, positions: list[Position], repeat: int) -> float:
    """Mean seconds per phase of ``process()`` alone (the game is rebuilt outside the timer)."""
    runs = []
    for _ in range(repeat):
        total = 0.0
        for position in positions:
            game = diplomacy_game(Game, position.units, diplomacy_orders(position.orders))
            start = time.perf_counter()
            game.process()
            total += time.perf_counter() - start
        runs.append(total / len(positions))
    return _best(runs)


def time_diplomacy_end_to_end(Game, positions: list[Position], repeat: int) -> float:
    """Mean seconds per phase of ``set_orders`` + ``process()`` (units set outside the timer)."""
    runs = []
    for _ in range(repeat):
        total = 0.0
        for position in positions:
            game = diplomacy_game(Game, position.units, None)
            orders = diplomacy_orders(position.orders)
            start = time.perf_counter()
            for power, lines in orders.items():
                game.set_orders(power, lines)
            game.process()
            total += time.perf_counter() - start
        runs.append(total / len(positions))
    return _best(runs)


def engine_entry() -> tuple[Callable | None, str]:
    """The engine's "adjudication alone" entry point, ``adjudicate(variant, state, orders)``, if it exists."""
    try:
        from judge import engine
    except ImportError:
        return None, "judge.engine is not importable"
    entry = getattr(engine, "adjudicate", None)
    if entry is None:
        try:
            import importlib
            entry = importlib.import_module("judge.engine.adjudicate")
        except ImportError:
            return None, "judge.engine.adjudicate does not exist yet"
    if not callable(entry):  # a module: its function of the same name
        entry = getattr(entry, "adjudicate", None)
    if not callable(entry):
        return None, "judge.engine.adjudicate is not callable"
    return entry, "judge.engine.adjudicate"


def preparse(position: Position):
    """The judge's parsed input for one phase: (variant, state, orders), built outside any timer."""
    from judge.reading.order_reader import parse_order
    from judge.engine.orders import Unit
    from judge.engine.state import GameState, Phase
    from judge.variants import load_variant

    variant = load_variant(VARIANT)
    request = position.request()
    try:  # the state exactly as handle_request builds it (centres default to the home centres)
        from judge.engine.codec import state_from_json
        state = state_from_json(variant, request["state"])
    except ImportError:
        state = GameState(phase=Phase.parse(PHASE),
                          units={power: [Unit.parse(u) for u in us] for power, us in position.units.items()},
                          centers={p: set(homes) for p, homes in variant.map.homes.items()})
    orders = {power: [parse_order(line, variant.map, "M") for line in lines]
              for power, lines in position.orders.items()}
    return variant, state, orders


def time_judge_adjudication(positions: list[Position], repeat: int) -> tuple[float | None, str]:
    """Mean seconds per phase of the engine alone, on pre-parsed input."""
    entry, how = engine_entry()
    if entry is None:
        return None, how
    try:
        parsed = [preparse(p) for p in positions]
        variant, state, orders = parsed[0]
        entry(variant, state.copy(), orders)  # warm caches and fail early
    except Exception as exc:  # noqa: BLE001 - reported in the table instead
        return None, f"{how} could not be called: {type(exc).__name__}: {exc}"
    runs = []
    for _ in range(repeat):
        states = [state.copy() for _, state, _ in parsed]  # a fresh state each time, copied untimed
        total = 0.0
        for (variant, _, orders), state in zip(parsed, states):
            start = time.perf_counter()
            entry(variant, state, orders)
            total += time.perf_counter() - start
        runs.append(total / len(positions))
    return _best(runs), how


def time_judge_handle_request(positions: list[Position], repeat: int) -> float:
    """Mean seconds per phase of ``handle_request`` in this process (parse + adjudicate, no JSON text)."""
    from judge.app.adjudicate import handle_request
    requests = [p.request() for p in positions]
    runs = []
    for _ in range(repeat):
        copies = json.loads(json.dumps(requests))  # untouched input each time, copied untimed
        start = time.perf_counter()
        for request in copies:
            handle_request(request)
        runs.append((time.perf_counter() - start) / len(positions))
    return _best(runs)


def judge_command() -> list[str]:
    return [sys.executable, "-m", "judge", "adjudicate", "--jsonl"]


def judge_environment() -> dict[str, str]:
    """The subprocess's environment: this checkout first on the path, compiled bytecode as an installed judge
    has it (``PYTHONDONTWRITEBYTECODE`` lifted, the bytecode in ``.bench/pycache``), the judge's cache in
    ``.bench/cache``; the first of the runs fills both (bench/README.md)."""
    env = dict(os.environ)
    env["PYTHONPATH"] = str(REPO) + (os.pathsep + env["PYTHONPATH"] if env.get("PYTHONPATH") else "")
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    env["PYTHONPYCACHEPREFIX"] = str(REPO / ".bench" / "pycache")
    env["JUDGE_CACHE_DIR"] = str(REPO / ".bench" / "cache")
    return env


def _run_jsonl(payload: str) -> tuple[float, str]:
    env = judge_environment()
    start = time.perf_counter()
    proc = subprocess.run(judge_command(), input=payload, capture_output=True, text=True, cwd=REPO, env=env,
                          check=False)
    elapsed = time.perf_counter() - start
    if proc.returncode != 0:
        raise RuntimeError(f"'judge adjudicate --jsonl' exited {proc.returncode}: {proc.stderr.strip()[-2000:]}")
    return elapsed, proc.stdout


def time_judge_jsonl(positions: list[Position], repeat: int) -> tuple[float, float | None, list[dict]]:
    """Seconds per phase for the whole stream; per phase once the process is up and warm
    (the stream less a one-request stream, over the other phases); the responses."""
    payload = "".join(json.dumps(p.request()) + "\n" for p in positions)
    first = json.dumps(positions[0].request()) + "\n"
    streams, singles, out = [], [], ""
    _run_jsonl(first)  # bytecode compiled and the judge's cache filled, as on any start after the first
    for _ in range(repeat):
        elapsed, out = _run_jsonl(payload)
        streams.append(elapsed)
        singles.append(_run_jsonl(first)[0])
    responses = [json.loads(line) for line in out.splitlines() if line.strip()]
    stream = _best(streams)
    warm = max(stream - _best(singles), 0.0) / (len(positions) - 1) if len(positions) > 1 else None
    return stream / len(positions), warm, responses


@dataclass
class Timings:
    """Mean seconds per phase for each engine and way (None when not measured), with notes."""
    dip_alone: float
    dip_e2e: float
    judge_alone: float | None = None
    judge_e2e: float | None = None
    judge_e2e_warm: float | None = None
    judge_inproc: float | None = None
    note_alone: str = ""
    note_e2e: str = ""


def measure(Game, positions: list[Position], comparisons: list[Comparison], repeat: int,
            have_judge: bool) -> Timings:
    """Time both engines both ways; a judge side that fails becomes a note, not a crash."""
    t = Timings(time_diplomacy_process(Game, positions, repeat), time_diplomacy_end_to_end(Game, positions, repeat))
    if not have_judge:
        return t
    t.judge_alone, how = time_judge_adjudication(positions, repeat)
    try:
        t.judge_inproc = time_judge_handle_request(positions, repeat)
    except Exception as exc:  # noqa: BLE001 - reported in the table instead
        t.note_alone = f"(handle_request failed: {type(exc).__name__}: {exc})"
    if t.judge_alone is None:
        t.note_alone = f"({how}; judge's adjudication shown as handle_request in-process) " + t.note_alone
        t.judge_alone = t.judge_inproc
    try:
        t.judge_e2e, t.judge_e2e_warm, responses = time_judge_jsonl(positions, repeat)
        same = sum(1 for c, r in zip(comparisons, responses)
                   if judge_outcome(r).same_position(c.judge))
        if same != len(comparisons) or len(responses) != len(comparisons):
            t.note_e2e = (f"(warning: {len(responses)} JSONL responses, {same} match handle_request's)")
    except (OSError, RuntimeError) as exc:
        t.note_e2e = f"(judge adjudicate --jsonl failed: {exc})"
    return t
