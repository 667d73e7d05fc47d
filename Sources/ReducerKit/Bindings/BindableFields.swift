/// A state that names the fields its views bind to, so that its binding actions can be written
/// down and read back: with it, `BindingAction<State>` is `Codable`, and so can an action enum
/// with a binding case be (for a `StoreRecorder` (ReducerKitRecording)).
///
/// ```swift
/// extension Settings.State: BindableFields {
///   static let bindableFields: [BindableField<Self>] = [.field(\.name), .field(\.isOn)]
/// }
/// ```
///
/// A binding action is written as the field's name and the value:
/// `{"field": "name", "value": "Blob"}`. The value of a property-wrapped field (`@Sensitive var
/// password`, or any wrapper) is written as `█████` unless the recording allows sensitive
/// values, as binding actions print it.
public protocol BindableFields {
  /// The fields bindings write, each under the name a recording uses.
  static var bindableFields: [BindableField<Self>] { get }
}

/// One field a binding writes, with how its value is written and read back; see
/// ``BindableFields``.
public struct BindableField<Root>: @unchecked Sendable {
  // NB: `@unchecked Sendable`: the key path and the closures are immutable and capture only
  // the key path.
  let name: String
  let keyPath: PartialKeyPath<Root>
  let encodeValue: (any Equatable & Sendable, any Encoder, _ redacts: Bool) throws -> Void
  let decodeAction: (any Decoder) throws -> BindingAction<Root>

  /// The field at `keyPath`, named after its property (`name` for `\.name`).
  ///
  /// A property-wrapped field has no name a key path can tell: give it one,
  /// `.field(\.password, named: "password")`.
  /// - Parameters:
  ///   - keyPath: The field.
  ///   - name: The name a recording writes; by default, the property's.
  ///   - fileID: The caller's file ID, for diagnostics; leave the default.
  ///   - filePath: The caller's file path, for diagnostics; leave the default.
  ///   - line: The caller's line, for diagnostics; leave the default.
  ///   - column: The caller's column, for diagnostics; leave the default.
  /// - Returns: The field.
  public static func field<Value: Codable & Equatable & Sendable>(
    _ keyPath: WritableKeyPath<Root, Value>,
    named name: String? = nil,
    fileID: String = #fileID,
    filePath: String = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> Self {
    let isWrapped = MemoryLayout<Root>.offset(of: keyPath) == nil
    var fieldName = name ?? PathStep.describe(key: AnyHashable(keyPath))
    if name == nil, isWrapped {
      reportIssue(
        "A property-wrapped field of \(Root.self) has no name a key path can tell; name it: "
          + ".field(\\.password, named: \"password\").",
        at: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
      fieldName = "a wrapped \(Value.self) field"
    }
    return Self(
      name: fieldName, keyPath: keyPath,
      encodeValue: { value, encoder, redacts in
        var container = encoder.singleValueContainer()
        if isWrapped && redacts, let value = value as? Value {
          // NB: numbered as the field's own `Sensitive` value is, so that a replay that sets
          // the field from this action gives the state the recorded number.
          try container.encode(StateDump.redactedText(for: value, in: encoder))
        } else if let value = value as? Value {
          try container.encode(value)
        } else {
          throw EncodingError.invalidValue(
            value,
            EncodingError.Context(
              codingPath: encoder.codingPath,
              debugDescription: "The binding of \(fieldName) holds a \(type(of: value)), "
                + "not a \(Value.self)."))
        }
      },
      decodeAction: { decoder in
        .set(keyPath, try decoder.singleValueContainer().decode(Value.self))
      })
  }
}

private enum BindingCodingKeys: String, CodingKey {
  case field, value
}

extension BindingAction: Encodable where Root: BindableFields {
  /// Writes the field's name (from ``BindableFields/bindableFields``) and the value.
  public func encode(to encoder: any Encoder) throws {
    guard let field = Root.bindableFields.first(where: { $0.keyPath == keyPath }) else {
      // NB: the fix names the key path the binding wrote through: a view's `$store.contact.name`
      // writes the whole `\.contact` (SwiftUI composes the binding), so that is what to list.
      let name = PathStep.describe(key: AnyHashable(keyPath))
      let fix =
        MemoryLayout<Root>.offset(of: keyPath) == nil && !name.contains(".")
        ? ".field(\\.\(name), named: \"\(name)\")" : ".field(\\.\(name))"
      throw EncodingError.invalidValue(
        self,
        EncodingError.Context(
          codingPath: encoder.codingPath,
          debugDescription: "\(Root.self).bindableFields does not list \\.\(name), which a "
            + "binding wrote; add \(fix) to it."))
    }
    var container = encoder.container(keyedBy: BindingCodingKeys.self)
    try container.encode(field.name, forKey: .field)
    let redacts = encoder.userInfo[.redactsSensitiveValues] as? Bool == true
    try field.encodeValue(value, container.superEncoder(forKey: .value), redacts)
  }
}

extension BindingAction: Decodable where Root: BindableFields {
  /// Reads a binding written by ``encode(to:)``: the field by name, then its value.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: BindingCodingKeys.self)
    let name = try container.decode(String.self, forKey: .field)
    guard let field = Root.bindableFields.first(where: { $0.name == name }) else {
      throw DecodingError.dataCorruptedError(
        forKey: .field, in: container,
        debugDescription: "\(Root.self).bindableFields has no field named \"\(name)\".")
    }
    self = try field.decodeAction(container.superDecoder(forKey: .value))
  }
}
