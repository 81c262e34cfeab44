"""The URL of a view, in one place:
`?game=FILE&turn=N&as=PLAYER&tier=T&spoilers=off&conventions=C&hypo=TURN:MOVES`.

`turn_href` writes it, `parse_view` reads it; the browser writes the links it needs
(moves, findings, the address bar) from the templates the payload carries
(`link_templates`): the same URL with `turn=-1` standing for the turn, which
assets/review.js replaces (`TURN_SLOT`). Nothing else writes or reads a view's URL.
"""

from __future__ import annotations

from dataclasses import dataclass
from urllib.parse import parse_qs, urlencode

from nova_replay.conventions import DEFAULT_LEVEL, LEVELS
from nova_replay.knowledge.perspective import viewer_of

TIERS = ("hinted", "deduced", "common")
TURN_SLOT = "turn=-1"  # what a link template holds in place of the turn
# The conventions a view may read clues by (`parse_conventions` reads each); the default
# is left out of a link.
CONVENTIONS = (*(f"h-group:{n}" for n in LEVELS), "none")
DEFAULT_CONVENTIONS = f"h-group:{DEFAULT_LEVEL}"


@dataclass(frozen=True)
class UrlView:
    """What a link says of the view: `?game=NAME&turn=N&as=PLAYER&tier=T&spoilers=off`."""

    game: str | None = None
    turn: int | None = None
    player: str | None = None
    tier: str | None = None
    no_spoilers: bool = False
    puzzle: str | None = None
    conventions: str | None = None  # one of CONVENTIONS; None: not in the link (the default)
    hypo: str | None = None  # a tried line, "TURN:MOVE,MOVE" (dashboards/hypo.py reads it)


def turn_href(game_key: str, turn: int, player: str | None = None, tier: str = "deduced",
              no_spoilers: bool = False, conventions: str = DEFAULT_CONVENTIONS,
              hypo: str | None = None) -> str:
    """The link to one moment of one game as one viewer sees it, as a teacher would
    send it; the defaults (every card, deduced, spoilers, h-group:4) are left out."""
    query: dict[str, str | int] = {"game": game_key, "turn": turn}
    if player is not None:
        query["as"] = player
    if tier != "deduced":
        query["tier"] = tier
    if no_spoilers:
        query["spoilers"] = "off"
    if conventions != DEFAULT_CONVENTIONS:
        query["conventions"] = conventions
    if hypo:
        query["hypo"] = hypo
    return "?" + urlencode(query)


def link_templates(game_key: str, player: str | None, no_spoilers: bool,
                   conventions: str = DEFAULT_CONVENTIONS, hypo: str | None = None
                   ) -> dict[str, str]:
    """Per knowledge tier, the view's link with `TURN_SLOT` for the turn: the browser
    puts the turn in (the tier is switched in the browser, the rest by the server)."""
    return {tier: turn_href(game_key, -1, player, tier, no_spoilers, conventions, hypo)
            for tier in TIERS}


def parse_view(search: str | None) -> UrlView:
    """The view a URL's query string asks for; missing or malformed parts are None."""
    query = parse_qs((search or "").lstrip("?"))

    def first(name: str) -> str | None:
        return query.get(name, [None])[0]

    try:
        turn: int | None = int(first("turn") or "")
    except ValueError:
        turn = None
    tier = first("tier")
    conventions = (first("conventions") or "").strip().casefold()
    return UrlView(first("game"), turn, first("as"), tier if tier in TIERS else None,
                   (first("spoilers") or "").casefold() in ("off", "no", "0", "false"),
                   first("puzzle"), conventions if conventions in CONVENTIONS else None,
                   first("hypo"))


def url_mistakes(search: str | None, players: tuple[str, ...]) -> list[str]:
    """What a URL asks for that this game cannot show, one clear line each (a bad
    `as=` or `tier=` is not dropped silently): the view opens with the default."""
    query = parse_qs((search or "").lstrip("?"))
    out = []
    tier = query.get("tier", [None])[0]
    if tier is not None and tier not in TIERS:
        out.append(f"tier={tier!r} in the link is not a knowledge tier (expected one of "
                   f"{', '.join(TIERS)}): showing deduced.")
    conventions = query.get("conventions", [None])[0]
    if conventions is not None and conventions.strip().casefold() not in CONVENTIONS:
        out.append(f"conventions={conventions!r} in the link is not offered (expected one of "
                   f"{', '.join(CONVENTIONS)}): reading by {DEFAULT_CONVENTIONS}.")
    player = query.get("as", [None])[0]
    if player is not None:
        try:
            viewer_of(players, player)
        except ValueError:
            out.append(f"as={player!r} in the link is no player of this game (expected one "
                       f"of {', '.join(players)}): showing all cards.")
    return out


def parse_search(search: str | None) -> tuple[str | None, int | None]:
    """The game and turn of a URL's query string; missing or malformed parts are None."""
    view = parse_view(search)
    return view.game, view.turn
