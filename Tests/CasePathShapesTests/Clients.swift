// A dependency client in the shapes real ones take, for the case-path plugin's `init()`:
// labelled and unlabelled parameters, async and throwing endpoints, `Void`, optional and
// defaulted results, a constant. Written for this test.
import Foundation
import ReducerKit

struct NotesClient: DependencyClient, Sendable {
  var fetch: @Sendable (_ page: Int, _ query: String) async throws -> [String]
  var track: @Sendable (String) -> Void
  var cached: @Sendable (Int) -> String?
  var pageSize: @Sendable () -> Int = { 20 }
  var save:
    @Sendable (
      _ note: String
    ) async throws -> Bool = { _ in true }
  let version = 3
  var handler: (@Sendable () -> Void)?
}
