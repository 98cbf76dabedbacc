"""Issue 15's secrecy in pictures, on a real Version 3 game played by mail (the demo script's Spring 1615).

R-v3-49: the results show only the Ottoman order carried out, not what each
power voted.  Spain's vote ``SER - BOS`` loses to France's and Austria's hold:
the text tells it to Spain and the GM only, and so must the map mailed with
it: a failed arrow from Serbia to Bosnia in Spain's colour in Spain's and the
GM's pictures, none in the other powers' nor in the observer's.
"""

from __future__ import annotations

import io
import re

import pytest
from PIL import Image

from judge.app.demo import load_script
from judge.app.sandbox import Sandbox
from judge.mail import IncomingMail
from judge.render.geometry import variant_geometry
from judge.render.palette import power_colours, rgb
from judge.turns.pictures import stored_phase_picture
from judge.variants import load_variant
from tests.mail.html_parts import attached_files

mailgame = load_script("europe1615-v3")
GAME, GM, OBSERVER = mailgame.game, mailgame.gm, mailgame.observer
SUBJECT = f"Diplomacy results {GAME} S1615M"
XY = tuple[float, float]


@pytest.fixture(scope="module")
def played(tmp_path_factory: pytest.TempPathFactory) -> Sandbox:
    """Spring 1615 played by mail, every power and the GM reading the map as SVG (the observer: PNG)."""
    sandbox = Sandbox.create(tmp_path_factory.mktemp("v3pictures") / "judge", password_cost=8)
    mailgame.set_up(sandbox)
    for power in mailgame.powers:
        mailgame.send_as(sandbox, power, "SET MAP SVG", "map")
    sandbox.send(GM, f"SIGNON M{GAME} gm-secret\nSET MAP SVG\n", "map")
    sandbox.poll()
    phase, orders = mailgame.phases[0]
    assert phase == "S1615M"
    mailgame.play_phase(sandbox, phase, orders)
    return sandbox


@pytest.fixture(scope="module")
def spring(played: Sandbox) -> dict[str, IncomingMail]:
    """Each reader's results mail of Spring 1615."""
    found = {str(m.message["To"]): m for m in played.sent() if str(m.message["Subject"]) == SUBJECT}
    assert set(found) == {GM, OBSERVER, *(mailgame.address(p) for p in mailgame.powers)}
    return found


def picture(mail: IncomingMail) -> tuple[str, bytes]:
    [part] = [p for p in attached_files(mail.message) if p.get_content_type().startswith("image/")]
    return part.get_content_type(), part.get_payload(decode=True)


def ends() -> tuple[XY, XY]:
    geometry = variant_geometry("europe1615-v3")
    assert geometry is not None
    ser, bos = geometry.point("SER"), geometry.point("BOS")
    assert ser is not None and bos is not None
    return ser, bos


def on_segment(p: XY, a: XY, b: XY, within: float = 2.0) -> bool:
    (ax, ay), (bx, by), (px, py) = a, b, p
    length2 = (bx - ax) ** 2 + (by - ay) ** 2
    share = ((px - ax) * (bx - ax) + (py - ay) * (by - ay)) / length2
    nx, ny = ax + share * (bx - ax), ay + share * (by - ay)
    return 0 <= share <= 1 and ((px - nx) ** 2 + (py - ny) ** 2) ** 0.5 <= within


def arrows(svg: str) -> list[tuple[str, str, XY, XY]]:
    """Every arrow's class, colour and line (its shaft's coloured stroke) in an SVG picture."""
    found = []
    for kind, body in re.findall(r'<g class="(move[^"]*|support[^"]*|convoy[^"]*)">(.*?)</g>', svg, re.S):
        for x1, y1, x2, y2, colour in re.findall(
                r'<line x1="([\d.]+)" y1="([\d.]+)" x2="([\d.]+)" y2="([\d.]+)" stroke="(#[0-9A-Fa-f]{6})" '
                r'stroke-width="3"', body):
            found.append((kind, colour.upper(), (float(x1), float(y1)), (float(x2), float(y2))))
    return found


def spanish_vote(svg: str) -> list[tuple[str, str, XY, XY]]:
    ser, bos = ends()
    return [a for a in arrows(svg) if on_segment(a[2], ser, bos) and on_segment(a[3], ser, bos)]


def test_the_losing_ottoman_vote_is_drawn_for_its_voter_and_the_gm_only(spring: dict[str, IncomingMail]) -> None:
    spain = power_colours(load_variant("europe1615-v3").map)["SPAIN"].upper()
    svgs = {}
    for to, mail in spring.items():
        if to == OBSERVER:
            continue
        kind, data = picture(mail)
        assert kind == "image/svg+xml", to
        svgs[to] = data.decode()
    assert spanish_vote(svgs[GM]) == spanish_vote(svgs[mailgame.address("Spain")]) != []
    assert [(k, c) for k, c, _, _ in spanish_vote(svgs[GM])] == [("move failed", spain)]
    for power in ("France", "Austria", "England", "Denmark"):
        text = svgs[mailgame.address(power)]
        assert spanish_vote(text) == [], power
        assert len(arrows(text)) == len(arrows(svgs[GM])) - 1, power      # everything else is the same


def test_the_observers_png_has_no_trace_of_the_vote_where_the_gms_has_it(played: Sandbox,
                                                                         spring: dict[str, IncomingMail]) -> None:
    kind, data = picture(spring[OBSERVER])
    assert kind == "image/png"
    gm = stored_phase_picture(played.store, "judge", GAME, "S1615M", "GM", "PNG")
    ser, bos = ends()
    spain = rgb(power_colours(load_variant("europe1615-v3").map)["SPAIN"])
    samples = [(round(ser[0] + (bos[0] - ser[0]) * t / 20), round(ser[1] + (bos[1] - ser[1]) * t / 20))
               for t in range(4, 17)]

    def spanish(png: bytes) -> int:
        image = Image.open(io.BytesIO(png)).convert("RGB")
        return sum(all(abs(a - b) <= 12 for a, b in zip(image.getpixel(xy), spain, strict=True)) for xy in samples)

    assert spanish(gm.data) >= 3 and spanish(data) == 0
