"""What was possible knowing every card: the exact solver's bounds and search, the
best-possible curve, and the deck survey (`decks`).

Beside `conventions` on the floor above `knowledge`: the solver reads the rules and card
status, never what a clue meant nor how a move is judged, so its figures are the game's
facts, the same under any convention and any note.
"""
