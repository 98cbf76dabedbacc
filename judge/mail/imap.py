"""Incoming mail from an IMAP server, with exactly-once-or-again semantics.

The judge fetches with ``BODY.PEEK[]`` (nothing changes on the server), hands
each mail to the store, and only then marks it processed by moving it to the
processed folder (``MOVE``, or ``COPY`` + ``\\Deleted`` + ``EXPUNGE`` where the
server lacks MOVE) or, with no processed folder, by flagging it.  A judge that
dies in between sees the same mail again on the next poll; the store dedupes
on Message-ID.  Every message left in the watched folder counts as
unprocessed, whether or not a person has read it in a mail client.
"""

from __future__ import annotations

import imaplib
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field

from imapclient import DELETED, SEEN, IMAPClient  # type: ignore[import-untyped]
from imapclient.exceptions import LoginError  # type: ignore[import-untyped]

from judge.mail.base import IncomingMail, MailError, SignInError
from judge.mail.message import parse_message
from judge.mail.signin import AuthMethod, Token, TokenCommandError, TokenSource, check_auth, sign_in_failed
from judge.mail.tls import Security, check_security, tls_context, warn_if_plaintext

_FETCH_BATCH = 50


@dataclass(frozen=True)
class ImapConfig:
    """How to reach the judge's mailbox.

    ``processed_folder`` empty means "flag, don't move": processed mail stays
    in ``folder`` with ``\\Seen`` and the ``processed_flag`` keyword (or just
    ``\\Seen`` where the server refuses keywords).  ``use_move = False``
    forces the COPY fallback even on servers that offer MOVE.  ``auth`` is how the judge signs in:
    ``password``, or ``xoauth2``/``oauthbearer`` with the access token ``token_command`` prints
    (:mod:`judge.mail.signin`).
    """

    host: str
    user: str
    password: str | None = field(default=None, repr=False)
    auth: AuthMethod = "password"
    token_command: Sequence[str] | None = None
    token_timeout: float = 30.0
    port: int | None = None
    security: Security = "ssl"
    folder: str = "INBOX"
    processed_folder: str = "Processed"
    processed_flag: str = "$JudgeProcessed"
    use_move: bool = True
    timeout: float = 30.0
    ca_file: str | None = None

    def __post_init__(self) -> None:
        check_security(self.security)
        check_auth(self.auth, self.password, self.token_command)
        if self.auth == "password" and self.password is None:
            raise ValueError('password or password_env is required with auth = "password"')
        if self.token_command is not None:
            object.__setattr__(self, "token_command", tuple(self.token_command))

    @property
    def effective_port(self) -> int:
        if self.port is not None:
            return self.port
        return 993 if self.security == "ssl" else 143


@contextmanager
def _errors(action: str, cleanup: Callable[[], None] | None = None) -> Iterator[None]:
    """Turn library and socket errors into :class:`MailError`, after running
    ``cleanup`` (dropping a session whose state is now unknown)."""
    try:
        yield
    except (imaplib.IMAP4.error, OSError) as exc:
        if cleanup is not None:
            cleanup()
        raise MailError(f"IMAP {action} failed: {exc}") from exc


