"""The pieces of ``bench/adjudicate.py``: the judge against the PyPI package ``diplomacy``.

* board.py: the standard map as the generator asks it questions;
* positions.py: random, legal positions and orders from a seed;
* outcome.py: one shape for both engines' results;
* judge_side.py / diplomacy_side.py: run a position through each engine;
* compare.py: agreement, and each unit's fate;
* classify.py: name the rule behind each disagreement;
* timing.py: both engines timed, adjudication alone and end to end;
* report.py: what the script prints.

``bench/adjudicate.py`` is the command; see bench/README.md.
"""
