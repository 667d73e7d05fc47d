import Foundation
import ReducerKit
import Testing

/// Every generated path embeds and extracts its own case, and no other.
struct ShapesTests {
  func roundTrips<Root, Value>(
    _ path: CasePath<Root, Value>, _ value: Value, other: Root,
    _ same: (Value, Value) -> Bool
  ) -> Bool {
    guard let extracted = path.extract(path.embed(value)) else { return false }
    return same(extracted, value) && path.extract(other) == nil
  }

  @Test func pathsOfEveryPayloadShapeRoundTrip() {
    #expect(roundTrips(CasePath<Plain, Void>.onAppear, (), other: .a) { _, _ in true })
    #expect(roundTrips(CasePath<Plain, Int>.counter, 3, other: .a, ==))
    #expect(roundTrips(CasePath<Plain, Int>.element, 4, other: .counter(4), ==))
    let load = CasePath<Plain, (id: Int, force: Bool)>.load
    #expect(load.embed((id: 1, force: true)) == .load(id: 1, force: true))
    #expect(load.extract(.load(id: 2, force: false)).map { $0.id == 2 && !$0.force } == true)
    #expect(
      roundTrips(CasePath<Plain, (String, [Int: String])>.pair, ("x", [1: "y"]), other: .a) {
        $0.0 == $1.0 && $0.1 == $1.1
      })
    #expect(CasePath<Plain, Void>.default.extract(.default) != nil)
    #expect(CasePath<Plain, (@Sendable (Int) -> Int)>.closure.extract(.closure { $0 + 1 })?(1) == 2)
    #expect(roundTrips(CasePath<Plain, (Int, Int)>.tupled, (1, 2), other: .a) { $0 == $1 })
    #expect(CasePath<Plain, Plain>.nested.extract(.nested(.b(1))) == .b(1))
    #expect(CasePath<Plain, URL>.c.extract(.c(url: URL(fileURLWithPath: "/x")))?.path == "/x")
  }

  @Test func caseKeysOfEveryPayloadShapeExtractAndEmbedTheirOwnCase() {
    // The keys `\.case` resolves to in `Scope(state:action:)`: their `switch` is written apart
    // from the static paths', so each shape is checked again.
    #expect(Plain._CaseKeys._Key_onAppear_().extract(.onAppear) != nil)
    #expect(Plain._CaseKeys._Key_onAppear_()._embedding(()) == .onAppear)
    #expect(Plain._CaseKeys._Key_counter_().extract(.counter(3)) == 3)
    #expect(Plain._CaseKeys._Key_counter_().extract(.element(id: 3)) == nil)
    #expect(Plain._CaseKeys._Key_element_id().extract(.element(id: 4)) == 4)
    let load = Plain._CaseKeys._Key_load_id_force()
    #expect(load._embedding((id: 1, force: true)) == .load(id: 1, force: true))
    #expect(load.extract(.load(id: 2, force: false)).map { $0.id == 2 && !$0.force } == true)
    #expect(Plain._CaseKeys._Key_default_().extract(.default) != nil)
    #expect(Plain._CaseKeys._Key_default_().extract(.a) == nil)
    let closure = Plain._CaseKeys._Key_closure_()
    #expect(closure.extract(closure._embedding { $0 + 1 })?(1) == 2)
    #expect(Plain._CaseKeys._Key_tupled_().extract(.tupled((1, 2))).map { $0 == (1, 2) } == true)
    #expect(Plain._CaseKeys._Key_nested_().extract(.nested(.b(1))) == .b(1))
    #expect(Plain._CaseKeys._Key_c_url().extract(.c(url: URL(fileURLWithPath: "/x")))?.path == "/x")
    // Generic enums, and one nested in a generic type.
    let failed = Loadable<Int>._CaseKeys._Key_failed_message_retries()
    #expect(failed._embedding((message: "m", retries: [1])) == .failed(message: "m", retries: [1]))
    #expect(failed.extract(.loaded(1)) == nil)
    #expect(Loadable<Int>._CaseKeys._Key_loaded_().extract(.loaded(5)) == 5)
    #expect(Box<String>.Action._CaseKeys._Key_put_()._embedding("x") == .put("x"))
    #expect(Feature.Action._CaseKeys._Key_child_().extract(.child(.tap)) == .tap)
  }

  @Test func nestedEnumsResolveTheirPayloadTypesWhereTheyAreWritten() {
    let rows = CasePath<Feature.Action, IdentifiedAction<Int, Feature.Row>>.rows
    #expect(
      rows.extract(.rows(.element(id: 1, action: .toggle))) == .element(id: 1, action: .toggle))
    let response = CasePath<Feature.Action, Result<[String: Int], Feature.Action.Failure>>.response
    #expect(response.extract(.response(.success(["a": 1]))) == .success(["a": 1]))
    #expect(CasePath<Feature.Action, String>.note.extract(.note()) != nil)
    #if DEBUG
      #expect(CasePath<Feature.Action, Int>.debugOnly.extract(.debugOnly(1)) == 1)
    #else
      #expect(CasePath<Feature.Action, Int>.releaseOnly.extract(.releaseOnly(1)) == 1)
    #endif
    let text = CasePath<Feature.Action, Feature.Action.Child>.child
      .appending(path: CasePath<Feature.Action.Child, String>.text)
    #expect(text.embed("hi") == .child(.text("hi")))
  }

  @Test func genericEnumsGetPathsForEveryArgument() {
    #expect(CasePath<Loadable<Int>, Int>.loaded.extract(.loaded(3)) == 3)
    #expect(CasePath<Loadable<String>, Void>.idle.extract(.loaded("x")) == nil)
    let failed = CasePath<Loadable<Int>, (message: String, retries: [Int])>.failed
    #expect(failed.embed((message: "m", retries: [1])) == .failed(message: "m", retries: [1]))
    #expect(CasePath<Picker<String>.Action, Set<String>>.select.extract(.select(["a"])) == ["a"])
    #expect(CasePath<Box<Int>.Action, Int>.put.embed(7) == .put(7))
  }

  @Test func aHandWrittenPathReplacesTheGeneratedOneAndAnExtensionMarks() {
    #expect(CasePath<HandWritten, Int>.kept.embed(2) == .kept(20))
    #expect(CasePath<HandWritten, Int>.generated.embed(2) == .generated(2))
    #expect(CasePath<LateMarked, Int>.one.extract(.one(5)) == 5)
    #expect(CasePath<PublicAction, Int>.go.extract(.go(5)) == 5)
  }

  @Test func aBindableActionGetsItsBindingProperty() {
    let action = Form.Action.binding(.set(\.name, "Blob"))
    #expect(action.binding != nil)
    #expect(Form.Action.submit.binding == nil)
  }
}

