"""The render layer: result mails in the njudge layout, secrecy, deadlines, and every template."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from datetime import UTC, datetime

import pytest
from jinja2 import StrictUndefined, UndefinedError

from judge.engine import GameState, Phase, PhaseOutcome, adjudicate
from judge.engine.codec import state_from_json
from judge.paths import templates_dir
from judge.reading.order_reader import parse_order
from judge.render import DecisionLine, NoticeContext, RuleLine, RulesContext, render_notice, render_rules
from judge.render import SignonElsewhereContext, SignonGuessedContext, render_signon_elsewhere, render_signon_guessed
from judge.render import render_provinces
from judge.render import DisorderContext, Recipient, UnattendedContext, render_disorder, render_unattended
from judge.render import HelpSection, Joined, JoinNoticeContext, Seats, VariantLine, render_join_notice
from judge.render import GameFaultContext, SetAsideContext, render_game_fault, render_set_aside
from judge.render import HistoryContext, HistoryEntry, render_history
from judge.render import RequestNoticeContext, SeatChangedContext, TakeoverRequest, render_request_notice
from judge.render import render_seat_changed
from judge.render import DiaryContext, DiaryEntry, PostalEntry, PostalPressContext, PressCopyContext
from judge.render import render_diary, render_postal_press, render_press_copy
from judge.render import (
    GM, OBSERVER, Accepted, GameEndContext, GameListing, GameStartContext, HelpContext, LateContext, ListContext,
    OrderSet, PowerStatus, PressContext, Rejected, ReminderContext, Rendered, ReplyContext, Secret, StatusContext,
    SummaryContext, SummaryRow, environment, render, render_game_end, render_game_start, render_help,
    render_late_notice, render_list, render_press, render_reminder, render_reply, render_results, render_status,
    render_summary, results_context,
)
from judge.render.words import OrderWords, Place, UnitWords, order_words
from judge.render.env import ESCAPED, html_twin
from judge.render.helpfiles import HelpFileContext, SeatLine, WhoGameContext, help_files, render_help_file
from judge.render.helpfiles import render_whogame
from judge.render.html import plain_html
from tests.mail.html_parts import unsafe
from judge.variants import load_variant

VARIANT = load_variant("standard")
BOARD = VARIANT.map
# Paris leaves summer time on 27 Oct 2024, New York on 3 Nov 2024.
BEFORE_CHANGE = datetime(2024, 10, 26, 10, 0, tzinfo=UTC)   # 12:00 CEST, 06:00 EDT
AFTER_PARIS = datetime(2024, 10, 28, 11, 0, tzinfo=UTC)     # 12:00 CET,  07:00 EDT
AFTER_BOTH = datetime(2024, 11, 4, 11, 0, tzinfo=UTC)       # 12:00 CET,  06:00 EST


def play(state: dict, orders: dict[str, list[str]]) -> tuple[GameState, PhaseOutcome]:
    before = state_from_json(VARIANT, state)
    kind = before.phase.kind
    parsed = {p: [parse_order(line, BOARD, kind) for line in lines] for p, lines in orders.items()}
    return before, adjudicate(VARIANT, before.copy(), parsed)


def spring(**kwargs: object) -> tuple[GameState, PhaseOutcome, Rendered]:
    """A bounce, a cut support, a dislodgement with retreats, a void order and a convoy."""
    before, outcome = play(
        {"phase": "S1901M", "units": {
            "ENGLAND": ["A LON", "F NTH"], "FRANCE": ["A PAR", "A MAR"], "GERMANY": ["A BUR", "A MUN", "A BER"],
            "AUSTRIA": ["A TYR"], "RUSSIA": ["A WAR"], "ITALY": ["F ROM"]}},
        {"ENGLAND": ["A LON - NWY", "F NTH C A LON - NWY"], "FRANCE": ["A PAR - BUR", "A MAR S A PAR - BUR"],
         "GERMANY": ["A MUN S A BUR", "A BER - SIL"], "AUSTRIA": ["A TYR - MUN"], "RUSSIA": ["A WAR - SIL"],
         "ITALY": ["F ROM - VEN"]})
    viewer = str(kwargs.pop("viewer", GM))
    viewer_zone = kwargs.pop("viewer_zone", None)
    ctx = results_context(VARIANT, before.phase, outcome, judge="USTV", game="demo", zone="Europe/Paris",
                          deadline=AFTER_PARIS, **kwargs)
    return before, outcome, render_results(ctx, viewer, viewer_zone)


SPRING_RESULTS = """\
:: Judge: USTV  Game: demo  Variant: Standard
:: Deadline: S1901R Mon Oct 28 2024 12:00:00 CET

