"""Connection security shared by the IMAP and SMTP transports."""

from __future__ import annotations

import ipaddress
import logging
import ssl
from typing import Literal

Security = Literal["ssl", "starttls", "none"]
SECURITY_MODES: tuple[Security, ...] = ("ssl", "starttls", "none")

log = logging.getLogger("judge.mail")


def check_security(value: str) -> Security:
    """Validate a config value early, so a typo fails at start-up, not at 3am."""
    if value not in SECURITY_MODES:
        raise ValueError(f"security must be one of {', '.join(SECURITY_MODES)}, not {value!r}")
    return value


def tls_context(ca_file: str | None = None) -> ssl.SSLContext:
    """A verifying client context; ``ca_file`` trusts a private CA or a
    self-signed server certificate instead of the system store."""
    return ssl.create_default_context(cafile=ca_file)


def is_loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def warn_if_plaintext(security: Security, host: str, what: str) -> None:
    """Plaintext is for loopback test servers; say so loudly elsewhere since
    the password crosses the network in clear."""
    if security == "none" and not is_loopback(host):
        log.warning("%s connection to %s is not encrypted (security = \"none\")", what, host)
