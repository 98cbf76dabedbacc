"""A season of our own (issue 22, point 5): seven games, one of each variant, played for a game year by mail.

The season (``tests/season/``) is played once for the module: players on
time, late, partial, silent (some with a vacation responder), mistyped,
duplicated, resigned and replaced; GMs who pause, resume and err; one game
whose players all fall silent.  Its invariants are checked after every poll,
and each test below asserts one of them over the whole season.

Two invariants fail on the judge as it is, for bugs being fixed elsewhere
(issue 22, point 1); their tests are marked ``xfail`` (not strict), and
:func:`test_what_breaks_the_xfailed_invariants_is_only_the_known_bugs` keeps
any other failure from hiding behind the marks.  Once the fixes are merged,
the marks go.
"""

from __future__ import annotations

import pytest

from tests.season import INVARIANTS, VARIANTS, SeasonReport, play_season

KNOWN_RESULTS_BUGS = ("in civil disorder)", "at the GM's own address")


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


@pytest.mark.xfail(strict=False, reason="issue 22 point 1: a power in civil disorder gets no results mails (the "
                                        "silent, partial and abandoned players put into disorder); an address that "
                                        "is both GM and player gets two identical results mails")
def test_every_seated_player_gets_exactly_one_results_mail_per_phase(season: SeasonReport) -> None:
    holds(season, "results")


def test_no_game_is_left_unplayed_past_its_deadline_and_grace(season: SeasonReport) -> None:
    holds(season, "deadlines")


def test_every_mail_is_answered_once_but_those_the_judge_ignores(season: SeasonReport) -> None:
    holds(season, "answered")


def test_no_error_and_no_traceback_in_the_judge_logs(season: SeasonReport) -> None:
    holds(season, "logs")


@pytest.mark.xfail(strict=False, reason="issue 22 point 1: SET DEADLINE with a date in the past (the GM mistyped "
                                        "the year) is accepted, and the phase is played at once")
def test_every_mistaken_line_of_a_gm_is_refused(season: SeasonReport) -> None:
    holds(season, "gm mistakes")


def test_every_game_replays_identically(season: SeasonReport) -> None:
    holds(season, "replay")


def test_what_breaks_the_xfailed_invariants_is_only_the_known_bugs(season: SeasonReport) -> None:
    """The xfail marks above must hide nothing else: a seat in civil disorder or at the GM's address, a past date."""
    other = [v for v in season.broken("results") if not any(bug in v for bug in KNOWN_RESULTS_BUGS)]
    other += [v for v in season.broken("gm mistakes") if "SET DEADLINE 20" not in v]
    assert not other, "\n".join(other)


def test_the_idle_polls_play_nothing(season: SeasonReport) -> None:
    """A poll with no mail and the clock still plays no phase, at the season's start and at its end."""
    assert season.idle_phases == 0
    assert len(season.idle_start) == len(season.idle_end) > 0
