"""The review of a replayed record: card status, each player's knowledge, the
analysis (clock, findings, notes) and perspective (what a player may see). Builds on
`record` and `rules`.
"""
