/// A key the app understands.
enum Key: Equatable {
  case up, down, favorite, readLater, hide, enter, escape, cancel, reload, quit
  /// The arrow keys: like `up` and `down`, but they type nothing into the search field.
  case arrowUp, arrowDown
  /// Control-C: quits even while typing a search.
  case interrupt
  /// `/`: start typing a search.
  case search
  /// Delete the last character typed.
  case backspace
  /// A button of a dialog or an alert, by its number (1 to 9).
  case choose(Int)
  /// A printable character with no command of its own.
  case character(Character)

  /// The character this key types in the search field, if any.
  var typed: Character? {
    switch self {
    case .character(let character): character
    case .choose(let number): Character(String(number))
    case .favorite: "f"
    case .readLater: "r"
    case .hide: "h"
    case .cancel: "c"
    case .reload: "R"
    case .up: "k"
    case .down: "j"
    case .quit: "q"
    case .search: "/"
    case .enter, .escape, .backspace, .arrowUp, .arrowDown, .interrupt: nil
    }
  }

  /// The key for a line of scripted input (`down`, `j`, `f`, `enter`, …), or `nil`.
  init?(scriptWord word: String) {
    switch word {
    case "up", "k": self = .up
    case "down", "j": self = .down
    case "f": self = .favorite
    case "r": self = .readLater
    case "h": self = .hide
    case "enter", "return": self = .enter
    case "esc", "escape", "back": self = .escape
    case "c": self = .cancel
    case "R", "reload": self = .reload
    case "q", "quit": self = .quit
    case "/", "search": self = .search
    case "backspace": self = .backspace
    case "1", "2", "3", "4", "5", "6", "7", "8", "9": self = .choose(Int(word) ?? 1)
    default: return nil
    }
  }

  /// Splits raw terminal input into keys (arrow keys arrive as escape sequences).
  static func parse(_ bytes: [UInt8]) -> [Key] {
    var keys: [Key] = []
    var index = 0
    while index < bytes.count {
      let byte = bytes[index]
      if byte == 0x1B {
        if index + 2 < bytes.count, bytes[index + 1] == UInt8(ascii: "[") {
          switch bytes[index + 2] {
          case UInt8(ascii: "A"): keys.append(.arrowUp)
          case UInt8(ascii: "B"): keys.append(.arrowDown)
          default: break
          }
          index += 3
          continue
        }
        keys.append(.escape)
        index += 1
        continue
      }
      switch byte {
      case 0x03: keys.append(.interrupt)
      case UInt8(ascii: "q"): keys.append(.quit)
      case UInt8(ascii: "k"): keys.append(.up)
      case UInt8(ascii: "j"): keys.append(.down)
      case UInt8(ascii: "f"): keys.append(.favorite)
      case UInt8(ascii: "r"): keys.append(.readLater)
      case UInt8(ascii: "h"): keys.append(.hide)
      case UInt8(ascii: "c"): keys.append(.cancel)
      case UInt8(ascii: "R"): keys.append(.reload)
      case 0x0D, 0x0A: keys.append(.enter)
      case UInt8(ascii: "/"): keys.append(.search)
      case 0x7F, 0x08: keys.append(.backspace)
      case UInt8(ascii: "1")...UInt8(ascii: "9"):
        keys.append(.choose(Int(byte - UInt8(ascii: "0"))))
      case 0x20..<0x7F: keys.append(.character(Character(UnicodeScalar(byte))))
      default: break
      }
      index += 1
    }
    return keys
  }
}
