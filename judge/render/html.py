"""The HTML part of a mail whose template has none of its own: its text, as it is, in a plain readable frame.

Results, replies and the other mails with tables have their own ``*.html.j2``
(:func:`judge.render.env.render` writes it with the text); every other mail,
and a mail queued before HTML parts existed, gets this one when it is sent.
"""

from __future__ import annotations

from collections.abc import Sequence

from judge.render.env import environment


def plain_html(subject: str, body: str, pictures: Sequence[str] = ()) -> str:
    """``body`` escaped in ``templates/text.html.j2``: the same words, wrapped to the reader's screen, under the
    pictures the mail carries (their Content-IDs: HISTORY's map), shown inline."""
    return environment().get_template("text.html.j2").render(text_subject=subject, text_body=body,
                                                              pictures=list(pictures))
