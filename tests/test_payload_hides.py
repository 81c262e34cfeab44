"""The payload holds nothing its viewer may not see (issue 20): for every sample game,
every viewer and several spoiler horizons, the expected hidden set is built here from
the log itself (the deal and the draws give each hand; a note is hidden when it names
a card the viewer holds at the horizon, or a hinted copy of one; later turns are
after the horizon), never with the projection or the perspective the payload uses,
and none of those words, cards or figures may be in the JSON sent to the browser.
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from helpers import SAMPLES
from nova_replay.dashboard.payload import game_payload
from nova_replay.dashboard.table import ViewOptions

from nova_replay.record.load import load
from nova_replay.review.analysis import Analysis, Finding, analyze

GAMES = sorted(SAMPLES.glob("*.json"))


def hands_by_turn(log: dict[str, Any], hand_size: int) -> list[list[list[int]]]:
    """Every hand after every turn (deck indices, slot 1 first), from the log alone:
    the deal round-robin from deck[0], a play or discard draws the next card onto the
    left of its player's hand while the deck lasts (docs/format.md, Dealing)."""
    n, deck = len(log["players"]), len(log["deck"])
    hands: list[list[int]] = [[] for _ in range(n)]
    top = 0
    for _ in range(hand_size):
        for p in range(n):
            hands[p].insert(0, top)
            top += 1
    out = [[list(h) for h in hands]]
    for t, action in enumerate(log["actions"], start=1):
        p = (t - 1) % n
        if action["type"] in ("play", "discard"):
            hands[p].remove(action["card"])
            if top < deck:
                hands[p].insert(0, top)
                top += 1
        out.append([list(h) for h in hands])
    return out


def names(f: Finding, held: set[int]) -> bool:
    """Whether the note names a card in `held`: one of its cards, or the hinted copy it
    points to."""
    return bool(held & set(f.cards)) or bool(held & set(f.details.get("related", ())))


def quoted(text: str) -> str:
    """`text` as it stands inside the JSON sent."""
    return json.dumps(text, ensure_ascii=False)[1:-1]


@pytest.fixture(scope="module", params=[g.name for g in GAMES])
def game(request: pytest.FixtureRequest) -> tuple[dict[str, Any], Analysis]:
    path: Path = SAMPLES / request.param
    record = load(path)
    return json.loads(path.read_text(encoding="utf-8")), analyze(record)


def horizons(turns: int) -> list[int | None]:
    """Several spoiler horizons (the turn the viewer is at), None for spoilers on."""
    return [None, *sorted({0, turns // 3, 2 * turns // 3, max(turns - 1, 0), turns})]


def test_the_payload_holds_nothing_the_viewer_may_not_see(
        game: tuple[dict[str, Any], Analysis]) -> None:
    log, a = game
    hands = hands_by_turn(log, a.record.game.hand_size)
    turns = len(log["actions"])
    assert len(hands) == turns + 1 == a.timeline.turns + 1
    checked = Counter[str]()
    for viewer in [None, *range(len(log["players"]))]:
        for reached in horizons(turns):
            options = ViewOptions("deduced", viewer, no_spoilers=reached is not None)
            payload = game_payload("g", a, options, reached=reached or 0)
            sent = json.dumps(payload, ensure_ascii=False)
            # The horizon: the turn reached and the next one, or the whole game.
            last = turns if reached is None else min(reached + 1, turns)
            held = set() if viewer is None else set(hands[last][viewer])
            hidden = [f for f in a.findings if f.turn <= last and names(f, held)]
            later = [f for f in a.findings if f.turn > last]
            shown = [f for f in a.findings if f.turn <= last and not names(f, held)]
            readable = {f.message for f in shown}
            for f in hidden + later:
                if f.message not in readable:  # the same words may be another note's
                    assert quoted(f.message) not in sent, (viewer, reached, f)
                    checked["words"] += 1
            # Kind and severity: only the shown notes carry them.
            got = Counter((x["turn"], x["kind"], x["severity"])
                          for x in payload["findings"] if "kind" in x)
            assert got == Counter((f.turn, f.kind, f.severity) for f in shown)
            assert all(set(x) == {"turn", "hidden"} for x in payload["findings"]
                       if "kind" not in x)
            assert len(payload["findings"]) == len(shown) + len(hidden)
            # Later turns: no turn, move, clock point or figure after the horizon.
            assert len(payload["turn_data"]) == len(payload["moves"]) == last + 1
            assert all(len(series) == last + 1 for series in payload["clock"].values())
            for t, action in enumerate(log["actions"], start=1):
                if t > last and action.get("comment"):
                    assert quoted(action["comment"]) not in sent
                    checked["comments"] += 1
            if last < turns:
                assert payload["total"] is None and not payload["end"]
                assert payload["illegal"] is None and not payload["evaluation"]
                assert "Final" not in sent and "hanab.live records" not in sent
                checked["horizons"] += 1
            # The viewer's cards: no face, no truth, none drawn named, and no other
            # player's deductions (which rule out what the viewer holds).
            field = {name: i for i, name in enumerate(payload["card_fields"])}
            for t, data in enumerate(payload["turn_data"]):
                for p, hand in enumerate(data["hands"]):
                    assert len(hand) == len(hands[t][p])
                    if p == viewer:
                        assert all(c[field["text"]] is None and c[field["colour"]] is None
                                   and c[field["truth"]] == -1 for c in hand)
                        checked["own cards"] += len(hand)
                    elif viewer is not None:
                        assert all(c[field["deduced"]] == c[field["common"]] for c in hand)
                if viewer is not None and t > 0 and (t - 1) % len(hands[0]) == viewer:
                    new = set(hands[t][viewer]) - set(hands[t - 1][viewer])
                    action = log["actions"][t - 1]
                    for c in new:
                        text = a.record.game.card_text(c)
                        if text != a.record.game.card_text(action["card"]):
                            assert text not in data["action"], (t, data["action"])
                            checked["draws"] += 1
            if viewer is not None:
                assert not payload["evaluation"]
    assert checked["own cards"] and checked["draws"]
    assert checked["words"] or not a.findings
