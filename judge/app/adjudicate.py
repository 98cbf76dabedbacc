"""The engine behind JSON: what ``judge adjudicate`` reads and writes.

A request names a variant, a state and each power's order lines; the response
gives per-order results, the dislodged units with their retreats, and the next
state in the request's own shape, so it can be fed straight back in.
Everything wrong with a request becomes a :class:`RequestError` with one line
of explanation; a bad order line is only a ``void`` result for that line.
"""

from __future__ import annotations

import argparse
import gc
import io
import json
import sys
from collections.abc import Callable
from functools import lru_cache
from typing import Any, TextIO

from judge.engine import GameState, OrderResult, PhaseError, adjudicate
from judge.engine.codec import (
    CodecError, dislodged_json, json_list, json_object, result_json, state_from_json, state_to_json,
)
from judge.engine.discretion import OptionError
from judge.engine.orders import AnyOrder
from judge.engine.position import position_problem
from judge.engine.results import VOID
from judge.engine.schema import ListOf, MapOf, Maybe, Record, SchemaError, Str
from judge.engine.variant import Variant
from judge.reading.lines import finish_lines, read_line
from judge.reading.order_reader import OrderError, parse_order
from judge.variants import UnknownVariant, load_variant


class RequestError(ValueError):
    """A request the engine cannot act on; the message is one line for the user."""


def handle_request(request: Any, default_variant: str = "standard") -> dict[str, Any]:
    """Adjudicate one request; ``default_variant`` is for a request that names none (``--variant``)."""
    if not isinstance(request, dict):
        raise RequestError("a request must be a JSON object with variant, state and orders")
    name = request.get("variant") or default_variant
    if not isinstance(name, str):
        raise RequestError(f"variant: expected a variant's name, got {json.dumps(name)[:40]}")
    try:
        variant = load_variant(name, read_options(request.get("options", {})))
    except (UnknownVariant, OptionError) as exc:
        raise RequestError(str(exc)) from None
    try:
        request_schema(variant).check(request, "request")
        state = state_from_json(variant, request.get("state"))
        _check_position(variant, state)
        orders, unread = _orders_from_json(variant, state, request.get("orders", {}))
    except (SchemaError, CodecError) as exc:
        raise RequestError(str(exc)) from None
    try:
        outcome = adjudicate(variant, state, orders)
    except PhaseError as exc:
        raise RequestError(str(exc)) from None
    return {
        "results": [result_json(r) for r in outcome.results + unread],
        "dislodged": dislodged_json(outcome.dislodged),
        "state": state_to_json(outcome.state),
    }


def _check_position(variant: Variant, state: GameState) -> None:
    """A position no game can reach (two units in a province, a fleet inland...) is refused, naming the field."""
    found = position_problem(variant.map, state)
    if found is not None:
        raise RequestError(f"request.state.{found[0]}: {found[1]}")


def read_options(data: Any) -> dict[str, Any]:
    """The game's rule options a request names (as ``SET RULE`` or a ruleset file's ``[options]`` set them);
    an export file's (``judge import``) are read the same way."""
    if not isinstance(data, dict) or not all(isinstance(v, (str, int, bool)) for v in data.values()):
        raise RequestError("options: expected an object of rule options, each a string, a number or true/false")
    return {str(k).lower().replace("-", "_"): v for k, v in data.items()}


def request_schema(variant: Variant) -> Record:
    """Every field a request may have, the variant's own state fields included (``Ruleset.state_fields``).

    Names of units and places are only checked as strings here; the map
    reads them in :func:`state_from_json`.  Made once per variant.
    """
    return _schemas(variant.name, variant.overrides)[2]


def state_schema(variant: Variant) -> Record:
    """A position's fields, as a request's ``state`` (an export file's positions are checked with it too)."""
    return _schemas(variant.name, variant.overrides)[0]


def orders_schema(variant: Variant) -> MapOf:
    """Each power's order lines, as a request's ``orders`` (an export file's orders are checked with it too)."""
    return _schemas(variant.name, variant.overrides)[1]


