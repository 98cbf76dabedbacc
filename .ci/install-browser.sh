#!/usr/bin/env bash
# Install the real browser that tests/archive/test_site_in_browser.py opens the published website in:
# the distribution's Chromium and its WebDriver (chromedriver), driven by Selenium (the `test` extra).
# Idempotent: installs nothing when they are already there.
set -euo pipefail

installed() {
    dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q 'install ok installed'
}

missing=()
for pkg in chromium chromium-driver; do
    installed "$pkg" || missing+=("$pkg")
done

if [ "${#missing[@]}" -eq 0 ]; then
    echo "install-browser: already installed: $(chromium --version 2>/dev/null || echo chromium)"
    exit 0
fi

SUDO=""
if [ "$(id -u)" -ne 0 ]; then
    SUDO="sudo"
fi

echo "install-browser: installing ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -q
$SUDO apt-get install -y -q --no-install-recommends "${missing[@]}"
echo "install-browser: installed: $(chromium --version 2>/dev/null || echo chromium)"
