"""Bots that play through the engine, each seeing only a player's view; simulated
games written as logs; and what a convention player would have done at a faulted turn.
Builds on `review` and below.
"""
