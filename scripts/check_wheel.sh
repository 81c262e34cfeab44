#!/usr/bin/env bash
# The README's and the docs' examples, run from a freshly built wheel installed in a clean
# virtual environment outside the source tree (called by .ci/run). Each example runs as a
# user would type it, in a scratch folder where `sample_games` is the installed wheel's
# bundled folder (`nova-replay samples` says where); each must exit as the docs say.
#   bash scripts/check_wheel.sh            # build, install, run every example
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
WORK=$(mktemp -d "${TMPDIR:-/tmp}/nova-wheel.XXXXXX")
trap 'rm -rf "$WORK"' EXIT
PY=${PYTHON:-python3}   # any Python 3.11+ with pip; the clean venv is made from it

echo "check_wheel: building the wheel from the repository's files"
# From a copy of the files git tracks, so no stale build/ or untracked file gets in.
mkdir "$WORK/src"
(cd "$ROOT" && git ls-files -z | xargs -0 cp --parents -t "$WORK/src")
"$PY" -m pip wheel -q --no-deps --wheel-dir "$WORK/dist" "$WORK/src" 2>/dev/null
WHEEL=$(ls "$WORK"/dist/nova_replay-*.whl)
echo "check_wheel: installing $(basename "$WHEEL")[dask] in a clean venv"
"$PY" -m venv "$WORK/venv"
"$WORK/venv/bin/python" -m pip install -q "$WHEEL[dask]" 2>/dev/null
export PATH="$WORK/venv/bin:$PATH"
cd "$WORK"   # outside the source tree: nothing here but what the wheel installed

ran=0
example() {  # example EXPECTED_EXIT COMMAND...: run one example, check its exit code
    local want=$1; shift
    local got=0
    "$@" > "$WORK/out.txt" 2> "$WORK/err.txt" || got=$?
    if [[ $got -ne $want ]]; then
        echo "check_wheel: FAILED (exit $got, expected $want): $*" >&2
        tail -n 20 "$WORK/out.txt" "$WORK/err.txt" >&2
        exit 1
    fi
    ran=$((ran + 1))
    echo "  ok (exit $got): $*"
}
shell() { bash -c "$1"; }  # for an example that pipes or redirects, as typed

# Where the bundled files are; the examples' sample_games/ is that folder.
SAMPLES=$(nova-replay samples | tail -n 1)
[[ -f "$SAMPLES/nova-2p.json" && -f "$SAMPLES/README.md" && -d "$SAMPLES/lessons" ]]
ln -s "$SAMPLES" sample_games
PKG=$(dirname "$SAMPLES")
for f in schemas/nova-log-v1.schema.json schemas/nova-analysis-v1.schema.json \
         schemas/nova-puzzle-v1.schema.json seeds/nova-rules.txt seeds/hanabi-rules.txt; do
    [[ -s "$PKG/$f" ]] || { echo "check_wheel: the wheel lacks $f" >&2; exit 1; }
done
[[ "$PKG" != "$ROOT"* ]] || { echo "check_wheel: the package was imported from the source tree" >&2; exit 1; }

# README: "Commands"
example 0 shell 'nova-replay validate sample_games/*.json'
example 0 nova-replay validate sample_games/
example 0 nova-replay validate --strict --json sample_games/nova-2p.json
example 0 nova-replay replay sample_games/nova-2p.json
example 0 nova-replay replay sample_games/nova-2p.json --turn 12
example 0 nova-replay replay sample_games/nova-2p.json --as Anna
example 0 shell 'nova-replay schema > nova-log-v1.schema.json'
cmp nova-log-v1.schema.json "$PKG/schemas/nova-log-v1.schema.json"   # the bundled schema is the same
example 0 nova-replay samples
example 0 nova-replay lessons
example 0 nova-replay lessons --json
python -c 'import json, sys; print("\n".join(d["path"] for d in json.load(sys.stdin)))' \
    < out.txt > lessons.txt  # every lesson's path opens
[[ $(wc -l < lessons.txt) -ge 30 ]] && xargs -a lessons.txt -d '\n' ls > /dev/null
# --help: its examples name the installed samples (issue 36), and the first one runs as shown.
nova-replay --help > help.txt
FIRST=$(grep -m 1 -o "nova-replay validate [^ ]*\.json" help.txt)
[[ "$FIRST" != *"nova-replay validate sample_games/"* ]] \
    || { echo "check_wheel: --help names sample_games/, not the installed samples" >&2; exit 1; }
