"""R-v3-47 (EX-v3-03): weighted Ottoman orders are added up per order, whatever its spelling.

The seed adds identical orders' weights ("combined French and Austrian
influence (68 INFs) outweigh the Spanish"); ``A SER - BOS`` and ``SER-BOS``
are the same order, so they are one order wherever orders are compared: the
engine's tally (and so ``judge adjudicate``, PREVIEW and the played phase),
and the results' "carried out".
"""

from __future__ import annotations

import json
import random

import pytest

from judge.app.demo import load_script
from judge.app.adjudicate import handle_request
from judge.app.sandbox import Sandbox
from judge.engine.assignment import canonical
from judge.engine.codec import state_to_json
from judge.engine.orders import Move, Support, Unit
from judge.variants import load_variant
from tests.europe1615_v3.helpers import opening, play, units_of

mailgame = load_script("europe1615-v3")
GAME, GM, send_as = mailgame.game, mailgame.gm, mailgame.send_as

# France (35) and Austria (33) send one order in two spellings; Spain (37) another
MOVES = {"FRANCE": ["A SER - BOS"], "AUSTRIA": ["SER-BOS"], "SPAIN": ["SER H"]}
SUPPORTS = {"FRANCE": ["A SER S A RUM - BUL", "A RUM - BUL"], "AUSTRIA": ["SER S RUM-BUL", "RUM - BUL"],
            "SPAIN": ["A SER - BOS"]}


def test_R_v3_47_two_spellings_of_one_move_add_their_weights() -> None:
    assert units_of(play(opening(), MOVES))["OTE"] == {"A BOS", "A RUM"}   # 68 beats 37


def test_R_v3_47_two_spellings_of_one_support_add_their_weights() -> None:
    assert units_of(play(opening(), SUPPORTS))["OTE"] == {"A SER", "A BUL"}   # Spain's move is outvoted


@pytest.mark.parametrize("seed", range(6))
def test_R_v3_47_the_tally_does_not_depend_on_the_order_the_powers_are_read(seed: int) -> None:
    powers = list(SUPPORTS)
    random.Random(seed).shuffle(powers)
    out = play(opening(), {p: SUPPORTS[p] for p in powers})
    assert units_of(out)["OTE"] == {"A SER", "A BUL"}
    assert sorted(r.order for r in out.results if r.power == "OTE") == ["A RUM - BUL", "A SER S A RUM - BUL"]


def test_canonical_orders_compare_equal_when_they_mean_the_same_order() -> None:
    board = load_variant("standard").map
    units = {"GAS": Unit("F", "GAS"), "PAR": Unit("A", "PAR"), "BUR": Unit("A", "BUR"), "MAO": Unit("F", "MAO")}
    assert canonical(board, units, Move(None, "PAR", "PIC")) == canonical(board, units, Move("A", "PAR", "PIC"))
    assert canonical(board, units, Move("F", "GAS", "SPA")) == Move("F", "GAS", "SPA/NC")    # its only coast
    assert canonical(board, units, Move("F", "MAO", "SPA")) == Move("F", "MAO", "SPA")       # two coasts: as given
    assert (canonical(board, units, Support(None, "BUR", None, "PAR", "PIC"))
            == canonical(board, units, Support("A", "BUR", "A", "PAR", "PIC")))
    assert (canonical(board, units, Support("A", "BUR", "F", "GAS", "SPA/NC"))
            != canonical(board, units, Support("A", "BUR", "F", "GAS", "SPA")))            # a named coast counts
    assert (canonical(board, units, Move("A", "PAR", "PIC", True))
            != canonical(board, units, Move("A", "PAR", "PIC")))                           # VIA CONVOY counts


def test_R_v3_47_judge_adjudicate_adds_the_weights_of_two_spellings() -> None:
    request = {"variant": "europe1615-v3", "state": json.loads(json.dumps(state_to_json(opening()))),
               "orders": SUPPORTS}
    out = handle_request(request)
    assert sorted(out["state"]["units"]["OTE"]) == ["A BUL", "A SER"]


@pytest.fixture
def sandbox(started_v3: Sandbox) -> Sandbox:
    return started_v3


def test_R_v3_47_by_mail_preview_and_results_add_the_weights_of_two_spellings(sandbox: Sandbox) -> None:
    for power, lines in SUPPORTS.items():
        send_as(sandbox, power.title(), "\n".join(lines))
    sandbox.poll()
    sandbox.new_mail()
    sandbox.send(GM, f"SIGNON M{GAME} gm-secret\nPREVIEW\n", "gm")
    sandbox.poll()
    preview = [m for m in sandbox.new_mail() if str(m.message["Subject"]).startswith("Preview:")]
    assert len(preview) == 1
    text = sandbox.text(preview[0])
    assert "Ottoman Empire: Army Serbia SUPPORT Army Rumelia -> Bulgaria." in text
    assert "Austria: A SER S RUM - BUL (weight 33): carried out." in text        # its spelling, the same order
    assert "France: A SER S A RUM - BUL (weight 35): carried out." in text
    assert "Spain: A SER - BOS (weight 37): not carried out." in text


def test_R_v3_47_a_power_s_last_order_counts_and_joins_the_same_order_spelt_otherwise() -> None:
    """France first sends a move, then the hold Spain spells "SER H": the hold has 35 + 37 against Austria's 33."""
    out = play(opening(), {"FRANCE": ["A SER - BOS", "A SER HOLD"], "SPAIN": ["SER H"], "AUSTRIA": ["SER-BOS"]})
    assert units_of(out)["OTE"] == {"A SER", "A RUM"}
