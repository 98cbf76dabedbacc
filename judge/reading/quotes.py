"""Which lines of a mail are the player's own words: quoted earlier mail and the judge's own text are not.

Mail clients set the mail a player answers below his reply, often without
``> `` marks: Outlook's ``From:``/``Sent:`` block, ``-----Original
Message-----``, ``On … wrote:`` split over lines, in the player's language.
The words they use are data (``grammar/quotes.toml``).  Whatever a client
does, a run of lines that reproduces a mail the judge sent that player
(:class:`JudgeSaid`, kept by the store as line keys) is not read either.

:func:`own_words` blanks the lines it does not read, so the line numbers of
the rest stay those of the mail, and says what it left out
(:class:`Cut`).  Pure: no store, no clock.
"""

from __future__ import annotations

import hashlib
import re
import tomllib
import unicodedata
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from functools import lru_cache

from judge.paths import grammar_dir

MAX_ATTRIBUTION_LINES = 3   # "On Mon, … at 09:01, Judge <\njudge@example.org> wrote:" spans up to three lines
MAX_ATTRIBUTION_CHARS = 400
HEADER_REACH = 5            # lines after a "From:" line in which another header must follow
KEPT_MAILS = 8              # mails the judge remembers sending each address (judge/store/recent.py)


@dataclass(frozen=True)
class Cut:
    """A block of the mail not read: ``kind`` "quote" (an earlier mail pasted below, from ``first``
    on) or "judge" (lines reproducing the judge's mail of ``when``, ``subject``); ``lines`` non-blank."""

    kind: str
    first: int
    lines: int
    line: str = ""
    when: str = ""
    subject: str = ""


@dataclass(frozen=True)
class OwnText:
    """The mail with every line not read made blank (same line count), and what was left out."""

    text: str
    cuts: tuple[Cut, ...] = ()


@dataclass(frozen=True)
class SentLines:
    """One mail the judge sent: when (ISO), its subject, and the keys of its non-blank lines in order."""

    when: str
    subject: str
    keys: tuple[str, ...]


@dataclass
class JudgeSaid:
    """What the judge last sent an address: consecutive line pairs, each with the newest mail it is in."""

    mails: Sequence[SentLines] = ()
    pairs: dict[tuple[str, str], int] = field(default_factory=dict)

    def __post_init__(self) -> None:
        for index, mail in enumerate(self.mails):
            for pair in zip(mail.keys, mail.keys[1:]):
                self.pairs[pair] = index


# -- the words, from grammar/quotes.toml ------------------------------------------------

@dataclass(frozen=True)
class _Words:
    separator: re.Pattern[str]
    rule: re.Pattern[str]
    from_line: re.Pattern[str]
    header_line: re.Pattern[str]
    verb: re.Pattern[str]
    signoffs: tuple[str, ...]
    order_words: frozenset[str]
    html_tags: frozenset[str]
    html_marks: frozenset[str]      # class names that hold a quote
    html_cuts: frozenset[str]       # ids from which the rest of the document is quoted


def _alternation(words: Iterable[str]) -> str:
    return "|".join(re.escape(w) for w in sorted(set(words), key=len, reverse=True))


@lru_cache(maxsize=1)
def words() -> _Words:
    """The clients' words of every language, compiled once per process."""
    data = tomllib.loads((grammar_dir() / "quotes.toml").read_text(encoding="utf-8"))
    languages = [v for k, v in data.items() if isinstance(v, dict) and "verbs" in v]

    def every(key: str) -> list[str]:
        return [w.casefold() for lang in languages for w in lang.get(key, [])]

    rules = "".join(re.escape(c) for c in data["rules"])
    html = data["html"]
    return _Words(
        separator=re.compile(rf"^[{rules}*\s]*({_alternation(every('separators'))})[{rules}*\s:]*$"),
        rule=re.compile(rf"^[{rules}]{{{int(data['rule_length'])},}}$"),
        from_line=re.compile(rf"^[*\s]*({_alternation(every('from'))})\s*[*]*\s*:"),
        header_line=re.compile(rf"^[*\s]*({_alternation(every('headers') + every('from'))})\s*[*]*\s*:"),
        verb=re.compile(rf"(?<!\w)({_alternation(every('verbs'))})(?!\w)"),
        signoffs=tuple(w.casefold() for w in data["signoffs"]["lines"]),
        order_words=frozenset(w.casefold() for w in data["prose"]["order_words"]),
        html_tags=frozenset(t.casefold() for t in html["tags"]),
        html_marks=frozenset(c.casefold() for c in html["classes"]),
        html_cuts=frozenset(i.casefold() for i in html["ids"]))


