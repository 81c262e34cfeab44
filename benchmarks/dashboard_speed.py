"""The dashboard's speed as a user feels it, in real headless Chromium.

- turn change: from the input event (a click on ▶, a → key press) to the painted
  frame that shows the new turn. Both timestamps are taken in the page: the event's own
  `timeStamp`, and `performance.now()` just after the frame that follows the DOM
  showing the new turn's label and its first card (checked against the analysis) has
  run its style, layout and paint: a message posted from that frame's
  `requestAnimationFrame` callback is handled once the frame's rendering is done (a
  clock stopped in the callback itself stops before layout and paint, and reads a few
  ms for a board that takes a hundred to draw). Each step waits for the previous one,
  then the next input is sent; the first waits until the page has settled (its chart
  drawn).
  The same inputs are also timed by the browser's Event Timing API (Chrome's INP: to the
  next frame presented, in 8 ms steps; headless Chromium presents frames late, so it
  reads higher): reported as "presented".
- first load: in a new browser (nothing cached), navigation start to the first frame
  showing turn 0 of the game, with its parts (the page, the scripts, the game's callback
  answer, the bytes transferred by then) and when the chart was drawn (its library
  loads after the board); then the same load again with the browser's cache warm.
- folder start-up (`--folder N`): N generated logs in a temporary folder, from
  launching `nova-replay dashboard FOLDER` to the first frame of its first game;
  then the server's memory (RSS) while games are opened one after another.

Targets (issues 12, 23): turn change p95 < 50 ms and median < 16 ms; first load of a
60-turn 5-player game < 1 s on a quiet machine (reported, not checked: the machines here
are shared); folder of 10,000 logs usable in < 3 s. Prints the machine's load with the figures. Exits 1 if a
target is missed.

    python benchmarks/dashboard_speed.py                    # hanabi-5p, nova-5p-finale-jokers-bots
    python benchmarks/dashboard_speed.py --steps 60 --folder 10000
    python benchmarks/dashboard_speed.py --screenshot out.png --turn 20
    python benchmarks/dashboard_speed.py --no-spoilers      # steps that fetch the next turn
    python benchmarks/dashboard_speed.py --runs 3           # clicks and keys three times
    python benchmarks/dashboard_speed.py --cold 5 --loads-only   # the median of 5 first loads
"""

# mypy: disable-error-code="no-untyped-call"
# (selenium 4.2, pinned by dash[testing], has no type hints)
from __future__ import annotations

import argparse
import os
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from nova_replay.dashboard import GameLibrary, create_app
from nova_replay.dashboard.data import Reviewed

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = ROOT / "sample_games"
GAMES = ("hanabi-5p.json", "nova-5p-finale-jokers-bots.json")
P95_TARGET_MS, MEDIAN_TARGET_MS, FOLDER_TARGET_S = 50.0, 16.0, 3.0

