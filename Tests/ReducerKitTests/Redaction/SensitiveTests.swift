import Foundation
import ReducerKit
import ReducerKitTesting
import Testing

struct Account: Reducer {
  struct State: Equatable {
    var name: String
    @Sensitive var email: String
    @Sensitive var pin: Int
  }
  enum Action: Equatable { case emailChanged(Sensitive<String>) }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .emailChanged(let email): state.$email = email
    }
    return .none
  }
}

/// A sensitive value never appears in any printed form.
@MainActor
struct SensitiveTests {
  let secretEmail = "ada@secret.example"
  let secretPin = 472_913

  var state: Account.State { Account.State(name: "Ada", email: secretEmail, pin: secretPin) }

  func assertHidden(_ text: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
    #expect(!text.contains(secretEmail), sourceLocation: sourceLocation)
    #expect(!text.contains("472913"), sourceLocation: sourceLocation)
    #expect(!text.contains("472_913"), sourceLocation: sourceLocation)
  }

  @Test func descriptionsInterpolationAndDumpHideTheValue() {
    let state = self.state
    assertHidden("\(state)")
    assertHidden(String(describing: state))
    assertHidden(String(reflecting: state))
    assertHidden(state.$email.description)
    assertHidden(state.$email.debugDescription)
    var dumped = ""
    dump(state, to: &dumped)
    assertHidden(dumped)
    #expect("\(state)".contains("█████"))
  }

  @Test func stateDumpAndDiffHideTheValue() {
    var changed = state
    changed.email = "other@secret.example"
    let log = LogBox()
    let store = Store(initialState: state) {
      Account().printChanges { log.append($0) }
    }
    store.send(.emailChanged(Sensitive(wrappedValue: "other@secret.example")))
    assertHidden(log.entries.joined())
    #expect(!log.entries.joined().contains("other@secret.example"))
    #expect(log.entries.joined().contains("█████"))
  }

  @Test func testStoreFailureDiffHidesTheValue() async {
    let store = TestStore(initialState: state) { Account() }
    await withKnownIssue {
      await store.send(.emailChanged(Sensitive(wrappedValue: "new@secret.example"))) {
        $0.email = "wrong@secret.example"
      }
    } matching: { issue in
      let text = issue.comments.map(\.rawValue).joined()
      return text.contains("█████") && !text.contains("secret.example")
    }
  }

  @Test func equalityAndCodingStillUseTheValue() throws {
    var other = state
    #expect(other == state)
    other.pin = 1
    #expect(other != state)
    let data = try JSONEncoder().encode(Sensitive(wrappedValue: secretEmail))
    #expect(
      try JSONDecoder().decode(Sensitive<String>.self, from: data).wrappedValue == secretEmail)
  }
}
