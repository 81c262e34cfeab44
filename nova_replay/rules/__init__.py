"""The ground floor: cards, rulesets, the fixed game, the pure engine and its errors.

Imports nothing else of nova_replay; every other stage builds on it.
"""
