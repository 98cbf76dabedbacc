"""The one Jinja2 environment every mail and every page of the website is rendered with, and its filters.

One rule says when a template is escaped: by its name.  ``*.html.j2`` (the
HTML part of a mail, the website's pages, the parts they share) is
autoescaped, so a player's press or name can never write markup; every other
``*.j2`` is a mail's text, never escaped.  ``trim_blocks``/``lstrip_blocks`` so
that block tags leave no stray lines, and ``StrictUndefined`` so that a
template naming a variable nobody passes fails loudly in the tests instead of
mailing players an empty gap.  Each mail template sets ``subject`` at its top
level; :func:`render` returns it with the body, and with the HTML part when a
``<name>.html.j2`` stands beside ``<name>.j2`` (:func:`html_twin`).
"""

from __future__ import annotations

import logging
import textwrap
from dataclasses import dataclass
from datetime import UTC, datetime
from functools import lru_cache
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any
from zoneinfo import ZoneInfo

from judge.engine.geography import Map
from judge.paths import templates_dir
from judge.render.words import power_name

log = logging.getLogger("judge.render")

if TYPE_CHECKING:  # Jinja2 is imported when the first mail is written, not with the render layer
    from jinja2 import Environment
    from jinja2.runtime import Context


#: the ending of a template that is escaped (HTML); every other template is text
ESCAPED = ".html.j2"
DAYS = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")
MONTHS = ("January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
          "November", "December")


@dataclass(frozen=True, slots=True)
class Rendered:
    """A mail's text: a one-line subject and the body (ending with a newline); ``html``, its HTML part when
    its template has an HTML twin (else the mail's HTML part is its text in a plain wrapper, made at sending)."""

    subject: str
    body: str
    html: str | None = None


def environment() -> Environment:
    """The environment for the current templates directory, built once per directory."""
    return _environment(str(templates_dir()))


@lru_cache(maxsize=4)
def _environment(directory: str) -> Environment:
    from jinja2 import Environment, FileSystemLoader, StrictUndefined, pass_context, select_autoescape

    from judge.render.charts import shape_path

    env = Environment(
        loader=FileSystemLoader(directory),
        undefined=StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        autoescape=select_autoescape(enabled_extensions=(ESCAPED.lstrip("."),), default_for_string=False,
                                     default=False),
        keep_trailing_newline=True,
    )
    env.filters["in_zone"] = in_zone
    env.filters["wrap"] = wrap
    env.filters["power"] = pass_context(_power)
    env.filters["in_words"] = in_words
    env.filters["machine_time"] = machine_time
    env.globals["shape_path"] = shape_path
    return env


def _power(context: Context, power: str) -> str:
    """The ``power`` filter: a power's name, its map's title where the template was given the ``board``."""
    board = context.get("board")
    return power_name(power, board if isinstance(board, Map) else None)


def render(name: str, **variables: Any) -> Rendered:
    """Render ``templates/<name>``; its top-level ``subject`` becomes the subject."""
    if "subject" in variables:  # the template's own ``subject`` would hide it
        raise ValueError("'subject' is the name of the rendered subject; pass the input under another name")
    env = environment()
    module = env.get_template(name).make_module(variables)
    subject = " ".join(str(getattr(module, "subject", "")).split())
    body = str(module)
    twin = html_twin(name)
    html = None
    if twin is not None:
        try:
            html = env.get_template(twin).render(variables, text_subject=subject, text_body=body)
        except Exception:  # the text goes out whatever: its HTML part is then the text in the plain frame
            log.exception("the HTML part of %s could not be written", name)
    return Rendered(subject, body, html)


def section_text(template: str | None, values: Mapping[str, Any]) -> str:
    """A variant's own section of a mail (its ``extra_template``) as the text says it, for the HTML part ("" for
    none): rendered alone by ``templates/_section.j2``, so the HTML escapes it like every other value."""
    return render("_section.j2", section=template, **values).body.strip("\n") if template else ""


def html_twin(name: str) -> str | None:
    """``results.html.j2`` for ``results.j2`` when it exists: the mail's HTML part, from the same variables."""
    if name.endswith(ESCAPED) or not name.endswith(".j2"):
        return None
    twin = name[:-len(".j2")] + ESCAPED
    return twin if (templates_dir() / twin).is_file() else None


def in_words(moment: datetime | None, zone: str = "UTC") -> str:
    """``moment`` in words on the clocks of ``zone``: ``Monday 23 March 2026, 18:00 CET``.

    >>> in_words(datetime(2026, 3, 23, 17, 0, tzinfo=UTC), "Europe/Paris")
    'Monday 23 March 2026, 18:00 CET'
    """
    if moment is None:
        return ""
    local = (moment if moment.tzinfo else moment.replace(tzinfo=UTC)).astimezone(ZoneInfo(zone))
    return f"{DAYS[local.weekday()]} {local.day} {MONTHS[local.month - 1]} {local.year}, {local:%H:%M} {local.tzname()}"


def machine_time(moment: datetime) -> str:
    """The instant as a ``<time datetime>`` attribute reads it (UTC, ISO 8601)."""
    return (moment if moment.tzinfo else moment.replace(tzinfo=UTC)).astimezone(UTC).strftime("%Y-%m-%dT%H:%MZ")


def in_zone(moment: datetime, zone: str) -> datetime:
    """The same instant on the clocks of ``zone`` (an IANA name); a naive time is taken as UTC.

    Converting the instant (never adding hours by hand) is what keeps a
    deadline right across a change of summer time.
    """
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=UTC)
    return moment.astimezone(ZoneInfo(zone))


def wrap(text: str, width: int = 75, indent: int = 0) -> str:
    """Fill a long line to ``width`` columns, continuation lines indented (lists of centres)."""
    return textwrap.fill(text, width, subsequent_indent=" " * indent,
                         break_on_hyphens=False, break_long_words=False)