# Records each input's timestamp, and the frame after the page shows what is expected.
HARNESS = """
window.__nr = {t0: null, expect: null, times: [], held: null, last: null, events: []};
const nr = window.__nr;
// Calls `then` once the next frame is painted: a message posted from the frame's
// requestAnimationFrame callback runs after that frame's style, layout and paint.
function painted(then) {
  requestAnimationFrame(() => {
    const ch = new MessageChannel();
    ch.port1.onmessage = () => then(performance.now());
    ch.port2.postMessage(0);
  });
}
// Event Timing (Chrome's INP): from the input to the next frame presented, in 8 ms steps.
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) {
    if (e.interactionId && (e.name === 'click' || e.name === 'keydown')) { nr.events.push(e.duration); }
  }
}).observe({type: 'event', durationThreshold: 16, buffered: false});
// On window, capturing: before any of the page's own listeners (a page listener that
// draws the turn would otherwise run, and be observed, before the input is recorded).
for (const kind of ['click', 'keydown']) {
  window.addEventListener(kind, (ev) => {
    if (nr.held) { nr.held.push(ev.timeStamp); } else if (nr.t0 === null) { nr.t0 = ev.timeStamp; }
  }, {capture: true});
}
function check() {
  if (nr.held) {  // a held key: each change of the label answers the oldest press
    const text = document.getElementById('turn-label').textContent;
    if (text !== nr.last && nr.held.length) {
      nr.last = text;
      const t0 = nr.held.shift();
      painted((now) => nr.times.push(now - t0));
    }
    return;
  }
  const e = nr.expect;
  if (!e || nr.t0 === null) return;
  const label = document.getElementById('turn-label');
  const face = document.querySelector('#card-0-0 .card-face');
  if (!label || !face) return;
  const text = label.textContent;
  if ((text === e.label || text.startsWith(e.label + ' ')) && face.textContent === e.card) {
    nr.expect = null;
    const t0 = nr.t0;
    painted((now) => { nr.times.push(now - t0); nr.t0 = null; });
  }
}
new MutationObserver(check).observe(document.body,
  {subtree: true, childList: true, characterData: true});
"""
# The first painted frame of the page showing turn 0 (navigation start = performance's
# 0): after that frame's layout and paint, as the turn changes are timed.
FIRST_FRAME = """
const done = arguments[arguments.length - 1];
function ready() {
  const label = document.getElementById('turn-label');
  const face = document.querySelector('#card-0-0 .card-face');
  return label && label.textContent.startsWith('Turn 0') && face && face.textContent;
}
function wait() {
  if (ready()) {
    requestAnimationFrame(() => {
      const ch = new MessageChannel();
      ch.port1.onmessage = () => done(performance.now());
      ch.port2.postMessage(0);
    });
  }
  else { setTimeout(wait, 2); }
}
wait();
"""


def load_line() -> str:
    """The machine's load, as `uptime` gives it (other agents share the cores)."""
    one, five, fifteen = os.getloadavg()
    return f"load average {one:.2f}, {five:.2f}, {fifteen:.2f} on {os.cpu_count()} cores"


def percentile(values: list[float], q: int) -> float:
    return statistics.quantiles(values, n=100, method="inclusive")[q - 1]


@contextmanager
def served(library: GameLibrary) -> Iterator[str]:
    """The dashboard of `library` on a free local port, in a thread."""
    import logging

    from werkzeug.serving import make_server

    logging.getLogger("werkzeug").setLevel(logging.WARNING)  # no line per request
    server = make_server("127.0.0.1", 0, create_app(library).server, threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.port}/"
    finally:
        server.shutdown()


@contextmanager
def chromium(width: int = 1400, height: int = 1000) -> Iterator[Any]:
    from selenium import webdriver
    from selenium.webdriver.chrome.options import Options
    from selenium.webdriver.chrome.service import Service

    options = Options()
    options.binary_location = os.environ.get("DASH_TEST_CHROMEPATH", "/usr/bin/chromium")
    for arg in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                f"--window-size={width},{height}", "--force-device-scale-factor=1",
                "--no-first-run", "--disable-background-networking",
                "--disable-component-update", "--disable-sync"):
        options.add_argument(arg)
    driver = webdriver.Chrome(service=Service(shutil.which("chromedriver") or "chromedriver"),
                              options=options)
    driver.set_script_timeout(30)
    try:
        yield driver
    finally:
        driver.quit()


def open_game(driver: Any, url: str, key: str, turn: int, extra: str = "") -> float:
    """Open a game at `turn` (`extra`: more of the URL, "&spoilers=off"); the time to
    its first frame (ms) when turn is 0."""
    driver.get(f"{url}?game={key}&turn={turn}{extra}")
    if turn == 0:
        return float(driver.execute_async_script(FIRST_FRAME))
    wait_for(driver, f"return (document.getElementById('turn-label') || {{}}).textContent"
                     f" && document.getElementById('turn-label').textContent"
                     f".startsWith('Turn {turn}')")
    return 0.0


CHART_DRAWN = "return document.querySelectorAll('#clock .scatterlayer .trace').length > 0"


