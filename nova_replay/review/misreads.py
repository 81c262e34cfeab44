"""Misreads the reading shows over several turns (docs/conventions.md, "Findings that
use the reading"), each judged by what the player could see:

- did not answer a finesse: a play clue's reading (as the finessed player reads it, their
  own cards face down: a play clue, not a save) called a finesse on a player who saw the
  clued card and no other copy of the card they were to play; on their first turn once
  the cards before theirs were played (a turn on which they played a clued card that
  fit is no such turn: it scored; nor one with a single life left), they neither
  blind-played it nor gave an urgent save or fix, and the finesse was then lost (the
  card discarded, the clued card misplayed or discarded, the game over with it in
  hand) or needed another clue on the finessed card. A late answer that still came is
  not noted, nor one after another player's blind play that misfired (`taken`: a
  finesse taken, and failed), nor one whose card was played from elsewhere.
- discarded a chop-moved card: a card a chop move protected (level 4), discarded by
  its holder while they had a chop (an unclued card no chop move protected);
- discarded off the chop when forced (`forced_off_chop`): no clue token, no play, and the
  chop as likely critical to its holder: a convention broken, no blunder.
"""

from __future__ import annotations

from typing import NamedTuple

from ..conventions.chop import chop_at
from ..conventions.connections import FINESSE
from ..conventions.game import GameReading
from ..conventions.kinds import Connection
from ..conventions.meaning import FIX, PLAY, SAVE
from ..conventions.reading import Reading
from ..knowledge.tiers import TimelineKnowledge
from ..rules.engine import is_misfire
from ..rules.game import Discard, Hint, Play
from .mover import Memo, MoverView, no_call


class Misread(NamedTuple):
    """A misread: its turn, player, cards, convention (levels.CONVENTIONS), clue turn."""

    turn: int
    player: int
    cards: tuple[int, ...]
    convention: str
    reading_turn: int
    text: str
    rule: str  # "unanswered finesse", "chop-moved discard"
    harmless: bool = False  # the card was trash: a misread that cost nothing (info)


def unanswered_finesses(tk: TimelineKnowledge, read: GameReading, w_hint: str,
                        memo: Memo | None = None) -> list[Misread]:
    """Every finesse its player did not answer when they should have (see above). The
    finesse is found as the finessed player read the clue (`MoverView`: their own cards
    face down, their own finesse position taking what no one else shows), so the note
    never rests on the card they could not see. `memo`: the readings the review's
    other rules already made as each player read the clues (`mover.Memo`)."""
    out = []
    game = tk.timeline.game
    n = len(game.players)
    memo = memo or Memo()
    for t, seen in enumerate(read.turns):
        if not isinstance(seen, Reading) or no_call(seen) or seen.convention != "play clue":
            continue  # (a play clue the reviewer finds unreadable for its target may be
            # readable with the finessed player's own hand in view: their reading decides)
        truth = game.identity_of[seen.focus]
        if (tk.statuses[t - 1].playable >> truth) & 1:
            continue  # playable now: it calls no finesse
        for q in range(n):
            if q in (seen.giver, seen.target):
                continue
            mover = MoverView(tk, read, t, q, memo)
            if _answered_next(tk, t, q) or not mover.may_be_finessed(t, seen):
                continue
            r = mover.read(t)
            if r.meaning != PLAY or r.convention != "play clue" or r.focus != seen.focus:
                continue
            links = mover.links(t, r, truth)
            for k, x in enumerate(links or ()):
                if x.kind != FINESSE or x.player != q:
                    continue
                found = _unanswered(tk, read, t, r, links or (), k, w_hint)
                if found is not None:
                    out.append(found)
    return out


def _answered_next(tk: TimelineKnowledge, t: int, q: int) -> bool:
    """Whether `q`, on their first turn after the clue of turn `t`, played their finesse
    position (their first untouched card): whatever the clue called of them, they did
    not leave it unanswered (a quick test before reading the clue as they read it)."""
    n = len(tk.timeline.game.players)
    u = t + (q - (t - 1)) % n or n
    actions = tk.timeline.actions
    if u > len(actions) or type(actions[u - 1]) is not Play:
        return False
    hand = tk.timeline.states[u - 1].hands[q]
    first = next((c for c in hand if not tk.touched[u - 1][c]), None)
    return actions[u - 1][0] == first


