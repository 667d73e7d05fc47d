import Dispatch
import Foundation

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#endif

/// The real terminal: raw mode, the alternate screen and a hidden cursor, all restored on exit.
final class Terminal: @unchecked Sendable {
  // NB: `@unchecked Sendable`: `original` is written once before any other thread sees the
  // terminal, then only read (by the signal handlers that restore it).
  private var original = termios()

  static var isInteractive: Bool { isatty(STDIN_FILENO) != 0 && isatty(STDOUT_FILENO) != 0 }

  /// Switches to raw mode and the alternate screen.
  func enter() {
    tcgetattr(STDIN_FILENO, &original)
    var raw = original
    raw.c_lflag &= ~tcflag_t(ECHO | ICANON | ISIG | IEXTEN)
    raw.c_iflag &= ~tcflag_t(IXON | ICRNL)
    withUnsafeMutablePointer(to: &raw.c_cc) { pointer in
      pointer.withMemoryRebound(to: cc_t.self, capacity: Int(NCCS)) { cc in
        cc[Int(VMIN)] = 1
        cc[Int(VTIME)] = 0
      }
    }
    tcsetattr(STDIN_FILENO, TCSAFLUSH, &raw)
    write("\u{1B}[?1049h\u{1B}[?25l")
  }

  /// Restores the terminal as it was.
  func restore() {
    write("\u{1B}[?25h\u{1B}[?1049l")
    tcsetattr(STDIN_FILENO, TCSAFLUSH, &original)
  }

  /// Draws a frame over the previous one.
  func draw(_ lines: [String]) {
    write("\u{1B}[H\u{1B}[2J" + lines.joined(separator: "\r\n"))
  }

  var width: Int {
    var size = winsize()
    guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 20 else { return 80 }
    return min(Int(size.ws_col), 120)
  }

  func write(_ text: String) {
    var text = text
    text.withUTF8 { buffer in
      _ = Glibc.write(STDOUT_FILENO, buffer.baseAddress, buffer.count)
    }
  }

  /// Calls `onKeys` on the main actor with every key typed, from a reading thread.
  func readKeys(_ onKeys: @escaping @MainActor @Sendable ([Key]) -> Void) {
    let thread = Thread {
      var buffer = [UInt8](repeating: 0, count: 64)
      while true {
        let count = read(STDIN_FILENO, &buffer, buffer.count)
        guard count > 0 else { return }
        let keys = Key.parse(Array(buffer[0..<count]))
        Task { @MainActor in onKeys(keys) }
      }
    }
    thread.start()
  }
}
