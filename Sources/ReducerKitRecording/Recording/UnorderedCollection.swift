import ReducerKit

extension Recording {
  /// A set or a dictionary in the recorded states, where it is: JSON writes a set as an array
  /// and a dictionary as an object (or, when its keys are not strings, as an array of keys and
  /// values in turn), so a reader of the states alone cannot tell them from arrays and structs.
  /// The inspector reads these to show them as what they are.
  public struct UnorderedCollection: Hashable, Sendable {
    /// What the collection is.
    public enum Kind: String, Sendable {
      /// A `Set`: an array of its elements, in canonical order.
      case set
      /// A `Dictionary`: an object when its keys are strings, an array `[key, value, key,
      /// value, …]` in canonical order otherwise.
      case dictionary
    }

    /// The field names from the state's root to the collection; `nil` stands for any element
    /// of an array and any entry of a dictionary, so that one entry covers every row's set.
    public var path: [String?]
    /// What the collection is.
    public var kind: Kind

    /// Creates an entry.
    /// - Parameters:
    ///   - path: Where the collection is: field names, `nil` for any element of an array.
    ///   - kind: What the collection is.
    public init(path: [String?], kind: Kind) {
      self.path = path
      self.kind = kind
    }
  }
}

/// The sets and dictionaries an encoder met, by where they were: a recorder's state encoder
/// notes each one it encodes (a part reused unchanged was noted when it was first encoded).
final class UnorderedCollections {
  private var found: Set<Recording.UnorderedCollection> = []
  /// The paths of the dictionaries found, whose entries' keys are any key in a path.
  private var dictionaries: Set<[String?]> = []

  /// Notes a set (or, if `keyed`, a dictionary) at `codingPath`, before its elements are
  /// encoded: an array's index, an integer key and a key of a dictionary noted before are
  /// `nil` in the path.
  func note(_ codingPath: [any CodingKey], keyed: Bool) {
    var path: [String?] = []
    path.reserveCapacity(codingPath.count)
    for key in codingPath {
      path.append(key.intValue != nil || dictionaries.contains(path) ? nil : key.stringValue)
    }
    if keyed { dictionaries.insert(path) }
    found.insert(Recording.UnorderedCollection(path: path, kind: keyed ? .dictionary : .set))
  }

  /// Every collection noted, in a defined order (by path, then kind), as a file keeps them.
  var sorted: [Recording.UnorderedCollection] {
    found.sorted { left, right in
      let (leftText, rightText) = (left.sortKey, right.sortKey)
      return leftText == rightText
        ? left.kind.rawValue < right.kind.rawValue : leftText.utf8Precedes(rightText)
    }
  }
}

extension Recording.UnorderedCollection {
  /// The path as text that sorts as the path does (`nil` as a character no name has).
  fileprivate var sortKey: String { path.map { $0 ?? "\u{1}" }.joined(separator: "\u{0}") }

  /// `{"path": ["rows", null, "tags"], "kind": "set"}`.
  var json: JSONValue {
    .object([
      "path": .array(path.map { $0.map(JSONValue.string) ?? .null }),
      "kind": .string(kind.rawValue),
    ])
  }

  /// Reads an entry: a path of names and `null`s, and a kind it knows.
  init(json fields: JSONFields) throws {
    try fields.onlyKnown(["path", "kind"])
    let path = try fields.array("path").map { segment -> String? in
      switch segment {
      case .string(let name): return name
      case .null: return nil
      default:
        throw JSONFields.corrupted("\(fields.place).path: expected names and nulls.")
      }
    }
    let kindText = try fields.string("kind")
    guard let kind = Kind(rawValue: kindText) else {
      throw JSONFields.corrupted(
        "\(fields.place).kind: expected \"set\" or \"dictionary\", found \"\(kindText)\".")
    }
    self.init(path: path, kind: kind)
  }
}

extension CodingUserInfoKey {
  /// Set on a recorder's state encoder to the ``UnorderedCollections`` it notes sets and
  /// dictionaries in.
  static let unorderedCollections: CodingUserInfoKey = {
    guard let key = CodingUserInfoKey(rawValue: "ReducerKitRecording.unorderedCollections") else {
      preconditionFailure("a non-empty raw value always makes a key")
    }
    return key
  }()
}
