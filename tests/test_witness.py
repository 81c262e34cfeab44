"""The solver's witness a player could follow (issue 22, point 2): a `lost_points` note
names a move its player could know safe whenever one keeps the figure, and says "could
not know" only when none does."""

from __future__ import annotations

from helpers import SAMPLES

from nova_replay.review.analysis import analyze
from nova_replay.review.evaluation import evaluate
from nova_replay.review.whatif import avoids_faults, knowing
from nova_replay.rules.engine import apply, legal_actions
from nova_replay.rules.game import Hint
from nova_replay.solver.exact import solve


def test_a_knowable_hint_is_named_when_the_solvers_own_move_was_unknowable() -> None:
    # Turn 9: Anna discards 5♥ (20 -> 19). The solver's line starts by playing A♦, a card
    # Anna knew nothing about; a hint keeps 20 too, and Anna could give one.
    a = analyze(str(SAMPLES / "nova-2p-careless-bots.json"))
    e = evaluate(a)
    before = e.points[8]
    assert before.exact and before.lower == 20
    assert knowing(a, 9, before.witness[0]) is None  # the solver's own first move
    (f,) = [f for f in e.findings if f.turn == 9]
    assert ("Anna could have hinted 2s to Ben instead: played on by players knowing every "
            "card, that line still reaches 20.") in f.message
    assert "could not know" not in f.message and f.details["needs_knowledge"] is False
    assert f.details["witness"] == "hinted 2s to Ben"
    # The named hint really keeps 20 (a line replayed through the engine) and draws no fault;
    # clubs, tried before it, is a bad clue by the conventions (Ben would read his 2♣ as A♣).
    game, state = a.timeline.game, a.timeline[8]
    (hint,) = [h for h in legal_actions(game, state)
               if isinstance(h, Hint) and game.describe_hint(h) == "2s" and h.to == 1]
    (clubs,) = [h for h in legal_actions(game, state)
                if isinstance(h, Hint) and game.describe_hint(h) == "clubs" and h.to == 1]
    assert avoids_faults(a, 9, hint) and not avoids_faults(a, 9, clubs)
    state = apply(game, state, hint)
    line = solve(game, state)
    for action in line.witness:
        state = apply(game, state, action)
    assert line.lower == state.score == 20


def test_could_not_know_only_when_every_knowable_move_falls_short() -> None:
    # Turn 39: Dev plays a card that loses a point (24 -> 23). Dev knew no card playable or
    # trash; every hint Dev could give is proven to reach 23 at most.
    a = analyze(str(SAMPLES / "nova-5p-finale-jokers-bots.json"))
    e = evaluate(a)
    assert e.points[38].exact and e.points[38].lower == 24
    game, state = a.timeline.game, a.timeline[38]
    knowable = [m for m in legal_actions(game, state) if knowing(a, 39, m) is not None]
    assert knowable  # there were moves Dev could follow, hints among them
    assert all(solve(game, apply(game, state, m)).upper < 24 for m in knowable)
    (f,) = [f for f in e.findings if f.turn == 39]
    assert ("but Dev could not know it: played on by players knowing every card, that line "
            "still reaches 24.") in f.message
    assert f.details["needs_knowledge"] is True
