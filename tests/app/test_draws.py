"""Ending a game by agreement, by mail: SET DRAW, SET NODRAW, SET CONCEDE power, SET NOCONCEDE.

Every test plays the demo's seven-power standard game through the spool and
``judge poll``, as players and a GM would.
"""

from __future__ import annotations

import re

from judge.app.gamefile import from_store
from judge.app.replay import replay
from judge.app.sandbox import Sandbox
from judge.mail import IncomingMail
from tests.app.helpers import GAME, GM, POWERS, address, gm, observe, reply, send_as, start_game, to

OVER = f"Game {GAME} is over"
ALL_SEVEN = "Austria, England, France, Germany, Italy, Russia and Turkey"


def _vote(sandbox: Sandbox, powers: list[str], line: str = "SET DRAW") -> list[IncomingMail]:
    for power in powers:
        send_as(sandbox, power, line, "vote")
    sandbox.poll()
    return sandbox.new_mail()


def _ends(sandbox: Sandbox, mails: list[IncomingMail]) -> dict[str, str]:
    """Address -> the text of the game-end mail it got."""
    return {str(m.message["To"]).lower(): sandbox.text(m) for m in mails if str(m.message["Subject"]) == OVER}


def _status(sandbox: Sandbox, power: str) -> str:
    send_as(sandbox, power, "STATUS", "status")
    sandbox.poll()
    found = [sandbox.text(m) for m in to(sandbox.new_mail(), address(power))
             if str(m.message["Subject"]) == f"Status of {GAME}"]
    assert len(found) == 1
    return found[0]


def _played_spring(sandbox: Sandbox, setup: str = "", observer: str = "") -> None:
    start_game(sandbox, setup)
    if observer:
        observe(sandbox, observer)
    gm(sandbox, "PROCESS!")
    sandbox.poll()
    sandbox.new_mail()


def test_six_votes_leave_the_game_running_and_the_seventh_ends_it_in_a_draw_before_the_phase(
        sandbox: Sandbox) -> None:
    _played_spring(sandbox, observer="watcher@example.org")
    six, last = [p for p in POWERS if p != "Turkey"], "Turkey"
    for power in six:  # France's order is in for Fall 1901, and never played
        send_as(sandbox, power, "SET DRAW\nA PAR - BUR" if power == "France" else "SET DRAW", "vote")
    sandbox.poll()
    mails = sandbox.new_mail()
    assert not _ends(sandbox, mails) and sandbox.store.load_game(GAME).status == "active"
    assert "France votes for a draw including every power still in the game, until SET NODRAW" \
        in reply(sandbox, mails, address("France"))
    answer = _vote(sandbox, [last])
    game = sandbox.store.load_game(GAME)
    assert game.status == "finished" and game.deadline is None
    assert sandbox.store.phase_names(GAME) == ["S1901M"]  # Fall 1901 was not played: France's order died
    assert "every power still playing agrees: 'demo' is over, a draw" in reply(sandbox, answer, address(last))
    ends = _ends(sandbox, answer)
    readers = {address(p).lower() for p in POWERS} | {GM.lower(), "watcher@example.org"}
    assert set(ends) == readers
    for text in ends.values():
        assert f"Game '{GAME}' is over: a draw agreed by {ALL_SEVEN}, after Spring of 1901 (S1901M)." in text
    sandbox.poll()  # the next poll plays nothing more
    assert sandbox.store.phase_names(GAME) == ["S1901M"] and not sandbox.new_mail()
    late = _vote(sandbox, ["France"], "SET NODRAW")
    assert "'demo' is over: there is nothing left to vote on" in reply(sandbox, late, address("France"))
    assert sandbox.store.load_game(GAME).status == "finished"


