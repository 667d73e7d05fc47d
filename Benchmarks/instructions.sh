#!/usr/bin/env bash
# Instructions per operation of the benchmark scenarios matching FILTER, subject and baseline,
# counted by valgrind's callgrind: instructions do not move with machine load, as wall-clock
# figures do. Each side runs once at two lengths (1/SHORT and 1/LONG of a full run); the
# difference in instructions divided by the difference in operations cancels set-up (hashing
# is made deterministic, so that set-up counts the same in both).
#   Benchmarks/instructions.sh "observed screen: ids + 10"
set -euo pipefail
cd "$(dirname "$0")/.."
filter=${1:?usage: Benchmarks/instructions.sh FILTER}
short=${SHORT:-200}
long=${LONG:-20}
command -v valgrind > /dev/null || { echo "valgrind is not installed" >&2; exit 2; }
swift build -c release --product benchmarks > /dev/null
# NB: valgrind 3.19 gives up on the DWARF this toolchain writes for clang modules; instruction
# counts do not depend on debug information, so count a stripped copy.
binary=$(mktemp)
trap 'rm -f "$binary"' EXIT
objcopy --strip-debug .build/release/benchmarks "$binary" 2> /dev/null || cp .build/release/benchmarks "$binary"
# One run under callgrind: prints "instructions operations".
count() {
  local side=$1 scale=$2 out log
  out=$(mktemp)
  log=$(SWIFT_DETERMINISTIC_HASHING=1 valgrind --tool=callgrind --callgrind-out-file="$out" "$binary" \
    --filter "$filter" --side "$side" --scale "$scale" 2> /dev/null)
  echo "$(grep -m1 '^summary:' "$out" | awk '{print $2}') ${log##*operations: }"
  rm -f "$out"
}
for side in subject baseline; do
  read -r i1 o1 < <(count "$side" "$short")
  read -r i2 o2 < <(count "$side" "$long")
  echo "$side: $(( (i2 - i1) / (o2 - o1) )) instructions per operation ($filter)"
done
