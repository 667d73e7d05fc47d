/// The page's HTML, styles and script, embedded in the module at build time from `Page/` (SwiftPM
/// resources, `.embedInCode`), so that the tool needs no bundle beside it. The script reads the
/// data embedded in the page (see ``PageData``); it loads nothing from the network.
enum PageTemplate {
  /// The page for `data` (the data document's JSON text).
  static func page(title: String, data: String) -> String {
    // NB: `<` only ever occurs inside JSON strings, where `\u003c` means the same: the data
    // cannot end its script element.
    let embedded = data.replacingOccurrences(of: "<", with: "\\u003c")
    return head.replacingOccurrences(of: "$TITLE", with: escapedHTML(title))
      + "<script type=\"application/json\" id=\"session-data\">" + embedded + "</script>\n"
      + "<script>\n" + script + "</script>\n</body>\n</html>\n"
  }

  /// `text` safe inside an element or an attribute.
  static func escapedHTML(_ text: String) -> String {
    var escaped = ""
    for character in text {
      switch character {
      case "&": escaped += "&amp;"
      case "<": escaped += "&lt;"
      case ">": escaped += "&gt;"
      case "\"": escaped += "&quot;"
      case "'": escaped += "&#39;"
      default: escaped.append(character)
      }
    }
    return escaped
  }

  /// The page's HTML up to its data, with `$TITLE` and `$STYLE` to fill in (`Page/page.html`).
  static let head = text(PackageResources.page_html)
    .replacingOccurrences(of: "$STYLE", with: text(PackageResources.page_css))

  /// The page's script (`Page/page.js`, which CI checks with `node --check`).
  static let script = text(PackageResources.page_js)

  /// A resource's UTF-8 text.
  private static func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }
}
