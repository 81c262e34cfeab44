"""The clairvoyant game as a one-agent planning problem (see `solver`): a compact state
with the engine's rules, the moves worth trying, and proven upper bounds on the final
score. `search` explores it."""

from __future__ import annotations

from typing import NamedTuple

from ..knowledge.status import final_round_plays
from ..rules.engine import State, clue_kind_allowed, tuple_new
from ..rules.game import Game
from ..rules.identities import may_touch_nothing, next_identity

PLAY, DISCARD, HINT, MISFIRE = 0, 1, 2, 3
Move = tuple[int, int, int]  # (kind, deck card or -1, joker row or -1); a hint: (HINT, -1,
# -1), or in Alternating Clues (HINT, 0 for a colour clue or 1 for a rank clue, -1)
Hands = tuple[tuple[int, ...], ...]  # per player, deck indices, newest first
Rows = tuple[int, ...]  # per row, its height


class Node(NamedTuple):
    """The search's state: the engine's table less what the clairvoyant game does not
    read (the discards, the turn number beyond whose turn it is)."""

    player: int  # to move
    hands: Hands
    rows: Rows
    drawn: int  # cards drawn from the deck so far
    coins: int
    lives: int
    final_turns: int  # turns left in the final round; -1 before it
    score: int
    last_clue: int = -1  # Alternating Clues: the last clue's kind (State.last_clue)


# The memo key of a node (see Planning.key): player, drawn, coins, lives, final turns,
# rows, and the hands as classes of cards (an identity, or DEAD), each hand sorted.
Key = tuple[int, int, int, int, int, Rows, Hands]
DEAD = -2  # class of every card that can never be played (its rank is on its row)
NONE = 1 << 20


