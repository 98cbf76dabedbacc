"""Real mail servers for the mail-layer tests: a private Dovecot and aiosmtpd.

Dovecot runs from its own config file, base_dir, state_dir, log and ports, so
it never touches (or is touched by) a system instance.  As root it drops to
the packaged ``dovecot``/``dovenull`` users and stores mail as the
``dovecot`` user (Dovecot refuses mail access as UID 0); as any other user it
runs "rootless", everything as that user.  Because those unprivileged
processes must reach the files, the data lives in a fresh directory under the
system temp dir (pytest's own temp tree is private to its owner) and is
removed when the session ends.

Mail reaches a mailbox the way a real MTA would deliver it: through
``dovecot-lda``.  The SMTP server's handler does exactly that for each
accepted recipient, so whatever the judge sends can be read back over IMAP.
"""

from __future__ import annotations

import asyncio
import grp
import os
import pwd
import shutil
import signal
import socket
import ssl
import subprocess
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from imapclient import IMAPClient

INSTALL_HINT = "run `bash .ci/install-mail-servers.sh` (installs dovecot-imapd)"
USERS = {"judge": "judge-secret", "player": "player-secret"}
SMTP_USERS = {"judge": "smtp-secret"}


class ServerError(RuntimeError):
    """A test server could not be started; the message says why."""


def find_program(names: list[str], dirs: list[str]) -> str | None:
    for name in names:
        found = shutil.which(name)
        if found:
            return found
        for folder in dirs:
            candidate = Path(folder) / name
            if os.access(candidate, os.X_OK):
                return str(candidate)
    return None


def _die_with_parent() -> None:
    """In the child before exec: have Linux SIGTERM Dovecot if pytest is
    killed outright, so no orphaned server outlives a timed-out CI run."""
    try:
        import ctypes

        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(1, signal.SIGTERM)  # PR_SET_PDEATHSIG
    except (OSError, AttributeError):
        pass  # not Linux: finalizers still stop the server on a normal exit


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def make_certificate(folder: Path) -> tuple[Path, Path]:
    """A self-signed certificate for 127.0.0.1/localhost, also usable as the
    CA file the clients trust.  ``openssl`` comes with dovecot-core."""
    cert, key = folder / "cert.pem", folder / "key.pem"
    subprocess.run(
        ["openssl", "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1",
         "-nodes", "-days", "2", "-subj", "/CN=localhost", "-keyout", str(key), "-out", str(cert),
         "-addext", "subjectAltName=DNS:localhost,IP:127.0.0.1",
         "-addext", "basicConstraints=critical,CA:TRUE"],
        check=True, capture_output=True)
    return cert, key


@dataclass
class Identity:
    """Which system users Dovecot's processes and mail files run as."""

    internal_user: str
    login_user: str
    uid: int
    gid: int
    rootless: bool

    @classmethod
    def detect(cls) -> Identity:
        if os.geteuid() != 0:
            me = pwd.getpwuid(os.geteuid()).pw_name
            return cls(me, me, os.geteuid(), os.getegid(), rootless=True)
        try:
            internal = pwd.getpwnam("dovecot")
        except KeyError:
            raise ServerError(f"system user 'dovecot' is missing: {INSTALL_HINT}") from None
        try:
            login = pwd.getpwnam("dovenull").pw_name
        except KeyError:
            login = internal.pw_name
        return cls(internal.pw_name, login, internal.pw_uid, internal.pw_gid, rootless=False)