Movement results for Spring of 1901.  (demo.S1901M)

Austria: Army Tyrolia -> Munich.  (*bounce*)

England: Army London -> Norway.
England: Fleet North Sea CONVOY Army London -> Norway.

France: Army Marseilles SUPPORT Army Paris -> Burgundy.
France: Army Paris -> Burgundy.

Germany: Army Berlin -> Silesia.  (*bounce*)
Germany: Army Burgundy, No Order Processed.  (*dislodged*)
Germany: Army Munich SUPPORT Army Burgundy.  (*cut*)

Italy: Fleet Rome -> Venice.  (*void*) Fleet Rome cannot reach Venice.

Russia: Army Warsaw -> Silesia.  (*bounce*)

The following units were dislodged:

The German Army in Burgundy can retreat to Belgium or Gascony or Picardy or Ruhr.

The next phase of 'demo' will be Retreats for Spring of 1901.
The deadline for orders will be Mon Oct 28 2024 12:00:00 CET.
"""


# -- the results mail ------------------------------------------------------------

def test_movement_results_are_laid_out_exactly_as_njudge_does() -> None:
    _, outcome, mail = spring()
    assert {r.result for r in outcome.results} >= {"ok", "bounce", "cut", "dislodged", "void"}
    assert mail.body == SPRING_RESULTS
    assert mail.subject == "Diplomacy results demo S1901M"


def test_the_header_names_judge_game_and_variant() -> None:
    _, _, mail = spring(variant_title="Standard (2023 rules)")
    first, second = mail.body.splitlines()[:2]
    assert first == ":: Judge: USTV  Game: demo  Variant: Standard (2023 rules)"
    assert second == ":: Deadline: S1901R Mon Oct 28 2024 12:00:00 CET"


FALL_STATE = {"phase": "F1901M", "units": {
    "ENGLAND": ["F NTH", "A YOR", "F LON"], "FRANCE": ["A BUR", "F MAO", "A PAR"], "GERMANY": ["A KIE", "A MUN"],
    "RUSSIA": ["F STP/SC", "A MOS", "A WAR", "F SEV"], "TURKEY": ["A CON", "F BLA", "A ANK", "A SMY", "A ARM"]}}


def test_after_fall_the_centres_and_adjustments_are_listed() -> None:
    before, outcome = play(FALL_STATE, {"ENGLAND": ["F NTH - NWY"], "FRANCE": ["A BUR - BEL", "F MAO - SPA/NC"],
                                        "GERMANY": ["A KIE - HOL"], "RUSSIA": ["F STP/SC - BOT"]})
    ctx = results_context(VARIANT, before.phase, outcome, judge="USTV", game="demo")
    body = render_results(ctx, "ENGLAND").body
    tail = body[body.index("Ownership of supply centers:"):]
    assert tail == """\
Ownership of supply centers:

Austria:   Budapest, Trieste, Vienna.
England:   Edinburgh, Liverpool, London, Norway.
France:    Belgium, Brest, Marseilles, Paris, Spain.
Germany:   Berlin, Holland, Kiel, Munich.
Italy:     Naples, Rome, Venice.
Russia:    Moscow, Sevastopol, St Petersburg, Warsaw.
Turkey:    Ankara, Constantinople, Smyrna.
Unowned:   Bulgaria, Denmark, Greece, Portugal, Rumania, Serbia, Sweden,
           Tunis.

Austria:   3 Supply centers,  0 Units:  Builds   3 units.
England:   4 Supply centers,  3 Units:  Builds   1 unit.
France:    5 Supply centers,  3 Units:  Builds   2 units.
Germany:   4 Supply centers,  2 Units:  Builds   2 units.
Italy:     3 Supply centers,  0 Units:  Builds   3 units.
Russia:    4 Supply centers,  4 Units:  Builds   0 units.
Turkey:    3 Supply centers,  5 Units:  Removes  2 units.

