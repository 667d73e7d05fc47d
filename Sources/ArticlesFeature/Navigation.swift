import ReducerKit

extension Articles {
  /// What the articles screen presents over the list: one case per place it can go. Its
  /// `State`, `Action` and `body` are generated (`CaseReducer`); both are dismissed once answered.
  public enum Destination: CodableCaseReducer {
    /// "Hide this article?"
    case confirmHide(ConfirmationDialogState<Dialog>)
    /// A save failed (its only button, OK, dismisses it: the alert sends no action).
    case alert(AlertState<Never>)

    /// The hide dialog's answers (Cancel just dismisses it).
    public enum Dialog: Equatable, Sendable, Codable {
      /// Hide the article.
      case hide(id: Int)
    }
  }

  /// The screens that can be pushed over the list (`State`, `Action` and `body` generated).
  public enum Path: CodableCaseReducer {
    /// Reading an article.
    case reader(Reader)
  }
}

extension Articles.Path.State {
  /// The article the screen shows.
  public var article: Article {
    switch self {
    case .reader(let reader): reader.article
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

extension AlertState where Action == Never {
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
