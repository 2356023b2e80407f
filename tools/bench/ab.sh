#!/usr/bin/env bash
# Interleaved A/B runs of the benchmarks: two sets of app bundles (each a copy of dist/ built from
# the code to compare), swapped into dist/ between runs, so both see the same machine phases.
# Usage: tools/bench/ab.sh DIST_A DIST_B [PAIRS=2]   (env: BENCH_ONLY, default ledger; any BENCH_*)
# Make the bundles with `node tools/build/build.mjs && cp -r dist /tmp/dist-a` on each version.
# Leaves dist/ as B; logs in bench-results/ab-<a|b>-<n>.log.
set -euo pipefail
cd "$(dirname "$0")/../.."
a=$1 b=$2 pairs=${3:-2}
mkdir -p bench-results
for i in $(seq 1 "$pairs"); do
  for side in a b; do
    src=$a
    [ "$side" = b ] && src=$b
    rm -rf dist && cp -r "$src" dist
    BENCH_ONLY=${BENCH_ONLY:-ledger} node --import tsx tools/bench/run.ts >"bench-results/ab-$side-$i.log" 2>&1
    echo "== $side ($src), pair $i"
    grep -E '^│ [0-9]' "bench-results/ab-$side-$i.log" | awk -F'│' '{print $3 "|" $4 "|" $5 "|" $6 "|" $7}'
  done
done
