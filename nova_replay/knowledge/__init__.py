"""What each player knew and could see: the status of every identity (playable, trash,
critical, max score, pace), each player's three tiers of knowledge of every card in their
hand, and the perspective rule (what player X may see at turn t).

The floor above the record: it reads the rules and the replayed timeline, and nothing that
interprets clues (`conventions`), searches the deck (`solver`) or judges moves (`review`).
"""