class ImapMailbox:
    """A :class:`~judge.mail.base.Mailbox` over one IMAP folder.

    Ids are ``"<UIDVALIDITY>:<UID>"``: if the server renumbers the folder, old
    ids are refused instead of marking the wrong message.
    """

    def __init__(self, config: ImapConfig, tokens: TokenSource | None = None) -> None:
        self.config = config
        self._tokens = tokens or TokenSource()
        self._client: IMAPClient | None = None
        self._uidvalidity = 0
        self._keywords = False

    def _connect(self) -> IMAPClient:
        cfg = self.config
        token = self._token()  # a token command that fails stops here, before any connection
        warn_if_plaintext(cfg.security, cfg.host, "IMAP")
        context = None if cfg.security == "none" else tls_context(cfg.ca_file)
        with _errors(f"connection to {cfg.host}:{cfg.effective_port}"):
            client = IMAPClient(cfg.host, port=cfg.effective_port, ssl=cfg.security == "ssl",
                                ssl_context=context, timeout=cfg.timeout)
        try:
            with _errors(f"login as {cfg.user}"):
                if cfg.security == "starttls":
                    client.starttls(context)
                self._sign_in(client, token)
            with _errors(f"opening folder {cfg.folder!r}"):
                self._ensure_folder(client)
                info = client.select_folder(cfg.folder)
        except BaseException:
            _drop(client)
            raise
        self._uidvalidity = int(info.get(b"UIDVALIDITY", 0))
        self._keywords = b"\\*" in info.get(b"PERMANENTFLAGS", ())
        return client

    def _token(self) -> Token | None:
        """This poll's access token (None with a password), the token command run at most once a poll."""
        cfg = self.config
        try:
            return self._tokens.for_server(cfg.auth, cfg.token_command, cfg.token_timeout)
        except TokenCommandError as exc:
            raise self._failed(str(exc)) from None

    def _sign_in(self, client: IMAPClient, token: Token | None) -> None:
        """LOGIN with the password, or AUTHENTICATE XOAUTH2/OAUTHBEARER with the token; a refusal is a
        :class:`SignInError` (the server's words, never the secret)."""
        cfg = self.config
        try:
            if token is None:
                client.login(cfg.user, cfg.password)
            elif cfg.auth == "oauthbearer":
                client.oauthbearer_login(cfg.user, token.reveal())
            else:
                client.oauth2_login(cfg.user, token.reveal(), mech="XOAUTH2")
        except LoginError as exc:
            secret = "password" if token is None else "token"
            raise self._failed(f"the server refused the {secret}: {_words(exc)}") from None

    def _failed(self, why: str) -> SignInError:
        cfg = self.config
        return sign_in_failed("IMAP", cfg.user, cfg.host, cfg.effective_port, cfg.auth, why)

    def _ensure_folder(self, client: IMAPClient) -> None:
        """Create the processed folder on first use (tolerating a concurrent
        creator) and subscribe to it, so a person can see it in a client."""
        name = self.config.processed_folder
        if not name or client.folder_exists(name):
            return
        try:
            client.create_folder(name)
        except imaplib.IMAP4.error:
            if not client.folder_exists(name):
                raise
        try:
            client.subscribe_folder(name)
        except imaplib.IMAP4.error:
            pass  # subscription is a courtesy to human readers only

    def _session(self) -> IMAPClient:
        """The open connection, re-established if the server dropped it."""
        if self._client is not None:
            try:
                self._client.noop()
                return self._client
            except (imaplib.IMAP4.error, OSError):
                self.close()
        self._client = self._connect()
        return self._client

    def _criteria(self) -> list[str]:
        if self.config.processed_folder:
            return ["NOT", "DELETED"]
        if self._keywords:
            return ["NOT", "DELETED", "NOT", "KEYWORD", self.config.processed_flag]
        return ["NOT", "DELETED", "UNSEEN"]

    def fetch(self) -> list[IncomingMail]:
        """Every unprocessed message in the folder, in UID (arrival) order."""
        client = self._session()
        with _errors("fetch", self.close):
            uids = sorted(client.search(self._criteria()))
            found: list[IncomingMail] = []
            for start in range(0, len(uids), _FETCH_BATCH):
                batch = uids[start:start + _FETCH_BATCH]
                data = client.fetch(batch, ["BODY.PEEK[]"])
                for uid in batch:
                    raw = data.get(uid, {}).get(b"BODY[]")
                    if raw is not None:  # None: expunged by someone meanwhile
                        found.append(IncomingMail(f"{self._uidvalidity}:{uid}", raw,
                                                  parse_message(raw)))
        return found

    def mark_processed(self, id: str) -> None:
        """Move (or flag) the message; marking an already-moved one is a no-op."""
        validity, uid = _parse_id(id)
        client = self._session()
        if validity != self._uidvalidity:
            raise MailError(f"folder {self.config.folder!r} was renumbered (UIDVALIDITY "
                            f"{validity} -> {self._uidvalidity}); fetch again")
        target = self.config.processed_folder
        # On failure the next call reconnects, which also re-creates the
        # processed folder should someone have deleted it.
        with _errors(f"marking {id} processed", self.close):
            if not target:
                flags = [SEEN] + ([self.config.processed_flag] if self._keywords else [])
                client.add_flags([uid], flags, silent=True)
                return
            client.add_flags([uid], [SEEN], silent=True)  # read: the copy in Processed carries the flag
            if self.config.use_move and client.has_capability("MOVE"):
                client.move([uid], target)
            else:
                client.copy([uid], target)
                client.add_flags([uid], [DELETED], silent=True)
                if client.has_capability("UIDPLUS"):
                    client.uid_expunge([uid])
                else:  # plain EXPUNGE also removes others' \Deleted mail
                    client.expunge()

    def close(self) -> None:
        """Log out; safe to call twice or after the connection died."""
        client, self._client = self._client, None
        if client is None:
            return
        try:
            client.logout()
        except (imaplib.IMAP4.error, OSError):
            _drop(client)


def _words(exc: Exception) -> str:
    """The server's answer as text (imapclient gives LOGIN's as the repr of bytes: ``b'[...] ...'``)."""
    text = " ".join(str(exc).split())
    if len(text) > 2 and text[0] == "b" and text[1] in "'\"" and text[-1] == text[1]:
        return text[2:-1]
    return text


def _parse_id(id: str) -> tuple[int, int]:
    validity, _, uid = id.partition(":")
    if not (validity.isdigit() and uid.isdigit()):
        raise MailError(f"not an IMAP message id: {id!r}")
    return int(validity), int(uid)


def _drop(client: IMAPClient) -> None:
    try:
        client.shutdown()
    except OSError:
        pass