The next phase of 'demo' will be Adjustments for Winter of 1901.
"""
    assert "France: Fleet Mid-Atlantic Ocean -> Spain (north coast).\n" in body
    assert "Russia: Fleet St Petersburg (south coast) -> Gulf of Bothnia.\n" in body


def test_spring_results_show_no_centres() -> None:
    assert "Supply centers" not in spring()[2].body


def test_a_long_list_of_centres_wraps_under_the_names() -> None:
    state = state_from_json(VARIANT, {"phase": "W1901A", "units": {}, "centers": {
        "FRANCE": ["BRE", "PAR", "MAR", "SPA", "POR", "BEL", "HOL", "MUN", "KIE", "BER", "DEN", "NWY"]}})
    ctx = results_context(VARIANT, Phase.parse("F1901R"), PhaseOutcome(state), judge="J", game="g")
    body = render_results(ctx, GM).body
    assert ("France:    Belgium, Berlin, Brest, Denmark, Holland, Kiel, Marseilles,\n"
            "           Munich, Norway, Paris, Portugal, Spain.\n") in body
    assert ("France:   12 Supply centers,  0 Units:  Builds  12 units.  (9 unusable: no free home centre)\n"
            in body)   # three home centres: room for three builds (issue 36 point 5)


def test_retreat_results_and_destroyed_units() -> None:
    before, outcome = play(
        {"phase": "F1901R", "units": {"FRANCE": ["A BUR"]}, "centers": {"GERMANY": ["BER", "KIE", "MUN"]},
         "dislodged": {"GERMANY": [{"unit": "A RUH", "attacker_from": "BUR", "retreats": ["BEL", "KIE"]},
                                   {"unit": "F HOL", "attacker_from": "BEL", "retreats": ["HEL", "KIE"]}],
                       "RUSSIA": [{"unit": "F STP/SC", "attacker_from": "BOT", "retreats": ["LVN"]}]}},
        {"GERMANY": ["A RUH - KIE", "F HOL - HEL"]})
    body = render_results(results_context(VARIANT, before.phase, outcome, judge="J", game="g"), GM).body
    assert body.splitlines()[2:9] == [
        "Retreat results for Fall of 1901.  (g.F1901R)", "",
        "Germany:   Army Ruhr -> Kiel.", "Germany:   Fleet Holland -> Heligoland Bight.", "",
        "Russia:    Fleet St Petersburg (south coast), No Order Processed (DISBAND).", ""]


def test_dislodged_units_without_retreat_are_destroyed() -> None:
    before, outcome = play(
        {"phase": "S1901M", "units": {"FRANCE": ["A PIC", "A BUR"], "GERMANY": ["A BEL", "A RUH", "A HOL"],
                                      "ENGLAND": ["F NTH"]}},
        {"FRANCE": ["A PIC - BEL", "A BUR S A PIC - BEL"]})
    body = render_results(results_context(VARIANT, before.phase, outcome, judge="J", game="g"), GM).body
    assert "The German Army in Belgium with no valid retreats was destroyed.\n" in body
    assert "The next phase of 'g' will be Movement for Fall of 1901.\n" in body


def test_adjustment_results_keep_the_order_given() -> None:
    before, outcome = play(
        {"phase": "W1901A", "units": {"FRANCE": ["A PAR"], "TURKEY": ["F BLA", "A BUL", "A ANK"],
                                      "RUSSIA": ["A MOS"]},
         "centers": {"FRANCE": ["PAR", "BRE", "MAR"], "TURKEY": ["ANK"], "RUSSIA": ["MOS", "STP"]}},
        {"FRANCE": ["BUILD F BRE", "BUILD A PAR"], "TURKEY": ["REMOVE F BLA"], "RUSSIA": ["BUILD F STP/NC"]})
    body = render_results(results_context(VARIANT, before.phase, outcome, judge="J", game="g"), GM).body
    assert body.splitlines()[2:11] == [
        "Adjustment results for Winter of 1901.  (g.W1901A)", "",
        "France:    Builds a fleet in Brest.", "France:    Builds an army in Paris.  (*void*) Paris is occupied.", "",
        "Russia:    Builds a fleet in St Petersburg (north coast).", "",
        "Turkey:    Removes the fleet in Black Sea.", "Turkey:    Defaults, removing the army in Bulgaria."]


# -- deadlines ----------------------------------------------------------------------

@pytest.mark.parametrize(("deadline", "game_clock", "player_clock"), [
    (BEFORE_CHANGE, "Sat Oct 26 2024 12:00:00 CEST", "Sat Oct 26 2024 06:00:00 EDT"),
    (AFTER_PARIS, "Mon Oct 28 2024 12:00:00 CET", "Mon Oct 28 2024 07:00:00 EDT"),
    (AFTER_BOTH, "Mon Nov 04 2024 12:00:00 CET", "Mon Nov 04 2024 06:00:00 EST"),
])
def test_deadlines_show_the_local_hour_in_game_and_player_zones(deadline: datetime, game_clock: str,
                                                               player_clock: str) -> None:
    before, outcome = play({"phase": "S1901M", "units": {"FRANCE": ["A PAR"]}}, {})
    ctx = results_context(VARIANT, before.phase, outcome, judge="J", game="g", zone="Europe/Paris",
                          deadline=deadline)
    body = render_results(ctx, "FRANCE", "America/New_York").body
    assert body.endswith(f"The deadline for orders will be {game_clock}.\n"
                         f"In your time zone (America/New_York) that is {player_clock}.\n")
    assert f":: Deadline: F1901M {game_clock}\n" in body


def test_a_naive_deadline_is_utc_and_the_same_zone_is_shown_once() -> None:
    before, outcome = play({"phase": "S1901M", "units": {"FRANCE": ["A PAR"]}}, {})
    ctx = results_context(VARIANT, before.phase, outcome, judge="J", game="g", zone="Europe/Paris",
                          deadline=datetime(2024, 10, 28, 11, 0))
    body = render_results(ctx, "FRANCE", "Europe/Paris").body
    assert body.endswith("The deadline for orders will be Mon Oct 28 2024 12:00:00 CET.\n")


# -- secrecy --------------------------------------------------------------------------

def test_secret_orders_reach_only_the_entitled_viewers() -> None:
    secret = {"ITALY": frozenset({"ITALY"}), "GERMANY": frozenset({"GERMANY", "FRANCE"})}
    notes = ["A public note.", Secret("Italy bribed Austria.", frozenset({"ITALY", "AUSTRIA"}))]
    views = {viewer: spring(viewer=viewer, secret=secret, notes=notes)[2].body
             for viewer in ("ITALY", "FRANCE", "ENGLAND", OBSERVER, GM, "AUSTRIA")}
    italy_line = "Italy: Fleet Rome -> Venice.  (*void*) Fleet Rome cannot reach Venice.\n"
    german_line = "Germany: Army Berlin -> Silesia.  (*bounce*)\n"
    dislodged = "The German Army in Burgundy can retreat"
    for viewer, body in views.items():
        assert (italy_line in body) == (viewer in ("ITALY", GM)), viewer
        assert (german_line in body) == (viewer in ("FRANCE", GM)), viewer
        assert (dislodged in body) == (viewer in ("FRANCE", GM)), viewer
        assert ("Italy bribed Austria." in body) == (viewer in ("ITALY", "AUSTRIA", GM)), viewer
        assert "A public note.\n" in body and "England: Army London -> Norway.\n" in body
    assert "Germany:" not in views["ENGLAND"] and "following units were dislodged" not in views["ENGLAND"]


def test_a_secret_wrapped_result_is_hidden_like_a_secret_power() -> None:
    before, outcome = play({"phase": "S1901M", "units": {"FRANCE": ["A PAR"], "ENGLAND": ["F LON"]}},
                           {"FRANCE": ["A PAR - BUR"]})
    ctx = results_context(VARIANT, before.phase, outcome, judge="J", game="g")
    hidden = [Secret(r, frozenset({"FRANCE"})) if r.power == "FRANCE" else r for r in outcome.results]
    ctx = replace(ctx, results=hidden)
    assert "France: Army Paris -> Burgundy." in render_results(ctx, "france").body
    assert "France:" not in render_results(ctx, "ENGLAND").body.split("Ownership")[0]


def test_nested_sections_lose_their_secrets_at_any_depth() -> None:
    from judge.render.secrecy import reveal_all

    sections = {"rows": ["public", Secret("france's", frozenset({"FRANCE"})), [Secret("deep", frozenset())]],
                "gm": Secret({"numbers": [1, 2]}, frozenset()), "kind": "M"}
    assert reveal_all(sections, "ENGLAND") == {"rows": ["public", []], "kind": "M"}
    assert reveal_all(sections, "FRANCE") == {"rows": ["public", "france's", []], "kind": "M"}
    assert reveal_all(sections, GM) == {"rows": ["public", "france's", ["deep"]], "gm": {"numbers": [1, 2]},
                                        "kind": "M"}


def test_a_variant_section_template_is_written_after_the_notes() -> None:
    before, outcome = play({"phase": "S1901M", "units": {"FRANCE": ["A PAR"]}}, {"FRANCE": ["A PAR - BUR"]})
    ctx = replace(results_context(VARIANT, before.phase, outcome, judge="J", game="g", notes=["A note."]),
                  extra={"year": 1901, "allocation": [], "deployments": [], "attacks": [], "ottoman": [],
                         "others": [], "status": [], "ballots": [], "ballot_result": [], "notes": [],
                         "next_ballot": [], "scores": [], "counterbalance": "none",
                         "modifiers": [Secret("Wallenstein", frozenset({"FRANCE"}))], "game_over": None},
                  extra_template="_europe1615_v3.j2")
    assert "A note.\n\nCounterbalance: none.  Modifiers in force: none.\n" in render_results(ctx, "ENGLAND").body
    assert "Modifiers in force: Wallenstein." in render_results(ctx, "FRANCE").body


# -- the reply ------------------------------------------------------------------------

def test_the_reply_starts_with_the_order_set_then_lists_accepted_and_rejected_lines() -> None:
    orders = OrderSet("FRANCE", Phase.parse("S1901M"), ["A PAR - BUR", "MAR S PAR - BUR"], ["F BRE"],
                      units=["A PAR", "A MAR", "F BRE"])
    ctx = ReplyContext("USTV", "orders", "demo",
                       [Accepted(1, "SIGNON Fdemo ****"), Accepted(2, "A PAR - BUR"),
                        Accepted(3, "MAR S PAR - BUR", "replaces your order for Marseilles")],
                       [Rejected(4, "A PAR - XYZ", "unknown province 'XYZ' (column 9)")],
                       BOARD, orders, AFTER_PARIS, "Europe/Paris")
    mail = render_reply(ctx, "America/New_York")
    assert mail.subject == "Re: orders"
    assert mail.body == """\
