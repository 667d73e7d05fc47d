import ReducerKit

extension Articles {
  /// What the articles screen presents over the list: one case per place it can go.
  public struct Destination: Reducer {
    /// The presented dialog or alert.
    public enum State: Equatable, Sendable {
      /// "Hide this article?"
      case confirmHide(ConfirmationDialogState<Dialog>)
      /// A save failed.
      case alert(AlertState<Alert>)
    }

    /// The dialog's or the alert's answer.
    public enum Action: Equatable, Sendable {
      /// The hide dialog was answered.
      case confirmHide(Dialog)
      /// The alert was answered.
      case alert(Alert)
    }

    /// The hide dialog's answers (Cancel just dismisses it).
    public enum Dialog: Equatable, Sendable {
      /// Hide the article.
      case hide(id: Int)
    }

    /// The alert's answers: it only has OK, which dismisses it.
    public enum Alert: Equatable, Sendable {}

    /// Creates the reducer.
    public init() {}

    /// Both cases are dismissed once answered.
    public var body: some ReducerOf<Self> {
      EmptyReducer()
        .ifCaseLet(.confirmHide, action: .confirmHide)
        .ifCaseLet(.alert, action: .alert)
    }
  }

  /// The screens that can be pushed over the list.
  public struct Path: Reducer {
    /// A pushed screen.
    public enum State: Equatable, Sendable {
      /// Reading an article.
      case reader(Reader.State)

      /// The article the screen shows.
      public var article: Article {
        switch self {
        case .reader(let reader): reader.article
        }
      }
    }

    /// A pushed screen's action.
    public enum Action: Equatable, Sendable {
      /// The reader's action.
      case reader(Reader.Action)
    }

    /// Creates the reducer.
    public init() {}

    /// Runs the screen on top (or any screen an action names).
    public var body: some ReducerOf<Self> {
      EmptyReducer()
        .ifCaseLet(.reader, action: .reader) { Reader() }
    }
  }
}

extension ConfirmationDialogState where Action == Articles.Destination.Dialog {
  /// Asks before hiding `article`.
  public static func hide(_ article: Article) -> Self {
    ConfirmationDialogState(titleVisibility: .visible) {
      TextState("Hide “\(article.title)”?")
    } actions: {
      ButtonState(role: .destructive, action: .hide(id: article.id)) { TextState("Hide") }
      ButtonState(role: .cancel) { TextState("Cancel") }
    } message: {
      TextState("It will not be shown again.")
    }
  }
}

extension AlertState where Action == Articles.Destination.Alert {
  /// A favourite or read-later change could not be saved.
  public static var saveFailed: Self {
    AlertState {
      TextState("Could not save your change")
    } actions: {
      ButtonState(role: .cancel) { TextState("OK") }
    } message: {
      TextState("Your change was undone. Try again.")
    }
  }

  /// Marks cannot be kept between runs; `reason` says where and why.
  public static func marksNotKept(reason: String) -> Self {
    AlertState {
      TextState("Your marks will not be kept")
    } actions: {
      ButtonState(role: .cancel) { TextState("OK") }
    } message: {
      TextState("\(reason) Favourites, read-later and hidden marks last until you quit.")
    }
  }

  /// Hiding an article could not be saved.
  public static var hideFailed: Self {
    AlertState {
      TextState("Could not hide the article")
    } actions: {
      ButtonState(role: .cancel) { TextState("OK") }
    } message: {
      TextState("It will show again next time. Try again.")
    }
  }
}

extension CasePath<Articles.Destination.State, ConfirmationDialogState<Articles.Destination.Dialog>>
{
  /// The hide dialog.
  public static var confirmHide: Self {
    CasePath(Articles.Destination.State.confirmHide) {
      if case .confirmHide(let dialog) = $0 { dialog } else { nil }
    }
  }
}

extension CasePath<Articles.Destination.Action, Articles.Destination.Dialog> {
  /// The hide dialog's answers.
  public static var confirmHide: Self {
    CasePath(Articles.Destination.Action.confirmHide) {
      if case .confirmHide(let answer) = $0 { answer } else { nil }
    }
  }
}

extension CasePath<Articles.Destination.State, AlertState<Articles.Destination.Alert>> {
  /// The alert.
  public static var alert: Self {
    CasePath(Articles.Destination.State.alert) {
      if case .alert(let alert) = $0 { alert } else { nil }
    }
  }
}

extension CasePath<Articles.Destination.Action, Articles.Destination.Alert> {
  /// The alert's answers.
  public static var alert: Self {
    CasePath(Articles.Destination.Action.alert) {
      if case .alert(let answer) = $0 { answer } else { nil }
    }
  }
}

extension CasePath<Articles.Path.State, Reader.State> {
  /// The reader screen.
  public static var reader: Self {
    CasePath(Articles.Path.State.reader) {
      if case .reader(let reader) = $0 { reader } else { nil }
    }
  }
}

extension CasePath<Articles.Path.Action, Reader.Action> {
  /// The reader's actions.
  public static var reader: Self {
    CasePath(Articles.Path.Action.reader) {
      if case .reader(let action) = $0 { action } else { nil }
    }
  }
}
