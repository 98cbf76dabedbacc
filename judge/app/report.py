"""What one poll did: counted by the poll and by the sending, printed as the poll's log line."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass
class PollReport:
    """What one poll did, for the log line and the tests."""

    read: int = 0
    skipped: int = 0
    played: list[str] = field(default_factory=list)
    sent: int = 0
    errors: int = 0
    set_aside: int = 0  # mails in, mails out and games the poll set aside (quarantine/, a paused game)
    waiting: int = 0    # mails left in the mailbox for the next poll: this one's time for mail ran out

    def summary(self) -> str:
        played = f" ({', '.join(self.played)})" if self.played else ""
        aside = f", {self.set_aside} set aside" if self.set_aside else ""
        waiting = f", {self.waiting} mails left for the next poll" if self.waiting else ""
        return (f"poll: {self.read} mails read, {self.skipped} skipped, {len(self.played)} phases played"
                f"{played}, {self.sent} mails sent, {self.errors} errors{aside}{waiting}")
