"""The one Jinja2 environment every mail is rendered with, and its few filters.

Mails are plain text: no autoescaping, ``trim_blocks``/``lstrip_blocks`` so
that block tags leave no stray lines, and ``StrictUndefined`` so that a
template naming a variable nobody passes fails loudly in the tests instead of
mailing players an empty gap.  Each template sets ``subject`` at its top
level; :func:`render` returns it with the body.
"""

from __future__ import annotations

import textwrap
from dataclasses import dataclass
from datetime import UTC, datetime
from functools import lru_cache
from typing import TYPE_CHECKING, Any
from zoneinfo import ZoneInfo

from judge.paths import templates_dir
from judge.render.words import power_name

if TYPE_CHECKING:  # Jinja2 is imported when the first mail is written, not with the render layer
    from jinja2 import Environment


@dataclass(frozen=True, slots=True)
class Rendered:
    """A mail's text: a one-line subject and the body (ending with a newline)."""

    subject: str
    body: str


def environment() -> Environment:
    """The environment for the current templates directory, built once per directory."""
    return _environment(str(templates_dir()))


@lru_cache(maxsize=4)
def _environment(directory: str) -> Environment:
    from jinja2 import Environment, FileSystemLoader, StrictUndefined

    env = Environment(
        loader=FileSystemLoader(directory),
        undefined=StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        autoescape=False,
        keep_trailing_newline=True,
    )
    env.filters["in_zone"] = in_zone
    env.filters["wrap"] = wrap
    env.filters["power"] = power_name
    return env


def render(name: str, **variables: Any) -> Rendered:
    """Render ``templates/<name>``; its top-level ``subject`` becomes the subject."""
    if "subject" in variables:  # the template's own ``subject`` would hide it
        raise ValueError("'subject' is the name of the rendered subject; pass the input under another name")
    module = environment().get_template(name).make_module(variables)
    subject = " ".join(str(getattr(module, "subject", "")).split())
    return Rendered(subject, str(module))


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
