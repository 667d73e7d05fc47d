#!/usr/bin/env bash
# The library's own build in compiler instructions, which do not move with the machine's load
# as CPU seconds do (on this machine one module's compile took 5.9 s and 9.8 s of CPU within
# minutes): the Swift modules of `library-build-time.sh`'s build (`swift build -c release
# --target ReducerKit`: the library's modules and the case-path plugin's generator and tool), each
# compiled once more under callgrind, for this checkout and for a baseline commit. Prints each
# module's instructions and the whole, in billions, and the ratio. Slow: about 20 minutes with
# the two trees counted side by side on two cores.
#   Benchmarks/library-build-instructions.sh [BASELINE]   (default: build-times.json's baseline)
#   MODULES="CasePathGeneration" Benchmarks/library-build-instructions.sh   (one module only)
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
command -v valgrind > /dev/null || { echo "valgrind is not installed" >&2; exit 2; }
baseline=${1:-$(python3 -c 'import json; print(json.load(open("Benchmarks/build-times.json"))["library"]["baseline"])')}
modules=${MODULES:-"ReducerKit ReducerKitSupport CasePathGeneration reducerkit_casepaths"}
work=${WORK:-$(mktemp -d)}
mkdir -p "$work"
trap '[ -n "${KEEP:-}" ] || rm -rf "$work"' EXIT

# The pattern of the llbuild command that compiles MODULE in a built tree (any host triple): its
# driver invocation, whose inputs (the sources list, the output map) SwiftPM keeps in the build
# folder. The plugin's generator and tool are built for the host, as tools.
command_key() {
  case $1 in
    ReducerKit) echo 'C\.ReducerKit-[^"]+-release\.module' ;;
    ReducerKitSupport) echo 'C\.ReducerKitSupport-[^"]+-release\.module' ;;
    CasePathGeneration) echo 'C\.CasePathGeneration-[^"]+-release-tool\.module' ;;
    reducerkit_casepaths) echo 'C\.reducerkit-casepaths-[^"]+-release-tool\.module' ;;
  esac
}

# measure NAME [COMMIT]: builds the tree once, then prints "MODULE INSTRUCTIONS" for each module,
# counted over its compile alone (the driver as SwiftPM runs it, with the frontend it spawns).
measure() {
  local dir=$work/$1 module args
  mkdir -p "$dir"
  if [ -n "${2:-}" ]; then
    git archive "$2" | tar -x -C "$dir"
  else
    git ls-files -z | xargs -0 cp --parents -t "$dir"
  fi
  (cd "$dir" && swift build -c release --target ReducerKit > /dev/null 2>&1)
  for module in $modules; do
    # NB: the driver's arguments from the build's llbuild manifest; the driver is run again with
    # its temporary files kept (its own debug information is beyond valgrind), and the frontend
    # it ran is run once more under callgrind.
    mapfile -t args < <(python3 - "$dir/.build/release.yaml" "$(command_key "$module")" <<'PY'
import json, re, sys
text = open(sys.argv[1]).read()
found = re.search('"' + sys.argv[2] + '":', text)
if not found:
    sys.exit(0)
block = text[found.start():]
print("\n".join(json.loads(re.search(r"\n    args: (\[.*?\])\n", block, re.S).group(1))))
PY
    )
    # NB: a baseline may predate a module (ReducerKitSupport): it counts as none there.
    if [ "${#args[@]}" -le 1 ] && [ -n "${2:-}" ]; then continue; fi
    [ "${#args[@]}" -gt 1 ] || { echo "no compile of $module found" >&2; exit 1; }
    (cd "$dir" && "${args[@]}" -save-temps -v > /dev/null 2> "$dir.$module.driver")
    mapfile -t args < <(python3 - "$dir.$module.driver" <<'PY'
import json, re, sys
text = open(sys.argv[1]).read()
# The driver's parseable output: a length on its own line, then that many bytes of JSON.
for match in re.finditer(r"^(\d+)\n", text, re.M):
    try:
        message = json.loads(text[match.end():match.end() + int(match.group(1))])
    except ValueError:
        continue
    if message.get("kind") == "began" and message.get("name") == "compile":
        print("\n".join([message["command_executable"]] + message["command_arguments"]))
        break
PY
    )
    [ "${#args[@]}" -gt 1 ] || { echo "no frontend job for $module" >&2; exit 1; }
    (cd "$dir" && valgrind --tool=callgrind --trace-children=yes --callgrind-out-file=/dev/null \
      "${args[@]}" 2>&1 > /dev/null | grep -o 'Collected : [0-9]*' |
      awk -v module="$module" '{ total += $3 } END { printf "%s %.0f\n", module, total }')
  done
}

measure head > "$work/head.counts" &
measure base "$baseline" > "$work/base.counts" &
wait
python3 - "$work/head.counts" "$work/base.counts" "$baseline" <<'PY'
import sys
head = dict(line.split() for line in open(sys.argv[1]))
base = dict(line.split() for line in open(sys.argv[2]))
rows = [(name, int(head[name]) / 1e9, int(base.get(name, 0)) / 1e9) for name in head]
for name, now, then in rows:
    ratio = f"{now / then:.2f}×" if then else "new"
    print(f"{name:24} {now:8.2f} G  {then:8.2f} G  {ratio}")
now, then = sum(r[1] for r in rows), sum(r[2] for r in rows)
print(f"{'all modules':24} {now:8.2f} G  {then:8.2f} G  {now / then:.2f}×  (against {sys.argv[3]})")
PY
