#!/usr/bin/env bash
# Install the real mail servers that tests/mail runs against: Dovecot (IMAP
# server + dovecot-lda for delivery) and openssl (test certificates).
# Idempotent: installs nothing when they are already there.  The SMTP side of
# the tests is aiosmtpd, a Python package from the project's `test` extra.
set -euo pipefail

installed() {
    dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q 'install ok installed'
}

missing=()
for pkg in dovecot-core dovecot-imapd openssl; do
    installed "$pkg" || missing+=("$pkg")
done

if [ "${#missing[@]}" -eq 0 ]; then
    echo "install-mail-servers: already installed: $(/usr/sbin/dovecot --version)"
    exit 0
fi

SUDO=""
if [ "$(id -u)" -ne 0 ]; then
    SUDO="sudo"
fi

echo "install-mail-servers: installing ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -q
# The package scripts may try to start the system-wide dovecot; where no init
# system runs that is refused, which is fine: the tests start their own
# private instance on free loopback ports.
$SUDO apt-get install -y -q --no-install-recommends "${missing[@]}"

# Stop a system instance if one was started: nothing needs it.
if command -v service >/dev/null 2>&1; then
    $SUDO service dovecot stop >/dev/null 2>&1 || true
fi
echo "install-mail-servers: installed: $(/usr/sbin/dovecot --version)"