@lru_cache(maxsize=64)
def _schemas(name: str, overrides: Any) -> tuple[Record, MapOf, Record]:
    """The state's schema, the orders' and the whole request's, for one variant with its options."""
    variant = load_variant(name, overrides)
    owners = frozenset(variant.ruleset.owners())
    owner = Str(choices=lambda: owners, what="a power of the variant", any_case=True)
    text = Str(what="a string")
    dislodged = Record({"unit": text}, {"attacker_from": Maybe(text), "retreats": ListOf(text, 100)})
    state = Record({"phase": Str(pattern=r"\s*[A-Za-z][0-9]{1,4}[A-Za-z]\s*", what="a phase like S1901M")},
                   {"units": MapOf(owner, ListOf(text, 1000)), "centers": MapOf(owner, ListOf(text, 1000)),
                    "dislodged": MapOf(owner, ListOf(dislodged, 1000)), **variant.ruleset.state_fields()})
    orders = MapOf(owner, ListOf(Str(what="an order line", longest=1000), 1000))
    return state, orders, Record({"state": state}, {"variant": text, "orders": orders, "options": _OptionsChecked()})


class _OptionsChecked:
    """The request's ``options``, checked by :func:`read_options` and the variant's own ``rule_options`` on loading."""

    def check(self, value: object, path: str) -> None:
        return None


def _orders_from_json(variant: Variant, state: GameState,
                      data: Any) -> tuple[dict[str, list[Any]], list[OrderResult]]:
    """Each power's lines as engine values (:func:`read_line`); unreadable lines are void results."""
    orders: dict[str, list[Any]] = {}
    unread: list[OrderResult] = []
    kind = state.phase.kind
    for power, lines in json_object(data, "orders").items():
        power = power.upper()
        parsed = orders.setdefault(power, [])
        for line in json_list(lines, "orders"):
            try:
                value = read_line(variant, state, str(line))
                parsed += [value] if value is not None else []
            except OrderError as exc:
                order = _as_movement_order(variant, str(line), kind)
                if order is not None:  # the engine voids it against the right unit
                    parsed.append(order)
                else:
                    unread.append(OrderResult(power, "", str(line), VOID, str(exc)))
        orders[power] = finish_lines(variant, parsed)
    return orders, unread


def _as_movement_order(variant: Variant, line: str, kind: str) -> AnyOrder | None:
    """A support or convoy sent in a retreat or build phase still names its unit."""
    if kind == "M":
        return None
    try:
        return parse_order(line, variant.map, "M")
    except OrderError:
        return None


def run_adjudicate(args: argparse.Namespace) -> int:
    """``judge adjudicate``: one request on stdin (an error is one line on stderr, status 2), or ``--jsonl``."""
    if isinstance(sys.stdin, io.TextIOWrapper):  # bytes that are not UTF-8 make malformed JSON, not a traceback
        sys.stdin.reconfigure(errors="replace")
    if args.jsonl:  # what the first request loads (the map, the grammar's patterns) lives as long as the
        # process: frozen, the collector need not walk it again at every phase
        return adjudicate_stream(sys.stdin, sys.stdout, args.variant, settle=gc.freeze)
    out = answer(sys.stdin.read(), args.variant)
    if "error" in out:
        print(f"judge adjudicate: {out['error']}", file=sys.stderr)
        return 2
    json.dump(out, sys.stdout)
    sys.stdout.write("\n")
    return 0


def answer(text: str, variant: str = "standard") -> dict[str, Any]:
    """One request's response, or ``{"error": one line}``: nothing in a request escapes as a traceback."""
    try:
        request = json.loads(text)
    except (ValueError, RecursionError) as exc:  # bad JSON, a number of more than 4300 digits, nesting too deep
        return {"error": f"malformed JSON: {_one_line(exc)}"}
    try:
        return handle_request(request, variant)
    except RequestError as exc:
        return {"error": _one_line(exc)}
    except Exception as exc:  # noqa: BLE001 -- a bug of ours: still one line, and a stream goes on
        return {"error": f"internal error ({type(exc).__name__}): {_one_line(exc)}"}


def _one_line(exc: BaseException) -> str:
    return " ".join(str(exc).split())


#: a response as one JSON line: compact, and without the check for circular values (a response is built
#: here from the engine's values and the request's own JSON, which has none)
_ONE_LINE = json.JSONEncoder(separators=(",", ":"), check_circular=False).encode


def adjudicate_stream(source: TextIO, sink: TextIO, variant: str = "standard",
                      settle: Callable[[], None] | None = None) -> int:
    """JSON lines in, JSON lines out; a bad request gets an error line and the stream goes on.

    ``variant`` is the one of requests that name none (``--variant``); ``settle``
    is called once, after the first answer.
    """
    failures = 0
    for line in source:
        if not line.strip():
            continue
        out = answer(line, variant)
        failures += "error" in out
        sink.write(_ONE_LINE(out) + "\n")
        sink.flush()
        if settle is not None:
            settle()
            settle = None
    return 1 if failures else 0
