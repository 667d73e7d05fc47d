import ReducerKit
import ReducerKitTesting
import Testing

/// A case key path names its cases in messages, as written: `\.main.delegate.saved`.
@MainActor
struct CaseKeyPathNameTests {
  @Test func aPathThroughThePluginsEnumsIsNamedAsWritten() {
    #expect(caseKeyPathName(\NotebookLibrary.Action.Cases.main) == "\\.main")
    #expect(
      caseKeyPathName(\NotebookLibrary.Action.Cases.main.delegate.saved)
        == "\\.main.delegate.saved")
    #expect(caseKeyPathName(\NotebookLibrary.Action.Cases.view.edit) == "\\.view.edit")
  }

  @Test func aPathThroughAnEnumThatDoesNotNameItsCasesHasNoName() {
    // `Result`'s cases come from the kit's own hand-written conformance.
    #expect(caseKeyPathName(\NotebookLibrary.Action.Cases.loaded.success) == nil)
  }

  @Test func aReceiveThatFindsAnotherCaseNamesTheCaseItExpected() async {
    let store = TestStore(initialState: Notebook.State(id: 1)) { Notebook() }
    await store.send(.saveTapped)
    await withKnownIssue {
      await store.receive(\.titleChanged)
    } matching: { issue in
      issue.comments.map(\.rawValue).joined().contains("the case \\.titleChanged")
    }
  }

  @Test func aReceiveThatTimesOutNamesANestedCase() async {
    let store = TestStore(initialState: Notebook.State(id: 1)) { Notebook() }
    await withKnownIssue {
      await store.receive(\.delegate.saved, timeout: .milliseconds(10))
    } matching: { issue in
      issue.comments.map(\.rawValue).joined().contains("the case \\.delegate.saved, but none")
    }
  }
}

extension NotebookLibrary.Action {
  /// The root of a case key path over the action, spelled out for a test outside a call site.
  typealias Cases = Case<Self, Self>
}