:: Judge: USTV  Game: demo

Orders for France, Spring of 1901 (S1901M):
    Army Paris -> Burgundy.
    Army Marseilles SUPPORT Army Paris -> Burgundy.
Still without orders: Fleet Brest.

Accepted:
  line 1: SIGNON Fdemo ****
  line 2: A PAR - BUR
  line 3: MAR S PAR - BUR
      replaces your order for Marseilles

Rejected:
  line 4: A PAR - XYZ
      unknown province 'XYZ' (column 9)

The deadline for orders is Mon Oct 28 2024 12:00:00 CET.
In your time zone (America/New_York) that is Mon Oct 28 2024 07:00:00 EDT.
"""


def test_a_reply_to_a_mail_without_commands_says_so() -> None:
    mail = render_reply(ReplyContext("USTV", "Re: hello"))
    assert mail.subject == "Re: hello"
    assert "No commands were found in your mail." in mail.body
    assert "Accepted" not in mail.body and "Rejected" not in mail.body


def test_an_order_set_needs_the_board() -> None:
    with pytest.raises(ValueError):
        render_reply(ReplyContext("J", orders=OrderSet("FRANCE", Phase.parse("S1901M"))))


def test_orders_in_words() -> None:
    assert order_words(BOARD, "VIE S BUD", known={"VIE": "A", "BUD": "A"}) == OrderWords(
        "support", UnitWords("A", Place("Vienna")), None, UnitWords("A", Place("Budapest")))
    texts = ["F STP/NC - BAR", "A VIE S A BUD", "F ION C A TUN - NAP", "nonsense here"]
    mail = render_reply(ReplyContext("J", board=BOARD, orders=OrderSet("RUSSIA", Phase.parse("S1901M"), texts)))
    assert ("    Fleet St Petersburg (north coast) -> Barents Sea.\n"
            "    Army Vienna SUPPORT Army Budapest.\n"
            "    Fleet Ionian Sea CONVOY Army Tunis -> Naples.\n"
            "    nonsense here.\n") in mail.body


# -- every other mail, and every template under StrictUndefined --------------------------

PHASE = Phase.parse("S1901M")
ORDERS = OrderSet("FRANCE", PHASE, ["A PAR - BUR"], ["F BRE", "A MAR"])
START = state_from_json(VARIANT, {"phase": "S1901M", "units": {"FRANCE": ["A PAR", "F BRE"], "RUSSIA": ["F STP/SC"]}})

SAMPLES: dict[str, Callable[[], Rendered]] = {
    "results.j2": lambda: spring()[2],
    "reply.j2": lambda: render_reply(ReplyContext("J", "x", "demo", [Accepted(1, "A PAR - BUR")], [], BOARD, ORDERS,
                                                  AFTER_PARIS, "Europe/Paris")),
    "status.j2": lambda: render_status(StatusContext(
        "J", "demo", "Standard", PHASE, "active", AFTER_PARIS, "Europe/Paris",
        [PowerStatus("FRANCE", "alice", True, 3, 3), PowerStatus("ENGLAND"),
         PowerStatus("GERMANY", "bob", False, 3, 3, disorder=True)], [("NMR", "hold")], BOARD, ORDERS), "Asia/Tokyo"),
    "reminder.j2": lambda: render_reminder(ReminderContext("J", "demo", BOARD, ORDERS, AFTER_PARIS, "Europe/Paris")),
    "late_notice.j2": lambda: render_late_notice(LateContext(
        "J", "demo", PHASE, ["FRANCE", "GERMANY"], AFTER_PARIS, "Europe/Paris", AFTER_BOTH, "disorder", "FRANCE")),
    "press.j2": lambda: render_press(PressContext("J", "demo", PHASE, "Hello\n", "ENGLAND", ["FRANCE"])),
    "press_copy.j2": lambda: render_press_copy(PressCopyContext("J", "demo", PHASE, "Hello\n", "Italy",
                                                                ["England", "France"], "a broadcast")),
    "postal_press.j2": lambda: render_postal_press(PostalPressContext("J", "demo", "S1901M",
                                                                      [PostalEntry("France", "Peace.")])),
    "diary.j2": lambda: render_diary(DiaryContext("J", "demo", "published", "France",
                                                  [DiaryEntry(1, "2026-03-23T11:00", "S1901M", "Go east.")])),
    "list.j2": lambda: render_list(ListContext("J", [
        GameListing("demo", "Standard", PHASE, "active", AFTER_PARIS, "Europe/Paris"),
        GameListing("new", "Standard", None, "forming", None, "UTC", 4)])),
    "summary.j2": lambda: render_summary(SummaryContext(
        "J", "demo", "Standard", list(BOARD.powers), [SummaryRow(Phase.parse("W1901A"), {"FRANCE": 5})],
        {"FRANCE": "alice"})),
    "help.j2": lambda: render_help(HelpContext("J", "judge@example.org", [HelpSection("For anyone", ["help"])],
                                               [VariantLine("standard", "Standard Diplomacy", 7)])),
    "rules.j2": lambda: render_rules(RulesContext(
        "J", "demo", "Standard", [RuleLine("victory_centers", "20", "18", "a whole number from 1 to 34", "to win")],
        [DecisionLine("BALLOT modifier, modifier, modifier", "the ballot", "Wallenstein")])),
    "provinces.j2": lambda: render_provinces("J", "game 'demo' (standard)", BOARD, {"PAR": "FRANCE"}),
    "game_start.j2": lambda: render_game_start(GameStartContext(
        "J", "demo", "Standard", BOARD, START, {"FRANCE": "alice"}, "FRANCE", "grey", AFTER_PARIS, "Europe/Paris")),
    "game_end.j2": lambda: render_game_end(GameEndContext(
        "J", "demo", "Standard", Phase.parse("F1905M"), "victory", ["FRANCE"], {"FRANCE": 18, "ENGLAND": 4})),
    "notice.j2": lambda: render_notice(NoticeContext(
        "J", "demo", "New deadline in demo", ["The GM set a new deadline."], AFTER_PARIS, "Europe/Paris"),
        "America/New_York"),
    "signon_elsewhere.j2": lambda: render_signon_elsewhere(SignonElsewhereContext("J", "demo", "France", AFTER_PARIS)),
    "signon_guessed.j2": lambda: render_signon_guessed(SignonGuessedContext(
        "J", "demo", "France", AFTER_PARIS, ["guesser@example.org"])),
    "join_notice.j2": lambda: render_join_notice(JoinNoticeContext(
        "J", "demo", [Joined("alice@example.org", "France"), Joined("alice@example.org", "Italy", again=True)], 3, 7)),
    "seat_changed.j2": lambda: render_seat_changed(SeatChangedContext("J", "demo", "France", "password", AFTER_PARIS)),
    "takeover_request.j2": lambda: render_request_notice(RequestNoticeContext(
        "J", "demo", [TakeoverRequest(2, "Germany", "new@example.org", AFTER_PARIS)],
        [TakeoverRequest(1, "Germany", "new@example.org", None), TakeoverRequest(2, "Germany", "new@example.org",
                                                                                  AFTER_PARIS)])),
    "set_aside.j2": lambda: render_set_aside(SetAsideContext("J", "orders", "MIME parts nested too deeply")),
    "game_fault.j2": lambda: render_game_fault(GameFaultContext("J", "demo", "S1901M", "OverflowError")),
    "disorder.j2": lambda: render_disorder(DisorderContext("J", "demo", PHASE, ["FRANCE"], "FRANCE", "F")),
    "unattended.j2": lambda: render_unattended(UnattendedContext("J", "demo", PHASE, gm=True)),
    "history.j2": lambda: render_history(HistoryContext("demo-judge", "demo", "Standard", [
        HistoryEntry("S1901M", datetime(2026, 3, 23, 11, 0, tzinfo=UTC), spring()[2].body),
        HistoryEntry("F1901M", datetime(2026, 4, 2, 9, 5, 7, tzinfo=UTC), ":: Judge: J\n\nFall text.\n")])),
    "whogame.j2": lambda: render_whogame(WhoGameContext("J", "demo", "Standard", "active",
                                                        [SeatLine("France", "played")], full=True, observers=2)),
    "list_full.j2": lambda: render("list_full.j2", judge="J", details=[SAMPLES["status.j2"]().body] * 2),
    "map_mail.j2": lambda: render("map_mail.j2", judge="J", game="demo", phase="S1901M", fmt="PNG", none=True),
}


@pytest.mark.parametrize("name", sorted(help_files()))
def test_every_help_file_renders_as_a_mail(name: str) -> None:
    """Each file GET sends (``templates/help/``): a subject, the judge's header, one final newline."""
    mail = render_help_file(name, HelpFileContext("J", "judge@example.org", "0.1.0",
                                                  [VariantLine("standard", "Standard Diplomacy", 7)]))
    assert mail.subject and "\n" not in mail.subject and mail.html is None
    assert mail.body.startswith(":: Judge: J") and mail.body.endswith("\n") and not mail.body.endswith("\n\n")


