"""Every turn of a game read by the conventions: the clues (`reading.read_clue`) and the
plays and discards (answering a finesse or prompt, a chop discard, a blind play).

Which games are read: Hanabi without a variant, hanab.live variants whose special
suits H-Group's variant pages read as `variants` does (Rainbow, Black, Pink, White,
Brown, Omni, Prism and their dark forms...); Nova, whose hands are ordered and hinted as
Hanabi's (round-robin deal, new card on the left, colour and rank hints). Not read:
the variants `variants.facts` names (Null, ambiguous suits, a special rank...), Nova's
grand finale (a sixth rank); a joker is never touched, so it is never a focus, a
prompt or a finesse.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from ...rules.game import Discard, Game, Hint, Play
from ...rules.rulesets import Ruleset
from ..knowledge import TimelineKnowledge
from .chop import chop_slot
from .levels import Conventions
from .reading import Reading, read_clue
from .table import Table
from .variants import NULL_FIVE_PLAY, facts

# What a play or a discard is, read by the conventions.
ANSWERS_FINESSE, ANSWERS_PROMPT, PLAYS_CLUED = "answers finesse", "answers prompt", "plays clued"
ANSWERS_BLUFF = "answers bluff"
BLIND_PLAY, CHOP_DISCARD, OFF_CHOP_DISCARD = "blind play", "chop discard", "off-chop discard"
CLUED_DISCARD = "clued discard"


class MoveReading(NamedTuple):
    """What a play or a discard is by the conventions (its words made when asked)."""

    conventions: Conventions
    game: Game
    move: str  # one of the names above
    card: int
    player: int
    slot: int  # 0-based
    called_at: int | None  # the turn of the clue that called the card (a finesse, prompt)
    how: str  # the call's name ("finesse", "prompt", ...); for an off-chop discard, the chop
    # slot (1-based) as text

    @property
    def text(self) -> str:
        name, shown = self.game.players[self.player], self.game.card_text(self.card)
        slot = self.slot + 1
        if self.move in (ANSWERS_FINESSE, ANSWERS_PROMPT, ANSWERS_BLUFF):
            return f"{name} answers the {self.how} of turn {self.called_at}: {shown} from slot {slot}"
        if self.move == PLAYS_CLUED:
            return f"{name} plays the clued {shown} from slot {slot}"
        if self.move == BLIND_PLAY:
            return (f"{name} plays {shown} from slot {slot} blind, called by no clue the "
                    f"conventions read: a gamble")
        if self.move == CLUED_DISCARD:
            return f"{name} discards the clued {shown} from slot {slot}"
        if self.move == CHOP_DISCARD:
            return f"{name} discards {shown} from the chop (slot {slot})"
        return f"{name} discards {shown} from slot {slot}, not the chop (slot {self.how})"


class GameReading(NamedTuple):
    """Per turn (index 0 the deal, always None): the clue's Reading or the move's
    MoveReading; `not_read` says why a game is not read at all ('' when it is)."""

    conventions: Conventions
    turns: tuple[Reading | MoveReading | None, ...]
    not_read: str


def not_read(ruleset: Ruleset) -> str:
    """Why the conventions do not read games of `ruleset` ('' when they do)."""
    if ruleset.grand_finale:
        return "no convention reading for this variant (Nova's grand finale: a sixth rank)"
    return facts(ruleset).not_read  # special suits: the variants module's gate


def read_game(tk: TimelineKnowledge, conventions: Conventions) -> GameReading:
    """The reading of every turn of the game `tk` knows."""
    tl = tk.timeline
    game = tl.game
    why = not_read(game.ruleset)
    if why:
        return GameReading(conventions, (None,) * (tl.turns + 1), why)
    states = tl.states
    n = len(game.players)
    out: list[Reading | MoveReading | None] = [None]
    called: dict[int, tuple[int, str]] = {}  # card -> (turn of the clue, connection name)
    read_as: dict[int, int] = {}  # card -> the identities a reading narrowed it to
    moved: set[int] = set()  # chop-moved cards (level 4)
    early = True
    for t, action in enumerate(tl.actions, start=1):
        p = (t - 1) % n
        before = states[t - 1]
        if type(action) is Hint:
            hinted: Sequence[int] = tk.hinted[t - 1]
            if read_as:  # what earlier clues' readings narrowed their focus cards to
                hinted = list(hinted)
                for c, mask in read_as.items():
                    hinted[c] &= mask
            table = Table(game, before, tk.statuses[t - 1], hinted, tk.touched[t - 1],
                          early_game=early, clued=tk.hinted[t - 1], moved=frozenset(moved))
            hand = before.hands[action.to]
            touched = game.touched(action, hand)  # the one touch rule
            slots = tuple([s for s, c in enumerate(hand) if c in touched])
            reading = read_clue(table, conventions, p, action, slots)
            for x in reading.connections:
                if x.kind in ("finesse", "prompt", "bluff"):
                    called[x.card] = (t, x.name)
                read_as[x.card] = 1 << x.identity
            narrowed = sum(1 << i for i in reading.could_be) & tk.hinted[t][reading.focus]
            if reading.meaning in ("play", "save") and narrowed:
                read_as[reading.focus] = narrowed
            moved.update(reading.moved)
            out.append(reading)
            continue
        card = action[0]
        read_as.pop(card, None)  # the card leaves the hands
        out.append(_move(conventions, tk, t, p, card, type(action) is Play, called, moved))
        moved.discard(card)
        if type(action) is Discard:
            early = False
    return GameReading(conventions, tuple(out), "")


def _move(conventions: Conventions, tk: TimelineKnowledge, t: int, p: int, card: int,
          play: bool, called: dict[int, tuple[int, str]], moved: set[int]) -> MoveReading:
    game = tk.timeline.game
    touched: Sequence[bool] = tk.touched[t - 1]
    hand = tk.timeline.states[t - 1].hands[p]
    slot = hand.index(card)
    if play:
        if card in called:
            turn, how = called.pop(card)
            kind = {"prompt": ANSWERS_PROMPT, "bluff": ANSWERS_BLUFF,
                    NULL_FIVE_PLAY: ANSWERS_BLUFF}.get(how, ANSWERS_FINESSE)
            return MoveReading(conventions, game, kind, card, p, slot, turn, how)
        if touched[card] or tk.known_playable(t - 1, p)[slot]:
            return MoveReading(conventions, game, PLAYS_CLUED, card, p, slot, None, "")
        return MoveReading(conventions, game, BLIND_PLAY, card, p, slot, None, "")
    called.pop(card, None)
    if touched[card]:
        return MoveReading(conventions, game, CLUED_DISCARD, card, p, slot, None, "")
    chop = chop_slot([touched[c] or c in moved for c in hand])
    if chop == slot:
        return MoveReading(conventions, game, CHOP_DISCARD, card, p, slot, None, "")
    return MoveReading(conventions, game, OFF_CHOP_DISCARD, card, p, slot, None,
                       str((chop or 0) + 1))
