"""A real headless Chromium (the distribution's ``chromium`` and ``chromium-driver``), driven with Selenium.

``.ci/install-browser.sh`` installs them.  The browser sees the site as a
visitor does, from ``file://`` URLs: no server, so the site must work offline.
"""

from __future__ import annotations

import shutil
import subprocess
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from selenium import webdriver
from selenium.webdriver.chrome.service import Service

CHROMIUM = ("/usr/bin/chromium", "/usr/bin/chromium-browser")
DRIVER = "/usr/bin/chromedriver"


INSTALL_SCRIPT = Path(__file__).resolve().parents[2] / ".ci" / "install-browser.sh"


def _find() -> str | None:
    found = next((path for path in CHROMIUM if Path(path).exists()), None) or shutil.which("chromium")
    return found if found is not None and Path(DRIVER).exists() else None


def _binary() -> str:
    """The browser; on a fresh machine the same idempotent script as CI installs it first."""
    found = _find()
    if found is None and INSTALL_SCRIPT.exists():
        subprocess.run(["bash", str(INSTALL_SCRIPT)], check=False, timeout=900,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        found = _find()
    if found is None:
        raise RuntimeError("no chromium/chromedriver: run .ci/install-browser.sh (apt-get install chromium "
                           "chromium-driver)")
    return found


@contextmanager
def chromium(width: int = 360, height: int = 740) -> Iterator[webdriver.Chrome]:
    """A headless Chromium emulating a phone's screen (CSS pixels), closed afterwards."""
    options = webdriver.ChromeOptions()
    options.binary_location = _binary()
    for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                 "--allow-file-access-from-files"):
        options.add_argument(flag)
    options.add_experimental_option("mobileEmulation",
                                    {"deviceMetrics": {"width": width, "height": height, "pixelRatio": 2.0}})
    driver = webdriver.Chrome(service=Service(DRIVER), options=options)
    try:
        yield driver
    finally:
        driver.quit()
