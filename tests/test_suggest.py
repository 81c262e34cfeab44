"""What a convention player would have done: offered after a blunder or mistake when
the convention bot's move, from the mover's own view, avoids the fault."""

from __future__ import annotations

import json

from click.testing import CliRunner
from helpers import SAMPLES

from nova_replay.cli import main
from nova_replay.play.suggest import suggestions
from nova_replay.review.analysis import analyze
from nova_replay.review.vocabulary import Severity
from nova_replay.review.whatif import alternative
from nova_replay.rules.engine import legal_actions

LOST_FIVE = SAMPLES / "nova-4p-lost-five-bots.json"


def test_each_suggestion_is_a_legal_other_move_that_avoids_the_fault() -> None:
    checked = 0
    for path in [LOST_FIVE, SAMPLES / "hanabi-2p.json", SAMPLES / "nova-3p-bots.json",
                 SAMPLES / "nova-4p-careless-bots.json"]:
        a = analyze(str(path))
        faulted = a.faulted_turns()
        for turn, s in suggestions(a).items():
            assert turn in faulted
            before = a.timeline[turn - 1]
            assert s.player == before.player(a.record.game)
            assert s.action in legal_actions(a.record.game, before)
            assert s.action != a.timeline.actions[turn - 1]
            alt = alternative(a, turn, s.action)
            assert not [f for f in alt.notes_at(turn) if f.severity.is_fault]
            assert alt.clock[turn].max_score >= a.clock[turn].max_score
            checked += 1
    assert checked >= 10


def test_the_lost_five_lesson_suggests_a_play_instead_of_discarding_a_hinted_four() -> None:
    # Turn 26: Ben discarded 4♥, a hinted card still needed (a mistake).
    a = analyze(str(LOST_FIVE))
    assert [f.kind for f in a.notes_at(26)] == ["discard_hinted"]
    s = suggestions(a)[26]
    assert s.text == ("A convention player would have played slot 3 (the focus of the play hint "
                      "of turn 24).")
    hand = a.timeline[25].hands[s.player]
    assert hand.index(s.action.card) == 2  # slot 3


def test_analyze_shows_suggestions_and_json_carries_them_on_faults_only() -> None:
    runner = CliRunner()
    text = runner.invoke(main, ["analyze", str(LOST_FIVE)]).stdout
    lines = text.splitlines()
    at = next(i for i, line in enumerate(lines) if line.startswith("Turn  26"))
    assert lines[at + 1].startswith("          mistake: Ben discarded 4♥")
    assert lines[at + 2].startswith("          Suggestion: A convention player would have "
                                    "played slot 3 (the focus of the play hint")
    report = json.loads(runner.invoke(main, ["analyze", str(LOST_FIVE), "--json"]).stdout)
    with_suggestion = [f for f in report["findings"] if f["suggestion"]]
    assert with_suggestion and all(Severity(f["severity"]).is_fault for f in with_suggestion)
    assert [f["turn"] for f in with_suggestion if f["turn"] == 26] == [26]
    assert all(f["suggestion"] is None for f in report["findings"] if f["turn"] == 14)  # good


def test_as_a_player_only_their_own_turns_get_suggestions() -> None:
    runner = CliRunner()
    as_carla = runner.invoke(main, ["analyze", str(LOST_FIVE), "--as", "Carla"]).stdout
    as_ben = runner.invoke(main, ["analyze", str(LOST_FIVE), "--as", "Ben"]).stdout
    # Ben's turns (6, 10, 26) are Ben's to see; Carla sees only her own turns' suggestions.
    seen = []
    for line in as_carla.splitlines():
        if line.startswith("Turn "):
            mover = line.split("?", 1)[-1].split()[0]
        elif "Suggestion:" in line:
            seen.append(mover)
    assert seen and set(seen) == {"Carla"}
    assert "Suggestion: A convention player would have played slot 3 (the focus" in as_ben