def plain(line: str) -> str:
    """A line as matched: quote marks, invisible marks (Windows Mail's left-to-right marks) and
    surrounding space dropped, runs of space made one, case folded."""
    return _plain_short(line) if len(line) <= MAX_ATTRIBUTION_CHARS else _plain(line)


@lru_cache(maxsize=4096)   # a line is looked at up to four times; only short lines are kept
def _plain_short(line: str) -> str:
    return _plain(line)


def _plain(line: str) -> str:
    if not line.isascii():   # ASCII has no invisible format characters
        line = "".join(ch for ch in line if unicodedata.category(ch) != "Cf")
    text = line.strip()
    while text.startswith(">"):
        text = text[1:].lstrip()
    return " ".join(text.split()).casefold()


def line_key(line: str) -> str:
    """A short fingerprint of a line as :func:`plain` sees it ("" for a blank one)."""
    text = plain(line)
    return hashlib.blake2b(text.encode("utf-8"), digest_size=6).hexdigest() if text else ""


def line_keys(body: str) -> tuple[str, ...]:
    """The keys of a mail's non-blank lines, in order: what the store keeps of a mail the judge sent."""
    return tuple(key for key in map(line_key, body.splitlines()) if key)


def is_signoff(line: str) -> bool:
    """A line a client adds under the player's text ("Sent from my iPhone", "Get Outlook for iOS")."""
    text = plain(line)
    return text.startswith(words().signoffs)


_WORD = re.compile(r"[^\W\d_]+")


def is_prose(line: str, known: Callable[[str], bool]) -> bool:
    """Whether a line the order reader refused is plainly prose ("Hi all,", "Thanks, John", "Sent from my
    iPhone"): a sign-off, or a line none of whose words (nor two of them together) is an order word or
    ``known`` (a place, a power, a command word of the game)."""
    if is_signoff(line):
        return True
    if line.lstrip()[:1].isdigit():   # an amount first: an INF line or an offer ("16: RHYN"), never a greeting
        return False
    tokens = _WORD.findall(line)
    if not tokens or any(t.casefold() in words().order_words for t in tokens):
        return False
    pairs = [f"{a} {b}" for a, b in zip(tokens, tokens[1:])]
    return not any(known(t) for t in [*tokens, *pairs])


# -- finding the earlier mail -----------------------------------------------------------

def _quote_start(lines: Sequence[str], index: int, end: int, above: tuple[int, bool] | None) -> int | None:
    """Where an earlier mail pasted below begins at ``index`` (the line index; None if it does not);
    ``above`` is the attribution found there, if any."""
    w, text = words(), plain(lines[index])
    if not text:
        return None
    if w.separator.match(text):
        return index
    if w.rule.match(text) and _header_block(lines, _next_filled(lines, index + 1, end), end):
        return index
    if _header_block(lines, index, end):
        return index
    return index if above is not None and not above[1] else None


def _header_block(lines: Sequence[str], index: int | None, end: int) -> bool:
    """A "From:" line and, within :data:`HEADER_REACH` lines, another header ("Sent:", "To:", "Subject:")."""
    w = words()
    if index is None or index >= end or not w.from_line.match(plain(lines[index])):
        return False
    return any(w.header_line.match(plain(line)) for line in lines[index + 1:min(end, index + 1 + HEADER_REACH)])