def test_a_vote_withdrawn_before_the_last_one_arrives_keeps_the_game_going(sandbox: Sandbox) -> None:
    start_game(sandbox)
    _vote(sandbox, [p for p in POWERS if p != "Russia"])
    answer = _vote(sandbox, ["Italy"], "SET NODRAW")
    assert "your vote for a draw is withdrawn" in reply(sandbox, answer, address("Italy"))
    assert "none (SET DRAW, SET CONCEDE power)" in _status(sandbox, "Italy")
    assert "Your vote to end the game (secret): a draw including every power still in the game" \
        in _status(sandbox, "France")
    mails = _vote(sandbox, ["Russia"])
    assert not _ends(sandbox, mails) and sandbox.store.load_game(GAME).status == "active"
    assert "(secret: nobody else is told)" in reply(sandbox, mails, address("Russia"))
    mails = _vote(sandbox, ["Italy"], "SET NO DRAW\nSET DRAW")  # withdrawn and cast again in one mail
    assert len(_ends(sandbox, mails)) == len(POWERS) + 1


def test_an_eliminated_power_need_not_vote_nor_may(sandbox: Sandbox) -> None:
    start_game(sandbox)
    _vote(sandbox, ["Italy"])  # cast while Italy lives: counted for nothing once it is out
    game = sandbox.store.load_game(GAME)
    state = game.state
    state["centers"]["AUSTRIA"] += state["centers"].pop("ITALY")
    state["units"].pop("ITALY")
    sandbox.store.save_game(game)  # Italy eliminated
    refused = _vote(sandbox, ["Italy"])
    assert "Italy is out of the game: an eliminated power does not vote" in reply(sandbox, refused, address("Italy"))
    survivors = [p for p in POWERS if p != "Italy"]
    mails = _vote(sandbox, survivors)
    ends = _ends(sandbox, mails)
    assert ends and all("a draw agreed by Austria, England, France, Germany, Russia and Turkey, before any phase "
                        "was played." in text for text in ends.values())


def test_an_elimination_that_leaves_every_voter_agreed_ends_the_game_at_the_next_poll(sandbox: Sandbox) -> None:
    start_game(sandbox)
    survivors = [p for p in POWERS if p != "Italy"]
    mails = _vote(sandbox, survivors)
    assert not _ends(sandbox, mails)
    game = sandbox.store.load_game(GAME)
    game.state["centers"]["AUSTRIA"] += game.state["centers"].pop("ITALY")
    game.state["units"].pop("ITALY")
    sandbox.store.save_game(game)
    sandbox.poll()
    assert sandbox.store.load_game(GAME).status == "finished"
    assert _ends(sandbox, sandbox.new_mail())


def test_a_power_in_civil_disorder_neither_votes_nor_holds_the_draw_up_but_shares_it(sandbox: Sandbox) -> None:
    start_game(sandbox)
    gm(sandbox, "DUMMY Russia")
    sandbox.poll()
    mails = _vote(sandbox, [p for p in POWERS if p != "Russia"])
    ends = _ends(sandbox, mails)
    assert ends and all(f"a draw between {ALL_SEVEN}, agreed by Austria, England, France, Germany, Italy and "
                        "Turkey (nobody plays the others)" in text for text in ends.values())


def test_every_power_but_one_conceding_to_it_makes_it_the_winner(sandbox: Sandbox) -> None:
    _played_spring(sandbox)
    others = [p for p in POWERS if p != "Germany"]
    mails = _vote(sandbox, others[:-1], "SET CONCEDE Germany")
    assert not _ends(sandbox, mails)
    assert "France concedes the game to Germany, until SET NOCONCEDE" in reply(sandbox, mails, address("France"))
    assert "you concede the game to Germany (SET NOCONCEDE withdraws it)" in _status(sandbox, "France")
    mails = _vote(sandbox, others[-1:], "SET CONCEDE german")
    assert sandbox.store.load_game(GAME).status == "finished"
    assert "every power still playing agrees: 'demo' is over, conceded to Germany (everyone is mailed)" \
        in reply(sandbox, mails, address(others[-1]))
    ends = _ends(sandbox, mails)
    assert len(ends) == len(POWERS) + 1
    assert all("is over: Germany wins: conceded by Austria, England, France, Italy, Russia and Turkey, after Spring "
               "of 1901 (S1901M)." in text for text in ends.values())


