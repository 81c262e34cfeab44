"""Bad clues the reading shows at the moment of the clue (docs/conventions.md,
"Findings that use the reading"), each judged by what the giver could see:

- a clue whose only reading is a misplay: read as a play clue, its focus card cannot
  be played and nothing the giver sees connects to it, nor to any card it touches;
- an ambiguous focus: the same, but another card the clue touched could be played
  (or connects): the giver meant that card, yet H-Group's focus rule ("Single Card
  Focus") sends the target to the card that misplays;
- a save that could have been a play: a clue read as a save (the target cannot tell a
  play from a save) on a card playable now, when the other clue on that card reads as
  a plain play clue that breaks no Good Touch, the clue made no other card known
  playable, and the target's next turn neither scored (a play that fit) nor gave an
  urgent save or fix;
- a final-round stall that costs a point: a clue that tells nothing in the final round
  is no mistake only when the giver had no known play and no play clue on a card that
  can still be played in the turns left (`status.can_still_play`, the clock's rule);
  and one that made a card known playable that the turns left can still play is no
  waste at all (`clue_scores`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from ..conventions.chop import chop_moved_at
from ..conventions.connections import BLUFF, connect
from ..conventions.game import GameReading
from ..conventions.good_touch import breaks_good_touch, inferred
from ..conventions.levels import Conventions
from ..conventions.meaning import FIX, PLAY, SAVE
from ..conventions.reading import Reading, read_clue
from ..conventions.table import Table
from ..conventions.variants import AMBIGUOUS_TEMPO
from ..knowledge.status import Status, all_playable, all_trash, can_still_play
from ..knowledge.tiers import TimelineKnowledge
from ..rules.engine import is_misfire
from ..rules.game import Game, Hint, Play
from .mover import Memo, MoverView


class ClueFault(NamedTuple):
    """A bad clue found at the clue: its convention (levels.CONVENTIONS) and words."""

    convention: str
    text: str
    cards: tuple[int, ...]
    rule: str  # "ambiguous focus", "misplay only", "save not play"


def table_before(tk: TimelineKnowledge, read: GameReading, t: int) -> Table:
    """The table before turn `t` as the reader saw it, from the clues alone (what a
    reading of an earlier clue narrowed is not applied): the chop-moved cards still in
    the hands, and the Early Game until the first discard."""
    tl = tk.timeline
    before = tl.states[t - 1]
    early = not before.discards
    return Table(tl.game, before, tk.statuses[t - 1], tk.hinted[t - 1], tk.touched[t - 1],
                 early_game=early, clued=tk.hinted[t - 1], moved=chop_moved_at(read, t - 1))


def five_by_colour(game: Game, st: Status, hint: Hint, r: Reading) -> bool:
    """A colour clue on a chop 5 that cannot be played yet nor is trash: no 5 Save (a 5
    is saved by a number clue, H-Group https://hanabi.github.io/docs/beginner/5-save),
    so its target reads a play clue or a save of another card. Not a Brown Save
    (`variants.save_rule` saves a 5 by colour), nor a 5 a number clue does not touch,
    nor a valid (delayed) play clue on the 5 (`valid_play_clue`): its target keeps it
    until the cards before it are played, which is no fault."""
    truth = game.identity_of[r.focus]
    return bool(hint.suit >= 0 and r.why == "chop"
                and game.rank_of[r.focus] == game.ruleset.max_rank
                and not (st.playable >> truth) & 1 and not (st.trash >> truth) & 1
                and not r.saved and not valid_play_clue(r)
                and (game.space.clue_mask(-1, game.ruleset.max_rank) >> truth) & 1)


def valid_play_clue(r: Reading) -> bool:
    """Whether the clue reads as a play clue on its focus card (also when the target may
    read a save of another identity) and the focus connects (the reader's `connect`, as
    `read_clue` ran it): every card before it in its suit is played, clued
    in a hand (a delayed play or a prompt, H-Group
    https://hanabi.github.io/docs/beginner/delayed-play-clues) or called by a finesse, so
    the focus waits and then plays. Not a bluff (level 11): there the focus card is not
    what it is read as."""
    return r.meaning in (PLAY, SAVE) and r.connects and all(x.kind != BLUFF for x in r.connections)


def _legal(game: Game, hint: Hint) -> bool:
    """Whether the ruleset has the clue `hint` names (a variant may have no colour or no
    number clues, or only some)."""
    rules = game.ruleset
    if hint.suit >= 0:
        return hint.suit < rules.colour_count
    return hint.rank in (rules.clue_ranks if rules.kinds else rules.ranks)


def read_other(table: Table, conventions: Conventions, giver: int, hint: Hint) -> Reading:
    """The reading a clue the giver did not give would have had at `table`."""
    hand = table.state.hands[hint.to]
    touched = table.game.touched(hint, hand)
    slots = tuple([s for s, c in enumerate(hand) if c in touched])
    return read_clue(table, conventions, giver, hint, slots)


def _connects_any(table: Table, conventions: Conventions, giver: int, target: int,
                  card: int) -> bool:
    """Whether `card` (in the target's hand) could be played now or through the cards
    the giver sees: the reviewer's connection search (`connections.connect`), the giver's
    own cards face down (their clued cards count as what their clues tell them)."""
    i = table.game.identity_of[card]
    mine = table._replace(hidden=table.hidden | frozenset(table.state.hands[giver]))
    return connect(mine, conventions, giver, target, card, i, viewer=None) is not None


def _beyond_sight(table: Table, giver: int, identity: int) -> bool:
    """Whether some card the focus still needs (its row's next ranks below it) is in no
    hand but the giver's, and not a clued card of theirs they know exactly (which they
    may connect through; one they know only in part they cannot count on, issue #31):
    then no finesse, layered or not, can connect it."""
    game = table.game
    m = table.max_rank
    suit, rank = divmod(identity, m)
    rank += 1
    if (table.status.trash >> identity) & 1:
        return True
    seen = {game.identity_of[c] for p, hand in enumerate(table.state.hands) for c in hand
            if p != giver}
    for c in table.state.hands[giver]:  # the giver's own clued cards, as they know them
        told = table.told(c)
        if table.touched[c] and told and not told & (told - 1):
            seen.add(told.bit_length() - 1)
    return any(suit * m + r - 1 not in seen for r in range(table.state.rows[suit] + 1, rank))


def misplay_clue(table: Table, r: Reading, hint: Hint, w_hint: str) -> ClueFault | None:
    """A play clue whose focus misplays: only that reading ("a clue whose only reading is
    a misplay"), or with another touched card that plays (an ambiguous focus)."""
    if r.meaning != PLAY or r.convention != "play clue" or r.connects or r.truth is None:
        return None
    if table.game.suit_of[r.focus] < 0 or not _beyond_sight(table, r.giver, r.truth):
        return None  # a layered or hidden finesse the reader does not read may connect
    if any(not (table.status.playable >> i) & 1 for i in r.could_be):
        return None  # the target may read it as a delayed play and wait: not only a misplay
    # Good Touch by the target's own clued cards: an identity another card of theirs is
    # now known to be cannot be the focus too; if none is left, they know it is trash.
    clue_mask = table.game.space.clue_mask(hint.suit, hint.rank)
    hand = table.state.hands[r.target]
    touched = table.game.touched(hint, hand)
    known = {table.hinted[c] & (clue_mask if c in touched else -1) for c in hand
             if c != r.focus and (table.touched[c] or c in touched)}
    if not [i for i in r.could_be if 1 << i not in known]:
        return None
    game = table.game
    name, target = game.players, game.players[r.target]
    shown = game.card_text(r.focus)
    said = f"{name[r.giver]}'s {game.describe_hint(hint)} {w_hint} to {target}"
    others = [c for c in touched if c != r.focus and not table.touched[c]
              and _connects_any(table, r.conventions, r.giver, r.target, c)]
    focus = f"slot {r.focus_slot + 1}"
    why = "already played" if r.trash else "nothing the giver sees connects to it"
    if others:
        meant = game.card_text(others[0])
        return ClueFault("single card focus", (
            f"{said} has an ambiguous focus: it touched {meant}, which could be played, but "
            f"by H-Group's focus rule its focus is {focus} ({shown}), read as a play "
            f"{w_hint}, and {shown} cannot be played ({why})."), (r.focus, others[0]),
            "ambiguous focus")
    return ClueFault("play clue", (
        f"{said} reads only as a play {w_hint} on {focus}, {shown}, which cannot be played "
        f"({why}): following it misplays."), (r.focus,), "misplay only")


def save_not_play(tk: TimelineKnowledge, read_turns: Sequence[object], table: Table, t: int,
                  r: Reading, hint: Hint, w_hint: str) -> ClueFault | None:
    """A save-shaped clue on a card playable now, when the other clue on it reads as a
    plain play clue breaking no Good Touch, and the target did not play it next turn."""
    game = table.game
    if r.meaning != SAVE or r.why != "chop" or r.truth is None:
        return None
    if not (table.status.playable >> r.truth) & 1:
        return None
    n = len(game.players)
    nxt = t + (r.target - r.giver) % n
    actions = tk.timeline.actions
    if nxt > len(actions):
        return None
    act = actions[nxt - 1]
    states = tk.timeline.states
    if type(act) is Play and (act.card == r.focus
                              or not is_misfire(act, states[nxt - 1], states[nxt])):
        return None  # the target played it anyway, or scored with another play first
    urgent = read_turns[nxt]
    if type(act) is Hint and isinstance(urgent, Reading) and urgent.meaning in (SAVE, FIX):
        return None  # the target had an urgent save or fix to give
    if any(c != r.focus for c in tk.hint_lesson(t).made_playable):
        return None  # the clue also made another card known playable: it did more
    suit, rank = game.suit_of[r.focus], game.rank_of[r.focus]
    other = Hint(r.target, suit, 0) if hint.rank else Hint(r.target, -1, rank)
    if not _legal(game, other) or r.focus not in game.touched(other, table.state.hands[r.target]):
        return None  # (a colour that is not its suit's: not in a variant the reader reads)
    if breaks_good_touch(table, r.giver, game.touched(other, table.state.hands[r.target])):
        return None  # (asked first: cheaper than reading the other clue)
    alt = read_other(table, r.conventions, r.giver, other)
    if alt.focus != r.focus or alt.meaning != PLAY or not alt.connects or alt.connections:
        return None
    name = game.players
    shown = game.card_text(r.focus)
    return ClueFault(r.convention, (
        f"{name[r.giver]}'s {game.describe_hint(hint)} {w_hint} to {name[r.target]} reads as "
        f"a save or a play of {shown}, which was playable now: {game.describe_hint(other)} "
        f"would have been a plain play {w_hint} on it; {name[r.target]}, who could not tell "
        f"a play from a save, did not play it at turn {nxt}."), (r.focus,), "save not play")


def clue_scores(tk: TimelineKnowledge, t: int) -> int | None:
    """A card the clue of turn `t` made known playable that the turns left can still
    play (`status.can_still_play`), or None: in the final round such a clue scores."""
    tl = tk.timeline
    for c in tk.hint_lesson(t).made_playable:
        if can_still_play(tl.game, tl.states[t], tk.statuses[t], c):
            return c
    return None


def scoring_instead(tk: TimelineKnowledge, read: GameReading, t: int, p: int,
                    conventions: Conventions, w_hint: str) -> str:
    """In the final round, what the giver of turn `t` could have done that scores more
    than a clue telling nothing ('' when nothing could): play a card they knew was
    playable, or give a play clue on a card its holder can still play in the turns left
    (`status.can_still_play`) and did not know playable."""
    tl = tk.timeline
    game = tl.game
    before, after = tl.states[t - 1], tl.states[t]
    hand = before.hands[p]
    known = tk.known_playable(t - 1, p)
    for c, k in zip(hand, known, strict=True):
        if k:
            return f"{game.players[p]} knew {game.card_text(c)} was playable"
    left = after.final_turns if after.final_turns >= 0 and after.ending is None else 0
    n = len(game.players)
    order = [(t + k) % n for k in range(left)]  # the players who still have a turn
    table: Table | None = None
    st = tk.statuses[t - 1]
    for q in dict.fromkeys(order):
        if q == p or any(tk.known_playable(t - 1, q)):
            continue
        for c in before.hands[q]:
            i = game.identity_of[c]
            if game.suit_of[c] < 0 or not (st.playable >> i) & 1:
                continue
            if not can_still_play(game, after, tk.statuses[t], c):
                continue
            table = table or table_before(tk, read, t)
            for clue in (Hint(q, game.suit_of[c], 0), Hint(q, -1, game.rank_of[c])):
                if not _legal(game, clue) or c not in game.touched(clue, before.hands[q]):
                    continue
                alt = read_other(table, conventions, p, clue)
                if alt.focus == c and alt.meaning == PLAY and alt.connects \
                        and not alt.connections:
                    return (f"{game.describe_hint(clue)} to {game.players[q]} was a play "
                            f"{w_hint} on {game.card_text(c)}, which {game.players[q]} "
                            f"could still play in the turns left")
    return ""



TEMPO = ("tempo clue", AMBIGUOUS_TEMPO)


def tempo_clue(tk: TimelineKnowledge, read: GameReading, t: int, r: Reading) -> bool | None:
    """A clue that taught its target nothing new about any card but reads as a Tempo
    Clue (H-Group: a re-clue of a card not known playable asks for it to play): True
    when the focus, which the giver sees, plays now or connects as the giver reads it
    (`r`, `valid_play_clue`), and the turns left can still play it: no waste; False when
    it cannot (following it misplays); None when the clue is no Tempo Clue. The game's
    reading must agree, and no earlier play clue (or Tempo Clue) may have focused the card
    read as narrowly: its holder was already told to play it, so the clue asks for nothing
    new (H-Group's Tempo Clue gets a clued card played that was not going to be)."""
    seen = read.turns[t]
    if r.meaning != PLAY or r.convention not in TEMPO or not isinstance(seen, Reading) \
            or seen.meaning != PLAY or seen.convention not in TEMPO:
        return None
    now = set(seen.could_be)
    if any(isinstance(u, Reading) and u.meaning == PLAY and u.focus == r.focus
           and set(u.could_be) <= now for u in read.turns[1:t]):
        return None  # an earlier play (or Tempo) clue already asked for it as much
    tl = tk.timeline
    return valid_play_clue(r) and can_still_play(tl.game, tl.states[t], tk.statuses[t], r.focus)


def chop_move_waste(tk: TimelineKnowledge, t: int, r: Reading) -> str:
    """Why a Trash Chop Move protected nothing ('' when it protected a card). H-Group
    (https://hanabi.github.io/docs/level-4#the-trash-chop-move-tcm) uses it for critical
    cards on the chop and for useful cards no clue may touch directly ("a
    one-away-from-playable 3"), so it is a waste when every card it moves is trash (the
    giver sees it; by Good Touch a copy of a card clued in a hand they see is), already
    known trash to its holder by the clues (which the giver sees too), or none of:
    critical, playable, one away from playable, a 2 no other hand shows
    (the 2 Save's rule). Judged from the giver's view: the moved cards are the target's,
    in sight; the giver's own hand is not looked at."""
    if r.convention != "trash chop move" or not r.moved:
        return ""
    tl = tk.timeline
    game = tl.game
    st = tk.statuses[t - 1]
    before = tl.states[t - 1]
    of = game.identity_of
    m = game.ruleset.max_rank
    # Copies of a 2 that a 2 Save would not save: seen in another hand than the target's
    # and the giver's (the giver's own hand is face down to them).
    shown = {of[c] for q, hand in enumerate(before.hands) if q not in (r.giver, r.target)
             for c in hand}
    # Good Touch: a copy of a card clued in a hand the giver sees is as good as trash
    touched = tk.touched[t - 1]
    gotten = {of[c] for q, hand in enumerate(before.hands) if q != r.giver
              for c in hand if touched[c]}
    told, dead, idle = [], [], []
    for c in r.moved:
        i = of[c]
        if all_trash(tk.hinted[t - 1][c], st):
            told.append(game.card_text(c))
            continue
        if (st.trash >> i) & 1 or i in gotten:
            dead.append(game.card_text(c))
            continue
        suit = game.suit_of[c]
        away = suit >= 0 and i == suit * m + before.rows[suit] + 1  # (identities by place)
        if (st.critical >> i) & 1 or (st.playable >> i) & 1 or away or (
                game.rank_of[c] == 2 and i not in shown):
            return ""
        idle.append(game.card_text(c))
    target = game.players[r.target]
    why = []
    if told:
        why.append(f"{target} already knew {_listed(told)} {'was' if len(told) == 1 else 'were'} "
                   f"trash")
    if dead:
        why.append(f"{_listed(dead)} {'is' if len(dead) == 1 else 'are'} trash")
    if idle:
        why.append(f"{_listed(idle)}: not critical, not playable nor one away from it, not a 2 "
                   f"that no other hand shows")
    return "; ".join(why)


def _listed(names: list[str]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def fix_touches_dead(tk: TimelineKnowledge, read: GameReading, t: int, hint: Hint,
                     r: Reading) -> int | None:
    """A new card a fix clue touched that breaks Good Touch as the giver could see it
    (trash, or a copy of a clued card) and that its holder cannot tell is trash after
    the clue: by Good Touch they take it for a card to play, so the fix is no clean one
    (None when there is none)."""
    if r.meaning != FIX:
        return None
    tl = tk.timeline
    hand = tl.states[t - 1].hands[hint.to]
    was = tk.touched[t - 1]
    new = [c for c in tl.game.touched(hint, hand) if not was[c]]
    if not new:
        return None
    table = table_before(tk, read, t)  # (`gotten` sees the giver's hand as they do)
    st = tk.statuses[t]
    for c in breaks_good_touch(table, r.giver, new):
        if not all_trash(tk.hinted[t][c], st):
            return c
    return None


def giver_saw_wrong(tk: TimelineKnowledge, read: GameReading, memo: Memo, t: int,
                    card: int) -> bool:
    """Whether the clue of turn `t`, which touched `card`, was wrong on it from its giver's
    view (issue #31: a clue is judged with the giver's own hand face down): it broke Good
    Touch on the card as the giver could see it (trash, or a copy of a clued card they
    saw or knew exactly), or, read as the giver read it, its focus is the card and does
    not connect but through a card of their own they did not know. A duplicate of the
    giver's own clued card they knew only in part is no fault of theirs."""
    tl = tk.timeline
    giver = (t - 1) % len(tl.game.players)
    hint = tl.actions[t - 1]
    assert isinstance(hint, Hint)
    view = MoverView(tk, read, t, giver, memo)
    touched = tl.game.touched(hint, tl.states[t - 1].hands[hint.to])
    if card in breaks_good_touch(view.table_at(t), giver, touched):
        return True
    r = view.read(t)
    if r.focus != card or r.meaning != PLAY:
        return False
    # (a connection through a clued card of the giver's own that they know only in part
    # is none they can count on: `_beyond_sight`'s rule)
    return not valid_play_clue(r) or any(
        x.player == giver and (m := view.mask(x.card)) & (m - 1) for x in r.connections)


def good_touch_culprit(tk: TimelineKnowledge, read: GameReading, memo: Memo, t: int,
                       card: int) -> tuple[int, int] | None:
    """The latest clue before turn `t`, while `card` was in play, that broke Good Touch as
    its giver could see it on `card` or on a copy of it (touching a copy while another
    was clued in sight, or a card already trash): the clue to blame when the card's holder,
    reading it by Good Touch, misplayed it. Its turn and the copy it touched; None when
    no clue did (then no giver could see the duplicate: no one's fault)."""
    tl = tk.timeline
    game, states = tl.game, tl.states
    of = game.identity_of
    n = len(game.players)
    for u in range(t - 1, 0, -1):
        hint = tl.actions[u - 1]
        if type(hint) is not Hint or card >= states[u - 1].drawn:
            continue
        touched = game.touched(hint, states[u - 1].hands[hint.to])
        copies = [c for c in touched if of[c] == of[card]]
        if not copies:
            continue
        giver = (u - 1) % n
        bad = breaks_good_touch(MoverView(tk, read, u, giver, memo).table_at(u), giver, touched)
        hit = next((c for c in copies if c in bad), None)
        if hit is not None:
            return u, hit
    return None


def good_touch_playable(view: MoverView, card: int) -> int:
    """The identities the mover's clued `card` may be by its clues, what they see and Good
    Touch (`good_touch.inferred`: no trash, no copy of a clued card in sight), when every
    one of them is playable (0 otherwise): playing it then follows the conventions."""
    mask = inferred(view.table_at(view.turn), view.player, card) & view.mask(card)
    return mask if mask and all_playable(mask, view.status) else 0


def read_playable(view: MoverView, card: int) -> int:
    """The identities the mover's clued `card` may be, when every one is playable, by
    what the conventions told them (0 otherwise): Good Touch (`good_touch_playable`), or
    the latest play clue that focused it, as they read it (`MoverView.read`, its options
    for their card). A card so read is one to play, though not known playable by the
    clues' marks alone."""
    mask = good_touch_playable(view, card)
    if mask or view.reading is None or view.reading.not_read:
        return mask
    tl = view.tk.timeline
    for u in range(view.turn - 1, 0, -1):
        if card not in tl.states[u - 1].hands[view.player]:
            break
        seen = view.reading.turns[u]
        if not isinstance(seen, Reading) or seen.focus != card:
            continue
        r = view.read(u)
        if r.meaning != PLAY or r.focus != card:
            return 0
        for i in view.options(u, r):
            mask |= 1 << i
        mask &= view.mask(card)
        return mask if mask and all_playable(mask, view.status) else 0
    return 0
