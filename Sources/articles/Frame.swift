import ArticlesFeature
import Foundation
import ReducerKit

/// Draws the articles screen as lines of text: the same drawing for the live terminal and for
/// the plain-text frames printed when input comes from a pipe.
enum Frame {
  static let helpLines = [
    "↑↓/jk move · enter read · esc back · q quit",
    "f favourite · r read later · h hide · / search · c cancel loading · R reload",
  ]

  /// While typing a search, letters go into the field: only the field's keys are listed.
  static let searchHelpLines = [
    "type to filter · enter keep the filter · esc clear it · ctrl-C quit"
  ]

  static func render(
    _ state: Articles.State, selection: Int, reasons: RedactionReasons, tick: Int,
    isSearching: Bool = false, width: Int
  ) -> [String] {
    if let top = state.path.last {
      var lines = renderReader(top.article, width: width)
      if let destination = state.destination {
        // NB: an alert (a failed save) shows over the reader too, in place of its help line.
        lines.removeLast()
        lines += renderDestination(destination, width: width)
      }
      return lines
    }
    var lines: [String] = []
    let isPlaceholder = reasons.contains(.placeholder)
    let spinner = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"][tick % 10]
    let status: String
    switch state.phase {
    case .idle: status = ""
    case .loading: status = "\(spinner) loading… (c cancels)"
    case .loaded where !state.filter.isEmpty:
      status = "\(state.visibleArticles.count) of \(state.articles.count) articles"
    case .loaded: status = "\(state.articles.count) articles"
    case .failed(let message): status = "failed: \(message) (R retries)"
    case .cancelled: status = "cancelled"
    }
    lines.append(pad("Articles", right: status, width: width))
    lines.append(String(repeating: "─", count: width))
    if isSearching || !state.query.isEmpty {
      lines.append(clip("  search: " + state.query + (isSearching ? "▏" : ""), width))
    }
    let articles = state.visibleArticles
    if articles.isEmpty, !state.articles.isEmpty {
      lines.append(
        isSearching
          ? "  No titles match “\(state.filter)”. Press esc to clear."
          : "  No titles match “\(state.filter)”. Press / then esc to clear.")
    }
    if state.articles.isEmpty {
      switch state.phase {
      case .cancelled: lines.append("  Loading was cancelled. Press R to reload.")
      case .failed: lines.append("  Nothing to show. Press R to try again.")
      case .loaded: lines.append("  No articles left. Press R to reload.")
      default: lines.append("")
      }
    }
    for (index, article) in articles.enumerated() {
      let cursor = index == selection ? "›" : " "
      if isPlaceholder {
        lines.append("\(cursor) ░ ░  " + blocks(article.title, limit: width - 6))
        lines.append("       " + blocks(String(article.blurb.prefix(width / 2)), limit: width - 7))
      } else {
        let star = article.isFavorite ? "★" : "☆"
        let later = article.willReadLater ? "⏱" : "·"
        lines.append("\(cursor) \(star) \(later)  " + clip(article.title, width - 6))
        lines.append(
          "       " + clip(Self.dateText(article.date) + " · " + article.blurb, width - 7))
      }
    }
    if let destination = state.destination {
      lines += renderDestination(destination, width: width)
      return lines
    }
    lines.append(String(repeating: "─", count: width))
    lines += (isSearching ? searchHelpLines : helpLines).map { clip($0, width) }
    return lines
  }

  /// A dialog or an alert, boxed under the list, with numbered buttons.
  static func renderDestination(_ destination: Articles.Destination.State, width: Int) -> [String] {
    let title: TextState
    let message: TextState?
    let buttons: [(label: TextState, role: ButtonStateRole?)]
    switch destination {
    case .confirmHide(let dialog):
      (title, message) = (dialog.title, dialog.message)
      buttons = dialog.buttons.map { ($0.label, $0.role) }
    case .alert(let alert):
      (title, message) = (alert.title, alert.message)
      buttons = alert.buttons.map { ($0.label, $0.role) }
    }
    let inner = width - 4
    var box = ["┌" + String(repeating: "─", count: width - 2) + "┐"]
    func row(_ text: String) {
      let clipped = clip(text, inner)
      box.append(
        "│ " + clipped + String(repeating: " ", count: max(0, inner - clipped.count)) + " │")
    }
    row(title.string)
    if let message { wrap(message.string, width: inner).forEach(row) }
    row("")
    row(
      buttons.enumerated().map { index, button in
        "[\(index + 1)] \(button.label)" + (button.role == .destructive ? " (!)" : "")
      }.joined(separator: "   "))
    box.append("└" + String(repeating: "─", count: width - 2) + "┘")
    box.append(clip("number chooses · esc dismisses · q quit", width))
    return box
  }

  static func renderReader(_ article: Article, width: Int) -> [String] {
    var lines = [
      pad("Reading", right: article.isFavorite ? "★ favourite" : "", width: width),
      String(repeating: "─", count: width),
      clip(article.title, width),
      dateText(article.date),
      "",
    ]
    lines += wrap(article.blurb, width: width)
    lines.append(String(repeating: "─", count: width))
    lines.append("f favourite · esc back · q quit")
    return lines
  }

  /// A placeholder: `█` blocks as long as the text, word gaps kept as spaces.
  static func blocks(_ text: String, limit: Int) -> String {
    String(text.prefix(max(0, limit)).map { $0 == " " ? " " : "█" })
  }

  static func clip(_ text: String, _ width: Int) -> String {
    text.count <= width ? text : String(text.prefix(max(0, width - 1))) + "…"
  }

  static func pad(_ left: String, right: String, width: Int) -> String {
    let gap = max(1, width - left.count - right.count)
    return left + String(repeating: " ", count: gap) + right
  }

  static func wrap(_ text: String, width: Int) -> [String] {
    var lines: [String] = []
    var line = ""
    for word in text.split(separator: " ") {
      if !line.isEmpty, line.count + word.count + 1 > width {
        lines.append(line)
        line = ""
      }
      line += line.isEmpty ? String(word) : " " + word
    }
    if !line.isEmpty { lines.append(line) }
    return lines
  }

  static func dateText(_ date: Date) -> String {
    let components = Calendar(identifier: .gregorian).dateComponents(
      in: TimeZone(identifier: "UTC") ?? .current, from: date)
    return String(
      format: "%04d-%02d-%02d", components.year ?? 0, components.month ?? 0, components.day ?? 0)
  }
}