example 0 shell "$FIRST"
example 0 nova-replay batch sample_games/ --out samples.csv
example 0 nova-replay replay "$(head -n 1 lessons.txt)" --turn 1
example 0 nova-replay puzzles sample_games/nova-4p-careless-bots.json --out puzzles/
ls puzzles/*.json > /dev/null

# README: "Reviewing a game"
example 0 nova-replay analyze sample_games/nova-4p.json
example 0 nova-replay analyze sample_games/nova-4p.json --turn 17
example 0 nova-replay analyze sample_games/nova-4p.json --turn 17 --tier common
example 0 nova-replay analyze sample_games/nova-4p.json --json
example 0 nova-replay analyze sample_games/nova-4p.json --solve
example 0 nova-replay replay sample_games/nova-4p.json --knowledge
example 0 nova-replay replay sample_games/nova-4p.json --knowledge --as Dev
example 0 nova-replay analyze sample_games/nova-4p.json --as Dev
example 0 nova-replay analyze sample_games/nova-4p.json --as Dev --turn 17
example 0 python -c '
import nova_replay
analysis = nova_replay.analyze("sample_games/nova-4p.json")
print(analysis.summary.score, analysis.clock[17].pace, analysis.knowledge.of(17, 0))
print([f.message for f in analysis.findings if f.severity == "blunder"])'

example 0 python -c '
import nova_replay
game = nova_replay.load("sample_games/nova-4p.json")
board = game.state(17)
print(board)
print(board.hands["Anna"][1].possible)
print([n.message for n in game.findings if n.severity == "mistake" and n.player == "Anna"])
print(game.state(17, as_player="Dev")._repr_html_()[:80])
print(nova_replay.batch(["sample_games/"]).to_pandas().shape)'
example 0 python -c '
from pathlib import Path
import nova_replay
game = nova_replay.load(Path("sample_games") / "nova-4p.json")
for turn, action, state, notes in game.moves():
    print(turn, action, [str(n) for n in notes])
print(repr(game), len(game._repr_html_()))
print(game.clock_frame().tail(3))
print(game.notes_frame().head(3))
print(nova_replay.batch([Path("sample_games")]).to_pandas().dtypes["score"])'

# docs/python.md, docs/quickstart.md and docs/walkthrough.md (a real game of the shared
# corpus, ../shared or $NOVA_SHARED): every code cell, in order, as a notebook runs them.
export NOVA_SHARED="${NOVA_SHARED:-$(cd "$ROOT/.." && pwd)/shared}"
for page in python quickstart walkthrough; do
    example 0 python -c '
import re, sys
text = open(sys.argv[1], encoding="utf-8").read()
namespace = {}
for cell in re.findall(r"^```python[^\n]*\n(.*?)^```", text, re.S | re.M):
    exec(cell, namespace)' "$ROOT/docs/$page.md"
done

# README: "Simulated games", "Whole corpora", "hanab.live"
example 0 nova-replay simulate --ruleset nova --players 3 --seed 42 --games 3 --out games/
example 0 nova-replay simulate --players 3 --bot convention --bot careless:0.5 --bot convention --out games/
example 0 nova-replay batch games/ --out games.parquet --per-player players.parquet
example 0 nova-replay batch games/ --out games.csv --workers 2
example 0 nova-replay export-hanablive sample_games/hanabi-2p.json -o hanabi-2p.hanablive.json
example 0 nova-replay import-hanablive hanabi-2p.hanablive.json -o hanabi-2p.nova.json
example 0 nova-replay validate hanabi-2p.hanablive.json hanabi-2p.nova.json

# docs/batch.md
example 0 nova-replay batch sample_games/ --out games.csv   # the sample games, all valid
example 1 nova-replay batch sample_games/ --recursive --out all.csv   # + invalid/
example 0 python -c "import pandas as pd; print(pd.read_parquet('players.parquet')
           .groupby('player')[['hints', 'wasted_hints']].sum())"

# README: "The dashboard", started on any free port and asked for its page once.
nova-replay dashboard --port 0 > dash.txt 2>&1 &
DASH=$!
for _ in $(seq 3000); do grep -q "http://" dash.txt && break; sleep 0.1; done
URL=$(grep -o "http://[^ ]*" dash.txt | head -n 1)
python -c "import sys, urllib.request; page = urllib.request.urlopen(sys.argv[1], timeout=60).read()
assert b'nova-replay' in page, page[:200]" "$URL"
kill "$DASH"; wait "$DASH" 2>/dev/null || true
ran=$((ran + 1)); echo "  ok: nova-replay dashboard ($URL answered)"

echo "check_wheel: $ran examples ran from the wheel, outside the source tree"
