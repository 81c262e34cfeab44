"""Which clues call a player's blind play, as that player could read them (issue #31;
`review.mover.MoverView.called`): the mover's re-reading follows the reader's own rule
(`conventions.reading.asks_play`), so a save calls nothing, and a blind play answering a
call the reader finds is an answer, not a gamble. Hands are written slot 1 (newest)
first."""

from __future__ import annotations

from helpers import build_game, discard, hint, play
from test_conventions import HANABI, clue, move, review

from nova_replay.conventions import Reading
from nova_replay.conventions.kinds import MeaningKind
from nova_replay.review.analysis import Analysis
from nova_replay.review.misreads import unanswered_finesses


def notes(a: Analysis, turn: int) -> list[tuple[str, str]]:
    return [(f.kind.value, f.severity.value) for f in a.findings if f.turn == turn]


def test_a_2_save_calls_no_self_finesse_on_its_receiver() -> None:
    # Alice's 2 on Bob's chop 2W: no 1 in view, so any 2 he holds would need his own 1 by a
    # self-finesse; but a 2 Save asks him to hold the card, not to play anything (H-Group,
    # "Save Clues"): discarding his slot 1 answers no call.
    game = build_game(HANABI, {"Alice": "4Y 4G 3B 3W 5R", "Bob": "3Y 4G 4B 3B 2W",
                               "Cathy": "2R 3Y 3G 4R 5G"})
    a = review(game, [hint("Bob", rank=2), discard("3Y")])
    assert clue(a, 1).convention == "2 save"
    assert ("misread", "mistake") not in notes(a, 2)


# Bob's 3R is discarded, so Cathy's 2R (red at 0) on her chop is no card a save is given to,
# while the clue could have been a Critical Save of the 3R.
_SAVE_HANDS = {"Alice": "1Y 4Y 3B 3W 5R", "Bob": "4Y 4G 4B 3B 3R", "Cathy": "2Y 3Y 3G 4G 2R"}


def test_a_critical_save_calls_no_finesse_on_another_player() -> None:
    # Red on Cathy's chop 2R, the last 2R: a Critical Save. Bob, who would hold the 1R on
    # his finesse position were it a play clue, is called by nothing: his discard of it
    # misreads nothing, and his blind play of it is his gamble, not the clue's fault.
    game = build_game(HANABI, {**_SAVE_HANDS, "Bob": "4Y 4G 4B 3B 2R",
                               "Cathy": "2Y 3Y 3G 4R 2R"}, pile="4P")
    steps = [hint("Cathy", rank=4), discard("2R"), hint("Alice", rank=5), hint("Cathy", "R")]
    held = review(game, [*steps, discard("4P")])
    assert (clue(held, 4).convention, clue(held, 4).saved) == ("critical save", True)
    assert ("misread", "mistake") not in notes(held, 5)
    played = review(game, [*steps, play("4P")])
    assert ("bad_clue", "mistake") not in notes(played, 4)
    assert ("gamble", "info") in notes(played, 5)


def test_a_chop_clue_on_a_card_no_save_is_given_to_calls_a_finesse() -> None:
    # Red on Cathy's chop 2R could be a Critical Save of the 3R, but Bob sees the 2R: no
    # save, so a play clue, and his 1R answers its finesse (no gamble).
    game = build_game(HANABI, _SAVE_HANDS, pile="1R")
    a = review(game, [hint("Cathy", rank=4), discard("3R"), hint("Alice", rank=5),
                      hint("Cathy", "R"), play("1R")])
    r = clue(a, 4)
    assert (r.convention, r.saved, r.asks_play) == ("critical save", False, True)
    assert (move(a, 5).move, move(a, 5).called_at) == ("answers finesse", 4)
    assert notes(a, 5) == []


def test_a_tempo_clue_read_through_the_movers_own_hand_calls_their_finesse() -> None:
    # Cathy's 2R was 2-Saved; Alice's red re-touches it: Cathy, who sees Bob's 1R, reads a
    # Tempo Clue through it (a finesse). Bob, his own cards face down, cannot read it as
    # one from the cards he sees, but Cathy sees his hand: a 1R there makes it one, so his
    # blind 1R answers the clue (level 6's Tempo Clue read as he could), not a gamble.
    game = build_game(HANABI, {"Alice": "4Y 4G 3B 3W 5Y", "Bob": "1R 3Y 4B 2B 5W",
                               "Cathy": "2Y 1Y 4G 4B 2R"})
    a = review(game, [hint("Cathy", rank=2), hint("Alice", rank=5), discard("1Y"),
                      hint("Cathy", "R"), play("1R")])
    assert clue(a, 4).convention == "tempo clue"
    assert (move(a, 5).move, move(a, 5).called_at) == ("answers finesse", 4)
    assert notes(a, 5) == []


def test_a_finesse_answered_after_its_focus_was_lost_is_no_gamble() -> None:
    # Red on Cathy's 2R calls Bob's 1R; Cathy discards the 2R before Bob plays. The 1R he
    # was called for is still playable and he still knows it for one: an answer.
    game = build_game(HANABI, {"Alice": "4Y 4G 3B 3W 5Y", "Bob": "1R 3Y 4B 2B 5W",
                               "Cathy": "2R 1Y 4G 4B 3G"})
    a = review(game, [hint("Cathy", "R"), hint("Alice", rank=5), discard("2R"),
                      hint("Cathy", rank=4), play("1R")])
    assert (move(a, 5).move, move(a, 5).called_at) == ("answers finesse", 1)
    assert notes(a, 5) == []


