"""One game as one viewer may see it, for the browser to draw: the payload sent when a
game, the viewer or the no-spoilers mode is chosen, and with no spoilers again as the
viewer steps onto the last turn it holds.

It is built from the projection (`review.projection.project`) and holds nothing the
viewer may not see: a note hidden from them carries only its turn; their own cards
have no face, no truth and no card they drew; another player's deduced tier is only
its common one; with no spoilers, nothing after `turns` (the turn reached and the
next one): no later turn, move, note, figure, final score or evaluation curve.
assets/review.js and board.js only draw it.

Its shape (keys of the dict; a list per turn is indexed by the turn):

- the game: `key`, `name`, `players`, `viewer` (index or null), `suits` (each with its
  look: colour, ink, pale, name; letter, symbol as logs write it, label and abbr
  as hanab.live shows them (table.suit_labels), tops), `max_rank`,
  `joker`, `joker_colour`, `joker_label`, `joker_look`, `special` (the special rank's
  words, or null), `rank_heads`, `coins`, `lives`, `perfect`,
  `words`, `lesson`, `badges` ([text, class] per badge bit), `glyphs`, `lines`,
  `hidden_mark`, `hidden_note`, `hidden_hover`, `tier_for`, `view_note`;
- the reach: `spoilers`, `turns` (the last turn held), `total` (the record's last turn;
  null with no spoilers), `end` (whether `turns` is the record's last), `illegal`
  (only once the end is held), `evaluation` (whether the curve is offered);
- the links: `links` (per tier, the view's URL with `turn=-1` for the turn: links.py);
- per turn, `clock` (series), `moves` ([words, [finding indices, worst first]]),
  `turn_data` (below), `summaries` (distinct summary cards, indexed by turn data);
- `findings`: {turn, hidden: true} or {turn, kind, label, severity, message, hover,
  marker}, in turn order;
- `turn_data[t]`: the table (rows, score, coins, lives, pile, max_score, pace,
  efficiency, needed (hanab.live's needed efficiency), lives_text, final, action,
  comment, ending, discards (with the turn each card was thrown), next, strikes (the
  turns a life or strike was lost)), `actor` (who
  acted at t, -1 at the deal), `clue` (the clue given at t: from, to, words, slots
  touched, text, reading {focus slot, words} as the viewer may read it, or null; null
  for a play or discard: dashboards/clues.py), `hands`
  (per player, per slot, a list in `card_fields` order; `look` is [suit index, special],
  `clues` the turns of the clues that touched it), `hidden` (finding indices
  shown as hidden at t), `listed` (how many findings are listed at t), `until` (the
  last turn the moves and the chart show at t), `reach` (the furthest turn the viewer
  may step to from t), `summary`;
- added by callbacks.py: `start` (the turn to go to, null to stay) and, on an answer to
  the browser's ask for the next turn, `extends: true`.
"""

from __future__ import annotations

import json
from pathlib import PurePath
from typing import Any

from nova_replay.knowledge.perspective import Perspective
from nova_replay.review.analysis import Analysis, Finding
from nova_replay.review.needed import cards_gotten, clues_still_usable, needed_efficiency
from nova_replay.review.projection import View, project
from nova_replay.review.vocabulary import HIDDEN_MARKER, Severity
from nova_replay.rules.cards import Card, rank_text
from nova_replay.rules.rulesets import Ruleset
from nova_replay.rules.words import words

from .clues import ClueMarks, clue_of
from .links import link_templates
from .panels import (
    HOVER_WIDTH,
    LINES,
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
    strike_turns,
    suit_labels,
    suit_look,
    viewer_note,
)

BADGE_BITS = {key: 1 << i for i, key in enumerate(BADGES)}
# A card in a hand is a list of these, in this order (compact: a 5-player game has
# thousands); text, colour and truth are None, None, -1 for a card its viewer holds.
# The payload sends the order (`card_fields`) and the browser reads it from there.
CARD_FIELDS = ("text", "colour", "touched", "hinted", "deduced", "common", "truth", "badges",
               "notes", "look", "clues")


