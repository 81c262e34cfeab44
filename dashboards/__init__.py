"""The review dashboard (installed as `nova_replay.dashboard`): a Dash app that shows
a game turn by turn with each player's knowledge, the draw-pile clock and the
findings of `nova_replay.review.analysis`. Start it with `nova-replay dashboard`.

Modules: `data` (the games and their cache), `layout`, `table` and `panels` (pure
layout functions), `callbacks` (thin wiring), `app` (the Dash app and its server).
"""

from .app import create_app, serve
from .data import GameLibrary

__all__ = ["GameLibrary", "create_app", "serve"]