def _attribution(lines: Sequence[str], index: int, end: int) -> tuple[int, bool] | None:
    """"On … wrote:" over at most three lines from ``index``: its last line, and whether ``>`` lines follow it
    (a quote whose lines are skipped anyway) rather than unquoted text (an earlier mail pasted whole)."""
    joined = ""
    for last in range(index, min(end, index + MAX_ATTRIBUTION_LINES)):
        text = plain(lines[last])
        if not text:
            return None
        joined = f"{joined} {text}".strip()
        if len(joined) > MAX_ATTRIBUTION_CHARS:
            return None
        closed = joined.endswith(":") or (joined.startswith("-") and joined.endswith("-"))
        if closed and words().verb.search(joined) and re.search(r"[\d@]", joined):
            after = _next_filled(lines, last + 1, end)
            return last, after is not None and lines[after].lstrip().startswith(">")
    return None


def _next_filled(lines: Sequence[str], index: int, end: int) -> int | None:
    return next((i for i in range(index, end) if lines[i].strip()), None)


def _blank(lines: list[str], start: int, end: int) -> int:
    """Blank lines[start:end]; the count of non-blank lines blanked."""
    count = sum(1 for line in lines[start:end] if line.strip())
    lines[start:end] = [""] * (end - start)
    return count


def _in_press(lines: Sequence[str]) -> list[bool]:
    """Whether each line is inside a press block (PRESS or BROADCAST up to ENDPRESS, kept verbatim)."""
    from judge.reading.language import is_press_end, is_press_start  # the grammar: only for a mail read
    inside, press = [], False
    for line in lines:
        if press:
            press = not is_press_end(line)
            inside.append(True)
        else:
            press = is_press_start(line)
            inside.append(press)
    return inside


def _cut_quotes(lines: list[str], start: int, end: int, press: list[bool]) -> Cut | None:
    """Blank an earlier mail pasted into the part lines[start:end], outside press blocks."""
    for index in range(start, end):
        if press[index] or not lines[index].strip():
            continue
        above = _attribution(lines, index, end)
        if above is not None and above[1]:   # "On … wrote:" above "> " lines: not the player's words either
            _blank(lines, index, above[0] + 1)
            continue
        begin = _quote_start(lines, index, end, above)
        if begin is not None:
            line = " ".join(lines[begin].split())
            return Cut("quote", begin + 1, _blank(lines, begin, end), line=line[:80])
    return None


# -- the judge's own words ---------------------------------------------------------------

def _cut_judge(lines: list[str], said: JudgeSaid, press: list[bool]) -> list[Cut]:
    """Blank every run of at least two read lines (outside press) whose neighbours are neighbours in a mail
    the judge sent."""
    filled = [(i, line_key(line)) for i, line in enumerate(lines)
              if line.strip() and not line.lstrip().startswith(">") and not press[i]]
    linked = [said.pairs.get((a, b)) for (_, a), (_, b) in zip(filled, filled[1:])]
    cuts: list[Cut] = []
    run: list[int] = []   # positions in ``filled`` of the run being read
    for position, mail in enumerate([*linked, None]):
        if mail is not None:
            run = run or [position]
            run.append(position + 1)
            continue
        if len(run) >= 2:
            newest = max(m for m in linked[run[0]:run[-1]] if m is not None)
            cuts.append(_judge_cut(lines, [filled[p][0] for p in run], said.mails[newest]))
        run = []
    return cuts


def _judge_cut(lines: list[str], run: list[int], mail: SentLines) -> Cut:
    for i in run:
        lines[i] = ""
    return Cut("judge", run[0] + 1, len(run), when=mail.when, subject=mail.subject)


def own_words(text: str, said: JudgeSaid | None = None, parts: Sequence[int] = ()) -> OwnText:
    """The player's own words of ``text``: in each part (``parts``: the line numbers, from 1, where the
    second and later text parts begin) an earlier mail pasted below is blanked, then every run of lines
    that reproduces the judge's mails (``said``), wherever it stands."""
    lines = text.split("\n")
    bounds = [0, *(p - 1 for p in parts if 1 < p <= len(lines)), len(lines)]
    press = _in_press(lines)
    cuts = [cut for start, end in zip(bounds, bounds[1:]) if (cut := _cut_quotes(lines, start, end, press))]
    if said is not None and said.pairs:
        cuts += _cut_judge(lines, said, press)
    return OwnText("\n".join(lines), tuple(sorted(cuts, key=lambda c: c.first)))
