#!/usr/bin/env bash
# The compile-time budget of the hot paths: a throwaway package (a checkout of ReducerKit beside
# it) builds, in release, a feature module holding a chain of DEPTH nested `Scope`s (10 and 20),
# and reports the module's compile CPU time and peak memory (`/usr/bin/time`). ReducerKit itself
# is built first, so that only the feature module is measured. Given a commit, the same is
# measured for ReducerKit at that commit, for the before/after the README states.
#   Benchmarks/chain-build-time.sh [COMMIT]
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
work=${WORK:-$(mktemp -d)}
trap '[ -n "${KEEP:-}" ] || rm -rf "$work"' EXIT

source "$root/Benchmarks/chain-module.sh"

# measure KIT DEPTH SPELLING: the chain module's compile CPU seconds and the build's peak memory,
# the median of five builds (the module's source touched before each, so that it is compiled
# again). One package per kit, so that the kit itself is built once.
measure() {
  local kit=$1 depth=$2 spelling=$3 dir=$work/chain-$1
  package "$dir" "$kit"
  chain "$dir" "$depth" "$spelling"
  # NB: the statistics flag is the same for every build (a new flag would rebuild the kit).
  local flags=(-Xswiftc -stats-output-dir -Xswiftc "$dir/stats")
  mkdir -p "$dir/stats"
  (cd "$dir" && swift build -c release --target Chain "${flags[@]}" > /dev/null 2>&1)
  : > "$dir/runs"
  for _ in 1 2 3 4 5; do
    touch "$dir/Sources/Chain/Chain.swift"
    rm -rf "$dir/stats" && mkdir -p "$dir/stats"
    (cd "$dir" && /usr/bin/time -o "$dir/time" -f "%M" \
      swift build -c release --target Chain "${flags[@]}" > /dev/null 2>&1)
    # NB: the Chain module's compile alone (the compiler's own statistics): the build's total
    # also holds the plugin's generator run and SwiftPM's own work, which moved by a second
    # between identical runs.
    printf '%s %s\n' "$(frontend_cpu "$dir/stats")" "$(cat "$dir/time")" >> "$dir/runs"
  done
  # NB: the median run by CPU time (plain awk and sort: no gawk needed).
  awk '{ printf "%.2f %d\n", $1, int($2 / 1024) }' "$dir/runs" | sort -n | sed -n 3p |
    while read -r cpu megabytes; do
      printf '%s, %2d Scopes, %-9s %6.2f s CPU, %5d MB peak (median of 5)\n' "$kit" "$depth" \
        "$spelling:" "$cpu" "$megabytes"
    done
}

# frontend_cpu STATS: the Chain module's compile CPU seconds (user + system) in STATS.
frontend_cpu() {
  python3 - "$1" <<'PY'
import glob, json, sys
total = 0.0
for path in glob.glob(sys.argv[1] + "/*.json"):
    for key, value in json.load(open(path)).items():
        if key.startswith("time.swift-frontend.Chain") and key.endswith((".user", ".sys")):
            total += value
print(f"{total:.3f}")
PY
}

checkout now
[ -n "${1:-}" ] && checkout before "$1"
for spelling in closures keypaths; do
  for depth in 10 20; do
    measure now "$depth" "$spelling"
    [ -n "${1:-}" ] && measure before "$depth" "$spelling"
  done
done
