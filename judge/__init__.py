"""judge: a play-by-email game master for Diplomacy and Europe 1615.

Layers, each a package, importing only downward (docs/architecture.md, tests/test_layers.py):
``app`` → ``commands`` → ``turns`` → ``store``, ``mail`` → ``render`` → ``reading`` → ``variants`` → ``engine``;
``paths``, ``clock`` and ``crash`` here serve them all.
"""

__version__ = "0.1.0"
