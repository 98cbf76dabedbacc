"""The legend under the map: the title, each power with its centres and units, and a key for every symbol and
tint that appears on this map (and only those), drawn with the same shapes as the map."""

from __future__ import annotations

from judge.render.fonts import text_width
from judge.render.palette import LAND, MARK, NEUTRAL_FILL, NEUTRAL_HATCH, OTHERS, tint
from judge.render.sceneparts import Arrow, Cross, Marks, Scene, Swatch, Text, UnitMark, Words

#: the keys in the order the legend explains them
ORDER = ("centre", "captured", "army", "fleet", "move", "retreat", "support", "hold", "convoy", "failed", "bounce", "dislodged",
         "destroyed", "option", "built", "removed", "tag", "band ALIGNED", "band NEUTRAL", "state ALIGNED", "state NEUTRAL", "state NEUTRAL OPEN",
         "state UNALIGNED", "state UNMARKED",
         "state SEGREGATED", "state INDEPENDENT", "faith CATHOLIC", "faith PROTESTANT", "faith DUALITY",
         "mark REVOLT", "mark CONTESTED", "mark PORT", "mark value")
GREY = "#8A8A8A"
TITLE, ENTRY, KEY = 15, 13, 12
COLUMNS, ROW, KEY_ROW, SYMBOL = 4, 20, 30, 32


def draw_legend(scene: Scene, words: Words) -> None:
    """Lay the legend out under the map into ``scene.legend``; sets the picture's full height."""
    width, top = scene.geometry.size[0], scene.geometry.size[1]
    marks = scene.legend = Marks()
    marks.texts.append(Text((8, top + 16), scene.title, TITLE, bold=True, halo=False, anchor="start",
                            width=text_width(scene.title, TITLE, True)))
    column = width // COLUMNS
    y = top + 34
    for i, entry in enumerate(scene.entries):
        x, row_y = 8 + (i % COLUMNS) * column, y + (i // COLUMNS) * ROW
        marks.swatches.append(Swatch((x, row_y - 7, x + 14, row_y + 7), entry.colour))
        text = f"{entry.name}  {entry.centres}/{entry.units}"
        marks.texts.append(Text((x + 20, row_y), text, ENTRY, halo=False, anchor="start",
                                width=text_width(text, ENTRY)))
    rows = -(-len(scene.entries) // COLUMNS)
    note = words["powers"]
    marks.texts.append(Text((8, y + rows * ROW), note, KEY, halo=False, anchor="start", width=text_width(note, KEY)))
    scene.height = int(_keys(scene, words, y + rows * ROW + KEY_ROW - 4) + 10)


def _keys(scene: Scene, words: Words, y: float) -> float:
    """Each key used, its symbol then its words, in rows that wrap; returns the bottom of the last row."""
    width = scene.geometry.size[0]
    x = 8.0
    used = [k for k in ORDER if k in scene.keys]
    for key in used:
        text = words[key]
        symbol = _symbol_width(key)
        span = symbol + 6 + text_width(text, KEY) + 22
        if x + span > width - 8 and x > 8:
            x, y = 8.0, y + KEY_ROW
        _symbol(scene, key, x, y)
        scene.legend.texts.append(Text((x + symbol + 6, y), text, KEY, halo=False, anchor="start",
                                       width=text_width(text, KEY)))
        x += span
    return y + KEY_ROW / 2


def _symbol_width(key: str) -> float:
    if key.startswith("mark "):
        return text_width(_mark_word(key), 11, True)
    return SYMBOL * (1.5 if key == "faith DUALITY" else 1)


def _symbol(scene: Scene, key: str, x: float, y: float) -> None:
    """The key's symbol, drawn as the map draws it, at (x, y) (the middle of its row's left end)."""
    marks, mid = scene.legend, (x + SYMBOL / 2, y)
    if key in ("centre", "captured"):
        if key == "captured":
            marks.captured.append((mid, "#555555"))
        marks.centres.append((mid, None if key == "centre" else "#555555"))
    elif key in ("army", "fleet", "dislodged", "destroyed", "removed", "built"):
        kind = "F" if key == "fleet" else "A"
        ghost = key in ("dislodged", "destroyed", "removed")
        marks.units.append(UnitMark(kind, mid, GREY, ghost=ghost, removed=key == "removed",
                                    destroyed=key == "destroyed"))
    elif key == "bounce":
        marks.bounces.append(mid)
        if key == "built":
            marks.units.append(UnitMark(kind, mid, GREY, built=True))
    elif key in ("move", "retreat", "support", "convoy", "option", "failed"):
        style = "support" if key == "failed" else key
        marks.arrows.append(Arrow((x + 1, y), (x + SYMBOL - 1, y), "#555555", style, key == "failed", True))
    elif key == "hold":
        marks.units.append(UnitMark("A", (x + SYMBOL - 12, y), GREY))
        marks.arrows.append(Arrow((x, y), (x + SYMBOL - 12, y), "#555555", "hold", bare=True))
    else:
        _board_symbol(scene, key, x, y)


def _board_symbol(scene: Scene, key: str, x: float, y: float) -> None:
    """The symbols of what the rules mark on the board: tags, states' statuses, religious markers, words."""
    marks = scene.legend
    box = (x + 2, y - 8, x + SYMBOL - 2, y + 8)
    if key.startswith("band "):
        bands = [u.band for u in scene.board.units if u.band and (u.band == NEUTRAL_FILL) == (key == "band NEUTRAL")]
        marks.units.append(UnitMark("A", (x + SYMBOL / 2, y), OTHERS, band=bands[0] if bands else NEUTRAL_FILL))
    elif key == "tag":
        owner = next((label.name for label in scene.labels if label.kind == "tag"), "")
        marks.swatches.append(Swatch(box, OTHERS))
        marks.texts.append(Text((x + SYMBOL / 2, y), owner, 10, "#FFFFFF", True, False, cls="tag",
                                width=text_width(owner, 10, True)))
    elif key == "state ALIGNED":
        marks.swatches.append(Swatch(box, tint("#555555", 0.8), "#555555"))
    elif key.startswith("state NEUTRAL"):
        marks.swatches.append(Swatch(box, NEUTRAL_FILL, NEUTRAL_HATCH))
    elif key.startswith("state "):
        marks.swatches.append(Swatch(box, LAND))
    elif key.startswith("faith "):
        faiths = ("CATHOLIC", "PROTESTANT") if key == "faith DUALITY" else (key[6:],)
        for i, faith in enumerate(faiths):
            marks.crosses.append(Cross((x + SYMBOL / 2 + 16 * i, y), faith))
    elif key.startswith("mark "):
        word = _mark_word(key)
        marks.texts.append(Text((x, y), word, 11, MARK, True, False, "start", "key-mark", text_width(word, 11, True)))


def _mark_word(key: str) -> str:
    """The word a mark's key shows: the mark itself, or a sample of a centre's value."""
    return "9" if key == "mark value" else key[5:]
