"""One game as the browser needs it to show any turn: the payload sent once when a
game (or the viewer, or the no-spoilers mode) is chosen, after which a turn change
never asks the server again.

Everything in it is decided here, by the analysis and the rules: the cards each
viewer may see, each card's knowledge at every tier as bit masks (identity
`s * max_rank + r - 1`, the joker last), badges, the action in words, the clock and
the findings with the turns at which they are hidden. assets/review.js only draws it.
"""

from __future__ import annotations

import json
from pathlib import PurePath
from typing import Any

from nova_replay.review.analysis import Analysis
from nova_replay.rules.cards import Card, rank_text
from nova_replay.rules.rulesets import Ruleset

from .panels import (
    HIDDEN_MARK,
    HOVER_WIDTH,
    KIND_LABELS,
    LINES,
    MARKED,
    SEVERITY_GLYPHS,
    SEVERITY_ORDER,
    hidden_from,
    hidden_note,
    plot_text,
    summary_facts,
)
from .table import (
    BADGES,
    JOKER_COLOUR,
    TIERS,
    ViewOptions,
    action_text,
    badges,
    card_colour,
    comment_of,
    counter_texts,
    counter_words,
    discard_groups,
    move_text,
    notes_on,
    special_words,
    suit_look,
    viewer_note,
)

BADGE_BITS = {key: 1 << i for i, key in enumerate(BADGES)}
# A card in a hand is a list of these, in this order (compact: a 5-player game has
# thousands); text, colour and truth are None, None, -1 for a card its viewer holds.
CARD_FIELDS = ("text", "colour", "touched", "hinted", "deduced", "common", "truth", "badges",
               "notes", "look")


def hidden_at(analysis: Analysis, turn: int, viewer: int | None) -> frozenset[int]:
    """Indices of the findings hidden from `viewer` at `turn`: the payload's one use
    of the as-player rule (`hidden_from`)."""
    return frozenset(i for i, f in enumerate(analysis.findings)
                     if hidden_from(analysis, f, turn, viewer))


def game_payload(key: str, analysis: Analysis, options: ViewOptions,
                 illegal: tuple[int, str] | None = None) -> dict[str, Any]:
    """Every turn of `analysis` as `options` (viewer, no spoilers) let it be seen;
    `options.tier` is not used: each card carries all three tiers. `illegal`: the
    turn at which the log turned illegal and why (the analysis stops the turn before)."""
    game = analysis.record.game
    rules = game.ruleset
    m = rules.max_rank
    suits = [{**suit_look(rules.suit_colour(i), rules.suit_name(i)),
              "letter": s, "symbol": rules.suit_letter(i),
              "tops": ["–", *(rank_text(h, s) for h in range(1, m + 1))]}
             for i, s in enumerate(rules.suits)]
    summaries: dict[str, int] = {}
    note = hidden_note(analysis, options) if options.viewer is not None else ""
    turns = [turn_data(analysis, t, options, summaries) for t in range(analysis.timeline.turns + 1)]
    players = list(game.players)
    return {
        "key": key, "name": PurePath(analysis.record.file).stem or key,
        "turns": analysis.timeline.turns, "viewer": options.viewer,
        "spoilers": not options.no_spoilers, "players": players,
        "suits": suits, "max_rank": m, "joker": analysis.ids.joker,
        "joker_colour": JOKER_COLOUR, "joker_label": "JK",
        "joker_look": suit_look(JOKER_COLOUR, "joker"),
        "special": special_words(rules),
        "rank_heads": [rank_text(r, rules.suits[0]) for r in range(1, m + 1)],
        "coins": rules.coins, "lives": rules.lives, "perfect": rules.perfect_score,
        "words": counter_words(analysis),
        "card_fields": list(CARD_FIELDS),
        "badges": [[text, cls] for text, cls in BADGES.values()],
        "tier_for": {tier: [ViewOptions(tier, options.viewer).tier_for(p)
                            for p in range(len(players))] for tier in TIERS},
        "view_note": ({tier: viewer_note(players[options.viewer], tier) for tier in TIERS}
                      if options.viewer is not None else None),
        "clock": clock_series(analysis),
        "lines": [list(line) for line in LINES],
        "findings": findings_data(analysis),
        "hidden_mark": list(HIDDEN_MARK),
        "hidden_note": note, "hidden_hover": plot_text(note, HOVER_WIDTH),
        "summaries": [json.loads(s) for s in summaries],
        "turn_data": turns,
        "moves": moves_data(analysis),
        "glyphs": {sev: list(g) for sev, g in SEVERITY_GLYPHS.items()},
        "illegal": list(illegal) if illegal else None,
        "lesson": lesson_of(analysis),
    }