def view_of(analysis: Analysis, options: ViewOptions, reached: int = 0) -> View:
    """What the payload holds: the whole record with spoilers; with no spoilers the
    turns up to `reached` and the next one (a step forward is drawn at once)."""
    seen = Perspective(options.viewer)
    if not options.no_spoilers:
        return project(analysis, seen)
    turns = analysis.timeline.turns
    return project(analysis, seen, until=min(max(reached, 0) + 1, turns))


def game_payload(key: str, analysis: Analysis, options: ViewOptions,
                 illegal: tuple[int, str] | None = None, reached: int = 0) -> dict[str, Any]:
    """`analysis` as `options` (viewer, no spoilers) let it be seen, `reached` the turn
    the viewer is at (with no spoilers the payload holds it and the next one);
    `options.tier` is not used: each card carries all three tiers. `illegal`: the
    turn at which the log turned illegal and why (the analysis stops the turn before)."""
    view = view_of(analysis, options, reached)
    game = analysis.record.game
    rules = game.ruleset
    m = rules.max_rank
    labels = suit_labels(rules)
    suits = [{**suit_look(rules.suit_colour(i), rules.suit_name(i)),
              "letter": s, "symbol": rules.suit_letter(i),
              "label": labels[i][0], "abbr": labels[i][1],
              "tops": ["–", *(rank_text(rules.top_rank(i, h), s) for h in range(1, m + 1))]}
             for i, s in enumerate(rules.suits)]
    summaries: dict[str, int] = {}
    note = hidden_note(analysis, options.viewer) if options.viewer is not None else ""
    order = sorted(range(len(view.notes)), key=lambda k: view.notes[k].turn)
    at = {view.notes[k].index: n for n, k in enumerate(order)}  # finding -> its place
    marks = ClueMarks(analysis)
    turns = [turn_data(view, t, options, summaries, at, marks) for t in range(view.until + 1)]
    players = list(game.players)
    end = view.until == analysis.timeline.turns
    return {
        "key": key, "name": PurePath(analysis.record.file).stem or key,
        "turns": view.until, "total": analysis.timeline.turns if view.spoilers else None,
        "end": end, "viewer": options.viewer,
        "spoilers": view.spoilers, "players": players,
        "evaluation": view.spoilers and options.viewer is None,
        "links": link_templates(key, None if options.viewer is None else players[options.viewer],
                                not view.spoilers, conventions_of(analysis)),
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
        "clock": clock_series(analysis, view.until),
        "lines": [list(line) for line in LINES],
        "findings": [finding_data(analysis, view.notes[k].finding, view.notes[k].turn)
                     for k in order],
        "hidden_mark": list(HIDDEN_MARKER),
        "hidden_note": note, "hidden_hover": plot_text(note, HOVER_WIDTH),
        "summaries": [json.loads(s) for s in summaries],
        "turn_data": turns,
        "moves": moves_data(view, at),
        "glyphs": {str(sev): [sev.glyph, sev.meaning] for sev in Severity},
        "illegal": list(illegal) if illegal and end else None,
        "lesson": lesson_of(analysis),
        "conventions": None if analysis.reading is None else str(analysis.reading.conventions),
    }


def conventions_of(analysis: Analysis) -> str:
    """The conventions `analysis` read its clues by, as the selector and a link say them
    ("h-group:N", or "none")."""
    return "none" if analysis.reading is None else str(analysis.reading.conventions)


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


def moves_data(view: View, at: dict[int, int]) -> list[list[Any]]:
    """The move list: per turn, the move in a few words and the places (`at`) of its
    findings, worst first (`Severity.order`; a hidden one, whose severity is not sent,
    after them), so that the first shown gives the glyph."""
    on: dict[int, list[tuple[int, int]]] = {}
    for n in view.notes:
        worst = n.finding.severity.order if n.finding is not None else len(Severity)
        on.setdefault(n.turn, []).append((worst, at[n.index]))
    return [[move_text(view.analysis, t), [i for _, i in sorted(on.get(t, []))]]
            for t in range(view.until + 1)]


