"""docs/operator.md lists every configuration error an operator can see, with its message (issue 37).

The list is made here, from the configuration's own rules (every table, every
key with a value it refuses, every check that spans keys, the files and the
mail settings resolved when mail is used), by running the judge's check on a
small ``judge.toml`` for each; the test fails when the doc's section differs.
To rewrite the section after a change of wording:
``PYTHONPATH=. python -m tests.app.test_config_doc``.
"""

from __future__ import annotations

import os
import tempfile
import typing
from collections.abc import Iterator
from pathlib import Path

from judge.app.config import ConfigError, load_config
from judge.app.configcheck import RULES, TABLES
from judge.mail.config import MailSettingsError
from judge.mail.imap import ImapConfig
from judge.mail.smtp import SmtpConfig

DOC = Path(__file__).resolve().parents[2] / "docs" / "operator.md"
BEGIN, END = "<!-- config-errors: made by tests/app/test_config_doc.py -->", "<!-- /config-errors -->"
IMAP = '[mail]\nincoming = "imap"\n[mail.imap]\nhost = "imap.example.org"\nuser = "judge"\n'
SMTP = '[mail]\noutgoing = "smtp"\n[mail.smtp]\nhost = "smtp.example.org"\n'
WRONG = ("-1", '"x"', "{ a = 1 }")  # values to try, in turn, until the key refuses one


def _key_cases() -> Iterator[tuple[str | tuple[str, ...], str]]:
    """A value each key of each table refuses, and an unknown key per table."""
    for table, rules in RULES.items():
        yield f"[{table}]\nnmae = 1\n", "an unknown key (with what it may have meant)"
        for key in rules:
            yield tuple(f"[{table}]\n{key} = {v}\n" for v in WRONG), f"[{table}] {key}"
    yield "[mail]\nincomming = \"imap\"\n", "an unknown key (with what it may have meant)"
    for key in ("address", "msgid_domain", "spool_dir"):
        yield tuple(f"[mail]\n{key} = {v}\n" for v in WRONG), f"[mail] {key}"
    yield '[mail]\nincoming = "pop3"\n', "[mail] incoming"
    yield '[mail]\noutgoing = "smpt"\n', "[mail] outgoing"
    for base, cls, name in ((IMAP, ImapConfig, "imap"), (SMTP, SmtpConfig, "smtp")):
        yield base + 'password = "x"\ntsl = true\n', "an unknown key (with what it may have meant)"
        for key in typing.get_type_hints(cls):
            if f"\n{key} = " not in base:
                yield tuple(base + f"{key} = {v}\n" for v in WRONG), f"[mail.{name}] {key}"
        yield tuple(base + f"password_env = {v}\n" for v in WRONG), f"[mail.{name}] password_env"


CASES: list[tuple[str | tuple[str, ...], str]] = [
    ("[judge\n", "the file is not TOML"),
    ("\udcff", "the file is not UTF-8"),
    ("[limitz]\npoll_seconds = 5\n", "an unknown table"),
    ("limits = 5\n", "a table that is a value"),
    ('[judge]\nclock = "sytem"\n', "[judge] clock: no such file"),
    ('[judge]\nclock = "judge.toml"\n', "[judge] clock: a file that holds no time"),
    ('[judge]\ntimezone = "Europe/Pariss"\n', "[judge] timezone: not a known zone"),
    ('[mail]\nincoming = "imap"\n', "[mail.imap] missing"),
    ('[mail]\noutgoing = "smtp"\n', "[mail.smtp] missing"),
    ('[mail]\nincoming = "imap"\n[mail.imap]\nuser = "judge"\npassword_env = "PW"\n', "a required key missing"),
    ('[mail]\nincoming = "imap"\n[mail.imap]\nhost = "h"\npassword_env = "PW"\n', "a required key missing"),
    ('[mail]\noutgoing = "smtp"\n[mail.smtp]\nport = 25\n', "a required key missing"),
    (IMAP, "[mail.imap] no password nor password_env"),
    (IMAP + 'password = "x"\npassword_env = "PW"\n', "both password and password_env"),
    (IMAP + 'password = "x"\ntoken_command = ["./token"]\n', "token_command without auth"),
    (IMAP + 'auth = "xoauth2"\n', "auth xoauth2 without token_command"),
    (IMAP + 'auth = "xoauth2"\ntoken_command = ["./token"]\npassword = "x"\n', "a password with a token"),
    (SMTP + 'auth = "xoauth2"\ntoken_command = ["./token"]\n', "a token without user"),
    *_key_cases(),
]
#: checked only by the commands that use mail (judge poll): [mail.imap] as [mail.smtp]
MAIL_CASES: list[tuple[str | tuple[str, ...], str]] = [
    (IMAP + 'password_env = "JUDGE_IMAP_PASSWORD"\n', "password_env: the variable is not set"),
    (IMAP + 'password_env = "PW"\nca_file = "private-ca.pem"\n', "ca_file: no such file"),
    (IMAP + 'password = "x"\n', "a password in a judge.toml others may read"),
]


