"""A package's names imported on first use, so that a command pays only for the modules it really reads.

A package lists each name with the module that defines it and sets its module
``__getattr__`` (PEP 562) from :func:`lazy_names`; the first lookup imports
that module and keeps the value, later ones find it in the package at once.

>>> space = {}
>>> find = lazy_names("json", {"JSONEncoder": "encoder"}, space)
>>> find("JSONEncoder").__name__, "JSONEncoder" in space
('JSONEncoder', True)
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from importlib import import_module
from typing import Any


def lazy_names(package: str, where: Mapping[str, str], namespace: dict[str, Any]) -> Callable[[str], Any]:
    """The ``__getattr__`` of ``package``: ``where`` maps a name to its module, ``namespace`` is the package's."""
    def lookup(name: str) -> Any:
        module = where.get(name)
        if module is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = getattr(import_module(f"{package}.{module}"), name)
        namespace[name] = value
        return value

    return lookup
