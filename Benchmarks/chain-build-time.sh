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

# chain DIR DEPTH: a module with a parent DEPTH `Scope`s above a counter.
chain() {
  local dir=$1 depth=$2
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
      echo "    Scope(state: \\.child, action: CasePath(Action.child) {"
      echo "      if case .child(let action) = \$0 { action } else { nil }"
      echo "    }) { $child() }"
      echo "  }"
      echo "}"
    done
    echo
    echo "@MainActor public func sendDeep(_ store: StoreOf<Level$depth>, _ action: Level$depth.Action) {"
    echo "  store.send(action)"
    echo "}"
  } > "$dir/Sources/Chain/Chain.swift"
}

# measure KIT DEPTH: CPU seconds and peak memory of the chain module's release build, the median
# of five builds (the module's source touched before each, so that it is compiled again).
measure() {
  local kit=$1 depth=$2 dir=$work/chain-$1-$2
  mkdir -p "$dir"
  cat > "$dir/Package.swift" <<SWIFT
// swift-tools-version: 6.2
import PackageDescription
let package = Package(
  name: "Chain", dependencies: [.package(path: "../$kit")],
  targets: [.target(name: "Chain", dependencies: [.product(name: "ReducerKit", package: "$kit")])],
  swiftLanguageModes: [.v6])
SWIFT
  chain "$dir" "$depth"
  (cd "$dir" && swift build -c release --target Chain > /dev/null 2>&1)
  : > "$dir/runs"
  for _ in 1 2 3 4 5; do
    touch "$dir/Sources/Chain/Chain.swift"
    (cd "$dir" && /usr/bin/time -a -o "$dir/runs" -f "%U %S %M" \
      swift build -c release --target Chain > /dev/null 2>&1)
  done
  # NB: the median run by CPU time (plain awk and sort: no gawk needed).
  awk '{ printf "%.2f %d\n", $1 + $2, int($3 / 1024) }' "$dir/runs" | sort -n | sed -n 3p |
    while read -r cpu megabytes; do
      printf '%s, %2d Scopes: %6.1f s CPU, %5d MB peak (median of 5)\n' "$kit" "$depth" "$cpu" \
        "$megabytes"
    done
}

checkout now
[ -n "${1:-}" ] && checkout before "$1"
for depth in 10 20; do
  measure now "$depth"
  [ -n "${1:-}" ] && measure before "$depth"
done
