"""Ways to show a game and its review: plain text, the JSON analysis report, the
review's text (knowledge grids, notes, summary), the course of lessons and puzzles.
Builds on `review` and below.
"""
