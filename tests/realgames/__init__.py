"""Real games of standard Diplomacy (``../shared/realgames/``) replayed through the engine.

``corpus.py`` reads each source's records into engine values, ``replay.py``
plays them phase by phase and compares, ``faults.py`` names why a record is
at fault where it differs. ``tests/realgames/test_sample.py`` replays a fixed
sample; ``bench/realgames.py`` all of it. Nothing of the corpus is copied here.
"""

from __future__ import annotations

#: the rule options each source's own adjudicator plays (docs/rules-choices.md)
SOURCE_OPTIONS: dict[str, dict[str, str | bool]] = {
    "droidippy": {"civil_disorder": "2000_any_route", "via_fallback": True},
    "cicero": {"civil_disorder": "2000", "adjacent_convoy": "via"},
    "mila": {"via_fallback": True},
    "jdip": {},
}