def first_refused(texts: str | tuple[str, ...], what: str, folder: Path, mail: bool) -> tuple[str, str]:
    """The first of ``texts`` the judge refuses (for the key ``what`` names, if it names one), and what it says."""
    for text in (texts,) if isinstance(texts, str) else texts:
        try:
            said = message(text, folder, mail=mail)
        except AssertionError:
            continue
        if isinstance(texts, str) or not what.startswith("[") or f"{what}:" in said:
            return text, said
    raise AssertionError(f"no error for any of {texts!r}")


def message(text: str, folder: Path, *, mail: bool = False) -> str:
    """What the judge says of ``text`` as its judge.toml (every line without the folder)."""
    path = folder / "judge.toml"
    if text == "\udcff":
        path.write_bytes(b"\xff\n")
    else:
        path.write_text(text, encoding="utf-8")
    path.chmod(0o644)
    env = {k: v for k, v in os.environ.items() if k not in ("JUDGE_IMAP_PASSWORD", "PW")}
    try:
        os.environ.clear()
        os.environ.update({**env, "PW": "x"} if "PW" in text else env)
        config = load_config(path)
        if mail:
            config.mail.imap  # noqa: B018 -- resolved as judge poll resolves it
    except (ConfigError, MailSettingsError) as exc:
        return str(exc).replace(f"{folder}/", "")
    finally:
        os.environ.clear()
        os.environ.update(env)
    raise AssertionError(f"no error for {text!r}")


def section() -> str:
    """The doc's section, made from the cases."""
    lines = [BEGIN, "", "Every line `judge.toml` can earn, as a small file that earns it and what the judge says",
             "(each command before it acts, exit status 2; the last three only `judge poll`, which reads",
             "the mail settings, with exit status 1):", ""]
    with tempfile.TemporaryDirectory() as folder:
        for cases, mail in ((CASES, False), (MAIL_CASES, True)):
            seen: set[str] = set()
            for texts, what in cases:
                text, said = first_refused(texts, what, Path(folder), mail)
                if said in seen:
                    continue
                seen.add(said)
                shown = "(the bytes FF 0A)" if text == "\udcff" else " / ".join(text.strip().splitlines())
                lines += [f"- {what}: `{shown}`", "", "  ```", *(f"  {line}" for line in said.splitlines()),
                          "  ```", ""]
    return "\n".join([*lines, END])


def test_the_doc_lists_every_configuration_error_with_its_message() -> None:
    doc = DOC.read_text(encoding="utf-8")
    assert BEGIN in doc and END in doc
    current = doc[doc.index(BEGIN):doc.index(END) + len(END)]
    assert current == section(), "docs/operator.md is out of date: PYTHONPATH=. python -m tests.app.test_config_doc"


def test_every_table_and_key_has_its_line() -> None:
    made = section()
    for table in TABLES:
        assert f"[{table}]" in made
    for cls, name in ((ImapConfig, "imap"), (SmtpConfig, "smtp")):
        for key in typing.get_type_hints(cls):
            assert f"[mail.{name}] {key}" in made, key


if __name__ == "__main__":
    text = DOC.read_text(encoding="utf-8")
    DOC.write_text(text[:text.index(BEGIN)] + section() + text[text.index(END) + len(END):], encoding="utf-8")
