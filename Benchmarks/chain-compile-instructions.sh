#!/usr/bin/env bash
# The compile-time budget in compiler instructions, which do not move with the machine's load
# as CPU seconds do: the feature module of `chain-build-time.sh` (DEPTH nested `Scope`s through
# the case-path plugin, spelled with key paths and with hand-written case paths) is built once
# in release, then its `swift-frontend` invocation alone is run again under callgrind. Given
# commits, the same is counted for ReducerKit at each, for the before/after the README states.
#   Benchmarks/chain-compile-instructions.sh [COMMIT...]     (DEPTH=20 by default)
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
command -v valgrind > /dev/null || { echo "valgrind is not installed" >&2; exit 2; }
depth=${DEPTH:-20}
work=${WORK:-$(mktemp -d)}
trap '[ -n "${KEEP:-}" ] || rm -rf "$work"' EXIT

source "$root/Benchmarks/chain-module.sh"

# count KIT SPELLING: the compiler instructions of the chain module's compile, in billions.
count() {
  local kit=$1 spelling=$2 dir=$work/chain-$1-$2 command
  package "$dir" "$kit"
  chain "$dir" "$depth" "$spelling"
  (cd "$dir" && swift build -c release --target Chain > /dev/null 2>&1)
  touch "$dir/Sources/Chain/Chain.swift"
  # NB: the module's own compile, as SwiftPM runs it (its output map is dropped: SwiftPM deletes
  # it after the build), counted with whatever it spawns.
  command=$(cd "$dir" && swift build -c release --target Chain -v 2>&1 |
    grep "swift-frontend.* -frontend -c" | grep -- "-module-name Chain" | head -1 |
    sed -E 's/-supplementary-output-file-map [^ ]+//')
  (cd "$dir" && valgrind --tool=callgrind --trace-children=yes --callgrind-out-file=/dev/null \
    bash -c "$command" 2>&1 > /dev/null | grep -o 'Collected : [0-9]*' |
    awk '{ total += $3 } END { printf "%.2f G\n", total / 1e9 }')
}

checkout now
kits=(now)
for commit in "$@"; do
  checkout "$commit" "$commit"
  kits+=("$commit")
done
for spelling in keypaths closures; do
  for kit in "${kits[@]}"; do
    printf '%-10s %2d Scopes, %-9s %s\n' "$kit" "$depth" "$spelling:" "$(count "$kit" "$spelling")"
  done
done