def test_a_withdrawn_concession_and_bad_concessions(sandbox: Sandbox) -> None:
    start_game(sandbox)
    others = [p for p in POWERS if p not in ("England", "Russia")]
    _vote(sandbox, others, "SET CONCEDE England")
    mails = _vote(sandbox, ["France"], "SET NOCONCEDE\nSET CONCEDE France\nSET CONCEDE Spain\nSET NOCONCEDE")
    answer = reply(sandbox, mails, address("France"))
    assert "your concession to England is withdrawn" in answer
    assert "a power cannot concede the game to itself (SET DRAW votes for a draw)" in answer
    assert "'Spain' is not a power of 'demo'" in answer
    assert "you had conceded to nobody" in answer
    assert not _ends(sandbox, mails) and sandbox.store.load_game(GAME).status == "active"


def test_votes_never_reach_another_players_mail(sandbox: Sandbox) -> None:
    """The secrecy of a vote, over every mail the judge sent until the game's end."""
    start_game(sandbox)
    observe(sandbox, "watcher@example.org")
    voters = {"France": "SET DRAW", "England": "SET CONCEDE Germany", "Italy": "SET DRAW\nSET NODRAW",
              "Austria": "SET DRAW\nSET CONCEDE Russia"}
    for power, lines in voters.items():
        send_as(sandbox, power, lines, "vote")
    sandbox.poll()
    gm(sandbox, "STATUS\nPROCESS!")
    sandbox.send("stranger@example.org", f"LIST {GAME}\nSUMMARY {GAME}")
    sandbox.poll()
    send_as(sandbox, "Germany", "STATUS", "status")
    gm(sandbox, f"HISTORY {GAME}")
    sandbox.poll()
    mails = sandbox.sent()
    assert len(mails) > 30
    replies = {p: "\n".join(sandbox.text(m) for m in to(mails, address(p))) for p in voters}
    assert "France votes for a draw" in replies["France"]
    assert "England concedes the game to Germany" in replies["England"]
    for mail in mails:
        text, sent_to = sandbox.text(mail).lower(), str(mail.message["To"]).lower()
        own = next((p for p in voters if address(p).lower() in sent_to), None)
        if own is None:  # a STATUS shows its reader's own vote: none
            text = text.replace("your vote to end the game (secret): none (set draw, set concede power).", "")
            assert not re.search(r"\b(draw|nodraw|conced\w*|vote\w*)\b", text), (sent_to, text)
        else:  # a voter's own mail speaks of his own vote only
            for other in voters:
                if other != own:
                    assert other.lower() + " votes" not in text and other.lower() + " concedes" not in text


def test_refusals_name_the_line_and_the_rest_of_the_mail_counts(sandbox: Sandbox) -> None:
    start_game(sandbox)
    send_as(sandbox, "France", "SET DRAW now\nA PAR - BUR\nSET CONCEDE\nSET DRAWS", "bad lines")
    sandbox.poll()
    answer = reply(sandbox, sandbox.new_mail(), address("France"))
    assert "line 2: SET DRAW now\n      'demo' is DIAS (njudge's default): a draw includes every power still in " \
        "the game, so a draw vote names none (write SET DRAW alone" in answer
    assert "line 4: SET CONCEDE\n      column 13: SET CONCEDE needs the power you concede the game to" in answer
    assert "line 5: SET DRAWS\n      column 5: unknown SET option 'DRAWS'" in answer
    assert "Army Paris -> Burgundy" in answer or "A PAR - BUR" in answer
    assert sandbox.store.load_game(GAME).orders["FRANCE"][0].line == "A PAR - BUR"
    assert "votes" not in sandbox.store.load_game(GAME).extra


