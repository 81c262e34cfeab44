"""What player X may see at turn t (`review.perspective`), on hand-built games where
the perspective decides what a view shows, and `replay` / `analyze --as PLAYER`."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest
from click.testing import CliRunner
from helpers import build_game, discard, hint, play, timeline

from nova_replay.cli import main
from nova_replay.knowledge.perspective import REVIEWER, Perspective, viewer_of
from nova_replay.record.writer import dumps, log_data
from nova_replay.review.analysis import Analysis, Finding, analyze
from nova_replay.review.projection import project
from nova_replay.rules.game import Game
from nova_replay.rules.rulesets import make_ruleset
from nova_replay.views.review_text import (
    hand_line,
    identities_text,
    knowledge_lines,
    knowledge_text,
    notes_text,
    summary_text,
)
from nova_replay.views.text import describe_turn, game_text, table_text

NOVA = make_ruleset("nova")
ANNA, BEN, CARLA = 0, 1, 2
WORKED = {"Anna": "AH 2D 5D 3C", "Ben": "AS 3D 5H AC", "Carla": "2C 4D AS 2H"}
# Ben and Carla each hold a 3♣: once Ben's is hinted, Anna's 3s hint to Carla (turn 4)
# touches only a copy of a hinted card Anna sees (trash), and the note about it names Ben's
# 3♣ as `related`. (Ben could not give it: he saw his own 3♣ only as a 3, issue #31.)
COPIES = {"Anna": "AH 2D 5D 4H", "Ben": "3C 4D 5H AC", "Carla": "3C 4C AS 2H"}
COPY_STEPS = [hint("Ben", rank=3), hint("Anna", rank=5), hint("Ben", rank=4),
              hint("Carla", rank=3), discard("3C")]
NOTE = 4  # the turn of the only-trash note


def review(game: Game, steps: list) -> Analysis:  # type: ignore[type-arg]
    return analyze(log_data(game, timeline(game, steps).actions))


@pytest.fixture(scope="module")
def copies() -> tuple[Analysis, Finding]:
    a = review(build_game(NOVA, COPIES), COPY_STEPS)
    (f,) = [f for f in a.notes_at(NOTE) if f.kind == "wasted_hint"]
    assert f.details["reason"] == "only_trash" and f.details["related"]
    return a, f


def write_log(tmp_path: Path, game: Game, steps: list) -> str:  # type: ignore[type-arg]
    path = tmp_path / "game.json"
    path.write_text(dumps(log_data(game, timeline(game, steps).actions)), encoding="utf-8")
    return str(path)


# --- findings -------------------------------------------------------------------------

def test_a_note_about_xs_card_is_hidden_from_x_but_shown_to_the_others() -> None:
    a = review(build_game(NOVA, WORKED), [hint("Ben", rank=1), hint("Anna", rank=5),
                                          hint("Anna", rank=2), hint("Ben", rank=1)])
    (f,) = [f for f in a.notes_at(4) if f.kind == "wasted_hint"]
    assert all(c in a.timeline[4].hands[BEN] for c in f.cards)
    assert Perspective(BEN, 4).hides_finding(f, a.timeline)
    assert not Perspective(CARLA, 4).hides_finding(f, a.timeline)
    assert not Perspective(ANNA, 4).hides_finding(f, a.timeline)
    assert not REVIEWER.hides_finding(f, a.timeline)
    assert f.message not in notes_text(a, Perspective(BEN))
    assert "[hidden] A note about your cards, hidden while viewing as Ben." in notes_text(
        a, Perspective(BEN))
    assert f.message in notes_text(a, Perspective(CARLA))


def test_a_trash_hint_naming_xs_hinted_copy_is_hidden_from_x(
        copies: tuple[Analysis, Finding]) -> None:
    a, f = copies
    (copy,) = f.details["related"]
    assert copy in a.timeline[NOTE].hands[BEN] and not set(f.cards) & set(
        a.timeline[NOTE].hands[BEN])
    # Ben holds none of the touched cards: only the related copy hides the note from him.
    assert Perspective(BEN, NOTE).hides_finding(f, a.timeline)
    assert Perspective(CARLA, NOTE).hides_finding(f, a.timeline)
    assert not Perspective(ANNA, NOTE).hides_finding(f, a.timeline)
    # Once Ben has discarded his 3♣ (turn 5), the note tells him nothing he has not seen.
    assert copy in a.timeline[5].discards
    assert not Perspective(BEN, 5).hides_finding(f, a.timeline)
    assert Perspective(CARLA, 5).hides_finding(f, a.timeline)


def test_hiding_is_decided_from_the_findings_cards_never_its_words(
        copies: tuple[Analysis, Finding]) -> None:
    a, f = copies
    silent = replace(f, message="")
    assert Perspective(BEN, NOTE).hides_finding(silent, a.timeline)
    assert Perspective(CARLA, NOTE).hides_finding(silent, a.timeline)
    ben_card = a.timeline[NOTE].hands[BEN][1]
    chatty = replace(f, cards=(), details={},
                     message=f"Ben holds {a.record.game.card_text(ben_card)}.")
    assert not Perspective(BEN, NOTE).hides_finding(chatty, a.timeline)


def test_hidden_notes_are_not_counted_in_the_summary(copies: tuple[Analysis, Finding]) -> None:
    a, f = copies
    # At the end Carla still holds her 3♣, so the only-trash note stays hidden from her.
    as_carla = Perspective(CARLA)
    view = project(a, as_carla)
    listed = [n for n in view.notes]
    shown = view.shown
    assert len(listed) == len(a.findings) and f not in shown
    assert view.notes[a.findings.index(f)].finding is None  # its words are not kept
    wasted = sum(g.kind == "wasted_hint" for g in a.findings)
    assert f"wasted hints {wasted} of" in summary_text(a)
    said = summary_text(a, as_carla)
    assert f"wasted hints {sum(g.kind == 'wasted_hint' for g in shown)} of" in said
    assert f"{len(listed) - len(shown)} hidden note(s) about Carla's cards" in said
    assert summary_text(a, Perspective(ANNA)) == summary_text(a)


def test_no_spoilers_lists_nothing_after_the_turn(copies: tuple[Analysis, Finding]) -> None:
    a, f = copies
    assert f.turn == NOTE
    assert f not in project(a, Perspective(None, NOTE - 1, spoilers=False)).shown
    assert f in project(a, Perspective(None, NOTE, spoilers=False)).shown
    assert project(a, Perspective(None, 1, spoilers=False)).shown == tuple(
        g for g in a.findings if g.turn <= 1)
    assert project(a, Perspective(None, 1)).shown == a.findings
    assert project(a, Perspective(None), until=1).shown == tuple(
        g for g in a.findings if g.turn <= 1)


# --- knowledge ------------------------------------------------------------------------

def test_others_knowledge_is_shown_at_the_common_tier() -> None:
    a = review(build_game(NOVA, WORKED), [])
    ids, game = a.ids, a.record.game
    five_h = next(c for c in a.timeline[0].hands[BEN] if game.card_text(c) == "5♥")
    bit = 1 << ids.of_card[five_h]
    k = a.knowledge.of(0, ANNA)[0]
    # Anna sees the only 5♥ in Ben's hand: her deduced tier rules it out. Shown to Ben,
    # that would tell him he holds it; he sees Anna's knowledge at the common tier.
    assert not k.deduced & bit and k.common & bit
    as_ben = Perspective(BEN)
    assert as_ben.tier_for(ANNA, "deduced") == "common"
    assert as_ben.tier_for(BEN, "deduced") == "deduced"
    assert as_ben.tier_for(ANNA, "hinted") == "hinted"
    assert REVIEWER.tier_for(ANNA, "deduced") == "deduced"
    assert as_ben.knowledge_for(ANNA, k).deduced == k.common
    own = a.knowledge.of(0, BEN)[0]
    assert as_ben.knowledge_for(BEN, own) == own
    assert hand_line(a, 0, ANNA, exact=True).startswith(
        f"A♥ [{identities_text(ids.space, k.deduced)}]")
    assert hand_line(a, 0, ANNA, as_ben, exact=True).startswith(
        f"A♥ [{identities_text(ids.space, k.common)}]")
    assert identities_text(ids.space, k.deduced) != identities_text(ids.space, k.common)
    assert hand_line(a, 0, ANNA).startswith("A♥ [any]")  # no hint has touched it yet
    grids = knowledge_text(a, 0, "deduced", as_ben)
    assert "Anna (common):" in grids and "Ben (deduced):" in grids and "Carla (common):" in grids
    assert "1:??" in grids and "1:5♥" not in grids.split("Ben (deduced):")[1].split("Carla")[0]


def test_the_viewers_own_cards_are_face_down_with_their_knowledge() -> None:
    a = review(build_game(NOVA, WORKED), [hint("Ben", rank=1)])
    lines = knowledge_lines(a, 1, Perspective(BEN))
    ben = next(line for line in lines if line.startswith("    Ben: "))
    assert ben.split(": ", 1)[1].split("  ")[0] == "?? [A♣/A♦/A♥/A♠ P]"  # any of the 4 Aces
    assert all(part.startswith("?? [") for part in ben.split(": ", 1)[1].split("  "))
    table = "\n".join(table_text(a.record.game, a.timeline[1], Perspective(BEN)))
    assert "Ben     ??  ??  ??  ??" in table and "Anna    A♥  2♦  5♦  3♣" in table


def test_a_card_the_viewer_draws_is_hidden() -> None:
    game = build_game(NOVA, WORKED, pile="5C 4C")
    tl = timeline(game, [hint("Ben", rank=1), play("AS"), discard("2H")])
    assert describe_turn(tl, 2).endswith("draws 5♣.")
    assert describe_turn(tl, 2, Perspective(BEN)).endswith("draws a card.")
    assert describe_turn(tl, 2, Perspective(ANNA)).endswith("draws 5♣.")
    # Carla's draw is hidden from Carla only.
    assert describe_turn(tl, 3, Perspective(CARLA)).endswith("draws a card.")
    assert describe_turn(tl, 3, Perspective(BEN)).endswith("draws 4♣.")
    whole = game_text(tl, None, Perspective(BEN))
    assert "5♣" not in whole and "4♣" in whole


def test_the_player_to_move_sees_the_others_cards_and_not_their_own() -> None:
    game = build_game(NOVA, WORKED)
    tl = timeline(game, [hint("Ben", rank=1)])
    seen = Perspective.to_move(game, tl[1])
    assert (seen.viewer, seen.turn, seen.spoilers) == (BEN, 1, False)
    assert seen.hand(tl[1], BEN) == (None,) * 4
    assert seen.hand(tl[1], ANNA) == tl[1].hands[ANNA]
    assert REVIEWER.hand(tl[1], BEN) == tl[1].hands[BEN]


def test_viewer_of_names_the_players() -> None:
    players = ("Anna", "Ben", "Carla")
    assert viewer_of(players, "Ben") == 1 and viewer_of(players, "carla") == 2
    with pytest.raises(ValueError, match="expected one of Anna, Ben, Carla"):
        viewer_of(players, "Zed")


# --- the command line -----------------------------------------------------------------

def test_replay_as_a_player(tmp_path: Path) -> None:
    game = build_game(NOVA, WORKED, pile="5C 4C")
    path = write_log(tmp_path, game, [hint("Ben", rank=1), play("AS"), discard("2H")])
    out = CliRunner().invoke(main, ["replay", path, "--as", "Ben"])
    assert out.exit_code == 0, out.output
    assert "Ben plays A♠ from slot 1: the spades row is now at A; draws a card." in out.stdout
    assert "5♣" not in out.stdout and "    Ben     ??  ??  ??  ??" in out.stdout
    plain = CliRunner().invoke(main, ["replay", path]).stdout
    assert "draws 5♣" in plain and "??" not in plain
    known = CliRunner().invoke(main, ["replay", path, "--knowledge", "--as", "ben", "-t", "1"])
    assert known.exit_code == 0, known.output
    assert "Knowledge as Ben sees it" in known.stdout
    ben = next(line for line in known.stdout.splitlines() if line.startswith("    Ben: "))
    assert all(part.startswith("?? [") for part in ben.split(": ", 1)[1].split("  "))


def test_analyze_as_a_player_hides_notes_about_their_cards(tmp_path: Path,
                                                            copies: tuple[Analysis, Finding]
                                                            ) -> None:
    _, f = copies
    path = write_log(tmp_path, build_game(NOVA, COPIES), COPY_STEPS)
    as_carla = CliRunner().invoke(main, ["analyze", path, "--as", "Carla"])
    assert as_carla.exit_code == 0, as_carla.output
    assert f.message not in " ".join(as_carla.stdout.split())  # wrapped to 100 columns
    assert "hidden while viewing as Carla" in " ".join(as_carla.stdout.split())
    as_anna = CliRunner().invoke(main, ["analyze", path, "--as", "Anna"])
    assert f.message in " ".join(as_anna.stdout.split())
    grids = CliRunner().invoke(main, ["analyze", path, "--as", "Carla", "--turn", "2"])
    assert "Carla (deduced):" in grids.stdout and "Anna (common):" in grids.stdout


@pytest.mark.parametrize("command", ["replay", "analyze"])
def test_an_unknown_player_is_one_line_naming_the_players(tmp_path: Path, command: str) -> None:
    path = write_log(tmp_path, build_game(NOVA, WORKED), [hint("Ben", rank=1)])
    out = CliRunner().invoke(main, [command, path, "--as", "Zed"])
    assert out.exit_code == 2
    assert out.stderr == (f"{path}: --as Zed: no player called 'Zed'; "
                          f"expected one of Anna, Ben, Carla\n")
    assert out.stdout == ""


def test_analyze_as_does_not_go_with_json(tmp_path: Path) -> None:
    path = write_log(tmp_path, build_game(NOVA, WORKED), [hint("Ben", rank=1)])
    out = CliRunner().invoke(main, ["analyze", path, "--as", "Ben", "--json"])
    assert out.exit_code == 2 and out.stdout == ""
    assert len(out.stderr.splitlines()) == 1 and "--as" in out.stderr
    full = CliRunner().invoke(main, ["analyze", path, "--json"])
    assert json.loads(full.stdout)


def test_a_later_note_about_a_card_x_will_draw_is_hidden_from_x_before_the_draw() -> None:
    """With spoilers on, X at an early turn must not read a later note naming a card X
    held at that note's turn: it would tell X what they are yet to draw."""
    samples = Path(__file__).resolve().parent.parent / "sample_games"
    checked = 0
    for path in sorted(samples.glob("*.json")):
        a = analyze(str(path))
        tl = a.timeline
        for f in a.findings:
            holder = next((p for p, hand in enumerate(tl[f.turn - 1].hands)
                           if set(f.cards) & set(hand)), None)
            if holder is None or set(f.cards) & set(tl[0].hands[holder]):
                continue  # only cards drawn after the deal make the case
            assert Perspective(holder, 0).hides_finding(f, tl), (path.name, f.turn)
            others = [p for p in range(len(tl.game.players)) if p != holder
                      and not set(f.cards) & set(tl[f.turn - 1].hands[p])
                      and not set(f.details.get("related", ())) & set(tl[f.turn - 1].hands[p])]
            assert all(not Perspective(p, 0).hides_finding(f, tl) for p in others)
            checked += 1
    assert checked > 20