def settled(driver: Any) -> float:
    """Wait until the page has loaded everything (the chart drawn: its library loads
    after the board's first frame), so that turn changes are timed on a loaded page;
    the time from navigation start (ms)."""
    wait_for(driver, CHART_DRAWN, timeout=60)
    return float(driver.execute_script("return performance.now()"))


def wait_for(driver: Any, script: str, timeout: float = 20.0) -> Any:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        value = driver.execute_script(script)
        if value:
            return value
        time.sleep(0.005)
    raise TimeoutError(f"the page never satisfied: {script}")


def turn_changes(driver: Any, url: str, key: str, analysis: Any, steps: int,
                 how: str, extra: str = "") -> tuple[list[float], list[float]]:
    """`steps` turn changes forward (wrapping back to turn 0 at the end) by `how`
    ('click' on ▶ or 'key' →), each timed in the page: to the frame (rAF), and to the
    frame presented (Event Timing)."""
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.keys import Keys

    last = analysis.timeline.turns
    turn = last
    times: list[float] = []
    shown: list[float] = []
    on_page = 0  # inputs timed on the page as opened
    while len(times) < steps:
        if turn == last:  # (re)open at turn 0: the harness starts afresh
            if on_page:
                shown += presented(driver, on_page)
            open_game(driver, url, key, 0, extra)
            settled(driver)
            driver.execute_script(HARNESS)
            button = driver.find_element("id", "nav-next")
            turn, on_page = 0, 0
        turn += 1
        card = analysis.record.game.card_text(analysis.knowledge.of(turn, 0)[0].card)
        driver.execute_script("window.__nr.expect = arguments[0];",
                              {"label": f"Turn {turn}", "card": card})
        if how == "click":
            button.click()
        else:
            ActionChains(driver).send_keys(Keys.ARROW_RIGHT).perform()
        on_page += 1
        wait_for(driver, f"return window.__nr.times.length >= {on_page}")
        times.append(float(driver.execute_script(f"return window.__nr.times[{on_page - 1}]")))
        time.sleep(0.05)  # let the frame after settle, as a reader would between turns
    time.sleep(0.2)  # the last input's entry is reported after its frame
    shown += presented(driver, on_page)
    return times, shown


def presented(driver: Any, count: int) -> list[float]:
    """The Event Timing durations of the last `count` inputs (since the harness was put
    in); the browser reports none under 16 ms: those count as 16."""
    seen = [float(t) for t in driver.execute_script("return window.__nr.events")]
    return seen + [16.0] * max(0, count - len(seen))


def held_key(driver: Any, url: str, key: str, analysis: Any, presses: int, extra: str = ""
             ) -> tuple[list[float], str]:
    """A held-down → key: `presses` key presses 33 ms apart (a keyboard's repeat rate),
    each timed from its event to the frame showing its turn; and where they ended."""
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.keys import Keys

    presses = min(presses, analysis.timeline.turns)
    open_game(driver, url, key, 0, extra)
    settled(driver)
    driver.execute_script(HARNESS + "nr.held = []; nr.last = "
                          "document.getElementById('turn-label').textContent;")
    chain = ActionChains(driver)
    for _ in range(presses):
        chain.send_keys(Keys.ARROW_RIGHT).pause(0.033)
    chain.perform()
    try:
        wait_for(driver, f"return window.__nr.times.length >= {presses}", timeout=10)
    except TimeoutError:
        pass  # some presses were lost: the label changed fewer times
    time.sleep(0.5)
    label = driver.execute_script("return document.getElementById('turn-label').textContent")
    ended = "" if label == f"Turn {presses}" or label.startswith(f"Turn {presses} ") else (
        f"  LOST PRESSES: {presses} presses from turn 0 ended on {label!r}")
    return [float(t) for t in driver.execute_script("return window.__nr.times")], ended