/// The shapes the generator once misread compile into working paths.
struct ValidSwiftShapesCompileTests {
  @Test func exponentsTrailingCommasAndAModuleNamedTypeGetTheirPaths() {
    #expect(CasePath<Measure, Void>(\.big).extract(.big) != nil)
    #expect(CasePath<Measure, Void>(\.plain).extract(.tiny) == nil)
    #expect(Measure.hex.rawValue == 0.25)
    let value = CasePath<Reading, (Double, unit: String)>(\.value)
    #expect(value.extract(.value(2, unit: "m"))?.unit == "m")
    #expect(CasePath<Reading, String>(\.pattern).embed("x") == .pattern("x"))
    #expect(measureSeparators().count == 2)
    let add = CasePath<CasePathShapesTests.Action, Int>(\.add)
    #expect(add.extract(.add(3)) == 3)
  }

  @Test func backtickedNamesAndACaseNamedLikeATypeGetWorkingPaths() {
    let type = CasePath<`Type`, Int>(\.`Type`)
    #expect(type.extract(.`Type`(3)) == 3)
    #expect(type.embed(4) == .`Type`(4))
    #expect(CasePath<`Type`, Void>(\.`default`).extract(.default) != nil)
    #expect(CasePath<`Type`, String>(\.Settings).extract(.Settings("x")) == "x")
    let settings = CasePath<Route, Settings>(\.Settings)
    #expect(settings.extract(.Settings(Settings(volume: 2)))?.volume == 2)
    #expect(settings.extract(.settings) == nil)
    #expect(CasePath<Route, Void>(\.settings).extract(.settings) != nil)
  }
}
