"""The judge's applications: the `judge` command (poll, adjudicate, map, demo, init), its config, the demos.

Nothing below imports this package (tests/test_layers.py).
"""
