"""Pure layout functions for one moment of a game: the table (rows, coins, lives,
draw pile, discards, the action in words) and every hand with its knowledge grids.

Each takes the analysis, a turn and the review options and returns Dash components;
no callback or global state is involved, so tests call them directly. Text from the
log (names, comments) is passed as children, which Dash renders as text, never HTML.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from dash import html

from nova_replay.record.hanablive import card_notes
from nova_replay.review.analysis import Analysis
from nova_replay.review.knowledge import CardKnowledge, knows_exactly, knows_playable, knows_trash
from nova_replay.review.perspective import Perspective
from nova_replay.review.status import final_turns_left
from nova_replay.rules.cards import SUITS, Card, rank_text
from nova_replay.rules.game import Game
from nova_replay.rules.words import plural, words
from nova_replay.views.text import describe_turn

TIERS = ("hinted", "deduced", "common")
JOKER_COLOUR = "#6a1b9a"


@dataclass(frozen=True)
class ViewOptions:
    """How the reviewer looks at the game: which knowledge tier, whose eyes (None =
    the reviewer, who sees every card), and whether the future is hidden."""

    tier: str = "deduced"
    viewer: int | None = None
    no_spoilers: bool = False

    def perspective(self, turn: int | None = None) -> Perspective:
        """The viewer's eyes at `turn`: the rules of what they may see live there."""
        return Perspective(self.viewer, turn, spoilers=not self.no_spoilers)

    def hides(self, player: int) -> bool:
        return self.perspective().hides_hand(player)

    def tier_for(self, player: int) -> str:
        """The tier drawn for `player`'s cards (`Perspective.tier_for`)."""
        return self.perspective().tier_for(player, self.tier)

    def knowledge_for(self, player: int, k: CardKnowledge) -> CardKnowledge:
        """`k` as the viewer may know it (`Perspective.knowledge_for`)."""
        return self.perspective().knowledge_for(player, k)


def card_colour(card: Card) -> str:
    return JOKER_COLOUR if card.is_joker else SUITS[card.suit].colour


def card_face(card: Card | None, extra: str = "") -> html.Div:
    """A card's face: rank and suit symbol in the suit's colour; None = face down."""
    if card is None:
        return html.Div("?", className=f"card-face hidden {extra}".strip(),
                        title="hidden: its holder cannot see it")
    return html.Div(card.show(), className=f"card-face {extra}".strip(),
                    style={"color": card_colour(card), "borderColor": card_colour(card)},
                    title=f"{card.show()} ({'joker' if card.is_joker else SUITS[card.suit].name})")


def action_text(analysis: Analysis, turn: int, options: ViewOptions) -> str:
    """The action of `turn` in words; as player X, the card X drew stays unsaid."""
    timeline = analysis.timeline
    if turn == 0:
        return f"Turn 0: the deal ({timeline.game.hand_size} cards each)."
    return f"Turn {turn}: {describe_turn(timeline, turn, options.perspective(turn))}"


def comment_of(analysis: Analysis, turn: int) -> str | None:
    if turn == 0:
        return None
    return analysis.record.log.actions[turn - 1].comment


