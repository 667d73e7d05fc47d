import ReducerKit
import ReducerKitPatterns

/// A chat screen over a history of up to millions of messages: it holds a window of a few pages,
/// loads older pages at the top, appends new messages, and trims back to one page at the bottom.
public struct Chat: Reducer {
  /// A message.
  public struct Message: Equatable, Identifiable, Sendable {
    /// Its id; ids increase with time.
    public let id: Int
    /// Its text.
    public var text: String

    /// Creates a message.
    public init(id: Int, text: String) {
      self.id = id
      self.text = text
    }
  }

  /// The screen's state.
  public struct State: Equatable, Sendable {
    /// The window over the history.
    public var messages: WindowedList<Message>
    /// Once-per-lifetime setup (marking the conversation read).
    public var preparation: Preparation = .notStarted

    /// Creates the state with pages of `pageSize` messages.
    public init(pageSize: Int = 50) {
      self.messages = WindowedList(pageSize: pageSize)
    }
  }

  /// What can happen on the screen.
  public enum Action: Equatable, Sendable, CasePathable {
    /// The screen appeared.
    case onAppear
    /// The screen disappeared.
    case onDisappear
    /// The conversation was marked read (sent by `preparingOnce`).
    case markedRead
    /// The message window's action.
    case messages(WindowAction<Message>)
  }

  @Dependency(\.chatHistory) var history

  /// Creates the reducer.
  public init() {}

  /// The screen's logic.
  public var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .onAppear:
        return .send(.messages(.appeared))
      case .onDisappear, .markedRead, .messages:
        return .none
      }
    }
    .preparingOnce(
      \.preparation, appear: .onAppear, disappear: .onDisappear, finished: .markedRead
    ) { [history] in
      try await history.markRead()
    }
    Scope(state: \.messages, action: .messages) {
      Window { [history] before, count in try await history.page(before, count) }
    }
  }
}

/// The chat's history store.
public struct ChatHistory: Sendable, DependencyKey {
  /// Up to `count` messages older than `before` (the newest when `nil`), oldest first.
  public var page: @Sendable (_ before: Int?, _ count: Int) async throws -> [Chat.Message]
  /// Marks the conversation read.
  public var markRead: @Sendable () async throws -> Void

  /// Creates a history.
  public init(
    page: @escaping @Sendable (Int?, Int) async throws -> [Chat.Message],
    markRead: @escaping @Sendable () async throws -> Void
  ) {
    self.page = page
    self.markRead = markRead
  }

  /// An in-memory history of `count` messages with ids `0..<count`, served in O(page).
  public static func inMemory(count: Int) -> ChatHistory {
    ChatHistory(
      page: { before, size in
        let end = min(before ?? count, count)
        let start = max(0, end - size)
        return (start..<end).map { Chat.Message(id: $0, text: "Message \($0)") }
      },
      markRead: {})
  }

  /// A million messages in memory.
  public static var liveValue: ChatHistory { inMemory(count: 1_000_000) }

  /// Fails the test if called without an override.
  public static var testValue: ChatHistory {
    ChatHistory(
      page: unimplemented("ChatHistory.page"), markRead: unimplemented("ChatHistory.markRead"))
  }
}

extension DependencyValues {
  /// The chat's history store.
  public var chatHistory: ChatHistory {
    get { self[ChatHistory.self] }
    set { self[ChatHistory.self] = newValue }
  }
}