# --- the projection: a whole analysis through one viewer's eyes, up to a horizon ---------

def test_the_projection_keeps_a_notes_words_from_the_turn_its_card_is_gone(
        copies: tuple[Analysis, Finding]) -> None:
    a, f = copies
    i = a.findings.index(f)
    (copy,) = f.details["related"]
    # Ben holds the hinted copy until he discards it at turn 5.
    assert copy in a.timeline[4].hands[BEN] and copy not in a.timeline[5].hands[BEN]
    before = project(a, Perspective(BEN), until=4)
    assert before.notes[i].finding is None and f not in before.shown
    assert before.counts(4).hidden == 1 and before.counts(1).listed == len(a.notes_at(1))
    after = project(a, Perspective(BEN), until=5)
    assert after.notes[i].finding is f
    assert i in after.hidden_at(4) and i not in after.hidden_at(5)  # drawn hidden at turn 4
    # (At turn 5 only notes about cards Ben still holds stay hidden: this one is not.)
    assert after.counts(4).hidden == 1
    assert project(a, Perspective(ANNA), until=4).notes[i].finding is f
    whole = project(a, Perspective(BEN))
    assert whole.until == a.timeline.turns and whole.spoilers and f in whole.shown
    assert not before.spoilers and before.until == 4 and before.listed_until(2) == 2
    with pytest.raises(ValueError, match="expected a turn from 0 to"):
        project(a, Perspective(BEN), until=a.timeline.turns + 1)


def test_the_projection_hands_hide_the_viewers_cards_and_others_deductions(
        copies: tuple[Analysis, Finding]) -> None:
    a, _ = copies
    view = project(a, Perspective(BEN), until=3)
    assert [c.card for c in view.hand(3, BEN)] == [None] * len(a.timeline[3].hands[BEN])
    for p in (ANNA, CARLA):
        seen = view.hand(3, p)
        assert [c.card for c in seen] == list(a.timeline[3].hands[p])
        assert all(c.knowledge.deduced == c.knowledge.common for c in seen)
    assert [c.knowledge for c in view.hand(3, BEN)] == list(a.knowledge.of(3, BEN))
    assert any(k.deduced != k.common for p in (ANNA, CARLA) for k in a.knowledge.of(3, p))
    with pytest.raises(ValueError, match="after the view's last turn 3"):
        view.hand(4, ANNA)
