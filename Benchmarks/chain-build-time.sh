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

# checkout NAME [COMMIT]: this checkout's tracked files, or a commit's.
checkout() {
  mkdir -p "$work/$1"
  if [ -n "${2:-}" ]; then
    git archive "$2" | tar -x -C "$work/$1"
  else
    git ls-files -z | xargs -0 cp --parents -t "$work/$1"
  fi
}

# chain DIR DEPTH SPELLING: a module with a parent DEPTH `Scope`s above a counter, each scoping
# with a hand-written case path (`closures`) or, through the case-path plugin, with key paths as
# the best-known library spells them (`keypaths`).
chain() {
  local dir=$1 depth=$2 spelling=$3
  mkdir -p "$dir/Sources/Chain"
  {
    echo "import ReducerKit"
    echo
    echo "public struct Level0: Reducer {"
    echo "  public struct State: Equatable { public var count = 0 }"
    echo "  public enum Action { case increment }"
    echo "  public func reduce(into state: inout State, action: Action) -> Effect<Action> {"
    echo "    state.count += 1"
    echo "    return .none"
    echo "  }"
    echo "}"
    for level in $(seq 1 "$depth"); do
      local child=Level$((level - 1))
      echo
      echo "public struct Level$level: Reducer {"
      echo "  public struct State: Equatable { public var child = $child.State() }"
      echo "  public enum Action { case child($child.Action) }"
      echo "  public var body: some ReducerOf<Self> {"
      if [ "$spelling" = keypaths ]; then
        echo "    Scope(state: \\.child, action: \\.child) { $child() }"
      else
        echo "    Scope(state: \\.child, action: CasePath(Action.child) {"
        echo "      if case .child(let action) = \$0 { action } else { nil }"
        echo "    }) { $child() }"
      fi
      echo "  }"
      echo "}"
    done
    echo
    echo "@MainActor public func sendDeep(_ store: StoreOf<Level$depth>, _ action: Level$depth.Action) {"
    echo "  store.send(action)"
    echo "}"
  } > "$dir/Sources/Chain/Chain.swift"
}

# measure KIT DEPTH SPELLING: the chain module's compile CPU seconds and the build's peak memory,
# the median of five builds (the module's source touched before each, so that it is compiled
# again). One package per kit, so that the kit itself is built once.
measure() {
  local kit=$1 depth=$2 spelling=$3 dir=$work/chain-$1
  mkdir -p "$dir"
  cat > "$dir/Package.swift" <<SWIFT
// swift-tools-version: 6.2
import PackageDescription
let package = Package(
  name: "Chain", dependencies: [.package(path: "../$kit")],
  targets: [
    .target(
      name: "Chain", dependencies: [.product(name: "ReducerKit", package: "$kit")],
      plugins: [.plugin(name: "CasePathsPlugin", package: "$kit")])
  ],
  swiftLanguageModes: [.v6])
SWIFT
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
