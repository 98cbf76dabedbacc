"""Valid ``judge adjudicate`` requests of every variant, and seeded random mutations of them (issue 9, item 9).

The valid requests are the demo games' phases, played from each variant's
opening position through ``handle_request`` itself, so their states carry
every field the engine writes (influence, status sheets, scores …).
"""

from __future__ import annotations

import copy
import random
from functools import lru_cache
from typing import Any

from judge.app.demo import load_script
from judge.app.adjudicate import handle_request
from judge.engine.codec import state_to_json
from judge.variants import load_variant

VARIANTS = ("standard", "europe1615-v3", "europe1615-2013-08", "diplomacy1618")
SCRIPTS = {name: load_script(name).phases for name in VARIANTS}


@lru_cache(maxsize=None)
def valid_requests(variant: str) -> tuple[str, ...]:
    """The requests (as JSON text, so each use gets a fresh copy) of the variant's demo, phase after phase."""
    import json

    script = {phase: {power.upper(): body.splitlines() for power, body in orders.items()}
              for phase, orders in SCRIPTS[variant]}
    state = state_to_json(load_variant(variant).ruleset.initial_state())
    requests = []
    while script and len(requests) < 30:
        orders = script.pop(state["phase"], {})
        request = {"variant": variant, "state": state, "orders": orders}
        requests.append(json.dumps(request))
        state = handle_request(copy.deepcopy(request))["state"]
    return tuple(requests)


_ATOMS: tuple[Any, ...] = (None, True, False, 0, -1, 7, 1.5, 10**30, -10**30, 2**63, float("1e308"), "", "x",
                           "FRANCE", "france", "1615", "S1901M", "A PAR", "LOR", "\u0000", "\u00e9" * 400, "9: WUR")


def garbage(rng: random.Random, depth: int = 0) -> Any:
    """A random JSON value: an atom, or a list or object of random values (at most three deep)."""
    roll = rng.random()
    if depth >= 3 or roll < 0.6:
        return rng.choice(_ATOMS)
    if roll < 0.8:
        return [garbage(rng, depth + 1) for _ in range(rng.randint(0, 3))]
    return {str(rng.choice(_ATOMS)): garbage(rng, depth + 1) for _ in range(rng.randint(0, 3))}


def _paths(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    found = [path]
    if isinstance(value, dict):
        for key, item in value.items():
            found += _paths(item, (*path, key))
    elif isinstance(value, list):
        for i, item in enumerate(value):
            found += _paths(item, (*path, i))
    return found


def _at(value: Any, path: tuple[Any, ...]) -> Any:
    for step in path:
        value = value[step]
    return value


def mutate(rng: random.Random, request: Any) -> Any:
    """One to three random changes: a wrong type, a missing or extra key, a renamed key, a huge number."""
    for _ in range(rng.randint(1, 3)):
        path = rng.choice(_paths(request))
        if not path:
            return garbage(rng) if rng.random() < 0.3 else request
        parent, last = _at(request, path[:-1]), path[-1]
        action = rng.randrange(6)
        if action == 0:
            parent[last] = garbage(rng)
        elif action == 1:
            del parent[last]
        elif action == 2 and isinstance(parent, dict):
            parent[str(garbage(rng))] = garbage(rng)
        elif action == 3 and isinstance(parent, dict):
            parent[str(rng.choice(_ATOMS))] = parent.pop(last)
        elif action == 4:
            parent[last] = rng.choice((10**18, -10**18, 2**31, 10**400 if rng.random() < 0.5 else 10**9))
        else:
            parent[last] = [parent[last]] if rng.random() < 0.5 else {"x": parent[last]}
    return request
