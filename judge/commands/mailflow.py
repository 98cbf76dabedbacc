"""One mail, start to finish: parse it, run each command as its sender, reply, store it once.

:func:`act_on_mail` is what the poll calls for every mail.  Commands run in
mail order; ``SIGNON``, ``JOIN``, ``CREATE`` and ``BECOME`` decide who speaks
for the lines after them, :data:`judge.reading.language.AUDIENCE` and the
session decide whether the sender may use each command, and every line ends
up accepted or rejected with a reason.  Then, following docs/store.md, the
reply (and any HELP, LIST... answer) is queued with the first game the mail
touched and every touched game is marked with the Message-ID, all saved by the
run's :class:`~judge.commands.session.Workspace` in one write per game; a mail
that touched no game has its answers queued in the global outbox under keys
derived from the Message-ID and goes into the seen-set at once.  Acted on
twice (a poll killed in between), a mail does its work once: games that
already carry its id are not changed again and keyed mails are not queued twice.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import replace
from datetime import datetime

from judge.commands import (absence, anyone, diary, forming, gameinfo, gm, guessing, helpfiles, masterflags,
                            observers, player, postal, press, pressflags, rules, takeover, votes)
from judge.commands.echo import shown, shown_reason
from judge.commands.session import Checkpoint, Handle, Incoming, Judge, Later, Prose, Refused, Session, Workspace
from judge.crash import crash_point
from judge.reading.language import AUDIENCE, GM_TOO, Command, command_hint, command_words
from judge.reading.quotes import is_prose
from judge.mail.parts import MAX_TEXT_ATTACHMENT
from judge.render import Rejected, Rendered, ReplyContext, Skipped, render_reply
from judge.store import OutgoingMail, StoreError, StoreRefused
from judge.store.records import from_iso
from judge.turns.fixing import fixing_powers, note_mail
from judge.turns.gameview import order_set, power_title
from judge.turns.notify import notify, own_zone, readers
from judge.turns.ticks import DeadlineView

log = logging.getLogger("judge.commands")

Handler = Callable[[Session, Command], str]
#: every ``do_<kind>`` of the command modules, by kind (a later module wins: masterflags wraps JOIN for AUTOSTART)
HANDLERS: dict[str, Handler] = {
    name.removeprefix("do_"): getattr(module, name)
    for module in (anyone, player, press, pressflags, diary, postal, gm, rules, votes, forming, absence, observers,
                   helpfiles, gameinfo, masterflags)
    for name in dir(module) if name.startswith("do_")
}
_SIGNING_ON = ("signon", "signon_gm", "join", "create")
_AS_POWER = frozenset({"order", "clear", "phase"})
#: what a player says in his own name: never the GM's after BECOME (BECOME gives orders, not a voice)
_SPEAKING = frozenset({"press", "broadcast", "postal"})
#: what an observer signed on with OBSERVE may send (njudge's SET OBSERVER decides which press)
_OBSERVING = frozenset({"press", "broadcast", "set_pressflags"})   # SET PRESSFLAGS: his own broadcast, allpress
#: commands that change nothing but the signed-on game's orders: their checkpoint keeps only those
_ORDERS_ONLY = frozenset({"order", "clear", "phase"})
#: commands that change no game (their answers go to the session): their checkpoint copies none
_READING = frozenset({"help", "list", "history", "summary", "rules", "status", "become", "get", "version", "whogame",
                      "map"})
#: the most commands of one mail that may change a game other than by its orders (each copies the games it
#: touches first, for its checkpoint): SET lines, press, sign-ons...
MAX_CHANGES = 100
#: the most answers in separate mails (HELP, LIST, HISTORY...) one mail gets; the same request is answered once
MAX_DOCUMENTS = 5
#: the most press messages (PRESS, BROADCAST) one mail may send
MAX_PRESS = 10
_DOCUMENTS = frozenset({"help", "list", "history", "summary", "rules", "status", "preview", "get", "whogame", "map"})


def act_on_mail(judge: Judge, mail: Incoming, workspace: Workspace | None = None) -> bool:
    """Apply ``mail`` exactly once and queue its reply; True if it went to a game.

    With a ``workspace`` (a poll's run of mails) the games it changed are
    saved when the run ends; the caller marks the mail processed after that
    save and, for a mail that went to a game, writes its Message-ID to the
    seen-set in one batch (the game's ``applied`` list covers the gap).
    Without one, the mail is saved and noted seen before this returns.
    """
    own = workspace is None
    work = workspace if workspace is not None else Workspace(judge.store)
    if judge.store.seen(mail.message_id):
        return False
    session = Session(judge, mail, work)
    parsed = mail.parsed
    for error in parsed.errors:
        reason = shown_reason(error, f"column {error.column}: {error.message}")
        session.rejected.append(Rejected(error.line, shown(error), reason))
    if mail.unread:
        session.rejected.append(Rejected(len(mail.body.splitlines()) + 1, "(the rest of the mail)", mail.unread))
    for command in parsed.commands:
        run_command(session, command)
    to_game = finish(session)
    if own:
        work.save()
        if to_game:
            judge.store.mark_seen(mail.message_id)
    return to_game


def run_command(session: Session, cmd: Command) -> None:
    """Run one command as whoever the session says speaks; a refusal becomes a rejected line."""
    problem = _not_allowed(session, cmd) or _too_many_documents(session, cmd) or _too_many_changes(session, cmd)
    if problem and _greeting(session, cmd):
        session.prose.append((cmd.line, shown(cmd)))
        return
    if problem:
        session.reject(cmd, problem)
        return
    handle = session.current()
    if AUDIENCE[cmd.kind] != "anyone" and handle is not None and handle.replay:
        session.accept(cmd, "already done")
        return
    # all or nothing; what a command can change is kept: the orders, the session alone, or the whole games
    checkpoint = Checkpoint(session, orders_only=cmd.kind in _ORDERS_ONLY, session_only=cmd.kind in _READING)
    try:
        note = HANDLERS[cmd.kind](session, cmd)
    except Prose:
        checkpoint.restore()
        session.prose.append((cmd.line, shown(cmd)))
        return
    except Refused as refusal:
        checkpoint.restore()
        session.reject(cmd, str(refusal))
        if cmd.kind in _SIGNING_ON:
            session.game = session.role = session.power = session.seat = None
            session.refused = cmd.line
        return
    except StoreRefused as refusal:  # the store refuses what the line asked (a name): the line's fault, not the disk's
        checkpoint.restore()
        session.reject(cmd, f"the judge cannot keep this: {refusal}")
        return
    except (StoreError, OSError):
        raise  # the disk, not the mail: the poll leaves the mail for the next tick
    except Exception:  # a bug of ours must not cost the player the rest of the mail
        checkpoint.restore()
        log.exception("command %r of mail %s failed", shown(cmd), session.mail.message_id)
        session.reject(cmd, "the judge failed on this line (an error in the judge; its keeper has been told)")
        return
    session.accept(cmd, note)


def _greeting(s: Session, cmd: Command) -> bool:
    """A line of prose above the mail's sign-on ("Hi judge,"): summed up, not rejected as an order."""
    if cmd.kind != "order" or s.game is not None:
        return False
    signs_on = any(c.kind in _SIGNING_ON and c.line > cmd.line for c in s.mail.parsed.commands)
    return signs_on and not command_hint(cmd.text) and is_prose(cmd.text, lambda word: word.lower() in command_words())


def _too_many_changes(s: Session, cmd: Command) -> str:
    """Why a command is not carried out: the mail already made :data:`MAX_CHANGES` changes other than orders."""
    if cmd.kind in _ORDERS_ONLY or cmd.kind in _READING:
        return ""
    s.changes += 1
    return (f"at most {MAX_CHANGES} commands other than orders per mail: send this one in another mail"
            if s.changes > MAX_CHANGES else "")


def _too_many_documents(s: Session, cmd: Command) -> str:
    """Why a request for mail (an answer in a separate mail, press) is not carried out: one mail must not make
    the judge send many."""
    if cmd.kind in _SPEAKING:
        s.press_sent += 1
        return f"at most {MAX_PRESS} press messages per mail: send this one in another mail" \
            if s.press_sent > MAX_PRESS else ""
    if cmd.kind not in _DOCUMENTS and not (cmd.kind == "set_rule" and cmd.args["option"] is None):
        return ""
    request = (cmd.kind, s.game, repr(sorted(cmd.args.items())))
    if request in s.documents:
        return f"{_word(cmd)} is answered once per mail: see the answer to the same line above"
    if len(s.documents) >= MAX_DOCUMENTS:
        return f"at most {MAX_DOCUMENTS} answers in separate mails per mail: send this line again in another mail"
    s.documents.add(request)
    return ""


def _word(cmd: Command) -> str:
    words = cmd.text.split()
    if not words:
        return cmd.kind.upper()
    two = words[0].upper() in ("SET", "GM") and len(words) > 1
    return " ".join(words[:2]).upper() if two else words[0].upper()


def _not_allowed(s: Session, cmd: Command) -> str:
    """Why the sender may not use this command now ("" if they may)."""
    audience = AUDIENCE[cmd.kind]
    if audience == "anyone":
        return ""
    if s.game is None:
        if s.refused is not None:
            return f"not signed on: the sign-on at line {s.refused} was refused"
        if cmd.kind == "order" and cmd.text.strip().upper().startswith("BID"):  # no power, so no letter, yet
            return ("a BID sheet goes with your JOIN line: send JOIN <game> <password> again (the seat is kept), "
                    "then the BID line")
        if cmd.kind == "order":
            return ("you are not signed on to a game: start your mail with SIGNON <power letter><game> <password>"
                    + command_hint(cmd.text))
        if cmd.kind in _SPEAKING:   # njudge's observers may send press, after their OBSERVE line
            return (f"{_word(cmd)} needs you to be signed on first: SIGNON <power letter><game> <password> for a "
                    "player, OBSERVE <game> <password> for an observer")
        if _word(cmd) == "PREDICT":   # njudge's word for PREVIEW
            return "njudge's PREDICT is PREVIEW here, the GM's: it needs a sign-on as the GM (SIGNON GM <game> <pw>)"
        who = "SIGNON GM <game> <password>" if audience == "gm" else "SIGNON <power letter><game> <password>"
        return f"{_word(cmd)} needs you to be signed on first ({who})"
    if s.role == "observer" and cmd.kind not in _OBSERVING and audience != "anyone":
        return f"{_word(cmd)} is for a game's players and GM: an observer of '{s.game}' may send press only"
    if audience == "gm" and s.role not in ("gm", "observer"):
        return f"{_word(cmd)} is a GM command: only the GM of '{s.game}' may use it (SIGNON GM {s.game} <password>)"
    if audience == "player" and s.role == "gm":
        if cmd.kind in _AS_POWER and s.power is None:
            return "the GM gives orders only after BECOME <power>"
        if cmd.kind not in GM_TOO and cmd.kind not in _AS_POWER:
            return f"{_word(cmd)} is for players"
        if cmd.kind in _SPEAKING and s.power is not None:
            return (f"BECOME lets the GM give orders, CLEAR and STATUS for a power, not speak for it: {_word(cmd)} "
                    "goes out from the GM only, before BECOME in the mail or in another mail")
    if audience == "player" and s.role == "player":
        return _seat_left(s)
    return ""


def _seat_left(s: Session) -> str:
    """Why the signed-on seat can do nothing more in this mail: it resigned, or is no longer the power's ("")."""
    seat, handle = s.seat, s.current()
    if seat is None or handle is None:
        return ""
    power = power_title(handle.game, seat.power or s.power or "the seat")
    if not any(p is seat for p in handle.game.players):
        return f"{power} is no longer yours in '{s.game}': its seat went to another player earlier in this mail"
    if seat.status == "resigned":
        return f"you resigned {power} earlier in this mail: nothing after RESIGN is done for it"
    if seat.status != "active":
        return f"{power} is no longer yours in '{s.game}' ({seat.status}): nothing more is done for it"
    return ""


def finish(session: Session) -> bool:
    """Queue the reply with the first game the mail touched and mark the games applied (docs/store.md).

    A mail that touched no game has its answers queued in the global outbox
    (keyed by its Message-ID, so a rerun does not queue them twice) and is
    noted seen at once.  Returns whether the mail touched a game.
    """
    store, mid = session.store, session.mail.message_id
    _note_refusals(session)
    _written_last(session)
    reply, later = _reply(session)
    outgoing = [reply, *session.extra_mail]
    for number, mail in enumerate(outgoing):
        mail.key = f"{mid}:{number}"
    handles = list(session.games.values())
    _write_later(session, handles, [(reply, later), *session.later])
    for index, handle in enumerate(handles):
        if handle.replay:
            continue
        anyone.tell_gm_of_joins(session, handle)
        takeover.tell_gm_of_requests(session, handle)
        guessing.tell_owners(session, handle)
        news = session.news.get(handle.game.name)
        if news:
            notify(handle.game, session.judge.name, f"The GM of {handle.game.name} decided",
                   news, to=readers(handle.game, gm=False))
        handle.game.mark_applied(mid)
        if index == 0:
            for mail in outgoing:
                handle.game.queue_mail(mail)
        session.workspace.touch(handle.game.name)
    if handles:
        return True
    for mail in outgoing:
        store.queue_mail(mail)
    crash_point("mail:saved")
    store.mark_seen(mid)
    return False


def _written_last(session: Session) -> None:
    """STATUS and LIST game written again once the whole mail is read: its orders after them count too."""
    fresh = []
    for mail, later in session.later:
        try:
            view = later.look()
            rendered = later.render(view)
        except Exception:  # the mail keeps what it said when its line was read
            log.exception("mail of %s could not be written again", session.mail.message_id)
            fresh.append((mail, later))
            continue
        mail.subject, mail.body = rendered.subject, rendered.body
        fresh.append((mail, replace(later, view=view)))
    session.later = fresh


def _note_refusals(session: Session) -> None:
    """The signed-on power's mail had a refused line, or none: the phase waits for the fix, or not (turns.fixing)."""
    handle = session.current()
    if handle is not None and session.power and session.role == "player" and not handle.replay:
        note_mail(handle.game, session.power, bool(session.rejected))


def _write_later(session: Session, handles: list[Handle], mails: list[tuple[OutgoingMail, Later | None]]) -> None:
    """The mails queued with the first game that show a deadline are written again at the run's end (``Later``).

    A mail that touched no game is answered at once, from the global outbox.
    """
    if not handles or handles[0].replay:
        return
    for mail, later in mails:
        if later is not None and mail.key is not None:
            session.workspace.rewrite_later(handles[0].game.name, mail.key, later)


def skipped(session: Session) -> list[Skipped]:
    """What of the mail was not read, for the reply: the earlier mail below it, the judge's own words, the
    parts not read, the lines of plain prose."""
    mail = session.mail
    found = [Skipped("quote", cut.lines, cut.first, cut.line) if cut.kind == "quote" else
             Skipped("judge", cut.lines, cut.first, cut.subject, _when(cut.when)) for cut in mail.own.cuts]
    for part in mail.unread_parts:
        kind = "html_quote" if part.kind == "quote" else part.kind
        found.append(Skipped(kind, part.lines or (MAX_TEXT_ATTACHMENT if kind == "large" else 0), text=part.name))
    if session.prose:
        found.append(Skipped("prose", lines=tuple(sorted(session.prose))))
    return found


def _when(text: str) -> datetime | None:
    try:
        return from_iso(text)
    except (ValueError, TypeError):
        return None


def _reply(session: Session) -> tuple[OutgoingMail, Later | None]:
    """The reply, and how to write it again if a later mail of the run moves its game's deadline."""
    judge, mail = session.judge, session.mail
    handle = session.current() or next(iter(session.games.values()), None)
    board = orders = viewer_zone = None
    zone, game_name, fixing = judge.zone, None, False
    if handle is not None:
        game = handle.game
        game_name, zone = game.name, game.zone
        state = handle.state
        if state is not None and session.show_orders and session.power and game.status in ("active", "paused"):
            board, orders = handle.variant.map, order_set(game, handle.variant, state, session.power)
        viewer_zone = own_zone(game, session.role, session.power) if session.game == game.name else None
        fixing = session.game == game.name and session.power in fixing_powers(game)
    ctx = ReplyContext(judge.name, mail.subject, game_name, sorted(session.accepted, key=lambda a: a.line),
                       sorted(session.rejected, key=lambda r: r.line), board, orders, zone=zone,
                       skipped=skipped(session), fixing=fixing)

    def render(view: DeadlineView) -> Rendered:
        shown = replace(ctx, deadline=view.deadline, grace_until=view.grace_until, playing=view.playing,
                        status=view.status)
        try:
            return render_reply(shown, viewer_zone)
        except Exception:  # the reply must go out even if the order set cannot be written
            log.exception("reply to %s could not be rendered in full", mail.message_id)
            return render_reply(replace(shown, board=None, orders=None), viewer_zone)

    later = session.later_for(handle.game, render) if handle is not None else None
    rendered = render(later.view if later is not None else DeadlineView())
    return OutgoingMail([mail.sender], rendered.subject, rendered.body, in_reply_to=mail.message_id,
                        references=list(mail.references), html=rendered.html, format=session.mail_format()), later
