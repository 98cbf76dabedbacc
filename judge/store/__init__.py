"""The store layer: the judge's data directory (TinyDB files written atomically).

Persistence only: no mail, no parsing, no adjudication.  See docs/store.md for
the layout and the order in which a poll must write.
"""

from judge.store.atomic import (
    AtomicJSONStorage,
    BatchWrites,
    StoreCorrupt,
    StoreError,
    StoreRefused,
    open_db,
)
from judge.store.game import Game
from judge.store.history import UnknownPhase
from judge.store.lock import PollBusy
from judge.store.passwords import check_password, hash_password
from judge.store.records import (
    Attachment,
    Observer,
    OutgoingMail,
    PhaseRecord,
    Player,
    Settings,
    SubmittedOrder,
    Timing,
    from_iso,
    to_iso,
)
from judge.store.store import (
    GameExists,
    InvalidName,
    Store,
    UnknownGame,
    check_game_name,
)

__all__ = [
    "AtomicJSONStorage", "Attachment", "BatchWrites", "Game", "GameExists", "InvalidName", "Observer",
    "OutgoingMail", "PhaseRecord", "Player", "PollBusy", "Settings", "Store", "StoreCorrupt", "StoreError",
    "StoreRefused", "SubmittedOrder", "Timing", "UnknownGame", "UnknownPhase", "check_game_name", "check_password",
    "from_iso", "hash_password", "open_db", "to_iso",
]
