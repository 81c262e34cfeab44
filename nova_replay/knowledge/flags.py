"""The marks every view puts on a card (playable, trash, exact, critical, hinted, chop):
one rule, so the terminal, the notebook and the dashboard mark a card alike. It reads a
card's knowledge tiers and the status, and sits beside the perspective above them."""

from __future__ import annotations

from .status import Status
from .tiers import CardKnowledge, knows_exactly, knows_playable, knows_trash


def card_flags(k: CardKnowledge, st: Status, identity: int, chop: bool, own: bool = False
               ) -> tuple[str, ...]:
    """What every view marks on a card, in order: what its holder knows of it
    ('playable', 'trash', 'exact', from `k.deduced`), 'critical' (never on the viewer's
    `own` card, whose truth they cannot see), 'hinted', 'chop'."""
    flags = []
    if knows_playable(k, st):
        flags.append("playable")
    if knows_trash(k, st):
        flags.append("trash")
    if knows_exactly(k):
        flags.append("exact")
    if not own and (st.critical >> identity) & 1:
        flags.append("critical")
    if k.touched:
        flags.append("hinted")
    if chop:
        flags.append("chop")
    return tuple(flags)