def taken(tk: TimelineKnowledge, t: int, u: int, q: int) -> bool:
    """Whether, between the clue of turn `t` and `q`'s answer due at turn `u`, another
    player blind-played an untouched card that did not fit: they took a finesse, and it
    failed (p5_08: Player 4 played into a finesse Player 5 was then faulted for not
    answering). Only what `q` saw: the card, its clues, the piles (not the other
    player's reading, which rests on `q`'s own cards; a blind play that fit as the card
    `q` was to play is the row's: `_unanswered`)."""
    tl = tk.timeline
    n = len(tl.game.players)
    for v in range(t + 1, u):
        act, p = tl.actions[v - 1], (v - 1) % n
        if p != q and type(act) is Play and not tk.touched[v - 1][act.card] \
                and is_misfire(act, tl.states[v - 1], tl.states[v]):
            return True
    return False


def _unanswered(tk: TimelineKnowledge, read: GameReading, t: int, r: Reading,
                links: tuple[Connection, ...], k: int, w_hint: str) -> Misread | None:
    tl = tk.timeline
    game, states, actions = tl.game, tl.states, tl.actions
    x = links[k]
    q, card = x.player, x.card
    of = game.identity_of
    # The finessed player must see no other copy of their card (else they wait for it).
    if any(of[c] == x.identity for p, hand in enumerate(states[t].hands) if p != q
           for c in hand):
        return None
    n = len(game.players)
    u = t + (q - r.giver) % n
    earlier = [y.card for y in links[:k]]
    while u <= len(actions):
        before = states[u - 1]
        if card not in before.hands[q] or tk.touched[u - 1][card] \
                or r.focus not in before.hands[r.target]:
            return None  # played, clued again or the clue's card gone before their turn
        if any(c in before.discards for c in earlier):
            return None  # the chain broke before them
        if (tk.statuses[u - 1].trash >> x.identity) & 1:
            return None  # the card it needed of them was played from elsewhere: no call left
        if not any(c in hand for c in earlier for hand in before.hands):
            act = actions[u - 1]
            if not (type(act) is Play and act[0] != card and tk.touched[u - 1][act[0]]):
                break  # every card before theirs is played: their turn to answer
            # They played a clued card first (whether it fit is an outcome they could not
            # see): a turn spent playing, so the answer may wait.
        u += n
    else:
        return None
    act = actions[u - 1]
    if act[0] == card and type(act) is not Hint:
        return None  # played it (or discarded it: a misread of its own, noted there)
    if taken(tk, t, u, q):
        return None  # another player blind-played into a finesse first, and it failed
    if states[u - 1].lives == 1:
        return None  # one more misfire ends the game: a blind play may wait
    urgent = read.turns[u]
    if type(act) is Hint and isinstance(urgent, Reading) and urgent.meaning in (SAVE, FIX):
        return None  # an urgent save or fix comes first
    lost = _fate(tk, u, q, card, r.focus, r.target, w_hint)
    if not lost:
        return None
    name = game.players
    did = _did(act)
    needed = game.space.show(x.identity)
    wrong = ("" if game.identity_of[card] == x.identity else
             f" (it was {game.card_text(card)}, as it happens: answering would have misplayed, "
             f"so the {w_hint} was wrong too; an outcome {name[q]} could not see)")
    return Misread(u, q, (card,), x.name, t, (
        f"{name[q]} did not answer the {x.name} of {name[r.giver]}'s {w_hint} at turn {t} "
        f"({name[q]} could see {name[r.target]}'s {game.card_text(r.focus)} and no other "
        f"{needed}): {name[q]} {did} instead of playing slot "
        f"{states[u - 1].hands[q].index(card) + 1} "
        f"blind, and {lost}{wrong}."), "unanswered finesse")


def _did(act: object) -> str:
    if type(act) is Hint:
        return "gave a clue"
    if type(act) is Discard:
        return "discarded"
    return "played another card"