def report(name: str, values: list[float], check: bool, shown: list[float] | None = None
           ) -> bool:
    if len(values) < 2:
        print(f"  {name:<22} only {len(values)} turn change(s) seen: {values}   [{load_line()}]")
        return not check
    median, p95 = statistics.median(values), percentile(values, 95)
    ok = p95 < P95_TARGET_MS and median < MEDIAN_TARGET_MS
    verdict = ("ok" if ok else "OVER TARGET") if check else ""
    print(f"  {name:<22} median {median:7.1f} ms   p95 {p95:7.1f} ms   max {max(values):7.1f} ms"
          f"   ({len(values)} runs) {verdict}   [{load_line()}]")
    if shown and len(shown) >= 2:
        print(f"  {'':<22} presented (Event Timing): median {statistics.median(shown):5.0f} ms"
              f"   p95 {percentile(shown, 95):5.0f} ms")
    return ok or not check


# Where a first load's time goes: the page's own marks, from navigation start.
LOAD_PARTS = """
const nav = performance.getEntriesByType('navigation')[0];
const posts = performance.getEntriesByType('resource')
  .filter((r) => r.name.includes('_dash-update-component'));
const scripts = performance.getEntriesByType('resource')
  .filter((r) => r.initiatorType === 'script' || r.name.endsWith('.js'));
return {html: nav.responseEnd, dom: nav.domContentLoadedEventEnd,
        scripts: Math.max(0, ...scripts.map((r) => r.responseEnd)),
        bytes: nav.transferSize + performance.getEntriesByType('resource')
          .reduce((n, r) => n + r.transferSize, 0),
        game: Math.max(0, ...posts.map((r) => r.responseEnd))};
"""


