import ArticlesFeature
import ReducerKit
import Testing

@testable import articles

/// Raw terminal bytes become keys; in search mode keys type characters, except the ones that
/// must not (arrows) and the one that must always quit (control-C).
@MainActor
struct KeyParsingTests {
  @Test func bytesBecomeKeys() {
    let bytes: [UInt8] = [0x1B, 0x5B, 0x41, 0x6A, 0x2F, 0x78, 0x7F, 0x03, 0x71, 0x1B]
    #expect(
      Key.parse(bytes) == [
        .arrowUp, .down, .search, .character("x"), .backspace, .interrupt, .quit, .escape,
      ])
  }

  @Test func searchModeTypesLettersButNotArrowsAndControlCQuits() {
    let store = Store(initialState: Articles.State()) { Articles() }
    let app = App(store: store)
    #expect(app.handle(.search))
    for key in Key.parse(Array("jq".utf8)) + [.arrowDown, .character("!")] {
      #expect(app.handle(key))
    }
    #expect(store.query == "jq!")
    #expect(app.handle(.backspace))
    #expect(store.query == "jq")
    #expect(!app.handle(.interrupt))
  }
}
