"""The rules of one game: ``RULES`` (what holds), ``SET RULE`` (a variant option for this game only),
``GM <action>`` (a decision the variant's rules leave to the GM).

A game's overrides live in ``game.rules`` and the game's variant is loaded
with them (:func:`judge.turns.gameview.variant_of`), so nothing here asks
which variant it plays: the ruleset lists its options (``rule_options``) and
its decisions (``gm_actions``, pure functions on the state), and checks the
options itself when the variant is made (``judge.variants.load_variant``).
"""

from __future__ import annotations

from judge.commands.anyone import peek
from judge.commands.session import Handle, Refused, Session
from judge.engine.codec import state_to_json
from judge.engine.discretion import ActionError, GmAction, OptionError, RuleOption, show
from judge.engine.state import GameState
from judge.engine.variant import Variant
from judge.reading.language import Command
from judge.render import DecisionLine, Rendered, RuleLine, RulesContext, render_provinces, render_rules
from judge.render.words import place
from judge.store import Game, UnknownGame
from judge.turns.gameview import state_of, variant_of
from judge.variants import available_variants, load_variant


def _handle(s: Session) -> Handle:
    handle = s.current()
    assert handle is not None  # the dispatcher checked the sign-on
    return handle


def rules_mail(judge: str, game: Game, gm: bool) -> Rendered:
    """The game's rule options (now and by default) and the GM's decisions; the GM sees every decision's value."""
    variant = variant_of(game)
    defaults = {o.name: o for o in load_variant(game.variant).ruleset.rule_options()}
    options = [RuleLine(o.name, show(o.value), show(defaults[o.name].value if o.name in defaults else o.value),
                        o.allowed(), o.note) for o in variant.ruleset.rule_options()]
    state = state_of(game, variant)
    decisions = [DecisionLine(a.usage, a.summary, _current(a, state) if gm or a.public else "")
                 for a in variant.ruleset.gm_actions()]
    values = sorted((place(variant.map, c).name, v) for c, v in variant.ruleset.centre_values(state).items())
    return render_rules(RulesContext(judge, game.name, variant.name.title(), options, decisions, values))


def _current(action: GmAction, state: GameState | None) -> str:
    if action.current is None:
        return ""
    return action.current(state) if state is not None else "set once the game has started"


def do_rules(s: Session, cmd: Command) -> str:
    name = cmd.args["game"] or s.game
    if name is None:
        raise Refused("RULES needs a game name (RULES game1), unless you signed on to the game")
    game = peek(s, name)
    rendered = rules_mail(s.judge.name, game, gm=s.role == "gm" and s.game == game.name)
    s.reply_to_sender(rendered.subject, rendered.body, html=rendered.html)
    return f"the rules of '{game.name}' are in a separate mail"


def _option(variant: Variant, name: str) -> RuleOption:
    options = {o.name: o for o in variant.ruleset.rule_options()}
    option = options.get(name.replace("-", "_"))
    if option is None:
        known = ", ".join(options) or "none"
        raise Refused(f"{variant.name} has no rule option '{name}' (its options: {known}; RULES lists them)")
    return option


def do_set_rule(s: Session, cmd: Command) -> str:
    """SET RULE option value: the option for this game only; without a value, the rules are mailed."""
    handle = _handle(s)
    game, name, written = handle.game, cmd.args["option"], cmd.args["value"]
    if name is None:
        rendered = rules_mail(s.judge.name, game, gm=True)
        s.reply_to_sender(rendered.subject, rendered.body, html=rendered.html)
        return f"the rules of '{game.name}' are in a separate mail"
    option = _option(handle.variant, name)
    default = _option(load_variant(game.variant), option.name).value
    if written is None:
        note = f": {option.note}" if option.note else ""
        return f"{option.name} = {show(option.value)} (default {show(default)}; takes {option.allowed()}){note}"
    try:
        chosen = option.read(written)
        rules = {k: v for k, v in game.rules.items() if k != option.name}
        if chosen != default:
            rules[option.name] = chosen
        load_variant(game.variant, rules)  # the ruleset's own check of the options it gets
    except OptionError as exc:
        raise Refused(str(exc)) from None
    game.rules = rules
    handle.reload()
    said = f"{option.name} = {show(chosen)} (the variant's default: {show(default)})"
    s.announce(game.name, f"The rule option {said}" + (f"; {option.note}." if option.note else "."))
    return f"{said}; everyone is told"


def do_gm_action(s: Session, cmd: Command) -> str:
    """GM action words: one of the decisions the ruleset offers, applied to the stored state."""
    handle = _handle(s)
    game, variant = handle.game, handle.variant
    actions = {a.name: a for a in variant.ruleset.gm_actions()}
    if not actions:
        raise Refused(f"{variant.name} leaves no decision to the GM that is made with GM (SET RULE changes options)")
    action = actions.get(cmd.args["action"])
    if action is None:
        raise Refused(f"{variant.name} has no GM decision {cmd.args['action']} (it has: {', '.join(actions)})")
    if game.status not in ("active", "paused") or handle.state is None:
        raise Refused(f"'{game.name}' is {game.status}: decisions are made while it is played")
    try:
        state, note = action.decide(handle.state, cmd.args["words"])
    except ActionError as exc:
        raise Refused(f"{exc} (write GM {action.usage})") from None
    game.state = state_to_json(state)
    game.extra.setdefault("decisions", []).append({"action": action.name, "words": cmd.args["words"]})
    if action.public:
        s.announce(game.name, f"{note[:1].upper()}{note[1:]}.")
        return f"{note}; everyone is told"
    return note


def do_provinces(s: Session, cmd: Command) -> str:
    """PROVINCES [game|variant]: the board's names within reach, in a separate mail (a game's centres with owners)."""
    name = cmd.args["game"] or s.game
    if name is None:
        raise Refused("PROVINCES needs a game or a variant (PROVINCES game1, PROVINCES standard), "
                      "unless you signed on to the game")
    try:
        game: Game | None = s.peek(name)
    except UnknownGame:
        game = None
    if game is None:
        if name.lower() not in available_variants():
            raise Refused(f"there is no game or variant named '{name}' (send LIST for the games, HELP for "
                          "the variants)")
        rendered = render_provinces(s.judge.name, f"the {name.lower()} variant", load_variant(name.lower()).map)
    else:
        variant = variant_of(game)
        state = state_of(game, variant)
        owners = {c: p for p, cs in state.centers.items() for c in cs} if state is not None else None
        rendered = render_provinces(s.judge.name, f"game '{game.name}' ({variant.name})", variant.map, owners)
    s.reply_to_sender(rendered.subject, rendered.body)
    return f"the provinces of '{name}' are in a separate mail"
