"""Plain data in, mail text out: every mail the judge sends, rendered from ``templates/``.

The render layer does no I/O beyond loading templates: no store, no mail, no
adjudication.  Each ``render_*`` function takes one dataclass (documented on
the class) and returns a :class:`Rendered` subject and body.  Results are
rendered once per viewer so that secret lines (:class:`Secret`) reach only
those entitled to them.
"""

from typing import TYPE_CHECKING

from judge.lazy import lazy_names

#: each name of the package and the module that defines it, imported when one of its names is first asked
#: for: a command needs the wording of its own mails, not every template's context
_WHERE = {
    "Rendered": "env", "environment": "env", "render": "env", "GameFaultContext": "faults",
    "SetAsideContext": "faults", "render_game_fault": "faults", "render_set_aside": "faults",
    "DecisionLine": "games", "GameEndContext": "games", "GameListing": "games", "GameStartContext": "games",
    "HelpContext": "games", "HelpSection": "games", "ListContext": "games", "RuleLine": "games",
    "RulesContext": "games", "SummaryContext": "games", "SummaryRow": "games", "VariantLine": "games",
    "render_game_end": "games", "render_game_start": "games", "render_help": "games", "render_list": "games",
    "render_rules": "games", "render_summary": "games", "Accepted": "mails", "LateContext": "mails",
    "OrderSet": "mails", "PowerStatus": "mails", "PressContext": "mails", "Rejected": "mails", "Skipped": "mails",
    "ReminderContext": "mails", "ReplyContext": "mails", "Seats": "mails", "StatusContext": "mails",
    "render_late_notice": "mails", "render_press": "mails", "render_reminder": "mails", "render_reply": "mails",
    "render_status": "mails", "DisorderContext": "notices", "JoinNoticeContext": "notices", "Joined": "notices",
    "NoticeContext": "notices", "SignonElsewhereContext": "notices", "SignonGuessedContext": "notices",
    "UnattendedContext": "notices",
    "gm_note": "notices", "render_disorder": "notices", "render_join_notice": "notices",
    "render_notice": "notices", "render_signon_elsewhere": "notices", "render_signon_guessed": "notices",
    "render_unattended": "notices",
    "Recipient": "results", "ResultsContext": "results", "render_results": "results",
    "results_context": "results", "GM": "secrecy", "OBSERVER": "secrecy", "Secret": "secrecy",
    "hide_powers": "secrecy", "reveal": "secrecy", "HistoryContext": "history", "HistoryEntry": "history",
    "judge_code": "history", "render_history": "history", "RequestNoticeContext": "seats",
    "SeatChangedContext": "seats", "TakeoverRequest": "seats", "render_request_notice": "seats",
    "render_seat_changed": "seats", "render_provinces": "provinces",
    **dict.fromkeys(("DiaryContext", "DiaryEntry", "PostalEntry", "PostalPressContext", "PressCopyContext",
                     "render_diary", "render_postal_press", "render_press_copy"), "pressmails"),
}


__getattr__ = lazy_names(__name__, _WHERE, globals())


if TYPE_CHECKING:
    from judge.render.env import Rendered, environment, render
    from judge.render.games import (
        DecisionLine, GameEndContext, GameListing, GameStartContext, HelpContext, HelpSection, ListContext, RuleLine,
        RulesContext, SummaryContext, SummaryRow, VariantLine, render_game_end, render_game_start, render_help,
        render_list, render_rules, render_summary,
    )
    from judge.render.mails import (
        Accepted, LateContext, OrderSet, PowerStatus, PressContext, Rejected, ReminderContext, ReplyContext, Seats,
        Skipped, StatusContext, render_late_notice, render_press, render_reminder, render_reply, render_status,
    )
    from judge.render.faults import GameFaultContext, SetAsideContext, render_game_fault, render_set_aside
    from judge.render.notices import (
        DisorderContext, Joined, JoinNoticeContext, NoticeContext, SignonElsewhereContext, SignonGuessedContext,
        UnattendedContext, gm_note, render_disorder, render_join_notice, render_notice, render_signon_elsewhere,
        render_signon_guessed, render_unattended,
    )
    from judge.render.history import HistoryContext, HistoryEntry, judge_code, render_history
    from judge.render.seats import (
        RequestNoticeContext, SeatChangedContext, TakeoverRequest, render_request_notice, render_seat_changed,
    )
    from judge.render.results import Recipient, ResultsContext, render_results, results_context
    from judge.render.secrecy import GM, OBSERVER, Secret, hide_powers, reveal
    from judge.render.pressmails import (
        DiaryContext, DiaryEntry, PostalEntry, PostalPressContext, PressCopyContext, render_diary,
        render_postal_press, render_press_copy,
    )

__all__ = [
    "Rendered", "environment", "render",
    "ResultsContext", "results_context", "render_results", "Recipient",
    "Secret", "GM", "OBSERVER", "hide_powers", "reveal",
    "OrderSet", "Accepted", "Rejected", "Skipped", "ReplyContext", "render_reply",
    "PowerStatus", "Seats", "StatusContext", "render_status", "ReminderContext", "render_reminder",
    "LateContext", "render_late_notice", "PressContext", "render_press",
    "GameListing", "ListContext", "render_list", "SummaryRow", "SummaryContext", "render_summary",
    "RuleLine", "DecisionLine", "RulesContext", "render_rules",
    "SetAsideContext", "render_set_aside", "GameFaultContext", "render_game_fault",
    "HelpContext", "HelpSection", "VariantLine", "render_help", "NoticeContext", "render_notice", "gm_note",
    "SignonElsewhereContext", "render_signon_elsewhere", "SignonGuessedContext", "render_signon_guessed", "Joined",
    "JoinNoticeContext", "render_join_notice",
    "GameStartContext", "render_game_start", "GameEndContext", "render_game_end",
    "DisorderContext", "render_disorder", "UnattendedContext", "render_unattended",
    "HistoryContext", "HistoryEntry", "judge_code", "render_history",
    "PressCopyContext", "render_press_copy", "PostalEntry", "PostalPressContext", "render_postal_press",
    "DiaryEntry", "DiaryContext", "render_diary",
]