def test_a_mail_set_aside_says_why_or_apologises() -> None:
    refused = render_set_aside(SetAsideContext("J", "orders", "MIME parts nested too deeply"))
    assert refused.subject == "Re: orders"
    assert "not acted on: MIME parts nested too deeply." in refused.body
    assert "error in the judge" in render_set_aside(SetAsideContext("J", "orders")).body


def mail_templates() -> list[str]:
    """Every mail's text template (its HTML twin, ``<name>.html.j2``, is rendered with it)."""
    return sorted(p.name for p in templates_dir().glob("*.j2") if not p.name.startswith("_") and
                  not p.name.endswith(ESCAPED))


def test_every_mail_template_has_a_sample() -> None:
    assert mail_templates() == sorted(SAMPLES)


@pytest.mark.parametrize("name", sorted(SAMPLES))
def test_every_template_renders(name: str) -> None:
    mail = SAMPLES[name]()
    assert mail.subject and "\n" not in mail.subject
    assert mail.body.startswith(":: Judge: ") and mail.body.endswith("\n") and not mail.body.endswith("\n\n")
    if html_twin(name) is not None:  # issue 39: its HTML part, from the same values, safe
        assert mail.html is not None and mail.html.startswith("<!DOCTYPE html>") and not unsafe(mail.html)
    else:
        assert mail.html is None


