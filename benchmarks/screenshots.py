"""Screenshots of the dashboard at the widths issue 23 names, to look at (not to commit):
a 5-player real game, a variant game (Ambiguous & Null), a puzzle, a lesson, a tried
line (issue 35), a card's details opened by a tap, and the corpus view, each at 1400,
1024, 800 and 390 px wide (the window 900 px tall, 844 at 390: a phone),
in real headless Chromium. Beside each PNG it prints what a look may miss: the page
wider than the window, text cut by its box, hands below the fold, the turn controls
off screen.

    python benchmarks/screenshots.py --out /tmp/shots
    python benchmarks/screenshots.py --out /tmp/shots --real ../shared/data/hanablive/no_variant_5p.json

Every wait is on a condition in the page (the board drawn, the chart drawn, the table's
rows shown), never on time alone.
"""

# mypy: disable-error-code="no-untyped-call"
from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
from pathlib import Path
from typing import Any

from dashboard_speed import chromium, served, wait_for
from nova_replay.dashboard import GameLibrary

from nova_replay.play.bots import parse_bot
from nova_replay.play.simulate import simulate
from nova_replay.rules.rulesets import make_ruleset
from nova_replay.views.course import course

ROOT = Path(__file__).resolve().parent.parent
SHARED = Path(os.environ.get("NOVA_SHARED", ROOT.parent / "shared"))
WIDTHS = (1400, 1024, 800, 390)
VARIANT = "Ambiguous & Null (5 Suits)"
SAMPLE_GAMES = ROOT / "sample_games"

# What a look may miss, measured in the page.
CHECKS = """
const out = [];
const doc = document.documentElement;
if (doc.scrollWidth > doc.clientWidth + 1) {  // the vertical scrollbar left out
  out.push('page ' + doc.scrollWidth + ' px wide in a ' + doc.clientWidth + ' px window');
}
const cut = [];
document.querySelectorAll('.card-face, .glabel, .row-pile, .chip, .counter, .turn-label, '
                          + '.game-title, .player-name, .discard-suit, .nav-button').forEach((e) => {
  if (e.offsetParent !== null && e.scrollWidth > e.clientWidth + 1
      && getComputedStyle(e).overflowX !== 'visible') { cut.push(e.className + ' "' + e.textContent + '"'); }
});
if (cut.length) { out.push('cut text: ' + cut.slice(0, 5).join('; ') + (cut.length > 5 ? ' ...' : '')); }
// parts of a card drawn over one another (a ring over its badges), cards over cards
const over = (a, b) => a.right > b.left + 0.5 && b.right > a.left + 0.5
  && a.bottom > b.top + 0.5 && b.bottom > a.top + 0.5;
const ring = (e) => { const r = e.getBoundingClientRect(); const w = parseFloat(
  (getComputedStyle(e).boxShadow.match(/ (\\d+)px(?!.*px)/) || [0, 0])[1]) || 0;
  return {left: r.left - w, right: r.right + w, top: r.top - w, bottom: r.bottom + w}; };
const clash = [];
document.querySelectorAll('#hands .hand-cards').forEach((row) => {
  const cards = Array.from(row.children).filter((c) => c.offsetParent !== null);
  cards.forEach((c, i) => {
    const face = c.querySelector('.card-face');
    const badges = Array.from(c.querySelectorAll('.badge'));
    badges.forEach((b) => {
      if (over(ring(face), b.getBoundingClientRect())) { clash.push(c.id + ' ring over badge'); }
    });
    if (i && over(cards[i - 1].getBoundingClientRect(), c.getBoundingClientRect())) {
      clash.push(c.id + ' over its neighbour');
    }
  });
  const widths = new Set(cards.map((c) => Math.round(c.getBoundingClientRect().width)));
  if (widths.size > 1) { clash.push(row.parentNode.id + ' cards of widths ' + Array.from(widths).join('/')); }
});
if (clash.length) { out.push(clash.length + ' clashes: ' + clash.slice(0, 4).join('; ')); }
const hands = Array.from(document.querySelectorAll('#hands .hand'));
const below = hands.filter((h) => h.getBoundingClientRect().bottom > window.innerHeight);
if (hands.length) {
  out.push(hands.length - below.length + ' of ' + hands.length + ' hands whole above the fold');
}
const nav = document.querySelector('.nav');
if (nav && nav.offsetParent !== null) {
  const r = nav.getBoundingClientRect();
  const off = Array.from(nav.querySelectorAll('button, .turn-label')).filter((b) => {
    const q = b.getBoundingClientRect(); return q.right > window.innerWidth || q.left < 0; });
  if (off.length) { out.push(off.length + ' turn controls off screen'); }
  out.push('turn bar ' + Math.round(r.top) + '-' + Math.round(r.bottom) + ' px');
}
return out;
"""


def variant_game(folder: Path) -> Path:
    data = simulate(make_ruleset("hanabi", variant_name=VARIANT), 5,
                    parse_bot("careless:0.1", 1), 1)  # 61 turns, score 16
    path = folder / "ambiguous-null.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def corpus_table(folder: Path, games: list[Path]) -> Path:
    from click.testing import CliRunner

    from nova_replay.cli import main

    logs = folder / "corpus"
    logs.mkdir()
    for g in games:
        (logs / g.name).write_bytes(g.read_bytes())
    table = folder / "corpus.csv"
    result = CliRunner().invoke(main, ["batch", str(logs), "--out", str(table), "-j", "1"])
    if result.exit_code != 0:
        raise SystemExit(f"batch failed: {result.output}")
    return table