def _fate(tk: TimelineKnowledge, u: int, q: int, card: int, focus: int, target: int,
          w_hint: str) -> str:
    """What became of a finesse left unanswered at turn `u`: '' when it was answered
    later after all; else how it was lost or fixed."""
    tl = tk.timeline
    game, states, actions = tl.game, tl.states, tl.actions
    shown = game.card_text(card)
    for v in range(u + 1, len(actions) + 1):
        if tk.touched[v - 1][card]:
            return f"{shown} needed another {w_hint} (turn {v - 1})"
        act = actions[v - 1]
        if act[0] == card:
            if type(act) is Play and not is_misfire(act, states[v - 1], states[v]):
                return ""  # answered late, but answered
            return f"{shown} was {'discarded' if type(act) is Discard else 'misplayed'} at turn {v}"
        if act[0] == focus and type(act) is not Hint:
            how = ("misplayed" if type(act) is Play and is_misfire(act, states[v - 1], states[v])
                   else "played" if type(act) is Play else "discarded")
            if how == "played":
                return ""
            return (f"{game.players[target]}'s {game.card_text(focus)} was {how} at turn {v}")
    return f"the game ended with {shown} still in {game.players[q]}'s hand"


def chop_moved_discards(tk: TimelineKnowledge, read: GameReading) -> list[Misread]:
    """Every card a clue's chop move (Trash, 5's) protected that its holder discarded while
    they had a chop (see above; the chop is `chop.chop_at`'s, the one rule). A card an
    Order Chop Move moved is not the chop either, but its discard gets no note: most
    Order Chop Moves the reader finds in the real games were not meant (docs/conventions.md)."""
    tl = tk.timeline
    game, actions = tl.game, tl.actions
    moved: dict[int, int] = {}  # card -> the turn of the clue that chop-moved it
    out = []
    for t, r in enumerate(read.turns):
        if isinstance(r, Reading):
            for c in r.moved:
                moved.setdefault(c, t)
            continue
        if t == 0 or not moved:
            continue
        act = actions[t - 1]
        card = act[0]
        when = moved.pop(card, None)
        if type(act) is not Discard or when is None or tk.touched[t - 1][card]:
            continue
        p = (t - 1) % len(game.players)
        chop = chop_at(tk, read, t - 1, p)
        if chop is None:
            continue  # every card clued or chop moved: H-Group has them discard one anyway
        clue = read.turns[when]
        assert isinstance(clue, Reading)
        name = {"trash chop move": "Trash Chop Move", "5's chop move": "5's Chop Move"}.get(
            clue.convention, clue.convention)
        # Judged by what the discarder knew: a card they knew was trash is harmless; one
        # that only turned out trash is an outcome, said as one.
        known = MoverView(tk, read, t, p).knows_trash(card)
        trash = known or (tk.statuses[t - 1].trash >> game.identity_of[card]) & 1
        cost = (" (they knew it was trash: nothing lost)" if known else
                " (it was trash, as it happens: an outcome, not what they knew)" if trash
                else "")
        out.append(Misread(t, p, (card,), clue.convention, when, (
            f"{game.players[p]} discarded {game.card_text(card)}, which "
            f"{game.players[clue.giver]}'s {name} at turn {when} protected; the chop was "
            f"slot {chop + 1}{cost}."), "chop-moved discard", known))
    return out


def _critical_share(mask: int, critical: int) -> float:
    """The share of the identities `mask` allows that are critical (0 for no identity)."""
    n = mask.bit_count()
    return (mask & critical).bit_count() / n if n else 0.0


def forced_off_chop(read: GameReading | None, mover: MoverView, card: int) -> int | None:
    """The chop (a deck card) when the discard of the unclued `card` off the chop was
    forced and no worse than the chop's, from the mover's view: no clue token, no play to
    make (`MoverView.has_play`), and the chop, face down to them, as likely critical by
    their knowledge as the card they discarded. Discarding off the chop breaks the
    convention (H-Group: the chop is the card to discard), a mistake; but the chop would
    have lost as much, so a critical card lost is an outcome of the deal, not the blunder.
    None otherwise."""
    if mover.state.coins > 0 or mover.tk.touched[mover.turn - 1][card]:
        return None
    slot = chop_at(mover.tk, read, mover.turn - 1, mover.player)
    hand = mover.state.hands[mover.player]
    if slot is None or hand[slot] == card or mover.has_play():
        return None
    critical = mover.status.critical
    chop = hand[slot]
    if _critical_share(mover.mask(chop), critical) < _critical_share(mover.mask(card), critical):
        return None
    return chop
