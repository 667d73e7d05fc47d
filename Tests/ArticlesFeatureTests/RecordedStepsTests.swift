// swift-format-ignore-file
// A test the inspector wrote (its "Write a test" section) from steps 17–18 of
// `Recordings/session.json`: the reader's Close button, and the pop its dismissal sends. CI
// (`.ci/inspector-browser`) has headless Chromium write it again from the page and fails if the
// text below differs, so that what the page writes is a test that compiles and passes.
import ArticlesFeature
import ReducerKit
import ReducerKitTesting
import Testing

// Written by the inspector from here on.
// Steps 17–18 of "session.json", written by the ReducerKit inspector. Effects run with the
// test's dependencies: give the store those they use (withDependencies:).
@MainActor
@Test func recordedSteps17To18() async throws {
  let initialState: Articles.State = try recorded(#"{"articles":[{"blurb":"Copies never change behind your back, so every state change is one you can see.","date":815270400.0,"id":1,"isFavorite":true,"isHidden":false,"title":"Value types make state easy to reason about","willReadLater":false},{"blurb":"Exhaustive tests describe each change and each effect, and fail with a diff.","date":814233600.0,"id":3,"isFavorite":true,"isHidden":false,"title":"Testing every state change","willReadLater":false},{"blurb":"A package that builds in seconds runs anywhere the toolchain does.","date":813628800.0,"id":4,"isFavorite":false,"isHidden":false,"title":"Swift on the server, without the dependencies","willReadLater":false},{"blurb":"Identified collections find a row by id in constant time and change it in place.","date":813024000.0,"id":5,"isFavorite":false,"isHidden":false,"title":"Lists of a hundred thousand rows","willReadLater":false},{"blurb":"Effects of a removed row stop with it, so late answers never land on stale rows.","date":812419200.0,"id":6,"isFavorite":false,"isHidden":false,"title":"Cancelling work you no longer need","willReadLater":false}],"destination":null,"filter":"testing","path":[{"element":{"reader":{"_0":{"article":{"blurb":"Exhaustive tests describe each change and each effect, and fail with a diff.","date":814233600.0,"id":3,"isFavorite":true,"isHidden":false,"title":"Testing every state change","willReadLater":false}}}},"id":0}],"phase":{"loaded":{}},"query":"testing"}"#)
  let store = TestStore(initialState: initialState) {
    Articles()
  }
  await store.send(try recorded(#"{"path":{"_0":{"element":{"action":{"reader":{"_0":{"closeTapped":{}}}},"id":0}}}}"#))
  await store.receive(try recorded(#"{"path":{"_0":{"popFrom":{"id":0}}}}"#)) {
    $0.path = try recorded(#"[]"#)
  }
}
