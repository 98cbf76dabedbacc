"""``python -m judge`` is the ``judge`` command."""

from judge.app.cli import main

raise SystemExit(main())