def board_ready(driver: Any, turn: int) -> None:
    wait_for(driver, "const l = document.getElementById('turn-label');"
                     f"return l && l.textContent.startsWith('Turn {turn}') && "
                     "document.querySelectorAll('#hands .card-face').length > 0 && "
                     "document.querySelectorAll('#clock .scatterlayer .trace').length > 0")


def shoot(driver: Any, url: str, name: str, width: int, out: Path, ready: Any,
          then: str = "") -> None:
    height = 844 if width < 500 else 900
    driver.set_window_size(width, height)
    inner = driver.execute_script("return [window.innerWidth, window.innerHeight]")
    driver.set_window_size(2 * width - inner[0], 2 * height - inner[1])
    driver.get(url)
    try:
        ready(driver)
        if then:  # a tap, and the page's answer to it
            wait_for(driver, then)
    except TimeoutError:  # a view this version of the page does not have
        print(f"{name}-{width}: not drawn (this version has no such view)")
        return
    # two frames after the page is ready: the last layout is painted
    driver.execute_async_script("const done = arguments[arguments.length - 1];"
                                "requestAnimationFrame(() => requestAnimationFrame(done));")
    path = out / f"{name}-{width}.png"
    driver.save_screenshot(str(path))
    notes = driver.execute_script(CHECKS)
    if driver.execute_script("return document.querySelector('.nav') !== null && "
                             "document.querySelector('.nav').offsetParent !== null"):
        # scrolled down the board: are the turn buttons still on screen, in how tall a bar?
        driver.execute_script("window.scrollTo(0, 700)")
        driver.execute_async_script("const done = arguments[arguments.length - 1];"
                                    "requestAnimationFrame(() => requestAnimationFrame(done));")
        notes += driver.execute_script(
            "const b = document.getElementById('nav-next').getBoundingClientRect();"
            "const n = document.querySelector('.nav').getBoundingClientRect();"
            "return ['scrolled: ' + (b.top >= 0 && b.bottom <= window.innerHeight ? "
            "'buttons on screen' : 'BUTTONS OFF SCREEN') + ', bar shows '"
            " + Math.round(Math.max(0, n.bottom)) + ' px'];")
        if width < 500:
            driver.save_screenshot(str(out / f"{name}-{width}-scrolled.png"))
    print(f"{path.name:<28} " + "; ".join(notes))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, required=True, help="a folder for the PNGs")
    parser.add_argument("--real", type=Path,
                        default=SHARED / "data" / "hanablive" / "no_variant_5p.json",
                        help="a real 5-player game (default: the hanab.live No Variant one)")
    parser.add_argument("--turn", type=int, default=30, help="the turn of the games shown")
    parser.add_argument("--width", type=int, action="append", help="only these widths")
    args = parser.parse_args()
    if not args.real.is_file():
        print(f"{args.real}: no such file (set NOVA_SHARED or pass --real)", file=sys.stderr)
        return 1
    args.out.mkdir(parents=True, exist_ok=True)
    widths = args.width or list(WIDTHS)
    puzzle = sorted((ROOT / "sample_games" / "puzzles").glob("*.json"))[0].stem
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        games = folder / "games"
        games.mkdir()
        real = games / "real-5p.json"
        real.write_bytes(args.real.read_bytes())
        variant = variant_game(games)
        turn = args.turn
        lesson = course()[0]
        views = [("real-5p", f"?game=real-5p&turn={turn}", lambda d: board_ready(d, turn)),
                 ("ambiguous-null", f"?game=ambiguous-null&turn={turn}",
                  lambda d: board_ready(d, turn)),
                 ("puzzle", f"?puzzle={puzzle}",
                  lambda d: wait_for(d, "return document.getElementById('puzzle-question')")),
                 # as the lesson picker opens it
                 ("lesson", f"?game=lesson-{Path(lesson.file).stem}&turn={max(0, lesson.turn - 1)}"
                            "&spoilers=off",
                  lambda d: wait_for(d, "return document.getElementById('lesson')"
                                        " && document.getElementById('lesson').textContent")),
                 ("hypo", f"?game=real-5p&turn={turn}&hypo={turn - 2}%3Ap1%2Cp1",
                  lambda d: wait_for(d, "return document.getElementById('hypo-said')"))]
        tap = ("var c = document.getElementById('card-1-1'); if (!c) { return false; }"
               "if (!window.__tapped) { window.__tapped = true; c.scrollIntoView({block: 'center'});"
               " c.click(); }"
               "var p = document.getElementById('card-detail');"
               "return p && p.style.display !== 'none';")
        with served(GameLibrary.from_path(games)) as url, chromium() as driver:
            for name, query, ready in views:
                for width in widths:
                    shoot(driver, url + query, name, width, args.out, ready)
            for width in widths:  # a card's details, opened by a tap
                shoot(driver, url + f"?game=real-5p&turn={turn}", "card-tapped", width, args.out,
                      lambda d: board_ready(d, turn), tap)
        table = corpus_table(folder, [real, variant, *sorted(SAMPLE_GAMES.glob("*5p*.json"))])
        with served(GameLibrary.from_table(table)) as url, chromium() as driver:
            for width in widths:
                shoot(driver, url, "corpus", width, args.out,
                      lambda d: wait_for(d, "return document.querySelector('#corpus-body tr') && "
                                            "document.querySelector('#turn-label').textContent"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