def table_view(analysis: Analysis, turn: int, options: ViewOptions) -> html.Div:
    """Rows, coins, lives, draw pile, the final round, the action and its comment,
    and the discard pile grouped by suit with lost critical cards marked."""
    game = analysis.record.game
    state = analysis.timeline[turn]
    rules = game.ruleset
    w = words(rules)
    rows = []
    for s, height in enumerate(state.rows):
        letter = rules.suits[s]
        suit = SUITS[letter]
        top = rank_text(height, letter) if height else "–"
        rows.append(html.Div(
            [html.Span(suit.symbol, className="row-symbol"), html.Span(top, className="row-top")],
            className="row-pile" + (" complete" if height == rules.max_rank else ""),
            style={"color": suit.colour, "borderColor": suit.colour},
            title=f"{rules.suit_name(s)}: {top if height else 'empty'}",
        ))
    counters = [
        _counter("Score", f"{state.score} / {rules.perfect_score}", "score"),
        _counter(f"{w.coin.capitalize()}s", "●" * state.coins + "○" * (rules.coins - state.coins),
                 "coins", f"{state.coins} of {rules.coins} {w.coin}s"),
        _counter("Strikes" if w.strikes else "Lives",
                 "♥" * state.lives + "♡" * (rules.lives - state.lives), "lives",
                 w.lives_left(state.lives, rules.lives)),
        _counter("Draw pile", str(state.draw_pile(game)), "draw-pile"),
    ]
    turns = final_turns_left(state)
    if turns:
        counters.append(_counter("Final round", f"{plural(turns, 'turn')} left", "final-round"))
    if rules.kinds:  # a hanab.live variant: the clues that exist
        colours = ", ".join(rules.clue_colours) or "none"
        ranks = ", ".join(map(str, rules.clue_ranks)) or "none"
        counters.append(_counter("Clues", f"{colours}; ranks {ranks}", "variant-clues",
                                 f"{rules.variant}: clue colours {colours}; rank clues {ranks}"))
    action: list[Any] = [html.Div(action_text(analysis, turn, options), id="action-text",
                                  className="action")]
    comment = comment_of(analysis, turn)
    if comment:
        action.append(html.Blockquote(comment, id="comment", className="comment"))
    if state.ending is not None and turn == analysis.timeline.turns:
        action.append(html.Div(f"Game over: {state.ending}.", className="ending"))
    return html.Div([
        html.Div(rows, className="rows", id="rows"),
        html.Div(counters, className="counters"),
        html.Div(action, className="action-box"),
        discard_view(analysis, turn),
    ], className="table-view")


def _counter(label: str, value: str, key: str, title: str = "") -> html.Div:
    return html.Div([html.Span(label, className="counter-label"),
                     html.Span(value, className="counter-value", id=f"counter-{key}")],
                    className="counter", title=title or f"{label}: {value}")


def discard_view(analysis: Analysis, turn: int) -> html.Div:
    """The discard pile (misfires too), one line per suit, lost critical cards marked."""
    game = analysis.record.game
    state = analysis.timeline[turn]
    lost = analysis.lost_cards(turn)
    groups: dict[str, list[int]] = {s: [] for s in game.ruleset.suits}
    jokers: list[int] = []
    for c in sorted(state.discards, key=lambda c: game.rank_of[c]):
        card = game.deck[c]
        (jokers if card.is_joker else groups[card.suit]).append(c)
    lines = []
    for letter, cards in [*groups.items(), *([("*", jokers)] if jokers else [])]:
        label = "JK" if letter == "*" else SUITS[letter].symbol
        colour = JOKER_COLOUR if letter == "*" else SUITS[letter].colour
        chips = [
            html.Span(game.deck[c].show(),
                      className="chip lost" if c in lost else "chip",
                      title="lost critical card" if c in lost else game.deck[c].show(),
                      style={"color": colour})
            for c in cards
        ] or [html.Span("–", className="chip-none")]
        lines.append(html.Div([html.Span(label, className="discard-suit",
                                         style={"color": colour}), *chips],
                              className="discard-line"))
    return html.Div([html.Div("Discard pile", className="section-title"),
                     html.Div(lines, className="discards", id="discards")],
                    className="discard-box")


def knowledge_grid(analysis: Analysis, k: CardKnowledge, tier: str, show_truth: bool) -> html.Div:
    """A small suits x ranks grid: possible, ruled out, and (if shown) the truth."""
    ids = analysis.ids
    game = analysis.record.game
    mask: int = getattr(k, tier)
    truth = ids.of_card[k.card] if show_truth else -1
    m = game.ruleset.max_rank
    children: list[Any] = [_span("gcorner")]
    children += [_span("ghead", rank_text(r, game.ruleset.suits[0])) for r in range(1, m + 1)]
    for s, letter in enumerate(game.ruleset.suits):
        suit = SUITS[letter]
        children.append(_span("glabel", suit.symbol, {"color": suit.colour}))
        for r in range(m):
            i = s * m + r
            children.append(_cell(i, mask, truth, suit.colour))
    if ids.joker >= 0:
        children.append(_span("glabel", "JK", {"color": JOKER_COLOUR}))
        children.append(_cell(ids.joker, mask, truth, JOKER_COLOUR))
    return html.Div(children, className=f"kgrid tier-{tier}",
                    style={"gridTemplateColumns": f"12px repeat({m}, 11px)"},
                    title=f"{tier} knowledge: filled = possible, empty = ruled out"
                          + (", ringed = the truth" if show_truth else ""))