CONFIG = """\
protocols = imap
listen = 127.0.0.1
base_dir = {root}/run
state_dir = {root}/state
instance_name = judge-test-{port}
log_path = {root}/dovecot.log
info_log_path = {root}/dovecot.log
auth_verbose = yes
ssl = yes
ssl_cert = <{cert}
ssl_key = <{key}
disable_plaintext_auth = no
auth_mechanisms = {mechanisms}
default_internal_user = {ident.internal_user}
default_internal_group = {group}
default_login_user = {ident.login_user}
first_valid_uid = 1
first_valid_gid = 1
mail_location = maildir:{root}/mail/%u
passdb {{
  driver = passwd-file
  mechanisms = plain login
  args = scheme=PLAIN username_format=%u {root}/users
}}
{oauth2_passdb}userdb {{
  driver = passwd-file
  args = username_format=%u {root}/users
}}
service imap-login {{
  inet_listener imap {{
    address = 127.0.0.1
    port = {port}
  }}
  inet_listener imaps {{
    address = 127.0.0.1
    port = {ssl_port}
  }}
{chroot}}}
# Failed logins are part of the tests: no delays, no per-IP penalty.
auth_failure_delay = 0
service anvil {{
  unix_listener anvil-auth-penalty {{
    mode = 0
  }}
{chroot}}}
"""

OAUTH2_PASSDB = """\
passdb {{
  driver = oauth2
  mechanisms = xoauth2 oauthbearer
  args = {settings}
}}
"""
OAUTH2_SETTINGS = """\
introspection_mode = post
introspection_url = {url}
username_attribute = username
active_attribute = active
active_value = true
force_introspection = yes
"""


@dataclass
class DovecotServer:
    """A running private Dovecot; ``port`` speaks plain/STARTTLS, ``ssl_port``
    implicit TLS; ``cert_file`` is the CA file clients must trust."""

    root: Path
    port: int = 0
    ssl_port: int = 0
    cert_file: Path = Path()
    users: dict[str, str] = field(default_factory=lambda: dict(USERS))
    process: subprocess.Popen[bytes] | None = None
    dovecot: str = ""
    lda: str = ""
    identity: Identity | None = None
    introspection_url: str = ""  # set: the oauth2 passdb variant (tests/mail/oauth_servers.py)

    @property
    def config_file(self) -> Path:
        return self.root / "dovecot.conf"

    def log_tail(self, lines: int = 30) -> str:
        try:
            text = (self.root / "dovecot.log").read_text(errors="replace")
        except OSError:
            return "(no log)"
        return "\n".join(text.splitlines()[-lines:])

    def _write_files(self, ident: Identity) -> None:
        for sub in ("run", "state"):
            (self.root / sub).mkdir(exist_ok=True)
        for sub in ("mail", "home"):
            (self.root / sub).mkdir(exist_ok=True)
            os.chown(self.root / sub, ident.uid, ident.gid)
        self.cert_file, key = make_certificate(self.root)
        self.identity = ident
        self._write_users()
        chroot = "  chroot =\n" if ident.rootless else ""
        self.config_file.write_text(CONFIG.format(
            root=self.root, port=self.port, ssl_port=self.ssl_port, cert=self.cert_file, key=key,
            ident=ident, group=grp.getgrgid(ident.gid).gr_name, chroot=chroot, **self._oauth2()))

    def _oauth2(self) -> dict[str, str]:
        """The oauth2 variant (Dovecot 2.3 syntax): passwords still work through the passwd-file, tokens
        through an oauth2 passdb that asks the introspection server whether each one is active."""
        if not self.introspection_url:
            return {"mechanisms": "plain login", "oauth2_passdb": ""}
        settings = self.root / "dovecot-oauth2.conf.ext"
        settings.write_text(OAUTH2_SETTINGS.format(url=self.introspection_url))
        os.chmod(settings, 0o644)
        return {"mechanisms": "xoauth2 oauthbearer plain login",
                "oauth2_passdb": OAUTH2_PASSDB.format(settings=settings)}

    def _write_users(self) -> None:
        ident = self.identity
        assert ident is not None
        users = "".join(f"{name}:{{PLAIN}}{password}:{ident.uid}:{ident.gid}::"
                        f"{self.root}/home/{name}::\n" for name, password in self.users.items())
        tmp = self.root / "users.tmp"
        tmp.write_text(users)
        os.chmod(tmp, 0o644)
        os.replace(tmp, self.root / "users")

    def add_users(self, users: dict[str, str]) -> None:
        """More mailboxes (the players of an end-to-end game).

        Dovecot re-reads a changed passwd-file, but not more than about once a
        second, so this waits until every new user can log in.
        """
        new = {name: password for name, password in users.items() if self.users.get(name) != password}
        if not new:
            return
        self.users.update(new)
        self._write_users()
        deadline = time.monotonic() + 15
        for name in new:
            while True:
                try:
                    self.client(name).logout()
                    break
                except Exception:
                    if time.monotonic() > deadline:
                        raise
                    time.sleep(0.2)

    def start(self) -> None:
        """Start in the foreground (so we own the process) and wait for the
        greeting; retry on fresh ports if one was taken meanwhile."""
        ident = Identity.detect()
        os.chmod(self.root, 0o755)
        for _attempt in range(3):
            self.port, self.ssl_port = free_port(), free_port()
            self._write_files(ident)
            with open(self.root / "stderr.log", "wb") as stderr:
                self.process = subprocess.Popen(
                    [self.dovecot, "-F", "-c", str(self.config_file)],
                    stdout=subprocess.DEVNULL, stderr=stderr, preexec_fn=_die_with_parent)
            if self._wait_ready(timeout=20):
                return
            self.stop()
        output = (self.root / "stderr.log").read_text(errors="replace")
        raise ServerError(f"dovecot did not start:\n{output}\n{self.log_tail()}")

    def _wait_ready(self, timeout: float) -> bool:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            assert self.process is not None
            if self.process.poll() is not None:
                return False
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=2) as sock:
                    if sock.recv(100).startswith(b"* OK"):
                        return True
            except OSError:
                pass
            time.sleep(0.1)
        return False

    def stop(self) -> None:
        if self.process is None:
            return
        self.process.terminate()
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait(timeout=10)
        self.process = None

    def deliver(self, user: str, raw: bytes, sender: str = "sender@example.org") -> None:
        """Deliver into ``user``'s INBOX with dovecot-lda, as an MTA would."""
        done = subprocess.run([self.lda, "-c", str(self.config_file), "-d", user, "-f", sender],
                              input=raw, capture_output=True, timeout=60)
        if done.returncode != 0:
            raise ServerError(f"dovecot-lda exit {done.returncode}: "
                              f"{done.stderr.decode(errors='replace')}\n{self.log_tail()}")

    def kick(self, user: str) -> None:
        """Drop the user's IMAP connections server-side, as an idle timeout
        or a server restart would."""
        doveadm = find_program(["doveadm"], ["/usr/bin", "/usr/local/bin"]) or "doveadm"
        subprocess.run([doveadm, "-c", str(self.config_file), "kick", user],
                       check=True, capture_output=True, timeout=30)

    def client(self, user: str = "judge") -> IMAPClient:
        """A plain IMAP connection for assertions, independent of judge.mail."""
        client = IMAPClient("127.0.0.1", port=self.port, ssl=False, timeout=30)
        client.login(user, self.users[user])
        return client


