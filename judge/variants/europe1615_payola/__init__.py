"""Europe 1615, the two Payola editions (19 March and 8 April 2013) on the Payola mechanism.

One ruleset for both (:class:`.ruleset.Europe1615Payola`); how they differ is
each edition's ruleset file (``gamedata/europe1615-2013-03/ruleset.toml``,
``…-2013-04/``), read by :mod:`.edition`.  ``docs/europe1615-payola.md``.
"""

from judge.variants.europe1615_payola.ruleset import Europe1615Payola

__all__ = ["Europe1615Payola"]