def test_each_html_twin_stands_beside_a_mail_template() -> None:
    twins = sorted(p.name for p in templates_dir().glob(f"*{ESCAPED}") if not p.name.startswith("_"))
    assert twins and all(html_twin(name) in twins for name in mail_templates() if html_twin(name))
    assert set(twins) - {html_twin(name) for name in mail_templates()} == {"text.html.j2"}  # the plain frame


@pytest.mark.parametrize("name", mail_templates())
def test_a_missing_variable_fails_loudly(name: str) -> None:
    assert environment().undefined is StrictUndefined
    with pytest.raises(UndefinedError):
        render(name)


def test_one_environment_escapes_html_templates_and_never_text() -> None:
    env = environment()
    assert env is environment()
    assert env.trim_blocks and env.lstrip_blocks and env.keep_trailing_newline
    assert env.autoescape("press.j2") is False and env.autoescape("site/phase.html.j2") is True  # type: ignore[operator]
    assert render("press.j2", judge="J", game="g", phase=PHASE, body="<b>&", sender=None, recipients=[],
                  broadcast=True).body.endswith("<b>&\n")
    assert "&lt;b&gt;&amp;" in plain_html("s", "<b>&") and "<b>&" not in plain_html("s", "<b>&")


def test_subject_is_reserved() -> None:
    with pytest.raises(ValueError):
        render("help.j2", subject="x", judge="J", address="a", docs="d")


