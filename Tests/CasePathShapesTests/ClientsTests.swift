import ReducerKit
import ReducerKitTesting
import Testing

/// A dependency client's generated `init()` fails the test at each endpoint called, naming it,
/// and then does what the endpoint's shape allows.
struct ClientsTests {
  @Test func everyEndpointOfTheGeneratedInitFailsNamingItself() async {
    let client = NotesClient()
    await withKnownIssue {
      await #expect(throws: UnimplementedError.self) { try await client.fetch(1, "x") }
    } matching: {
      $0.description.contains("NotesClient.fetch")
    }
    withKnownIssue {
      client.track("opened")
    } matching: {
      $0.description.contains("NotesClient.track")
    }
    withKnownIssue {
      #expect(client.cached(1) == nil)
    } matching: {
      $0.description.contains("NotesClient.cached")
    }
    // An endpoint with an initial value fails, then runs it.
    withKnownIssue {
      #expect(client.pageSize() == 20)
    } matching: {
      $0.description.contains("NotesClient.pageSize")
    }
    await withKnownIssue {
      let saved = try? await client.save("n")
      #expect(saved == true)
    } matching: {
      $0.description.contains("NotesClient.save")
    }
    #expect(client.version == 3)
    #expect(client.handler == nil)
  }

  @Test func anEndpointReplacedInATestRunsWithoutFailing() async throws {
    var client = NotesClient()
    client.fetch = { page, query in ["\(query) \(page)"] }
    #expect(try await client.fetch(2, "q") == ["q 2"])
    // The endpoint's parameter names make a method, as the best-known library's macro does.
    #expect(try await client.fetch(page: 3, query: "r") == ["r 3"])
    // The memberwise initializer stays for clients given in full.
    let live = NotesClient(
      fetch: { _, _ in [] }, track: { _ in }, cached: { _ in "c" }, pageSize: { 1 },
      save: { _ in false }, handler: nil)
    #expect(live.cached(0) == "c")
  }
}
