#!/usr/bin/env bash
# What the case-path plugin adds to build times: a throwaway package (this checkout beside it)
# builds a feature module twice — with the plugin, and with the very file the plugin generates
# checked in as a source instead — clean (nothing built) and incremental (one feature file
# touched; the median of three). Modules: a synthetic one of N feature files (each a reducer with
# a six-case action enum, and a parent scoping it through a case key path, written as in the
# best-known library: no markers), and the articles example's feature module.
#   Benchmarks/plugin-build-time.sh [N]   (default 100)
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
count=${1:-100}
work=${WORK:-$(mktemp -d)}
trap '[ -n "${KEEP:-}" ] || rm -rf "$work"' EXIT
mkdir -p "$work/ReducerKit"
git ls-files -z | xargs -0 cp --parents -t "$work/ReducerKit"

# package NAME PLUGIN(yes|no): a package with one target, Features.
package() {
  local dir=$work/$1 plugin=$2
  mkdir -p "$dir/Sources/Features"
  local plugins=""
  [ "$plugin" = yes ] && plugins=', plugins: [.plugin(name: "CasePathsPlugin", package: "ReducerKit")]'
  cat > "$dir/Package.swift" <<SWIFT
// swift-tools-version: 6.2
import PackageDescription
let package = Package(
  name: "$1", platforms: [.macOS(.v15)],
  dependencies: [.package(path: "../ReducerKit")],
  targets: [.target(name: "Features", dependencies: [.product(name: "ReducerKit", package: "ReducerKit")]$plugins)],
  swiftLanguageModes: [.v6])
SWIFT
}

synthetic() {
  local dir=$1
  for i in $(seq 1 "$count"); do
    cat > "$dir/Sources/Features/Feature$i.swift" <<SWIFT
import ReducerKit

struct Child$i: Reducer {
  struct State: Equatable { var count = 0; var text = "" }
  enum Action: Equatable {
    case increment, decrement, setText(String), load(id: Int, force: Bool), loaded(Result<Int, Failure>), reset
  }
  struct Failure: Error, Equatable {}
  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    if case .increment = action { state.count += 1 }
    return .none
  }
}

struct Parent$i: Reducer {
  struct State: Equatable { var child = Child$i.State() }
  enum Action: Equatable { case child(Child$i.Action), appeared }
  var body: some ReducerOf<Self> {
    Scope(state: \\.child, action: \\.child) { Child$i() }
  }
}
SWIFT
  done
}

articles() {
  cp "$root"/Sources/ArticlesFeature/*.swift "$1/Sources/Features/"
}

# seconds COMMAND...: wall-clock seconds of a command, to a tenth.
seconds() {
  local start end
  start=$(date +%s.%N)
  "$@" > /dev/null 2>&1
  end=$(date +%s.%N)
  echo "$start $end" | awk '{ printf "%.1f", $2 - $1 }'
}

measure() {
  local name=$1 fill=$2
  package "$name-plugin" yes
  $fill "$work/$name-plugin"
  package "$name-source" no
  $fill "$work/$name-source"
  # The generated file, as the plugin writes it, checked in as an ordinary source.
  (cd "$work/$name-plugin" && swift build > /dev/null 2>&1)
  cp "$(find "$work/$name-plugin/.build/plugins/outputs" -name 'Features+CasePaths.swift')" \
    "$work/$name-source/Sources/Features/Generated.swift"
  local first
  first=$(ls "$work/$name-plugin/Sources/Features" | head -n 1)
  for variant in source plugin; do
    local dir=$work/$name-$variant clean incremental
    rm -rf "$dir/.build"
    clean=$(cd "$dir" && seconds swift build)
    # The median of three incremental builds, each after one feature file is touched.
    incremental=$(for _ in 1 2 3; do
      touch "$dir/Sources/Features/$first"
      (cd "$dir" && seconds swift build)
      echo
    done | sort -n | sed -n 2p)
    echo "$name, $variant: clean ${clean} s, incremental ${incremental} s"
  done
}

measure "synthetic-$count" synthetic
[ -n "${ONLY_SYNTHETIC:-}" ] || measure articles articles
