"""njudge's files and version: ``GET file`` (``SEND [ME] file``, ``HELP file``) and ``VERSION [level]``.

The files are this judge's own (``templates/help/``, listed by ``GET flist``); an unknown file is refused
with the list, as njudge refuses it.  The version is the installed package's.
"""

from __future__ import annotations

from importlib.metadata import PackageNotFoundError, version

from judge import __version__
from judge.commands.session import Refused, Session
from judge.reading.language import Command
from judge.render import VariantLine
from judge.render.helpfiles import HelpFileContext, help_files, render_help_file
from judge.variants import available_variants, variant_summary


def judge_version() -> str:
    """The version of the installed ``judge`` package (its metadata), else the source's own."""
    try:
        return version("judge")
    except PackageNotFoundError:
        return __version__


def do_get(s: Session, cmd: Command) -> str:
    """GET file: the help file by mail, or a refusal listing the files."""
    name = cmd.args["file"]
    files = help_files()
    if name.lower() not in files:
        raise Refused(f"there is no file '{name}' on this judge: its files are {', '.join(files)} "
                      "(GET flist says what each holds)")
    variants = [VariantLine(v, *variant_summary(v)) for v in available_variants()]
    rendered = render_help_file(name, HelpFileContext(s.judge.name, s.judge.address, judge_version(), variants))
    s.reply_to_sender(rendered.subject, rendered.body, html=rendered.html)
    return f"the file '{name.lower()}' is in a separate mail"


def do_version(s: Session, cmd: Command) -> str:
    """VERSION [level]: the judge's version; njudge's log of changes since a level is not kept here."""
    level = cmd.args["level"]
    since = (f"; this judge keeps no log of its changes since version {level} (njudge's VERSION level): "
             "HELP lists what it takes now") if level else ""
    return f"{s.judge.name} runs judge version {judge_version()}{since}"
