"""A season of our own (issue 22, point 5): seven games, one of each variant, played for a game year by mail.

The season (``tests/season/``) is played once for the module: players on
time, late, partial, silent (some with a vacation responder), mistyped,
duplicated, resigned and replaced; GMs who pause, resume and err; one game
whose players all fall silent.  Its invariants are checked after every poll,
and each test below asserts one of them over the whole season.

Before issue 22's fixes two of them failed: players put into civil disorder
got no results mails, an address both GM and player got two identical ones,
and a GM's deadline in the past was taken and played at once.
"""

from __future__ import annotations

import pytest

from tests.season import INVARIANTS, VARIANTS, SeasonReport, play_season


@pytest.fixture(scope="module")
def season(tmp_path_factory: pytest.TempPathFactory) -> SeasonReport:
    return play_season(tmp_path_factory.mktemp("season") / "judge", games=len(VARIANTS), years=1, seed=1)


def holds(report: SeasonReport, invariant: str) -> None:
    """Fail with the invariant and the first breaches, by poll and seat."""
    broken = report.broken(invariant)
    shown = "\n  ".join(broken[:25]) + (f"\n  ... and {len(broken) - 25} more" if len(broken) > 25 else "")
    assert not broken, f"{INVARIANTS[invariant]}: {len(broken)} breaches\n  {shown}"


def test_the_season_plays_every_variant_and_every_kind_of_player_and_gm(season: SeasonReport) -> None:
    assert season.ended, f"the season did not end after {season.steps} steps"
    assert sorted(g.variant for g in season.games) == sorted(VARIANTS)
    assert all(g.played >= 3 for g in season.games), {g.name: g.played for g in season.games}
    kinds = season.kinds()
    for kind in ("on time", "late", "partial", "silent", "mistyped", "duplicated", "resigned", "replacing"):
        assert kinds[kind], kinds
    mailed = season.mailed
    for what in ("orders (late)", "orders (partial)", "orders with a misspelt province", "a misspelt line sent again",
                 "orders delivered twice (same poll)", "orders delivered twice (next poll)", "auto-reply", "RESIGN",
                 "JOIN ... AS a vacant power", "GM: APPROVE", "GM: PAUSE", "GM: RESUME", "GM mistake: wrong password",
                 "GM mistake: deadline in the past", "GM mistake: misspelt keyword"):
        assert mailed[what], (what, mailed)


def test_every_seated_player_gets_exactly_one_results_mail_per_phase(season: SeasonReport) -> None:
    holds(season, "results")


def test_no_game_is_left_unplayed_past_its_deadline_and_grace(season: SeasonReport) -> None:
    holds(season, "deadlines")


def test_every_mail_is_answered_once_but_those_the_judge_ignores(season: SeasonReport) -> None:
    holds(season, "answered")


def test_no_error_and_no_traceback_in_the_judge_logs(season: SeasonReport) -> None:
    holds(season, "logs")


def test_every_mistaken_line_of_a_gm_is_refused(season: SeasonReport) -> None:
    holds(season, "gm mistakes")


def test_every_game_replays_identically(season: SeasonReport) -> None:
    holds(season, "replay")



def test_the_idle_polls_play_nothing(season: SeasonReport) -> None:
    """A poll with no mail and the clock still plays no phase, at the season's start and at its end."""
    assert season.idle_phases == 0
    assert len(season.idle_start) == len(season.idle_end) > 0