def first_loads(url: str, key: str, extra: str, runs: int, cold: int = 1) -> None:
    """The game opened in a new browser (nothing cached: the first visit), `cold` times
    (a new browser each: the median and its parts are reported), then `runs` times again
    in the last one (the browser's cache warm)."""
    loads = []
    for i in range(cold):
        with chromium() as driver:
            first = open_game(driver, url, key, 0, extra)
            loads.append((first, driver.execute_script(LOAD_PARTS)))
            if i == cold - 1:
                chart = settled(driver)
                warm = [open_game(driver, url, key, 0, extra) for _ in range(runs)]
    loads.sort(key=lambda load: load[0])
    cold_ms, parts = loads[(len(loads) - 1) // 2]
    each = f" (median of {cold}: {', '.join(f'{t:.0f}' for t, _ in loads)} ms)" if cold > 1 else ""
    print(f"  {'first load, new browser':<22} {cold_ms:7.1f} ms to the board's first frame{each} "
          f"(page {parts['html']:.0f}, scripts {parts['scripts']:.0f}, DOM ready "
          f"{parts['dom']:.0f}, last callback answer {parts['game']:.0f} ms; "
          f"{parts['bytes'] / 1e6:.2f} MB transferred by then); the chart drawn at {chart:.0f} ms"
          f"   [{load_line()}]")
    print(f"  {'load again (cached)':<22} median {statistics.median(warm):7.1f} ms   "
          f"max {max(warm):7.1f} ms   ({runs} runs)")


def game_figures(game: Path, steps: int, extra: str = "", runs: int = 1, cold: int = 1,
                 loads_only: bool = False) -> bool:
    library = GameLibrary.from_path(game)
    key = library.entries[0].key
    loaded = library.get(key)
    assert isinstance(loaded, Reviewed), f"{game} is not a valid log"
    analysis = loaded.analysis
    print(f"{game.name}: {len(analysis.record.game.players)} players, "
          f"{analysis.timeline.turns} turns{', no spoilers' if extra else ''}")
    ok = True
    with served(library) as url:
        first_loads(url, key, extra, 5, cold)
        if loads_only:
            return ok
        with chromium() as driver:
            for run in range(1, runs + 1):
                label = f" (run {run})" if runs > 1 else ""
                for how, name in (("click", "click ▶"), ("key", "key →")):
                    times, shown = turn_changes(driver, url, key, analysis, steps, how, extra)
                    ok &= report(f"turn change, {name}{label}", times, True, shown)
            times, lost = held_key(driver, url, key, analysis, steps, extra)
            ok &= report("held key → (33 ms)", times, True) and not lost
            if lost:
                print(lost)
    return ok


def make_folder(folder: Path, count: int) -> None:
    """`count` logs: the valid samples copied under new names (hard links)."""
    samples = [p for p in sorted(SAMPLES.glob("*.json"))]
    for i in range(count):
        target = folder / f"game-{i:05d}.json"
        try:
            os.link(samples[i % len(samples)], target)
        except OSError:
            shutil.copy(samples[i % len(samples)], target)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def folder_figures(count: int, opened: int) -> bool:
    import psutil  # type: ignore[import-untyped]

    cli = Path(sys.executable).with_name("nova-replay")
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        make_folder(folder, count)
        port = free_port()
        url = f"http://127.0.0.1:{port}/"
        with chromium() as driver:
            start = time.perf_counter()
            proc = subprocess.Popen([str(cli), "dashboard", str(folder), "--port", str(port)],
                                    stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
            try:
                assert proc.stdout is not None
                proc.stdout.readline()  # "nova-replay dashboard on ..." once it listens
                listening = time.perf_counter() - start
                driver.get(url)
                driver.execute_async_script(FIRST_FRAME)
                usable = time.perf_counter() - start
                ok = usable < FOLDER_TARGET_S
                print(f"folder of {count} logs: usable first page in {usable:.2f} s "
                      f"(target < {FOLDER_TARGET_S:.0f} s: {'ok' if ok else 'OVER TARGET'})"
                      f"; the server listened after {listening:.2f} s   [{load_line()}]")
                rss = []
                server = psutil.Process(proc.pid)
                for i in range(opened):
                    driver.get(f"{url}?game=game-{i:05d}&turn=0")
                    driver.execute_async_script(FIRST_FRAME)
                    if (i + 1) % max(1, opened // 5) == 0:
                        rss.append((i + 1, server.memory_info().rss / 2**20))
                print("  server memory (RSS) after opening games one after another: "
                      + ", ".join(f"{n} games {mb:.0f} MB" for n, mb in rss))
            finally:
                proc.terminate()
                proc.wait(10)
    return ok


def screenshot(game: Path, turn: int, out: Path, width: int = 1400) -> None:
    library = GameLibrary.from_path(game)
    key = library.entries[0].key
    with served(library) as url, chromium(width, 1000) as driver:
        open_game(driver, url, key, turn)
        time.sleep(1.0)
        height = driver.execute_script("return document.documentElement.scrollHeight")
        driver.set_window_size(width, height + 140)
        time.sleep(0.5)
        driver.save_screenshot(str(out))
    print(f"saved {out}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", type=Path, action="append",
                        help="a log to time (repeatable); default: " + ", ".join(GAMES))
    parser.add_argument("--steps", type=int, default=30, help="clicks, and key presses, per game")
    parser.add_argument("--runs", type=int, default=1,
                        help="times the clicks and the key presses are run, in turn")
    parser.add_argument("--folder", type=int, default=0, help="also time a folder of N logs")
    parser.add_argument("--open", type=int, default=100,
                        help="games opened in turn for the memory figure (with --folder)")
    parser.add_argument("--screenshot", type=Path, help="only save a screenshot of --turn")
    parser.add_argument("--turn", type=int, default=20)
    parser.add_argument("--width", type=int, default=1400, help="window width of --screenshot")
    parser.add_argument("--cold", type=int, default=1,
                        help="first loads in a new browser each (their median is reported)")
    parser.add_argument("--loads-only", action="store_true",
                        help="time the first loads only, no turn changes")
    parser.add_argument("--no-spoilers", action="store_true",
                        help="time the no-spoilers view: each step forward also asks the "
                             "server for the turn after it")
    args = parser.parse_args()
    games = args.game or [SAMPLES / g for g in GAMES]
    if args.screenshot:
        screenshot(games[0], args.turn, args.screenshot, args.width)
        return 0
    ok = True
    for game in games:
        ok &= game_figures(game, args.steps, "&spoilers=off" if args.no_spoilers else "",
                           args.runs, max(1, args.cold), args.loads_only)
    if args.folder:
        ok &= folder_figures(args.folder, args.open)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
