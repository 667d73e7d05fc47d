#if canImport(SwiftUI)
  import SwiftUI
#endif

/// An action enum whose view sends its own nested actions: `case view(View)`.
///
/// ```swift
/// enum Action: ViewAction {
///   case loginResponse(Result<Token, any Error>)
///   case view(View)
///   enum View { case loginButtonTapped }
/// }
///
/// store.send(.loginButtonTapped)   // sends .view(.loginButtonTapped)
/// ```
///
/// The view can reach only the actions meant for it; responses and delegate actions stay the
/// feature's own. The `view` case witnesses the requirement.
public protocol ViewAction<ViewAction> {
  /// The actions the view sends.
  associatedtype ViewAction
  /// Embeds a view action.
  /// - Parameter action: The view action.
  /// - Returns: The feature's action.
  static func view(_ action: ViewAction) -> Self
}

extension Store where Action: ViewAction {
  /// Sends a view action: `store.send(.loginButtonTapped)` is `store.send(.view(.loginButtonTapped))`.
  /// - Parameters:
  ///   - action: The view action.
  ///   - fileID: The caller's file ID, for diagnostics; leave the default.
  ///   - filePath: The caller's file path, for diagnostics; leave the default.
  ///   - line: The caller's line, for diagnostics; leave the default.
  ///   - column: The caller's column, for diagnostics; leave the default.
  /// - Returns: The effects started.
  @discardableResult
  public func send(
    _ action: Action.ViewAction,
    fileID: String = #fileID,
    filePath: String = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> StoreTask {
    send(.view(action), fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// Sends a view action, animating the changes it makes in SwiftUI views.
  /// - Parameters:
  ///   - action: The view action.
  ///   - animation: The animation, or `nil` for none.
  ///   - fileID: The caller's file ID, for diagnostics; leave the default.
  ///   - filePath: The caller's file path, for diagnostics; leave the default.
  ///   - line: The caller's line, for diagnostics; leave the default.
  ///   - column: The caller's column, for diagnostics; leave the default.
  /// - Returns: The effects started.
  @discardableResult
  public func send(
    _ action: Action.ViewAction,
    animation: Animation?,
    fileID: String = #fileID,
    filePath: String = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> StoreTask {
    send(
      .view(action), animation: animation, fileID: fileID, filePath: filePath, line: line,
      column: column)
  }
}

/// A view that sends its feature's view actions directly: `send(.loginButtonTapped)` in its body
/// (the best-known library's `@ViewAction(for:)` writes this conformance; here you write it).
///
/// ```swift
/// struct LoginView: View, ViewActionSending {
///   let store: StoreOf<Login>
///   var body: some View { Button("Log in") { send(.loginButtonTapped) } }
/// }
/// ```
@MainActor
public protocol ViewActionSending<StoreState, StoreAction> {
  /// The feature's state.
  associatedtype StoreState
  /// The feature's action.
  associatedtype StoreAction: ViewAction
  /// The feature's store.
  var store: Store<StoreState, StoreAction> { get }
}

extension ViewActionSending {
  /// Sends a view action through ``store``.
  /// - Parameter action: The view action.
  /// - Returns: The effects started.
  @discardableResult
  public func send(_ action: StoreAction.ViewAction) -> StoreTask {
    store.send(action)
  }

  /// Sends a view action through ``store``, animating the changes it makes.
  /// - Parameters:
  ///   - action: The view action.
  ///   - animation: The animation, or `nil` for none.
  /// - Returns: The effects started.
  @discardableResult
  public func send(_ action: StoreAction.ViewAction, animation: Animation?) -> StoreTask {
    store.send(action, animation: animation)
  }
}