def _span(cls: str, text: str | None = None, style: dict[str, str] | None = None
          ) -> dict[str, Any]:
    """An html.Span as the plain dict Dash sends: the grids have hundreds of spans, and
    skipping the component class halves the cost of a turn change. Text stays text."""
    props: dict[str, Any] = {"className": cls}
    if text is not None:
        props["children"] = text
    if style:
        props["style"] = style
    return {"type": "Span", "namespace": "dash_html_components", "props": props}


def _cell(i: int, mask: int, truth: int, colour: str) -> dict[str, Any]:
    possible = (mask >> i) & 1
    cls = "gcell on" if possible else "gcell off"
    if i == truth:
        cls += " truth"
    return _span(cls, None, {"backgroundColor": colour} if possible else None)


def badges(analysis: Analysis, turn: int, player: int, slot: int, k: CardKnowledge,
           options: ViewOptions) -> list[html.Span]:
    """What the holder knows of the card (as `options.knowledge_for` lets the viewer
    see it), whether it is critical (never on the viewer's own cards), and the chop."""
    st = analysis.knowledge.statuses[turn]
    k = options.knowledge_for(player, k)
    out = []
    if knows_playable(k, st):
        out.append(("knows playable", "b-playable"))
    if knows_trash(k, st):
        out.append(("knows trash", "b-trash"))
    if knows_exactly(k):
        out.append(("knows exactly", "b-exact"))
    if not options.hides(player) and (st.critical >> analysis.ids.of_card[k.card]) & 1:
        out.append(("critical", "b-critical"))
    if analysis.chop(turn, player) == slot:
        out.append(("chop", "b-chop"))
    return [html.Span(text, className=f"badge {cls}") for text, cls in out]


def hands_view(analysis: Analysis, turn: int, options: ViewOptions) -> html.Div:
    """Every hand, slot 1 (newest) on the left: truth, badges, knowledge grid."""
    game: Game = analysis.record.game
    state = analysis.timeline[turn]
    to_play = state.player(game) if not state.over else -1
    notes = card_notes(analysis.record.log)
    hands = []
    for p, name in enumerate(game.players):
        hidden = options.hides(p)
        cards = []
        for slot, k in enumerate(analysis.knowledge.of(turn, p)):
            noted = [html.Div(f"{who}: {note}", className="card-note")
                     for who, note in notes.get(k.card, ())]
            cards.append(html.Div([
                html.Div(f"slot {slot + 1}", className="slot"),
                card_face(None if hidden else game.deck[k.card],
                          "touched" if k.touched else ""),
                *([html.Div(noted, className="card-notes", title="players' notes (hanab.live)")]
                  if noted else []),
                html.Div(badges(analysis, turn, p, slot, k, options), className="badges"),
                knowledge_grid(analysis, k, options.tier_for(p), show_truth=not hidden),
            ], className="hand-card", id=f"card-{p}-{slot}"))
        title = [html.Span(name, className="player-name")]
        if p == to_play:
            title.append(html.Span("to play", className="tag tag-next"))
        if hidden:
            title.append(html.Span("your hand (hidden)", className="tag tag-you"))
        hands.append(html.Div([html.Div(title, className="hand-title"),
                               html.Div(cards, className="hand-cards")],
                              className="hand" + (" next" if p == to_play else ""),
                              id=f"hand-{p}"))
    if options.viewer is not None:
        hands.insert(0, html.Div(viewer_note(game.players[options.viewer], options.tier),
                                 className="view-note muted", id="view-note"))
    return html.Div(hands, className="hands")


def viewer_note(name: str, tier: str) -> str:
    """Why, as player X, other players' knowledge is not their own deductions."""
    what = "others shown as common knowledge" if tier == "deduced" else (
        "others' badges use common knowledge")
    return (f"{what} while viewing as {name}: their own deductions would tell what "
            f"{name} holds.")
