"""How much the HTML part adds to the judge's mail (issue 39, docs/mail.md "Size"): every demo game played by mail
on a scratch judge, then each result mail's size as sent, its text and HTML parts and its map, per variant.

    python bench/mail_size.py            # every demo variant (a few minutes)
    python bench/mail_size.py standard   # one

Prints, per variant, the largest and the median result mail, and what the same mails weigh as text alone
(the HTML part taken out): the ratio is the HTML's cost.
"""

from __future__ import annotations

import statistics
import sys
import tempfile
from pathlib import Path

from judge.app.demo import demos, load_script
from judge.app.sandbox import Sandbox


def sizes(variant: str, root: Path) -> list[tuple[int, int, int]]:
    """(whole mail, HTML part, picture) in bytes as sent, for each result mail of the variant's demo."""
    sandbox = Sandbox.create(root / variant, password_cost=8)
    load_script(variant).play(sandbox)
    found = []
    for mail in sandbox.sent():
        if not str(mail.message["Subject"]).startswith("Diplomacy results"):
            continue
        html = sum(len(p.as_bytes()) for p in mail.message.walk() if p.get_content_type() == "text/html")
        picture = sum(len(p.as_bytes()) for p in mail.message.walk() if p.get_content_maintype() == "image")
        found.append((len(mail.raw), html, picture))
    return found


def main(variants: list[str]) -> None:
    print(f"{'variant':20} {'mails':>5} {'largest':>9} {'median':>9} {'html max':>9} {'map max':>9} {'text+map':>9} ratio")
    with tempfile.TemporaryDirectory() as folder:
        for variant in variants:
            found = sizes(variant, Path(folder))
            whole = [w for w, _, _ in found]
            alone = [w - h for w, h, _ in found]
            print(f"{variant:20} {len(found):5} {max(whole):9,} {int(statistics.median(whole)):9,} "
                  f"{max(h for _, h, _ in found):9,} {max(p for _, _, p in found):9,} {max(alone):9,} "
                  f"{sum(whole) / sum(alone):5.2f}")


if __name__ == "__main__":
    main(sys.argv[1:] or demos())