class Planning:
    """One game's tables for the compact state: identities, where each is next drawn,
    copies left, release slots; the rules, moves and bounds on it."""

    def __init__(self, game: Game) -> None:
        rules = game.ruleset
        self.game = game
        self.n = len(game.players)
        self.m = rules.max_rank
        self.ns = len(rules.suits)
        self.size = len(game.deck)
        self.max_coins = rules.coins
        self.hint_cost = rules.hint_cost  # 2 in Clue Starved (coins are half clues)
        self.row_coin = rules.row_coin  # not in Throw It in a Hole
        self.perfect = rules.perfect_score
        self.gentle = rules.gentle_show
        self.suit_of = game.suit_of
        self.rank_of = game.rank_of
        # Whether some hint touches each deck card, by the one touch rule (a variant's
        # null or brown cards may be untouchable by colours, ranks or both).
        space = game.space
        any_clue = 0
        for s in range(rules.colour_count):
            any_clue |= space.clue_mask(s, 0)
        for r in rules.ranks:
            any_clue |= space.clue_mask(-1, r)
        self.touchable = tuple((any_clue >> i) & 1 == 1 for i in game.identity_of)
        # Alternating Clues: a hint's kind matters; per kind (colour, rank), whether some
        # clue of it touches each deck card.
        self.alternating = rules.modifiers.alternating
        by_kind = [0, 0]
        for s in range(rules.colour_count):
            by_kind[0] |= space.clue_mask(s, 0)
        for r in rules.ranks:
            by_kind[1] |= space.clue_mask(-1, r)
        self.touchable_by = tuple(tuple((m >> i) & 1 == 1 for i in game.identity_of)
                                  for m in by_kind)
        # A clue that touches nothing is legal in the Blind variants: a hint is then
        # always possible with a coin (`identities.may_touch_nothing`).
        self.empty_hint = (
            (rules.colour_count > 0 and may_touch_nothing(rules, True))
            or (bool(rules.clue_ranks if rules.kinds else rules.ranks)
                and may_touch_nothing(rules, False)))
        self.joker_id = self.ns * self.m
        ids = tuple(self.joker_id if s < 0 else s * self.m + r - 1
                    for s, r in zip(game.suit_of, game.rank_of, strict=True))
        self.ident = ids
        # next_at[d][i]: the first deck index >= d holding identity i (or NONE);
        # left[d][i]: copies of identity i in deck[d:].
        count = self.joker_id + 1
        nxt = [NONE] * count
        left = [0] * count
        next_at = [tuple(nxt)]
        lefts = [tuple(left)]
        # For `cuts`: bit i stands for identity i; gone[d]: identities with no copy in
        # deck[d:] (the joker's bit included).
        every = (1 << count) - 1
        present = 0  # the identities with a copy in deck[k:]
        gone = [every]
        for k in range(self.size - 1, -1, -1):
            nxt[ids[k]] = k
            left[ids[k]] += 1
            present |= 1 << ids[k]
            next_at.append(tuple(nxt))
            lefts.append(tuple(left))
            gone.append(every & ~present)
        self.next_at = tuple(reversed(next_at))
        # release[d][i]: the first slot (draw-using turn) at which identity i can be played
        # when d cards have been drawn and none of it is held: the slot after its first
        # copy is drawn; but the player who draws the last card plays it, if at all, on
        # the game's last turn (slot pile + players - 1). (Built per row when first asked,
        # `release_at`: a search from a late turn reads only the rows from there on.)
        self._release: list[tuple[int, ...] | None] = [None] * len(self.next_at)
        copies: list[list[int]] = [[] for _ in range(count)]
        for k, i in enumerate(ids):
            copies[i].append(k)
        self.copies_at = tuple([tuple(c) for c in copies])
        self.left = tuple(reversed(lefts))
        self.bit = tuple([1 << i for i in ids])
        self.gone = tuple(reversed(gone))
        self.no_cut = (self.m + 1,) * self.ns
        self.cut_memo: dict[tuple[int, tuple[int, ...]], tuple[int, ...]] = {}
        self.class_memo: dict[tuple[tuple[int, ...], tuple[int, ...]], tuple[int, ...]] = {}

    # ---- the compact state and the rules on it ----

    def node(self, state: State) -> Node:
        return Node(state.turn % self.n, state.hands, state.rows, state.drawn, state.coins,
                    state.lives, state.final_turns, state.score, state.last_clue)

    def step(self, node: Node, move: Move) -> Node | int:
        """The node after `move`, or the final score when the game ends with it (the
        engine's rules: see engine.apply)."""
        p, hands, rows, drawn, coins, lives, ft, score, last = node
        kind, card, row = move
        if kind == HINT:
            coins -= self.hint_cost
            if self.alternating:
                last = card  # the hint's kind
        else:
            hand = hands[p]
            if kind == PLAY:
                s = row if row >= 0 else self.suit_of[card]
                h = rows[s] + 1
                rows = rows[:s] + (h,) + rows[s + 1:]
                score += 1
                if h == self.m and coins < self.max_coins and self.row_coin:
                    coins += 1
            elif kind == DISCARD:
                coins += 1
            else:
                lives -= 1
            i = hand.index(card)
            rest = hand[:i] + hand[i + 1:]
            if drawn < self.size:
                rest = (drawn,) + rest
                drawn += 1
                if drawn == self.size and ft < 0:
                    ft = self.n + 1
            hands = hands[:p] + (rest,) + hands[p + 1:]
        if ft > 0:
            ft -= 1
        if lives == 0:
            return score if self.gentle else 0
        if score == self.perfect or ft == 0:
            return score
        # `tuple.__new__` from a tuple, as the engine makes its states: NamedTuple's own
        # keyword-handling constructor (or `_make`'s length check) would cost the search a
        # few per cent (this is its most frequent line).
        return tuple_new(Node, ((p + 1) % self.n, hands, rows, drawn, coins, lives, ft, score,
                                last))

    def can_hint(self, node: Node) -> bool:
        return bool(self.hint_moves(node))

    def hint_moves(self, node: Node) -> list[Move]:
        """The hint moves legal at `node`: one, (HINT, -1, -1); in Alternating Clues one
        per kind of clue that may come next and touches a card (or may touch none)."""
        p, hands = node.player, node.hands
        if node.coins < self.hint_cost:
            return []
        if not self.alternating:
            if self.empty_hint or any(self.touchable[c] for q, h in enumerate(hands)
                                      if q != p for c in h):
                return [(HINT, -1, -1)]
            return []
        rules = self.game.ruleset
        out: list[Move] = []
        for kind in (0, 1):
            if not clue_kind_allowed(rules, node.last_clue, kind == 0):
                continue
            if (kind == 0 and rules.colour_count == 0) or (kind == 1 and not rules.clue_ranks):
                continue
            touchable = self.touchable_by[kind]
            if may_touch_nothing(rules, kind == 0) or any(
                    touchable[c] for q, h in enumerate(hands) if q != p for c in h):
                out.append((HINT, kind, -1))
        return out

    def hint_move(self, colour: bool) -> Move:
        """The model's move for an engine hint (a colour clue, else a rank clue)."""
        return (HINT, 0 if colour else 1, -1) if self.alternating else (HINT, -1, -1)

    def cuts(self, node: Node) -> tuple[int, ...]:
        """Per row, the lowest rank it can never reach: every copy of a rank between is
        gone (no joker left to bridge it). A card at or above it is dead."""
        hands, rows, drawn = node.hands, node.rows, node.drawn
        bit = self.bit
        held = 0
        for h in hands:
            for c in h:
                held |= bit[c]
        gone = self.gone[drawn] & ~held  # identities with no copy left anywhere
        out = self.cut_memo.get((gone, rows))
        if out is None:
            out = self.cut_memo[(gone, rows)] = self.cuts_of(gone, rows)
        return out

    def cuts_of(self, gone: int, rows: tuple[int, ...]) -> tuple[int, ...]:
        """`cuts` given the identities with no copy left (bits as in `gone`)."""
        m = self.m
        if not gone >> (self.ns * m) & 1:  # a joker left bridges every gap
            return self.no_cut
        out = []
        for s, height in enumerate(rows):
            seg = gone >> next_identity(s, height, m) & ((1 << (m - height)) - 1)
            out.append(height + (seg & -seg).bit_length() if seg else m + 1)
        return tuple(out)

    def classes(self, rows: tuple[int, ...], cuts: tuple[int, ...]) -> tuple[int, ...]:
        """Per deck card, its class in `key`: its identity, or DEAD when its row is at
        or past its rank or cut below it. Remembered per (rows, cuts)."""
        out = self.class_memo.get((rows, cuts))
        if out is None:
            out = self.class_memo[(rows, cuts)] = tuple(
                DEAD if s >= 0 and not rows[s] < r < cuts[s] else i
                for s, r, i in zip(self.suit_of, self.rank_of, self.ident, strict=True))
        return out

    def key(self, node: Node) -> Key:
        """Cards of one identity are interchangeable and every dead card is alike."""
        p, hands, rows, drawn, coins, lives, ft, _, last = node
        get = self.classes(rows, self.cuts(node)).__getitem__
        if self.alternating:  # the last clue's kind goes with the coins (`upper` reads neither)
            coins = coins * 3 + last + 1
        return (p, drawn, coins, lives, ft, rows, tuple([tuple(sorted(map(get, h))) for h in hands]))

    # ---- bounds ----

    def upper(self, node: Node, parts: dict[str, int] | None = None) -> int:
        """A proven upper bound: the rows' reach with the cards still in hands or the
        draw pile (each joker bridging one gap), and the plays the turns left allow when
        no card is played before it is drawn (a unit-job schedule with release times).
        `parts`, when given, gets each bound by name (what a proof quotes)."""
        _, hands, rows, drawn, _, _, ft, score, _ = node
        m, left, ids = self.m, self.left[drawn], self.ident
        held: set[int] = set()
        for h in hands:
            for c in h:
                held.add(ids[c])
        jid = self.joker_id
        release = self.release_at(drawn)
        slots = ft if ft >= 0 else self.size - drawn + self.n
        if jid in held:
            jokers = left[jid] + sum(1 for h in hands for c in h if ids[c] == jid)
            joker_at = 0
        else:
            jokers = left[jid]
            joker_at = release[jid]
        releases: list[int] = []
        reach_total = 0
        gains1: list[int] = []
        gain2 = 0
        for s, height in enumerate(rows):
            base = s * m
            gaps = 0
            reach0 = reach1 = reach2 = -1
            e = -1
            for r in range(height + 1, m + 1):
                i = base + r - 1
                if i in held:
                    a = 0
                else:
                    a = release[i]
                if a == NONE:
                    if gaps == 0:
                        reach0 = r - 1
                    elif gaps == 1:
                        reach1 = r - 1
                    elif gaps == 2:
                        reach2 = r - 1
                    gaps += 1
                    if gaps > jokers:
                        break
                if jokers and joker_at < a:
                    a = joker_at
                e = a if a > e + 1 else e + 1
                releases.append(e)
            if reach0 < 0:
                reach0 = m
            if reach1 < 0:
                reach1 = m
            if reach2 < 0:
                reach2 = m
            reach_total += reach0
            gains1.append(reach1 - reach0)
            gain2 = max(gain2, reach2 - reach0)
        if jokers == 1:
            reach_total += max(gains1)
        elif jokers >= 2:
            gains1.sort()
            reach_total += max(gain2, gains1[-1] + gains1[-2])
        releases.sort()
        t = count = 0
        for e in releases:
            if e >= slots:
                break
            t = e if e > t else t
            if t >= slots:
                break
            t += 1
            count += 1
        bound = min(reach_total, score + count)
        if parts is not None:
            parts.update(reach=reach_total, pace=score + count)
        if ft >= 0:
            bound = min(bound, score + self.final_round(node))
            if parts is not None:
                parts["final round"] = score + self.final_round(node)
        if not jokers and drawn < self.size:
            space = reach_total - self.overflow(node, held)
            bound = min(bound, space)
            if parts is not None:
                parts["hand space"] = space
        return bound

    def final_round(self, node: Node) -> int:
        """In the final round no card is drawn and each player left has one turn: the
        most plays those turns can make from the hands, searched exactly by the one
        rule max score reads (`status.final_round_plays`)."""
        p, hands, rows, ft = node.player, node.hands, node.rows, node.final_turns
        n = self.n
        return final_round_plays(self.game, list(rows), hands, [(p + k) % n for k in range(ft)])

    def overflow(self, node: Node, held: set[int]) -> int:
        """How many cards the rows' reach needs held at once beyond what the hands can
        hold. Before the final round every hand is full; a card must be held from when
        it is drawn until its row's lower ranks have all been drawn. Counted only for a
        rank whose every copy comes by then (a later copy could be kept instead), from
        its latest such copy. Each card too many costs at least one point. (No jokers.)"""
        rows, drawn = node.rows, node.drawn
        m, nxt, copies_at, size = self.m, self.next_at[drawn], self.copies_at, self.size
        change = [0] * (size + 1)
        for s, height in enumerate(rows):
            base = s * m
            ready = drawn - 1  # when the row's ranks so far have all been drawn
            for r in range(height + 1, m + 1):
                i = base + r - 1
                first = drawn - 1 if i in held else nxt[i]
                if first >= NONE:
                    break
                if first > ready:
                    ready = first
                latest = drawn - 1 if i in held else -1
                late = False
                for k in copies_at[i]:
                    if k >= drawn:
                        if k <= ready:
                            latest = k
                        else:
                            late = True
                if late:
                    continue
                change[max(latest, drawn)] += 1
                change[ready + 1] -= 1
        capacity = self.n * self.game.hand_size
        worst = running = 0
        for d in range(drawn, size):
            running += change[d]
            if running - capacity > worst:
                worst = running - capacity
        return worst

    # ---- moves ----

    def moves(self, node: Node) -> list[Move]:
        """Every move worth trying, the likeliest first: plays (lowest rank first),
        jokers (onto a row whose next card is gone first), dead cards, a pass, then the
        other throws, cheapest first (see `throw_cost`). Copies of one identity are one
        move; a misfire is tried only at full coins (else discarding the same card is at
        least as good: one more coin and one more life)."""
        p, hands, rows, drawn, coins, lives, _, _, _ = node
        hand = hands[p]
        cuts = self.cuts(node)
        suit_of, rank_of, ids = self.suit_of, self.rank_of, self.ident
        jokers: list[Move] = []
        dead: list[Move] = []
        others: list[tuple[float, Move]] = []
        seen: set[int] = set()
        for c in hand:
            s = suit_of[c]
            if s < 0:
                if ids[c] in seen:
                    continue
                seen.add(ids[c])
                for row, h in enumerate(rows):
                    if h < self.m:
                        jokers.append((PLAY, c, row))
                continue
            r = rank_of[c]
            cls = ids[c] if rows[s] < r < cuts[s] else DEAD
            if cls in seen:
                continue
            seen.add(cls)
            if cls == DEAD:
                dead.append((DISCARD, c, -1))
            elif r != rows[s] + 1:  # (the plays: `plays`)
                others.append((self.throw_cost(node, c), (DISCARD, c, -1)))
        out = self.plays(node)
        if jokers:
            left = self.left[drawn]
            held = {ids[c] for h in hands for c in h}

            def need(mv: Move) -> int:
                i = next_identity(mv[2], rows[mv[2]], self.m)
                return 0 if i not in held and not left[i] else 1
            out += sorted(jokers, key=need)
        full = coins >= self.max_coins
        if not full:
            out += dead
        others.sort()
        out += self.hint_moves(node)
        if not full:
            out += [mv for _, mv in others]
        elif lives >= 2 or not out:
            # Full coins: a misfire is the only way to draw; the last life only when
            # nothing else is legal.
            out += [(MISFIRE, c, -1) for _, c, _ in dead + [mv for _, mv in others]]
        return out

    def release_at(self, drawn: int) -> tuple[int, ...]:
        """The row `drawn` of the release table (see `__init__`), made once."""
        row = self._release[drawn]
        if row is None:
            last, end = self.size - 1, self.size + self.n - 1
            row = self._release[drawn] = tuple([
                NONE if k >= NONE else k - drawn + 1 if k < last else end - drawn
                for k in self.next_at[drawn]])
        return row

    def plays(self, node: Node) -> list[Move]:
        """The plays of `moves` (cards that fit their row, no joker), lowest rank first,
        one per identity: the head of `moves`, and the greedy line's first choice (which
        needs no more of them). (A card that fits is below its row's cut: its own copy is
        held, so its rank is not gone.)"""
        rows = node.rows
        suit_of, rank_of, ids = self.suit_of, self.rank_of, self.ident
        plays: list[tuple[int, Move]] = []
        for c in node.hands[node.player]:
            s = suit_of[c]
            if s >= 0 and rank_of[c] == rows[s] + 1 and all(
                    ids[mv[1]] != ids[c] for _, mv in plays):
                plays.append((rank_of[c], (PLAY, c, -1)))
        if len(plays) > 1:
            plays.sort()
        return [mv for _, mv in plays]

    def throw_cost(self, node: Node, card: int) -> float:
        """How bad throwing a live card is: under 1 when another copy is in a hand,
        under 2 when one is still to be drawn (the sooner the better), else the points
        its row would lose (a last copy)."""
        hands, drawn = node.hands, node.drawn
        i = self.ident[card]
        ids = self.ident
        for h in hands:
            for c in h:
                if c != card and ids[c] == i:
                    return 0.5
        at = self.next_at[drawn][i]
        if at < NONE:
            return 1 + (at - drawn) / self.size
        return 3 + self.m - self.rank_of[card]
