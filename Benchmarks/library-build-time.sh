#!/usr/bin/env bash
# The library's own build, as a budget: a clean release build of the ReducerKit target (what an
# app's release build compiles of the kit: its modules, its C shims, and the case-path plugin's
# generator, which SwiftPM builds with it), of this checkout and of a baseline commit, one after
# the other on this machine. Reports each Swift module's compile CPU time (the compiler's own
# statistics), the whole build's CPU time and peak memory (`/usr/bin/time`), and prints the
# `library` object of `Benchmarks/build-times.json`.
#   Benchmarks/library-build-time.sh [BASELINE]   (default: the baseline build-times.json names)
set -euo pipefail
cd "$(dirname "$0")/.."
baseline=${1:-$(python3 -c 'import json; print(json.load(open("Benchmarks/build-times.json"))["library"]["baseline"])')}
work=${WORK:-$(mktemp -d)}
trap '[ -n "${KEEP:-}" ] || rm -rf "$work"' EXIT

# measure NAME [COMMIT]: a clean release build of the target in a fresh copy; prints
# "cpu_seconds peak_kb" and leaves the compiler's statistics in $work/NAME.stats.
measure() {
  local dir=$work/$1
  mkdir -p "$dir" "$dir.stats"
  if [ -n "${2:-}" ]; then
    git archive "$2" | tar -x -C "$dir"
  else
    git ls-files -z | xargs -0 cp --parents -t "$dir"
  fi
  (cd "$dir" && /usr/bin/time -f "%U %S %M" -o "$dir.time" \
    swift build -c release --target ReducerKit \
    -Xswiftc -stats-output-dir -Xswiftc "$dir.stats" > /dev/null)
  awk '{printf "%.1f %d\n", $1 + $2, $3}' "$dir.time"
}

read -r head_cpu head_kb < <(measure head)
read -r base_cpu base_kb < <(measure base "$baseline")

python3 - "$work" "$baseline" "$head_cpu" "$head_kb" "$base_cpu" "$base_kb" <<'PY'
import glob, json, sys, datetime
work, baseline, head_cpu, head_kb, base_cpu, base_kb = sys.argv[1:]
def modules(name):
    found = {}
    for path in glob.glob(f"{work}/{name}.stats/*.json"):
        stats = json.load(open(path))
        for key, value in stats.items():
            if key.startswith("time.swift-frontend.") and key.endswith(".user"):
                module = key[len("time.swift-frontend."):].split("-all-")[0]
                found[module] = found.get(module, 0) + value
    return found
head, base = modules("head"), modules("base")
print(json.dumps({
    "command": "swift build -c release --target ReducerKit",
    "baseline": baseline,
    "date": datetime.date.today().isoformat(),
    "cpu": float(head_cpu), "baselineCPU": float(base_cpu),
    "peakMB": round(int(head_kb) / 1024), "baselinePeakMB": round(int(base_kb) / 1024),
    "modules": [
        {"name": name, "cpu": round(head.get(name, 0), 1), "baselineCPU": round(base.get(name, 0), 1)}
        for name in sorted(set(head) | set(base), key=lambda n: -head.get(n, 0))
    ],
}, indent=2))
PY