def test_grey_press_does_not_name_the_sender() -> None:
    mail = render_press(PressContext("J", "demo", PHASE, "Beware.", None, ["FRANCE", "ITALY"]))
    assert "Message from an anonymous power to France and Italy in 'demo' (S1901M):\n\nBeware.\n" in mail.body
    assert mail.subject == "Press in demo from an anonymous power"


def test_status_and_game_mails_say_the_essentials() -> None:
    status = SAMPLES["status.j2"]().body
    assert "France:   3 centers,  3 units  alice, orders in\n" in status
    assert "England:  0 centers,  0 units  open, a player is wanted\n" in status
    assert "In your time zone (Asia/Tokyo) that is Mon Oct 28 2024 20:00:00 JST." in status
    late = SAMPLES["late_notice.j2"]().body
    assert "Your orders as France are missing.\nOrders are missing from: France and Germany.\n" in late
    assert "The grace period ends Mon Nov 04 2024 12:00:00 CET." in late
    listing = SAMPLES["list.j2"]().body
    assert "demo  Standard  S1901M         0  Mon Oct 28 2024 12:00:00 CET\n" in listing
    assert "new   Standard  forming        4  -\n" in listing
    summary = SAMPLES["summary.j2"]().body
    assert "Phase     Eng  Fra  Ger  Ita  Aus  Rus  Tur\nW1901A      -    5    -    -    -    -    -\n" in summary
    start = SAMPLES["game_start.j2"]().body
    assert ("You have been selected as France in game 'demo' of Diplomacy.\nGame 'demo' (Standard) has started.\n"
            "You are playing France.\n") in start
    assert ("Starting position for Spring of 1901.\n\nFrance:  Army Paris.\nFrance:  Fleet Brest.\n\n"
            "Russia:  Fleet St Petersburg (south coast).\n\nFrance is played by alice.\n") in start
    end = SAMPLES["game_end.j2"]().body
    assert "France has won" in end and "France:     18\nEngland:     4\n" in end


