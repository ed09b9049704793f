#!/usr/bin/env bash
# The browser side of bench/micro.py: ui-tests/bench/micro.spec.ts against the shipped build and
# against builds with one path plain, in rounds (the order rotates), then one table.
#
#   bash bench/micro_browser.sh [rounds]        (default 2; ~1 minute per run)
#
# Variants: shipped; markdown (every render one Markdown render of the whole answer: no plain
# blocks while streaming, no pieces); deltas-ts (the view updated on every delta, not once a
# frame); deltas (the server sends every delta as its own frame: bench_variants.py).
# Needs the extension installed in develop mode in the Python on PATH (`jupyter labextension
# develop .`), ui-tests/node_modules and Debian's Chromium. The two source files it edits are put
# back on exit, and the shipped build is left in place.
set -euo pipefail
cd "$(dirname "$0")/.."
ROUNDS=${1:-2}
OUT=$(mktemp -d /tmp/gptinterp-micro-XXXX)
EXT=jupyterlab_gptinterp/labextension
export GPTINTERP_UI_PORT=${GPTINTERP_UI_PORT:-8897} GPTINTERP_FAKE_LLM_PORT=${GPTINTERP_FAKE_LLM_PORT:-9197}

cp src/components/AnswerView.ts src/model.ts "$OUT/"
restore() { cp "$OUT/AnswerView.ts" src/components/AnswerView.ts && cp "$OUT/model.ts" src/model.ts; }
trap restore EXIT

build() {  # build the current src/ and keep the labextension as $OUT/$1
  jlpm build >/dev/null
  rm -rf "$OUT/$1" && cp -r "$EXT" "$OUT/$1"
}
build shipped
sed -i 's/^export const PLAIN_ABOVE = 6000;/export const PLAIN_ABOVE = Infinity;/' src/components/AnswerView.ts
grep -q 'PLAIN_ABOVE = Infinity' src/components/AnswerView.ts
build markdown
restore
sed -i 's/this\._changeTimer = setTimeout(() => this\._changedNow(), FRAME_MS);/void FRAME_MS; this._changedNow();/' src/model.ts
grep -q 'void FRAME_MS; this._changedNow();' src/model.ts
build deltas-ts
restore
jlpm build >/dev/null

VARIANTS=(shipped markdown deltas-ts deltas)
for ((r = 0; r < ROUNDS; r++)); do
  for ((i = 0; i < ${#VARIANTS[@]}; i++)); do
    v=${VARIANTS[$(((i + r) % ${#VARIANTS[@]}))]}
    build_of=$v
    [ "$v" = deltas ] && build_of=shipped
    rm -rf "$EXT" && cp -r "$OUT/$build_of" "$EXT"
    echo "-- round $r: $v" >&2
    (cd ui-tests && GPTINTERP_MICRO=$v GPTINTERP_MICRO_OUT="$OUT/results.jsonl" \
      BENCH_VARIANT=$([ "$v" = deltas ] && echo deltas || true) \
      jlpm playwright test -c playwright-micro.config.js --reporter=line >"$OUT/run-$r-$v.log" 2>&1) ||
      { echo "run failed: $OUT/run-$r-$v.log" >&2; exit 1; }
  done
done
rm -rf "$EXT" && cp -r "$OUT/shipped" "$EXT"
python bench/micro_table.py "$OUT/results.jsonl"
