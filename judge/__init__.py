"""judge: a play-by-email game master for Diplomacy and Europe 1615.

Layers, each a package, importing only downward:
``mail`` → ``commands`` → ``store`` → ``engine``; ``render`` turns results into text.
``variants`` loads a map and a ruleset from ``gamedata/`` for the engine.
"""

__version__ = "0.1.0"
