"""Bots that play through the engine, each seeing only a player's view, and simulated
games written as logs. Builds on `review` and below.
"""
