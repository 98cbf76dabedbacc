"""What password guessing costs a poll (issue 31, point 3): fifty mails of a hundred SIGNON guesses each.

One poll reads the fifty guessing mails and one player's order mail, at the
default scrypt cost (``password_cost = 12``); it is compared with a poll of
that order mail alone.  The scrypt runs are counted (they are what the caps
bound: 3 wrong passwords a mail, 10 a seat from other addresses, 10 an
address, 300 a poll); the ratio of the two polls' times shows what is left.

    python bench/guessing.py
"""

from __future__ import annotations

import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from judge.app.sandbox import Sandbox  # noqa: E402
from judge.store import passwords  # noqa: E402

from tests.app.helpers import GAME, send_as, start_game  # noqa: E402

_runs = [0]
_scrypt = passwords._scrypt


def _counted(*args: object, **kwargs: object) -> bytes:
    _runs[0] += 1
    return _scrypt(*args, **kwargs)  # type: ignore[arg-type]


def one_poll(guessers: int) -> tuple[float, int, int]:
    """Seconds, scrypt runs and mails left waiting of a poll with ``guessers`` guessing mails and one order."""
    with tempfile.TemporaryDirectory() as tmp:
        sandbox = Sandbox.create(Path(tmp) / "judge", password_cost=12)
        start_game(sandbox)
        passwords.forget_verified()
        for n in range(guessers):
            body = "\n".join(f"SIGNON F{GAME} guess{i}" for i in range(100))
            sandbox.send(f"guesser{n}@evil.invalid", body, "guess")
        send_as(sandbox, "France", "A PAR - BUR")
        _runs[0] = 0
        started = time.perf_counter()
        report = sandbox.poll()
        return time.perf_counter() - started, _runs[0], report.waiting


def main() -> None:
    passwords._scrypt = _counted  # type: ignore[assignment]
    alone, alone_runs, _ = one_poll(0)
    attacked, runs, waiting = one_poll(50)
    print(f"one order mail alone:          {alone * 1000:7.0f} ms, {alone_runs} scrypt runs")
    print(f"with 50 mails of 100 guesses:  {attacked * 1000:7.0f} ms, {runs} scrypt runs, {waiting} mails waiting")
    print(f"ratio: {attacked / alone:.1f}")


if __name__ == "__main__":
    main()