def turn_data(view: View, turn: int, options: ViewOptions, summaries: dict[str, int],
              at: dict[int, int], marks: ClueMarks | None = None) -> dict[str, Any]:
    """One turn: the table, every hand as the viewer sees it (`View.hand`), the
    findings shown as hidden and listed, and the summary (an index into `summaries`,
    which collects the distinct ones)."""
    analysis = view.analysis
    game = analysis.record.game
    state = analysis.timeline[turn]
    lives_text, final_text = counter_texts(analysis, turn)
    point = analysis.clock[turn]
    rules = game.ruleset
    marks = marks or ClueMarks(analysis)
    # Efficiency counts touched cards that are not trash, the viewer's own too.
    efficiency = None if options.viewer is not None or point.efficiency is None else (
        f"{point.efficiency:.2f}")
    # hanab.live's "needed" beside it: the cards still to get per clue still usable
    tk = analysis.knowledge
    needed = None if options.viewer is not None else needed_efficiency(
        cards_gotten(state, tk.statuses[turn], tk.hinted_in_hands[turn]), point.max_score,
        clues_still_usable(game, state, tk.statuses[turn], state.coins))
    summary = json.dumps(summary_facts(view, turn), ensure_ascii=False)
    hands = []
    for p in range(len(game.players)):
        cards: list[list[Any]] = []
        real = analysis.knowledge.of(turn, p)
        for slot, seen in enumerate(view.hand(turn, p)):
            k = seen.knowledge
            face = None if seen.card is None else game.deck[seen.card]
            fields = {
                "text": None if face is None else rules.card_text(face),
                "colour": None if face is None else card_colour(face, rules),
                "touched": int(k.touched), "hinted": k.hinted, "deduced": k.deduced,
                "common": k.common,
                "truth": -1 if seen.card is None else analysis.ids.of_card[seen.card],
                "badges": sum(BADGE_BITS[b]
                              for b in badges(analysis, turn, p, slot, real[slot], options)),
                "notes": notes_on(analysis, real[slot].card, options),
                "look": None if face is None else card_look(face, rules),
                # clues are public: every viewer sees which clues touched a card
                "clues": marks.history(real[slot].card, turn),
            }
            cards.append([fields[name] for name in CARD_FIELDS])
        hands.append(cards)
    last = turn == analysis.timeline.turns
    until = view.listed_until(turn)
    return {
        "rows": list(state.rows), "score": state.score, "coins": state.coins,
        "lives": state.lives, "pile": state.draw_pile(game),
        "max_score": point.max_score, "pace": point.pace, "efficiency": efficiency,
        "needed": None if needed is None else f"{needed:.2f}",
        "lives_text": lives_text, "final": final_text,
        "action": action_text(analysis, turn, options), "comment": comment_of(analysis, turn),
        "ending": state.ending if state.ending is not None and last else None,
        "discards": [[letter, [[text, int(lost), short, at] for text, lost, short, at in cards]]
                     for letter, cards in discard_groups(analysis, turn)],
        "next": state.player(game) if not state.over else -1,
        "strikes": strike_turns(analysis, turn),
        "actor": analysis.timeline[turn - 1].player(game) if turn else -1,
        "clue": clue_of(analysis, turn, Perspective(options.viewer)),
        "hands": hands, "hidden": sorted(at[i] for i in view.hidden_at(turn)),
        "listed": len(view.listed(turn)), "until": until,
        "reach": view.until if view.spoilers else min(turn + 1, analysis.timeline.turns),
        "summary": summaries.setdefault(summary, len(summaries)),
    }


def clock_series(analysis: Analysis, until: int) -> dict[str, list[int]]:
    """The draw-pile clock's lines, one value per turn up to `until`."""
    return {field: [getattr(p, field) for p in analysis.clock[:until + 1]]
            for field in ("turn", "draw_pile", "pace", "score", "max_score")}


def finding_data(analysis: Analysis, f: Finding | None, turn: int) -> dict[str, Any]:
    """A finding with its words (the game's: `words`) and the chart marker it gets (or
    None); a hidden one (None) is its turn alone."""
    if f is None:
        return {"turn": turn, "hidden": True}
    w = words(analysis.record.game.ruleset)
    marker = f.kind.marker(w)
    return {"turn": f.turn, "kind": f.kind, "label": f.kind.label(w),
            "severity": f.severity, "message": f.message,
            "hover": plot_text(f.message, HOVER_WIDTH),
            "marker": list(marker) if marker else None}
