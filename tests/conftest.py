"""Every test run has its own judge cache (judge/cache.py), removed at the end.

The judge processes a test starts inherit it; the few started with an
environment of their own (``tests/app/test_config.py``: no variable but
``PATH``) use the user's cache, as any judge run so would.
"""

from __future__ import annotations

import atexit
import os
import shutil
import tempfile

# Set when pytest starts, before a test module loads a variant and before a test starts a judge process
# (which inherits it); removed when the run ends, after the judge's own writes at exit (registered later).
os.environ["JUDGE_CACHE_DIR"] = _CACHE = tempfile.mkdtemp(prefix="judge-test-cache-")
atexit.register(shutil.rmtree, _CACHE, ignore_errors=True)


from tests.demo_phases import demo_phases  # noqa: E402,F401  (a session fixture: each demo played once)
