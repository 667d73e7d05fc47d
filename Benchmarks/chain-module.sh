# Shared by `chain-build-time.sh` and `chain-compile-instructions.sh` (sourced, not run): the
# throwaway feature module whose compile both measure. Expects `$work`, a scratch directory.

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

# package DIR KIT: a package in DIR whose `Chain` target uses the kit checked out as KIT (beside
# it in `$work`) and its case-path plugin.
package() {
  local dir=$1 kit=$2
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
}