def test_25_3_history_is_one_header_then_each_phase_under_its_date_and_subject_lines() -> None:
    body = SAMPLES["history.j2"]().body
    spring_text = spring()[2].body.split("\n\n", 1)[1]  # the results without their two "::" lines
    assert body == (":: Judge: demo-judge  Game: demo  Variant: Standard\n\n"
                    "Date:    Mon Mar 23 11:00:00 2026 (1774263600)\n"
                    "Subject: demojudge:demo - S1901M Results\n\n" + spring_text + "\n"
                    "Date:    Thu Apr  2 09:05:07 2026 (1775120707)\n"
                    "Subject: demojudge:demo - F1901M Results\n\nFall text.\n")
    assert SAMPLES["history.j2"]().subject == "History of demo, S1901M to F1901M"


# -- civil disorder and several roles (issue 22) --------------------------------------------

def test_a_result_mail_names_every_role_of_its_reader_and_how_to_leave_civil_disorder() -> None:
    before, outcome, _ = spring()
    ctx = results_context(VARIANT, before.phase, outcome, judge="J", game="demo")
    body = render_results(ctx, GM, None, Recipient(("FRANCE", "GM"), ("FRANCE",))).body
    assert body.splitlines()[1:5] == [
        "", "You receive this as the GM and as France.",
        "France is in civil disorder: it owes no orders and the game does not wait",
        "for it. You keep your seat: sign on (SIGNON Fdemo <password>) and send"]
    assert "You receive this" not in render_results(ctx, "FRANCE").body


def test_the_disorder_notice_tells_the_player_how_to_come_back_and_the_gm_who_fell() -> None:
    player = render_disorder(DisorderContext("J", "demo", PHASE, ["FRANCE"], "FRANCE", "F"))
    assert player.subject == "France is in civil disorder in demo"
    assert "    SIGNON Fdemo <your password>\n" in player.body
    master = render_disorder(DisorderContext("J", "demo", PHASE, ["FRANCE", "ITALY"]))
    assert master.subject == "Civil disorder in demo S1901M"
    assert "No orders came from France and Italy for Movement for Spring of 1901" in " ".join(master.body.split())


def test_the_pause_of_a_game_nobody_plays_says_what_to_do_and_its_end() -> None:
    master = " ".join(render_unattended(UnattendedContext("J", "demo", PHASE, gm=True)).body.split())
    assert "APPROVE" in master and "RESUME" in master and "TERMINATE" in master
    player = render_unattended(UnattendedContext("J", "demo", PHASE))
    assert player.subject == "demo is paused: nobody plays it" and "APPROVE" not in player.body
    back = render_unattended(UnattendedContext("J", "demo", PHASE, back=["ITALY"], deadline=AFTER_PARIS))
    assert back.subject == "demo goes on: Italy is back" and "The deadline for orders is" in back.body


def test_an_order_set_shows_its_questionable_orders() -> None:
    """Issue 22: orders that stand but are likely slips are listed under the order set, wrapped."""
    warned = OrderSet("FRANCE", PHASE, ["A PAR - BUR"], warnings=["A MAR S A PAR - GAS: " + "words " * 20])
    body = render_reply(ReplyContext("J", "x", "demo", [Accepted(1, "A PAR - BUR")], [], BOARD, warned)).body
    assert "\n\nCheck these orders (they stand, but may not do what you mean):\n  A MAR S A PAR - GAS: words" in body
    assert all(len(line) <= 75 for line in body.splitlines())


def test_a_forming_game_shows_its_seats_not_centres() -> None:
    """Issue 22: while a game forms its status shows the seats, not "0 centers, 0 units" per power."""
    forming = render_status(StatusContext("J", "new", "Standard", None, "forming", None, "UTC",
                                          [PowerStatus("FRANCE", "taken"), PowerStatus("ENGLAND")], [],
                                          seats=Seats(7, 2, 1))).body
    assert "2 of 7 seats are taken; 5 are free" in forming and "centers" not in forming
    assert "France:  taken\nEngland: open, a player is wanted\n" in forming
