"""`judge demo --variant payola` (gamedata/payola/demo.toml): outcomes, secrets, the golden archive and ledgers.

The game is played once for the module.  Its public result mails must equal
``tests/golden/payola/*.txt``, each player's result mails (with its
ledgers and accounts) ``tests/golden/payola/ledgers/<power>.txt``, and the
game-end mail (the GM ends the game: every phase's bribe chart, to all)
``tests/golden/payola/end/game-end.txt``; after a
deliberate change of wording or rules, run

    JUDGE_UPDATE_GOLDEN=1 python -m pytest tests/payola/test_demo.py

and read the diff before committing it.
"""

from __future__ import annotations

import os
import re

import pytest

from judge.app.demo import load_script
from judge.app.gamefile import from_store
from judge.app.replay import replay
from judge.app.sandbox import Sandbox
from tests.golden_archive import GOLDEN_ROOT, check_golden

DEMO = load_script("payola")
GAME, GM, OBSERVER, POWERS, address = DEMO.game, DEMO.gm, DEMO.observer, DEMO.powers, DEMO.address
PHASES = ["S1901M", "F1901M", "W1901A", "S1902M", "F1902M", "W1902A"]
LETTERS = {p: DEMO.letters[p] for p in POWERS}


@pytest.fixture(scope="module")
def game(tmp_path_factory: pytest.TempPathFactory) -> Sandbox:
    sandbox = Sandbox.create(tmp_path_factory.mktemp("payola") / "judge", password_cost=8)
    DEMO.play(sandbox)
    return sandbox


END_SUBJECT = f"Game {GAME} is over"


def mails_to(game: Sandbox, who: str, before_end: bool = False) -> list[str]:
    """Every mail one reader got, in order; ``before_end``: not the game-end mail."""
    return [game.text(m) for m in game.sent() if who in m.message.get("To", "")
            and not (before_end and END_SUBJECT in m.message.get("Subject", ""))]


def end_mails(game: Sandbox, who: str) -> list[str]:
    return [game.text(m) for m in game.sent() if who in m.message.get("To", "")
            and END_SUBJECT in m.message.get("Subject", "")]


def results_to(game: Sandbox, who: str) -> str:
    """Every result mail one reader got, in order (the ledgers are in them)."""
    return "\n".join(game.text(m) for m in game.sent()
                     if who in m.message.get("To", "") and "results" in m.message.get("Subject", ""))


def test_the_public_archive_matches_the_golden_one(game: Sandbox) -> None:
    check_golden(game, GAME, PHASES, "payola")


def test_each_players_result_mails_with_its_ledger_match_the_golden_ones(game: Sandbox) -> None:
    folder = GOLDEN_ROOT / "payola" / "ledgers"
    for power in POWERS:
        text = results_to(game, address(power))
        if os.environ.get("JUDGE_UPDATE_GOLDEN"):
            folder.mkdir(parents=True, exist_ok=True)
            (folder / f"{power.lower()}.txt").write_text(text, encoding="utf-8")
        assert text == (folder / f"{power.lower()}.txt").read_text(encoding="utf-8"), power


def test_the_scripted_events_happen(game: Sandbox) -> None:
    """A transfer (2.3), a tie by the owner's list (5.2), the war over Belgium, an over-expenditure (5.5)."""
    russia, england, france = (results_to(game, address(p)) for p in ("Russia", "England", "France"))
    assert "paid to Turkey: -10 AgP" in russia
    assert "Italy: Army Venice -> Tyrolia." in france
    assert "tie broken by the owner's acceptance list (5.2)" in results_to(game, GM)
    assert "Not accepted: 15 : A BUR - BEL: the unit ordered A BUR H (highest total: 20 for A BUR H)." in france
    reduced = r"Ledger of England: balance 48 AgP before, \d+ spent, \d+ after; offers reduced \d+ time"
    assert re.search(reduced, england)
    assert "England: Fleet North Sea -> Belgium." in france


def test_ledgers_and_accounts_call_the_powers_as_players_write_them(game: Sandbox) -> None:
    """Account lines, acceptance lists and reasons say "France", never the engine's key "FRANCE"."""
    keys = re.compile(r"\b(" + "|".join(p.upper() for p in POWERS) + r")\b")
    for power in [*POWERS, "GM"]:
        text = results_to(game, GM if power == "GM" else address(power))
        assert not keys.search(text), (power, keys.search(text))
    russia = results_to(game, address("Russia"))
    assert "Acceptance list: Russia Turkey England France Germany Italy Austria." in russia
    assert "received from Russia: +10 AgP" in results_to(game, address("Turkey"))


def _sheets() -> dict[str, list[str]]:
    """Every power's offer, ACCEPT and PAY lines of the script, as written."""
    return {p: [line.strip() for phase in DEMO.phases for line in phase[1].get(p, "").splitlines()
                if ":" in line or line.strip().startswith(("ACCEPT", "PAY"))] for p in POWERS}


def test_no_mail_shows_another_powers_offers_lists_or_balance_before_the_end(game: Sandbox) -> None:
    """2.5, 3.6, 4.5: before the game ends a player reads only its own sheet, list, ledger and account."""
    sheets = _sheets()
    for power in POWERS:
        text = "\n".join(mails_to(game, address(power), before_end=True))
        assert "Bribe chart" not in text
        for other in POWERS:
            if other == power:
                continue
            assert f"Ledger of {other}" not in text and f"Account of {other}" not in text, (power, other)
            for line in sheets[other]:
                assert line.upper() not in text.upper(), (power, line)
    watcher = "\n".join(mails_to(game, OBSERVER, before_end=True))
    assert "Ledger of" not in watcher and "Account of" not in watcher and "Bribe chart" not in watcher
    assert all(f"Ledger of {p}" in results_to(game, GM) for p in POWERS)


def test_at_the_end_every_reader_gets_the_bribe_chart_of_every_phase(game: Sandbox) -> None:
    """3.6, 4.5: the GM ends the game; the game-end mail shows everyone every power's ledger of every phase."""
    offers = {p: [line for line in lines if ":" in line] for p, lines in _sheets().items()}
    for reader in [*(address(p) for p in POWERS), OBSERVER, GM]:
        ends = end_mails(game, reader)
        assert len(ends) == 1, reader
        for phase in ("S1901M", "F1901M", "S1902M", "F1902M"):
            assert f"Bribe chart of {phase}:" in ends[0], (reader, phase)
        for power in POWERS:
            assert ends[0].count(f"Ledger of {power}: balance") == 4, (reader, power)
            for line in offers[power]:
                assert " ".join(line.split("%")[0].upper().split()) in ends[0].upper(), (reader, line)


def test_the_game_end_mail_matches_the_golden_one(game: Sandbox) -> None:
    text = end_mails(game, address("England"))[0]
    golden = GOLDEN_ROOT / "payola" / "end" / "game-end.txt"  # the same mail to every reader
    if os.environ.get("JUDGE_UPDATE_GOLDEN"):
        golden.parent.mkdir(parents=True, exist_ok=True)
        golden.write_text(text, encoding="utf-8")
    assert text == golden.read_text(encoding="utf-8")
    assert all(end_mails(game, address(p)) == [text] for p in POWERS)


def test_replaying_every_stored_phase_gives_the_stored_next_position(game: Sandbox) -> None:
    """Randomness included: each phase's record (position, seed, unplayed powers, sheets) replays to the next
    position and the same results text (``judge replay``)."""
    report = replay(from_store(game.store, GAME))
    assert report.divergence is None, report.divergence
    assert report.phases == game.store.phase_names(GAME) and len(report.phases) > 4
