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

/// What the screen says while typing a search, and in the reader.
@MainActor
struct FrameTextTests {
  let loaded = Articles.State(
    phase: .loaded, articles: IdentifiedArray(uniqueElements: Article.samples))

  @Test func whileTypingASearchTheHelpListsOnlyTheFieldsKeys() {
    var state = loaded
    state.query = "zzz"
    state.filter = "zzz"
    let searching = Frame.render(
      state, selection: 0, reasons: [], tick: 0, isSearching: true, width: 100
    ).joined(separator: "\n")
    #expect(searching.contains("esc clear it"))
    #expect(!searching.contains("f favourite"), "letters go into the field while it has focus")
    #expect(searching.contains("Press esc to clear."))
    #expect(!searching.contains("Press / then esc"))
    let browsing = Frame.render(
      state, selection: 0, reasons: [], tick: 0, isSearching: false, width: 100
    ).joined(separator: "\n")
    #expect(browsing.contains("f favourite"))
    #expect(browsing.contains("Press / then esc to clear."))
  }

  @Test func theReadersHelpListsTheStar() {
    let reader = Frame.renderReader(Article.samples[0], width: 80).joined(separator: "\n")
    #expect(reader.contains("f favourite"))
  }
}
