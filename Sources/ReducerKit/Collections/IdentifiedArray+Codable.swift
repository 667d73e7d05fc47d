extension IdentifiedArray: Encodable where Element: Encodable {
  /// Encodes the elements as an array.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(_elements)
  }
}

extension IdentifiedArray: Decodable where Element: Decodable {
  /// Decodes an array of elements, throwing `DecodingError.dataCorrupted` if two share an id.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    let elements = try container.decode([Element].self)
    var result = Self()
    for (offset, element) in elements.enumerated() {
      if let first = result.index(id: element.id) {
        throw DecodingError.dataCorrupted(
          DecodingError.Context(
            codingPath: decoder.codingPath,
            debugDescription: """
              Duplicate id \(element.id) at index \(offset) (first seen at index \(first)); an \
              IdentifiedArray's ids must be unique.
              """
          )
        )
      }
      result._elements.append(element)
      result._index.appended(to: result._elements)
    }
    self = result
  }
}