def card_look(card: Card, rules: Ruleset) -> list[int]:
    """How a card is drawn: [its suit's index in `suits` (-1: the joker), 1 if its rank
    is the variant's special rank]."""
    if card.is_joker:
        return [-1, 0]
    special = rules.special is not None and rules.special.rank == card.rank
    return [rules.suits.index(card.suit), int(special)]


def lesson_of(analysis: Analysis) -> dict[str, Any] | None:
    """A lesson game's point (meta.lesson), shown beside the board."""
    meta = analysis.record.log.meta
    note = meta.lesson if meta else None
    if note is None:
        return None
    return {"title": meta.title if meta and meta.title else "", "level": note.level,
            "topic": note.topic, "turn": note.turn, "text": note.text}


def moves_data(analysis: Analysis) -> list[list[Any]]:
    """The move list: per turn, the move in a few words and the indices of its
    findings, worst first (SEVERITY_ORDER), so that the first shown gives the glyph."""
    at: dict[int, list[int]] = {}
    for i, f in enumerate(analysis.findings):
        at.setdefault(f.turn, []).append(i)
    rank = {sev: n for n, sev in enumerate(SEVERITY_ORDER)}
    return [[move_text(analysis, t),
             sorted(at.get(t, []), key=lambda i: rank.get(analysis.findings[i].severity, 9))]
            for t in range(analysis.timeline.turns + 1)]


def turn_data(analysis: Analysis, turn: int, options: ViewOptions,
              summaries: dict[str, int]) -> dict[str, Any]:
    """One turn: the table, every hand, the hidden findings and the summary (an index
    into `summaries`, which collects the distinct ones)."""
    game = analysis.record.game
    state = analysis.timeline[turn]
    hidden = hidden_at(analysis, turn, options.viewer)
    lives_text, final_text = counter_texts(analysis, turn)
    point = analysis.clock[turn]
    rules = game.ruleset
    # Efficiency counts touched cards that are not trash, the viewer's own too.
    efficiency = None if options.viewer is not None or point.efficiency is None else (
        f"{point.efficiency:.2f}")
    summary = json.dumps(summary_facts(analysis, turn, options, hidden), ensure_ascii=False)
    hands = []
    for p in range(len(game.players)):
        cards: list[list[Any]] = []
        for slot, k in enumerate(analysis.knowledge.of(turn, p)):
            bits = sum(BADGE_BITS[b] for b in badges(analysis, turn, p, slot, k, options))
            if options.hides(p):
                cards.append([None, None, int(k.touched), k.hinted, k.deduced, k.common, -1, bits,
                              notes_on(analysis, k.card, options), None])
            else:
                card = game.deck[k.card]
                cards.append([game.card_text(k.card), card_colour(card, rules), int(k.touched),
                              k.hinted, k.deduced, k.common, analysis.ids.of_card[k.card], bits,
                              notes_on(analysis, k.card, options), card_look(card, rules)])
        hands.append(cards)
    last = turn == analysis.timeline.turns
    return {
        "rows": list(state.rows), "score": state.score, "coins": state.coins,
        "lives": state.lives, "pile": state.draw_pile(game),
        "max_score": point.max_score, "pace": point.pace, "efficiency": efficiency,
        "lives_text": lives_text, "final": final_text,
        "action": action_text(analysis, turn, options), "comment": comment_of(analysis, turn),
        "ending": state.ending if state.ending is not None and last else None,
        "discards": [[letter, [[text, int(lost), short] for text, lost, short in cards]]
                     for letter, cards in discard_groups(analysis, turn)],
        "next": state.player(game) if not state.over else -1,
        "hands": hands, "hidden": sorted(hidden),
        "summary": summaries.setdefault(summary, len(summaries)),
    }


def clock_series(analysis: Analysis) -> dict[str, list[int]]:
    """The draw-pile clock's lines, one value per turn."""
    return {field: [getattr(p, field) for p in analysis.clock]
            for field in ("turn", "draw_pile", "pace", "score", "max_score")}


def findings_data(analysis: Analysis) -> list[dict[str, Any]]:
    """Every finding with its words, and the chart marker it gets (or None)."""
    out = []
    for f in analysis.findings:
        marker = MARKED.get(f.kind)
        out.append({"turn": f.turn, "kind": f.kind, "label": KIND_LABELS.get(f.kind, f.kind),
                    "severity": f.severity, "message": f.message,
                    "hover": plot_text(f.message, HOVER_WIDTH),
                    "marker": list(marker) if marker else None})
    return out