def test_the_gm_an_observer_and_a_finished_game_get_a_clear_refusal(sandbox: Sandbox) -> None:
    start_game(sandbox)
    sandbox.send("watcher@example.org", f"OBSERVE {GAME} look\nSET DRAW")
    gm(sandbox, "SET DRAW\nBECOME France\nSET DRAW\nSET CONCEDE England")
    sandbox.poll()
    mails = sandbox.new_mail()
    watcher = reply(sandbox, mails, "watcher@example.org")
    assert f"CONFIRM {GAME}" in watcher
    assert "line 2: SET DRAW\n      SET DRAW is for a game's players and GM" in watcher   # an observer votes not
    master = reply(sandbox, mails, GM)
    assert master.count("SET DRAW is for players") == 2 and "SET CONCEDE is for players" in master
    assert "votes" not in sandbox.store.load_game(GAME).extra
    gm(sandbox, "TERMINATE")
    sandbox.poll()
    sandbox.new_mail()
    mails = _vote(sandbox, ["France"], "SET DRAW\nSET NOCONCEDE")
    answer = reply(sandbox, mails, address("France"))
    assert answer.count("'demo' is over: there is nothing left to vote on") == 2
    assert not _ends(sandbox, mails)


def test_a_vote_before_the_game_starts_is_refused(sandbox: Sandbox) -> None:
    sandbox.send(GM, f"CREATE {GAME} standard gm-secret", "new game")
    sandbox.poll()
    sandbox.send(address("France"), f"JOIN {GAME} pw AS France\nSET DRAW")
    sandbox.poll()
    assert "'demo' has not started: votes to end it come once it is played" \
        in reply(sandbox, sandbox.new_mail(), address("France"))


def test_the_gm_may_rule_votes_out_and_votes_cast_stop_counting(sandbox: Sandbox) -> None:
    start_game(sandbox)
    _vote(sandbox, [p for p in POWERS if p != "Turkey"])
    gm(sandbox, "SET RULE draws no")
    sandbox.poll()
    mails = sandbox.new_mail()
    assert "draws = false" in reply(sandbox, mails, GM)
    mails = _vote(sandbox, ["Turkey"])
    assert "the GM has ruled out draws and concessions in this game (SET RULE draws no)" \
        in reply(sandbox, mails, address("Turkey"))
    assert sandbox.store.load_game(GAME).status == "active"
    gm(sandbox, "SET RULE draws yes")
    sandbox.poll()
    sandbox.new_mail()
    mails = _vote(sandbox, ["Turkey"])
    assert _ends(sandbox, mails)  # allowed again, the votes kept count again


def test_a_new_player_of_a_power_starts_without_the_old_players_vote(sandbox: Sandbox) -> None:
    start_game(sandbox, "SET TAKEOVER open")
    _vote(sandbox, ["France"])
    send_as(sandbox, "France", "RESIGN", "bye")
    sandbox.send("newcomer@example.org", f"JOIN {GAME} fresh AS France")
    sandbox.poll()
    assert "votes" not in sandbox.store.load_game(GAME).extra
    sandbox.send("newcomer@example.org", f"SIGNON F{GAME} fresh\nSTATUS")
    sandbox.poll()
    status = [sandbox.text(m) for m in to(sandbox.new_mail(), "newcomer@") if "Status of" in str(m.message["Subject"])]
    assert status and "Your vote to end the game (secret): none" in status[0]


def test_a_rollback_after_a_draw_plays_on_without_the_votes(sandbox: Sandbox) -> None:
    _played_spring(sandbox)
    _vote(sandbox, list(POWERS))
    assert sandbox.store.load_game(GAME).status == "finished"
    gm(sandbox, "ROLLBACK")
    sandbox.poll()
    game = sandbox.store.load_game(GAME)
    assert game.status == "active" and "votes" not in game.extra and str(game.state["phase"]) == "S1901M"


def test_a_game_ended_by_a_draw_replays_identical(sandbox: Sandbox) -> None:
    _played_spring(sandbox)
    gm(sandbox, "PROCESS!")
    sandbox.poll()
    _vote(sandbox, list(POWERS))
    assert sandbox.store.load_game(GAME).status == "finished"
    report = replay(from_store(sandbox.store, GAME))
    assert report.divergence is None and len(report.phases) == 2
    archived = sorted(p.name for p in (sandbox.config.data_dir / "archive" / GAME).iterdir())
    assert archived == ["F1901M.txt", "S1901M.txt"]
