"""Every test run has its own judge cache (judge/cache.py): nothing read from, or left in, the user's own."""

from __future__ import annotations

import atexit
import os
import shutil
import tempfile

# Set when pytest starts, before a test module loads a variant and before a test starts a judge process
# (which inherits it); removed when the run ends, after the judge's own writes at exit (registered later).
os.environ["JUDGE_CACHE_DIR"] = _CACHE = tempfile.mkdtemp(prefix="judge-test-cache-")
atexit.register(shutil.rmtree, _CACHE, ignore_errors=True)
