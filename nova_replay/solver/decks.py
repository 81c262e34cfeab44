"""Which decks can be won at all (issue 24): a deal is winnable when some line of play by
a team that knows every card, the draw pile's order included, reaches the perfect score.
The solver decides it either way, with its proof: a witness line, a bound (pace, a
bottom-decked critical card, hand space) or an exhausted search; or, when its budget
runs out first, says it does not know."""

from __future__ import annotations

from dataclasses import dataclass

from ..rules.engine import deal
from ..rules.game import Action, Game
from .exact import DEFAULT_BUDGET, Budget, Solver, engine_line

WINNABLE, NOT_WINNABLE, UNKNOWN = "winnable", "not winnable", "unknown"


@dataclass(frozen=True)
class DeckVerdict:
    """Whether a deal can reach the perfect score, and why."""

    winnable: bool | None  # None: not decided within the budget
    perfect: int
    lower: int  # reached by `witness`
    upper: int  # proven: no line does better
    witness: tuple[Action, ...]  # engine actions from the deal; a perfect line when winnable
    reason: str  # the proof, in words
    nodes: int  # the solver's work
    proof: str  # the proof's kind: one of PROOFS

    @property
    def verdict(self) -> str:
        return UNKNOWN if self.winnable is None else WINNABLE if self.winnable else NOT_WINNABLE

    @property
    def turns(self) -> int:
        """Turns the witness line takes to the end of the game."""
        return len(self.witness)


def deck_winnable(lower: int, upper: int, perfect: int) -> bool | None:
    """From proven bounds at the deal: True when a line reaches the perfect score, False
    when none can, None when the bounds leave it open. The one rule for every view."""
    if lower >= perfect:
        return True
    return False if upper < perfect else None


def deck_verdict(game: Game, budget: Budget = DEFAULT_BUDGET) -> DeckVerdict:
    """Whether `game`'s deck (with its players) is winnable knowing every card. Only the
    question perfect-or-not is searched: once no line can reach the perfect score the
    search stops, so `lower` is then the best line found, not best possible."""
    state = deal(game)
    solver = Solver(game)
    node = solver.node(state)
    perfect = game.ruleset.perfect_score
    parts: dict[str, int] = {}
    solver.upper(node, parts)
    nodes, seconds = budget.limits()
    lower, upper, line = solver.solve_node(node, nodes, seconds, floor=perfect - 1,
                                           ceiling=perfect)
    witness = engine_line(solver, state, line)
    winnable = deck_winnable(lower, upper, perfect)
    if winnable:
        proof, reason = "line", f"a line of play reaches {perfect} in {len(witness)} turns"
    elif winnable is not None:
        proof, reason = _why_not(game, parts, perfect, solver.nodes)
    else:
        proof, reason = "budget", (
            f"the search ran out of its budget ({solver.nodes:,} nodes): the best line "
            f"found reaches {lower}, and no bound rules out {perfect}")
    return DeckVerdict(winnable, perfect, lower, upper, witness, reason, solver.nodes, proof)


# The kinds of proof a verdict gives (`DeckVerdict.proof`): a winning line; a bound that
# rules the perfect score out (the rows' reach, pace, a bottom-decked critical card, hand
# space); every line searched; or no proof within the budget (`unknown`).
PROOFS = ("line", "reach", "pace", "bottom-decked critical", "hand space", "search exhausted",
          "budget")


def _why_not(game: Game, parts: dict[str, int], perfect: int, nodes: int) -> tuple[str, str]:
    """The first bound at the deal that rules the perfect score out, its kind and in
    words; else the search's exhaustion."""
    if parts["reach"] < perfect:
        return "reach", f"the deck's cards let the rows reach only {parts['reach']} of {perfect}"
    if parts["pace"] < perfect:
        bottom = _bottom_critical(game)
        if bottom:
            return "bottom-decked critical", bottom
        return "pace", (f"pace: no card can be played before its first copy is drawn, and one "
                        f"card a turn; at most {parts['pace']} of the {perfect} plays fit "
                        f"before the game ends")
    if parts.get("hand space", perfect) < perfect:
        return "hand space", (f"hand space: to reach {perfect} the hands would have to hold "
                              f"more cards at once than they can; at most {parts['hand space']}")
    return "search exhausted", (f"search exhausted: every line was tried ({nodes:,} nodes), "
                                f"none reaches {perfect}")


def _bottom_critical(game: Game) -> str:
    """Why the deck's last card rules the perfect score out, when it is the only copy of
    a card that is not its row's last (and no joker can stand in): its drawer plays it on
    the game's last turn at the soonest, so the next rank of its row never follows. Empty
    when that is not the case."""
    last = len(game.deck) - 1
    s, r = game.suit_of[last], game.rank_of[last]
    rules = game.ruleset
    if s < 0 or r >= rules.max_rank or any(x < 0 for x in game.suit_of):
        return ""
    if game.identity_of.count(game.identity_of[last]) != 1:
        return ""
    return (f"a bottom-decked critical card: {game.card_text(last)} is the last card of the "
            f"deck and its only copy; whoever draws it can play it on the game's last turn at "
            f"the soonest, so the {game.suit_name(s)} row ends at {r} at most")