def test_an_unanswered_finesse_is_read_as_the_finessed_player_reads_it() -> None:
    # Alice's 3 on Cathy's 3R (red at 1) needs the 2R on Bob's finesse position; Bob
    # discards. Whether Cathy reads it as a play clue rests on Bob's own hand, which he
    # cannot see: with the reviewer's reading made unreadable for her, Bob's own reading
    # (a finesse on him) still decides the note (the re-dealing test's residual).
    game = build_game(HANABI, {"Alice": "4Y 4G 3B 3W 5Y", "Bob": "2R 3Y 4B 2B 4W",
                               "Cathy": "1R 3R 1Y 4G 2G"})
    a = review(game, [hint("Cathy", rank=1), hint("Alice", rank=5), play("1R"),
                      hint("Cathy", rank=3), discard("4W")])
    found = unanswered_finesses(a.knowledge, a.reading, "clue")
    assert [(m.turn, m.player, m.rule) for m in found] == [(5, 1, "unanswered finesse")]
    turns = list(a.reading.turns)
    r = turns[4]
    assert isinstance(r, Reading) and r.meaning == "play"
    turns[4] = r._replace(meaning=MeaningKind.UNCLEAR, connections=(), connects=False)
    unreadable = a.reading._replace(turns=tuple(turns))
    assert [(m.turn, m.player) for m in unanswered_finesses(a.knowledge, unreadable,
                                                             "clue")] == [(5, 1)]


def test_a_self_finesse_skips_the_cards_its_own_clue_touched() -> None:
    # Alice's 2 touches Bob's slots 1 and 2; no 1 in view, so it is a self-finesse on his
    # finesse position, which is slot 3 once the clue is given (a card the clue touches is
    # clued, never a finesse position): his blind 1G from slot 3 answers it.
    game = build_game(HANABI, {"Alice": "4Y 4G 3B 3W 5Y", "Bob": "2G 2W 1G 3Y 4B",
                               "Cathy": "3R 4R 3Y 4G 5G"})
    a = review(game, [hint("Bob", rank=2), play("1G")])
    assert (move(a, 2).move, move(a, 2).called_at) == ("answers finesse", 1)
    assert notes(a, 2) == []


# Alice's red to Donald's 2R: Bob and Cathy both hold the 1R on their finesse position.
_AMBIGUOUS = {"Alice": "3Y 4G 3B 4W", "Bob": "1R 3G 4B 2B", "Cathy": "1R 2Y 4Y 5W",
              "Donald": "2R 3W 2W 5B"}


def test_a_card_seen_on_a_later_players_finesse_position_is_theirs() -> None:
    # Bob sees Cathy's 1R on her finesse position: the finesse is hers, whatever the turn
    # order (H-Group, Ambiguous Finesse: Bob waits). Bob's blind 1R at once answers no call
    # as he could read it: a gamble. Once Cathy had her turn and did not play hers, she
    # passed: Bob's 1R then answers the finesse.
    game = build_game(HANABI, _AMBIGUOUS)
    a = review(game, [hint("Donald", "R"), play("1R")])
    assert notes(a, 2) == [("gamble", "info")]
    b = review(game, [hint("Donald", "R"), discard("2B"), hint("Donald", rank=5),
                      hint("Cathy", rank=5), discard("4W"), play("1R")])
    assert notes(b, 6) == []


def _real(name: str, *where: str) -> Analysis:
    from helpers import shared

    from nova_replay.review.analysis import analyze
    return analyze(shared(*(where or ("real", "hanabi-challenges", "games")), name))


def test_real_the_movers_own_finesse_position_comes_after_the_cards_they_see() -> None:
    # p5_15 turn 28: 4 to Player 1's 4R needs 1R (Player 1's own finesse position, a
    # self-finesse Player 4 sees), 2R and 3R (Player 2's, seen). Player 4 moves first but
    # takes only the 2R no one shows: their blind 2R at turn 34 answers the clue.
    assert [k for k, _ in notes(_real("p5_15.json"), 34)] == []
    # p6_18 turn 21: yellow to Player 6's 5Y; the giver's own finesse position (a 4Y it
    # cannot see) answers nothing of its clue: Player 5's 4Y at turn 29 answers it.
    assert "gamble" not in [k for k, _ in notes(_real("p6_18.json"), 29)]
    # p4_13 turn 19: Player 4 blind-played at once as the 2Y, while the 1Y the clue needed
    # first sat on Player 1's finesse position, which Player 4 saw: their own misread.
    assert ("misread", "mistake") in notes(_real("p4_13.json"), 20)


def test_real_a_layered_finesse_goes_on_past_another_clues_blind_play() -> None:
    # game-194321_4p: James's yellow at turn 2 is a layered finesse on Libster, who played
    # 1B (turn 4), then 2B (turn 8, which NoMercy's turn-7 clue called), then the 1Y
    # (turn 24): the answer to the layered finesse, no gamble.
    a = _real("game-194321_4p.json", "hanablive")
    assert "gamble" not in [k for k, _ in notes(a, 24)]


def test_real_a_finesse_another_player_played_into_is_not_left_unanswered() -> None:
    # p5_08 turn 17: red to Player 1's 2R needs a 1R no one shows. Player 3, first, did not
    # answer (their misread); Player 4 then blind-played into the call (1P: a misfire that
    # followed the reading); Player 5, who saw that misfire, is not faulted for not answering.
    a = _real("p5_08.json")
    assert ("misread", "mistake") in notes(a, 18)
    assert ("misread", "mistake") not in notes(a, 20)


def test_real_a_finesse_whose_card_was_played_from_elsewhere_calls_nothing() -> None:
    # p3_04 turn 27: 5 to Player 1's 5R reads as a reverse finesse on Player 2 for the 3R;
    # by turn 50 the red row is at 4 (the 3R came from elsewhere): nothing is left for
    # Player 2 to answer, so their discard is no unanswered finesse.
    assert ("misread", "mistake") not in notes(_real("p3_04.json"), 50)
