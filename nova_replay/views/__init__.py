"""Ways to show a game and its review: plain text, the JSON analysis report and the
review's text (knowledge grids, notes, summary). Builds on `review` and below.
"""
