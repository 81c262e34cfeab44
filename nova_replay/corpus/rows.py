"""One log's rows in the corpus table: the game row and one row per player.

The columns are listed once (`GAME_COLUMNS`, `PLAYER_COLUMNS`): the writers, the
docs (docs/batch.md) and the tests read them from here.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NamedTuple

from ..conventions import Conventions
from ..knowledge.perspective import REVIEWER
from ..record.hanablive import hanablive_score, looks_like_hanablive
from ..record.load import Record
from ..record.reader import decode_json
from ..record.validation import check_data
from ..review.analysis import DEFAULT_CONVENTIONS, Analysis, analyze
from ..review.evaluation import evaluate
from ..review.projection import project
from ..review.vocabulary import Kind, WasteReason
from ..rules.engine import is_misfire
from ..rules.errors import NovaError
from ..rules.game import Discard, Hint
from ..solver.decks import deck_winnable
from ..solver.exact import Budget
from .sources import Item

Row = dict[str, Any]
# Per player (seat order), the --value columns of a game (`play.value.PlayerValues`: the
# CLI passes it in, as the corpus stage does not import the player above it).
Valuer = Callable[[Record], list[Row]]


class Column(NamedTuple):
    name: str
    kind: str  # 'str', 'int', 'float' or 'bool'; every column may be empty (null)
    doc: str


GAME_COLUMNS: tuple[Column, ...] = (
    Column("file", "str", "The log's file."),
    Column("line", "int", "Its line in a JSON Lines file (empty for a .json file)."),
    Column("game", "int", "Its place, from 0, in a JSON array of hanab.live exports (a "
                          "hanab.live seed list); empty otherwise."),
    Column("valid", "bool", "Whether the log passed validation (an unfinished game is valid)."),
    Column("problem", "str", "The first problem, for an invalid log: 'where: what'."),
    Column("format", "str", "'nova-replay', or the format it was read from ('hanab.live')."),
    Column("ruleset", "str", "The ruleset and its variants, e.g. 'Nova (grand finale)'."),
    Column("variant", "str",
           "The hanab.live variant, e.g. 'Rainbow (5 Suits)', 'No Variant' (empty: none named)."),
    Column("players", "int", "Number of players."),
    Column("player_names", "str", "Names in turn order, comma-separated."),
    Column("turns", "int", "Actions in the log."),
    Column("score", "int", "The score at the end of the log."),
    Column("hanablive_score", "int", "For a game read from hanab.live, the score hanab.live "
                                     "records (0 for a strikeout or a stopped game)."),
    Column("max_score", "int", "Max score after the last turn (docs/definitions.md)."),
    Column("perfect_score", "int", "The ruleset's perfect score."),
    Column("ending", "str", "How play ended (perfect, strikeout, final round, terminated); "
                            "empty for an unfinished log."),
    Column("hints", "int", "Hints given."),
    Column("wasted_hints", "int", "Wasted hints (nothing new or only trash)."),
    Column("wasted_nothing_new", "int", "Wasted hints that taught the receiver nothing new."),
    Column("wasted_only_trash", "int", "Wasted hints that touched only trash."),
    Column("lost_critical", "int", "Critical cards discarded or misfired."),
    Column("lost_critical_cost", "int", "What those cards cost: the sum of their costs in max "
                                        "score."),
    Column("misfires", "int", "Plays that did not fit (lives lost)."),
    Column("efficiency", "float", "Cards gotten per hint spent, at the end."),
    Column("perfect_lost_turn", "int", "The first turn after which a perfect score was "
                                       "impossible."),
    Column("best_possible_deal", "int", "With --solve: the most the deal allowed knowing every "
                                        "card, when proven (empty: not proven within the budget)."),
    Column("best_possible_deal_bounds", "str", "With --solve: its proven bounds, 'lower-upper'."),
    Column("lost_points_turns", "str", "With --solve: the turns proven to lower best possible, "
                                        "comma-separated."),
    Column("deck_winnable", "bool", "With --solve: whether the deal could reach the perfect score "
                                    "knowing every card (empty: not decided within the budget), "
                                    "so that a loss on an unwinnable deck is not blamed on the "
                                    "team."),
)

PLAYER_COLUMNS: tuple[Column, ...] = (
    Column("file", "str", "The log's file."),
    Column("line", "int", "Its line in a JSON Lines file."),
    Column("game", "int", "Its place in a JSON array of hanab.live exports."),
    Column("seat", "int", "The player's place in turn order, from 1."),
    Column("player", "str", "The player's name."),
    Column("turns", "int", "Turns the player took."),
    Column("plays", "int", "Cards played that fit."),
    Column("misfires", "int", "Cards played that did not fit."),
    Column("discards", "int", "Cards discarded."),
    Column("hints", "int", "Hints given."),
    Column("wasted_hints", "int", "Of those, wasted."),
    Column("critical_lost", "int", "Critical cards the player discarded or misfired."),
    Column("moves_valued", "int", "With --value: the player's moves valued (docs/values.md)."),
    Column("inaccuracies", "int", "With --value: moves whose expected loss is an inaccuracy."),
    Column("mistakes", "int", "With --value: moves whose expected loss is a mistake."),
    Column("blunders", "int", "With --value: moves whose expected loss is a blunder."),
    Column("mean_expected_loss", "float", "With --value: mean expected loss per move, in points."),
    Column("accuracy", "float", "With --value: accuracy in % (docs/values.md)."),
)


def review_item(item: Item, solve: Budget | None = None,
                conventions: Conventions | None = DEFAULT_CONVENTIONS,
                valuer: Valuer | None = None) -> list[tuple[Row, list[Row]]]:
    """The game row and player rows of each game in one item: one log, or each game of
    a JSON array of hanab.live exports (an invalid log has no player rows). `solve`:
    the solver's budget per game for the best-possible columns (None: not asked);
    `conventions`: how clues are read (`analyze`); `valuer`: the --value columns."""
    row: Row = {c.name: None for c in GAME_COLUMNS}
    row.update(file=item.file, line=item.line, valid=False)
    if item.problem:
        row["problem"] = item.problem
        return [(row, [])]
    try:
        data = decode_json(item.raw, item.name)
    except NovaError as e:
        row["problem"] = _where_what(e.where, e.message)
        return [(row, [])]
    if isinstance(data, list) and data and all(looks_like_hanablive(g) for g in data):
        return [_review_data({**row, "game": i}, game, f"{item.name}[{i}]", solve,
                             conventions, valuer) for i, game in enumerate(data)]
    return [_review_data(row, data, item.name, solve, conventions, valuer)]


def _review_data(row: Row, data: Any, name: str, solve: Budget | None,
                 conventions: Conventions | None, valuer: Valuer | None = None
                 ) -> tuple[Row, list[Row]]:
    report = check_data(data, name)
    row["format"] = report.converted_from or "nova-replay"
    errors = report.errors()
    if errors or report.record is None:
        row["problem"] = str(errors[0]) if errors else "the log does not replay"
        return row, []
    row["valid"] = True
    analysis = analyze(report.record, conventions)
    if solve is not None:
        e = evaluate(analysis, solve)
        row.update(best_possible_deal=e.at_deal.value,
                   best_possible_deal_bounds=f"{e.at_deal.lower}-{e.at_deal.upper}",
                   lost_points_turns=",".join(map(str, e.lost_turns)),
                   deck_winnable=deck_winnable(e.at_deal.lower, e.at_deal.upper,
                                               analysis.record.game.ruleset.perfect_score))
    game_row, players = _game_row(row, analysis)
    if valuer is not None:
        for p, extra in zip(players, valuer(report.record), strict=False):
            p.update(extra)
    return game_row, players


def _where_what(where: str, what: str) -> str:
    return f"{where}: {what}" if where else what


def _game_row(row: Row, analysis: Analysis) -> tuple[Row, list[Row]]:
    game, tl, s = analysis.record.game, analysis.timeline, analysis.summary
    findings = project(analysis, REVIEWER).shown  # the reviewer's: every note
    wasted = [f for f in findings if f.kind == Kind.WASTED_HINT]
    lost = [f for f in findings if f.kind == Kind.LOST_CRITICAL]
    row.update(
        ruleset=game.ruleset.title, variant=game.ruleset.variant or None,
        hanablive_score=hanablive_score(analysis.record.log, analysis.record.converted_from,
                                        s.score, s.ending),
        players=len(game.players),
        player_names=", ".join(game.players), turns=tl.turns, score=s.score,
        max_score=s.max_score, perfect_score=s.perfect_score,
        ending=None if s.ending is None else str(s.ending), hints=s.hints,
        wasted_hints=len(wasted),
        wasted_nothing_new=sum(f.waste_reason == WasteReason.NOTHING_NEW for f in wasted),
        wasted_only_trash=sum(f.waste_reason == WasteReason.ONLY_TRASH for f in wasted),
        lost_critical=len(lost), lost_critical_cost=sum(f.cost for f in lost),
        efficiency=s.efficiency, perfect_lost_turn=s.perfect_lost_turn,
    )
    players = player_rows(analysis, {"file": row["file"], "line": row["line"],
                                     "game": row["game"]})
    row["misfires"] = sum(p["misfires"] for p in players)
    return row, players



def player_rows(analysis: Analysis, where: Row | None = None) -> list[Row]:
    """A row per player, in seat order: turns, plays, misfires, discards, hints, wasted
    hints and critical cards lost (the `--per-player` table of `batch`, and the
    per-player summary of `analyze`); `where` (file, line, game) starts each row."""
    game, tl = analysis.record.game, analysis.timeline
    n = len(game.players)
    players: list[Row] = [
        {**(where or {}), "seat": p + 1, "player": name, "turns": 0, "plays": 0, "misfires": 0,
         "discards": 0, "hints": 0, "wasted_hints": 0, "critical_lost": 0}
        for p, name in enumerate(game.players)
    ]
    for t, action in enumerate(tl.actions, start=1):
        who = players[(t - 1) % n]
        who["turns"] += 1
        if type(action) is Hint:
            who["hints"] += 1
        elif type(action) is Discard:
            who["discards"] += 1
        elif is_misfire(action, tl[t - 1], tl[t]):
            who["misfires"] += 1
        else:
            who["plays"] += 1
    for f in analysis.findings:
        if f.kind == Kind.WASTED_HINT:
            players[f.player]["wasted_hints"] += 1
        elif f.kind == Kind.LOST_CRITICAL:
            players[f.player]["critical_lost"] += 1
    return players