INSTALL_SCRIPT = Path(__file__).resolve().parents[2] / ".ci" / "install-mail-servers.sh"


def _find_dovecot() -> tuple[str | None, str | None]:
    return (find_program(["dovecot"], ["/usr/sbin", "/usr/local/sbin"]),
            find_program(["dovecot-lda"], ["/usr/lib/dovecot", "/usr/libexec/dovecot"]))


def install_mail_servers() -> None:
    """On a fresh machine, let the README's test command alone do it all: install Dovecot.

    Runs the same idempotent script as CI; a failure (no apt, no root) is left
    to the caller's check, which names the script.
    """
    subprocess.run(["bash", str(INSTALL_SCRIPT)], check=False, timeout=900,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def start_dovecot(introspection_url: str = "") -> DovecotServer:
    dovecot, lda = _find_dovecot()
    if (dovecot is None or lda is None or shutil.which("openssl") is None) and INSTALL_SCRIPT.exists():
        install_mail_servers()
        dovecot, lda = _find_dovecot()
    if dovecot is None or lda is None:
        raise ServerError(f"Dovecot is not installed (need dovecot, dovecot-lda): {INSTALL_HINT}")
    if shutil.which("openssl") is None:
        raise ServerError(f"openssl is not installed: {INSTALL_HINT}")
    root = Path(tempfile.mkdtemp(prefix="judge-dovecot-"))
    server = DovecotServer(root, dovecot=dovecot, lda=lda, introspection_url=introspection_url)
    try:
        server.start()
    except BaseException:
        shutil.rmtree(server.root, ignore_errors=True)
        raise
    return server


@dataclass
class Received:
    """One message the SMTP server accepted."""

    mail_from: str
    rcpt_tos: list[str]
    data: bytes
    login: str | None


class DeliveringHandler:
    """aiosmtpd handler: accept mail for Dovecot's users, deliver it with
    dovecot-lda, and remember what was accepted."""

    def __init__(self, dovecot: DovecotServer) -> None:
        self.dovecot = dovecot
        self.received: list[Received] = []

    async def handle_RCPT(self, server: Any, session: Any, envelope: Any, address: str,
                          rcpt_options: list[str]) -> str:
        if address.partition("@")[0].lower() not in self.dovecot.users:
            return "550 5.1.1 No such user here"
        envelope.rcpt_tos.append(address)
        return "250 OK"

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:
        sender = (envelope.mail_from or "").strip("<>")
        # Final delivery records the envelope sender, as every real MTA does.
        data = b"Return-Path: <%s>\r\n" % sender.encode() + bytes(
            envelope.original_content or envelope.content)
        for rcpt in envelope.rcpt_tos:
            user = rcpt.partition("@")[0].lower()
            await asyncio.to_thread(self.dovecot.deliver, user, data, sender or "MAILER-DAEMON")
        login = session.auth_data if session.authenticated else None
        self.received.append(Received(envelope.mail_from, list(envelope.rcpt_tos), data, login))
        return "250 2.0.0 Message accepted for delivery"


def check_login(server: Any, session: Any, envelope: Any, mechanism: str, auth_data: Any) -> Any:
    """aiosmtpd authenticator over :data:`SMTP_USERS`."""
    from aiosmtpd.smtp import AuthResult, LoginPassword

    if not isinstance(auth_data, LoginPassword):
        return AuthResult(success=False, handled=False)
    user, password = auth_data.login.decode(), auth_data.password.decode()
    return AuthResult(success=SMTP_USERS.get(user) == password, handled=False, auth_data=user)


@dataclass
class SmtpServer:
    """Two aiosmtpd listeners over one handler: ``port`` (plain, STARTTLS
    offered, AUTH optional) and ``ssl_port`` (implicit TLS)."""

    handler: DeliveringHandler
    controllers: list[Any] = field(default_factory=list)
    port: int = 0
    ssl_port: int = 0
    cert_file: Path = Path()

    def stop(self) -> None:
        for controller in self.controllers:
            controller.stop()
        self.controllers.clear()


def _start_controller(handler: DeliveringHandler, **kwargs: Any) -> Any:
    """Start an aiosmtpd Controller on a free port, retrying if another
    process grabbed the port between choosing and binding it."""
    from aiosmtpd.controller import Controller

    for attempt in range(3):
        controller = Controller(handler, hostname="127.0.0.1", port=free_port(), **kwargs)
        try:
            controller.start()
            return controller
        except Exception:
            if attempt == 2:
                raise
    raise AssertionError("unreachable")


def start_smtp(dovecot: DovecotServer, handler: DeliveringHandler | None = None) -> SmtpServer:
    """Both SMTP listeners, sharing Dovecot's certificate; ``handler`` may add AUTH mechanisms."""
    context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    context.load_cert_chain(dovecot.cert_file, dovecot.root / "key.pem")
    server = SmtpServer(handler or DeliveringHandler(dovecot), cert_file=dovecot.cert_file)
    common: dict[str, Any] = dict(authenticator=check_login, auth_require_tls=False,
                                  data_size_limit=64 * 2**20)
    try:
        plain = _start_controller(server.handler, tls_context=context, require_starttls=False,
                                  **common)
        server.controllers.append(plain)
        implicit = _start_controller(server.handler, ssl_context=context, **common)
        server.controllers.append(implicit)
    except BaseException:
        server.stop()
        raise
    server.port, server.ssl_port = plain.port, implicit.port
    return server
