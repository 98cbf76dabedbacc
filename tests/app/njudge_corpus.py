"""njudge's documented command and order forms that apply to a standard game, each labelled (issue 33).

Taken as facts from njudge's help files (github:jonmarkgo/njudge ``data/index``, ``syntax``, ``press``,
``deadlines``, ``absence``, ``draws``, ``history``, ``master``, ``info``, ``guide``, ``map``, ``form``): the
forms, not the text.  One case a line: ``source | who | expect | text``, where

- who: ``A`` anyone (no sign-on), ``P`` France signed on, ``R`` Russia signed on (its case may end his
  seat: played last of the players), ``G`` the GM signed on, ``Z`` the GM's last mails (they end the game),
  ``F`` the GM of a second game that has not started, ``Q`` a player who joined that game;
- expect: ``works`` (done as njudge does it; a refusal njudge gives too counts), ``=WORD`` (refused with a
  reply that names this judge's equivalent WORD), ``none`` (refused as a feature this judge has not);
- text: the mail's lines after the sign-on, ``\\n`` between lines.

:mod:`tests.app.test_njudge_corpus` plays every case by mail and prints the tallies.
"""

CASES = r"""
syntax | P | works | A Par-Bur
syntax | P | works | A Par - Bur
syntax | P | works | Army Paris - Burgundy
syntax | P | works | A Par -> Bur
syntax | P | works | A Par m Bur
syntax | P | works | A Par move Bur
syntax | P | works | A Par moves Bur
syntax | P | works | A Par move to Bur
syntax | P | works | A Par moves to Bur
syntax | P | works | Par-Bur
syntax | P | works | army paris moves to burgundy
syntax | P | works | A Par h
syntax | P | works | A Par hold
syntax | P | works | A Par holds
syntax | P | works | A Par stand
syntax | P | works | A Par stands
syntax | P | works | Paris holds
syntax | P | works | A Par s F Bre
syntax | P | works | A Par support F Bre
syntax | P | works | A Mar supports A Par-Bur
syntax | P | works | A Mar s Par-Bur
syntax | P | works | Mar supports Par - Bur
syntax | P | works | F Bre-Mao
syntax | P | works | F Bre - Mid
syntax | P | works | Fleet Brest - Mid-Atlantic Ocean
syntax | P | works | F Bre-Eng
syntax | P | works | F Bre - English Channel
syntax | P | works | F Bre h
syntax | P | works | F Bre-Pic
syntax | P | works | F Bre-Gas
syntax | P | works | F Bre s A Par-Pic
syntax | P | works | A Par-Bur, A Mar-Spa
syntax | P | works | A Par-Bur; A Mar-Spa
syntax | P | works | A Par-Bur, A Mar-Spa; F Bre-Mao
syntax | P | works | A Par-Gas, F Bre-Eng
syntax | P | works | A Par-Bur\nA Par-Pic
syntax | P | works | PHASE Spring 1901 Movement\nA Par-Bur
syntax | P | works | PHASE S1901M\nA Par-Bur
syntax | P | works | PHASE Fall 1901 Movement\nA Par-Pic
syntax | P | works | PHASE Fall 1901 Movement\nA Par-Pic\nF Bre-Mao
syntax | P | works | PHASE Winter 1901 Build\nBuild A Par
syntax | P | works | PHASE Winter 1901 Adjustment\nB A Mar
syntax | P | works | PHASE Spring 1902 Movement\nA Par-Bur\nPHASE Fall 1902 Movement\nA Bur-Mun
syntax | P | works | A Mar H\nPHASE Fall 1901 Movement\nA Par-Pic\nSET WAIT
syntax | P | works | PHASE Fall 1901 Movement\nA Par-Pic\nCLEAR
syntax | P | works | PHASE Fall 1905 Movement\nIF NOT French Army Ruhr AND (Russian Prussia OR Russian Silesia)\nKiel -> Berlin\nELSE\nKiel -> Ruhr\nENDIF
syntax | P | none | IF Russian Prussia\nA Par-Bur\nELSE\nA Par-Pic\nENDIF
syntax | P | none | IF Russian Prussia THEN\nA Par-Bur\nELSE IF German Ruhr\nA Par-Pic\nENDIF
syntax | P | none | IF NOT German Army Munich\nA Par-Bur
syntax | P | works | PHASE Fall 1901 Movement\nIF French Army Burgundy THEN\nA Bur-Mun\nELSE\nA Par-Pic\nENDIF
syntax | P | works | PHASE Fall 1901 Movement\nIF Russian Prussia\nA Par-Bur\nELSE IF German Ruhr THEN\nA Par-Pic\nELSE\nA Par-Gas\nENDIF
syntax | P | works | PHASE Fall 1901 Movement\nIF NOT (Russian Prussia OR Russian Silesia)\nIF French Burgundy\nA Bur-Mun\nENDIF\nENDIF
syntax | P | works | PHASE Fall 1901 Movement\nIF German Army Munich\nA Par-Bur
syntax | P | works | CLEAR
index | P | works | SIGNOFF
index | P | works | A Par-Bur\nSIGNOFF\nA Mar-Spa
index | P | works | A Par-Bur\nSIGN OFF\nPierre
press | P | works | PRESS TO E\nhello England\nENDPRESS
press | P | works | PRESS TO E\nhello England\nENDBROADCAST
press | P | works | PRESS TO EG\nhello both\nENDPRESS
press | P | works | PRESS TO frg\nhello three\nENDPRESS
press | P | works | PRESS TO E G\nhello both\nENDPRESS
press | P | works | PRESS +EG\nhello both\nENDPRESS
press | P | works | PRESS -G\nall but Germany\nENDPRESS
press | P | works | PRESS TO ALL BUT G\nall but Germany\nENDPRESS
press | P | works | PRESS TO ALL BUT go\nall but Germany and observers\nENDPRESS
press | P | works | PRESS TO M\nto the master\nENDPRESS
press | P | works | PRESS TO GM\nto Germany and the master\nENDPRESS
press | P | works | PRESS TO E\nto the end of the mail
press | P | works | PRESS TO E\nended by signoff\nSIGNOFF\nA Par-Bur
press | P | works | PRESS TO R\nThis is Austria\n-Ferdinand\nSIGNOFF
press | P | works | PRESS GREY TO E\nanonymous\nENDPRESS
press | P | works | PRESS ANONYMOUS TO E\nanonymous\nENDPRESS
press | P | works | PRESS ANONYMOUSLY TO E\nanonymous\nENDPRESS
press | P | works | PRESS WHITE TO E\nsigned\nENDPRESS
press | P | works | PRESS UNANONYMOUS TO E\nsigned\nENDPRESS
press | P | works | PRESS TO E GREY\nanonymous\nENDPRESS
press | P | works | PRESS TO ALL BUT G FAKE BROADCAST\nThis is Germany\nENDPRESS
press | P | works | PRESS FAKE TO FRG\nfaked\nENDPRESS
press | P | works | PRESS TO FRG FAKE\nfaked\nENDPRESS
press | P | works | BROADCAST\nhello all\nENDPRESS
press | P | works | BROADCAST\nhello all\nENDBROADCAST
press | P | works | BROADCAST\nhello all\nSIGNOFF
press | P | works | BROADCAST\nto the end of the mail
press | P | works | BROADCAST TO G\nonly to Germany\nENDPRESS
press | P | works | BROADCAST GREY\nanonymous to all\nENDPRESS
press | P | works | PRESS TO E\none\nENDPRESS\nPRESS TO G\ntwo\nENDPRESS
press | P | works | POSTALPRESS\nafter the phase\nENDPRESS
press | P | works | POSTAL PRESS\nafter the phase\nENDPRESS
press | P | works | PRESS TO ALL\nto all\nENDPRESS
index | P | works | DIARY\nA Mar-Spa seems wise\nENDPRESS
index | P | works | SET WAIT
index | P | works | SET NOWAIT
index | P | works | SET NO WAIT
index | P | works | SET DRAW
index | P | works | SET NODRAW
index | P | works | SET NO DRAW
draws | R | works | SET DRAW FRG
draws | P | works | SET CONCEDE England
draws | P | works | SET NOCONCEDE
index | P | works | SET ABSENCE 2026-04-01 TO 2026-04-03
absence | P | works | SET NOABSENCE\nSET ABSENCE Apr 17 TO Apr 18
absence | P | works | SET NOABSENCE\nSET ABSENCE 20 Apr TO 21 Apr
absence | P | works | SET NOABSENCE\nSET ABSENCE Apr 23
absence | P | works | SET NOABSENCE\nSET HOLIDAY Apr 25 TO Apr 26
absence | P | works | SET NOABSENCE\nSET VACATIONS Apr 28, 2026 TO Apr 29, 2026
absence | P | works | SET ABSENCE 2026-04-05 TO 2026-04-06\nSET NOABSENCE
absence | P | works | SET ABSENCE 2026-04-08 TO 2026-04-09\nSET NO ABSENCE
absence | P | works | SET HOLIDAY 2026-04-11 TO 2026-04-12\nSET NOHOLIDAY
absence | P | works | SET VACATION 2026-04-14 TO 2026-04-15\nSET NOVACATION
index | Q | works | SET PREFERENCE EGF
index | P | works | LIST
index | P | works | HELP
index | P | works | STATUS
index | P | works | WHOGAME
index | P | works | WHOGAME FULL
index | P | works | SUMMARY
index | P | works | DIARY LIST
index | P | works | MAP demo
index | P | works | GET syntax
index | P | works | SET ADDRESS
index | P | none | BECOME MASTER
index | R | works | WITHDRAW
index | A | works | HELP
index | A | works | LIST
index | A | works | LIST demo
index | A | works | LIST FULL
index | A | works | HISTORY demo
index | A | works | HISTORY demo FROM Jan 1 1990
index | A | works | HISTORY demo FROM Mar 1 TO Mar 30
index | A | works | HISTORY demo LINES 100
index | A | works | HISTORY demo EXCLSTART S1902M
index | A | works | HISTORY demo EXCLSTART S1901M EXCLEND F1902M BROAD
index | A | works | SUMMARY demo
index | A | works | GET info
index | A | works | GET syntax
index | A | works | GET press
index | A | works | GET map
index | A | works | GET flist
index | A | works | GET DEDICATION
index | A | works | GET PACKAGE
index | A | works | GET whois
index | A | works | SEND syntax
index | A | works | SEND ME syntax
index | A | none | WHOIS vet
index | A | none | WHO vet
index | A | works | WHOGAME demo
index | A | works | WHOGAME demo FULL
index | A | works | VERSION
index | A | works | VERSION 1.0
index | A | none | IAMALSO vet@example.org
index | A | works | MAP demo
index | A | works | MAP demo n
form | A | none | REGISTER\nname: A Veteran\nemail: vet@example.org\nEND
form | A | none | REGISTER\nname: A Veteran\nA Par-Bur\nEND
index | A | works | OBSERVE demo look
index | A | works | WATCH demo look
press | A | works | OBSERVE demo look\nBROADCAST\nan observer speaks\nENDPRESS
index | A | =PREVIEW | PREDICT
index | A | none | FIXID 100 site
index | A | none | ADJUST vet@example.org 1
index | A | none | NOCONTROL
master | A | works | SIGNON Tdemo anything
index | G | works | BECOME France\nA Par-Bur
master | G | works | BECOME France\nSET PASSWORD iforgot
index | G | works | PREVIEW
index | G | works | PREDICT
index | G | none | PROMOTE vet@example.org
index | G | works | RESIGN Turkey
index | G | works | SET ACCESS ANY
index | G | none | SET ACCESS SAME-SITE
index | G | works | SET ALL PRESS
index | G | works | SET NORMAL PRESS
index | G | works | SET ANYCENTRES
index | G | works | SET ANYCENTERS
index | G | none | SET ANYDISBAND
index | G | works | SET AUTOPROCESS
index | G | works | SET AUTOSTART
index | G | works | SET AUTODISBAND
index | G | works | SET NOAUTODISBAND
index | F | none | SET BLANKBOARD
index | F | none | SET EMPTYBOARD
index | G | works | SET BN 1999AA
index | G | works | SET MN 1999AAA
index | G | works | SET EP 94-1
index | G | works | SET CD
index | G | works | SET NOCD
index | G | works | SET CENTERS 18
index | G | works | SET COMMENT a friendly game
index | G | works | SET COMMENT BEGIN\nA long comment\nA Par-Bur\nSIGNOFF
index | G | none | SET DEDICATION 5
index | G | works | SET DIAS
index | G | works | SET NODIAS
index | G | works | SET NO DIAS
index | G | works | SET DEADLINE 2026-03-30 23:30
deadlines | G | works | SET DEADLINE +2d
deadlines | G | works | SET DEADLINE Mar 30 23:30
deadlines | G | works | SET DEADLINE 30 Mar 23:30
deadlines | G | works | SET DEADLINE Mar 30, 2026 23:30
deadlines | G | works | SET DEADLINE Mon 23:30
deadlines | G | works | SET DEADLINE Fri
deadlines | G | works | SET DEADLINE Mar 29
deadlines | G | works | SET DEADLINE Apr 23:30 2
deadlines | G | works | SET DEADLINE 28
index | G | works | SET GRACE Apr 2
index | G | works | SET GREY
index | G | works | SET GREY PRESS
index | G | works | SET GREY/WHITE
index | G | works | SET WHITE/GREY
index | G | works | SET WHITE
index | G | works | SET WHITE PRESS
index | G | works | SET NO GREY
index | G | works | SET NO WHITE
index | G | works | SET HOMECENTRES
index | G | works | SET HOMECENTERS
index | G | works | SET ONECENTRE
index | G | works | SET LATECOUNT
index | G | works | SET NOLATECOUNT
index | G | works | SET LATEPRESS
index | G | works | SET NOLATEPRESS
index | G | works | SET LEVEL ANY
index | G | none | SET LEVEL EXPERT
index | G | works | SET LIST
index | G | works | SET NOLIST
index | G | works | SET PRIVATE
index | G | works | SET PUBLIC
index | G | works | SET MANUALPROCESS
index | G | works | SET NOMANUALPROCESS
index | G | works | SET MANUALSTART
index | G | works | SET NOMANUALSTART
index | G | works | SET MAXABSENCE 10
index | G | works | SET MINORPRESS
index | G | works | SET NOMINORPRESS
index | G | works | SET MODERATE
index | G | none | SET UNMODERATE
deadlines | G | works | SET MOVE NEXT 48.0
deadlines | G | works | SET MOVES NEXT 71.00
deadlines | G | works | SET MOVE MIN 12.00
deadlines | G | works | SET MOVE CLOCK 1410
deadlines | G | works | SET MOVE DAYS -MTWTF-
deadlines | G | works | SET RETREAT NEXT 23.00
deadlines | G | works | SET ADJUST NEXT 23
deadlines | G | works | SET MOVE CLOCK 1410 MIN 12 NEXT 71 DAYS -MTWTF-
deadlines | G | works | SET MOVES NEXT 48.0 DELAY 1.0
deadlines | G | works | SET BUILDS DELAY 1.0
deadlines | G | works | SET MOVE GRACE 167
deadlines | G | works | SET START Apr 1
index | G | works | SET NMR
index | G | works | SET NO NMR
index | G | works | SET NONMR
index | G | works | SET NO FAKE
index | G | works | SET NO FAKE BROADCAST
index | G | works | SET NO PARTIAL
index | G | works | SET NO PARTIAL PRESS
index | G | works | SET PARTIAL
index | G | works | SET PARTIAL FAKES BROADCAST
index | G | works | SET PARTIAL MAY BE FAKED
index | G | works | SET OBSERVER ANY
index | G | works | SET OBSERVER NO PRESS
index | G | works | SET OBSERVER WHITE
index | G | works | SET BROADCAST PRESS
index | G | works | SET NOBROADCAST PRESS
index | F | works | SET PLAYERS 7
index | G | works | SET QUIET
index | G | works | SET NOQUIET
index | G | none | SET RATED
index | G | works | SET UNRATED
index | G | works | SET REVEAL
index | G | works | SET NOREVEAL
index | G | none | SET RESUME
index | G | works | SET NORESUME
index | G | none | SET SHOW
index | G | works | SET NOSHOW
index | G | works | SET STRICTGRACE
index | G | works | SET NOSTRICTGRACE
index | G | works | SET STRICTWAIT
index | G | works | SET NOSTRICTWAIT
index | G | none | SET TRANSFORM ANY
index | G | none | SET NOTRANSFORM
index | F | works | SET VARIANT standard
index | G | works | SET WATCH ALLPRESS
index | G | works | SET NOWATCH ALLPRESS
press | G | works | SET GREY, PARTIAL FAKES BROADCAST
index | G | works | SET NO PRESS
index | G | works | SET NOPRESS
index | G | works | SET NONE
index | G | works | SET PRESS NONE
master | Z | =PROCESS! | PROCESS
master | Z | works | PROCESS!
index | Z | works | HISTORY demo FROM S1901M
index | Z | works | HISTORY demo S1901M
master | Z | works | ROLLBACK
index | Z | works | TERMINATE
"""


def cases() -> list[tuple[str, str, str, str]]:
    """(source, who, expect, text) per case, ``\\n`` made a line break."""
    found = []
    for row in CASES.strip().splitlines():
        source, who, expect, text = (part.strip() for part in row.split("|", 3))
        found.append((source, who, expect, text.replace("\\n", "\n")))
    return found
