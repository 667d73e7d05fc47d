import Foundation
import ReducerKit
import ReducerKitTesting
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// File storage over whatever may be at its path — random bytes, JSON of the wrong shape, an
/// empty file, a directory, a FIFO, a device, links to them and to nothing — loads without
/// blocking, and never loses what was there: a file it could not use is kept byte for byte (at
/// its path, or moved aside), and anything but a regular file is never replaced.
extension FileStorageGuaranteeTests {
  /// What the fuzzer puts at the path.
  enum Occupant: CaseIterable {
    case randomBytes, noteOfTheWrongShape, validNote, emptyFile, directory, fifo, device
    case linkToNothing, linkToDirectory, linkToValidNote
  }

  #if os(Linux)
    @Test func whateverIsAtThePathLoadsWithoutBlockingAndIsNeverLost() throws {
      var kinds: [Occupant: Int] = [:]
      Fuzz("whateverIsAtThePathLoadsWithoutBlockingAndIsNeverLost", iterations: 60).run {
        random, seed in
        let folder = directory.appendingPathComponent("seed-\(seed)")
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("note.json")
        // NB: by seed, so that any ten consecutive seeds try every kind.
        let occupant = Occupant.allCases[Int(seed % UInt64(Occupant.allCases.count))]
        kinds[occupant, default: 0] += 1
        var bytes: Data?
        switch occupant {
        case .randomBytes:
          let alphabet = Array(#"{}[]":,0123456789 abtruefalsn\"#.utf8) + [0x00, 0xC3, 0xFF]
          bytes = Data(
            (0..<Int.random(in: 1..<400, using: &random)).map { _ in
              alphabet.randomElement(using: &random) ?? 0
            })
        case .noteOfTheWrongShape: bytes = Data(#"{"writer": 3, "sequence": "x"}"#.utf8)
        case .validNote, .linkToValidNote:
          bytes = Data(#"{"writer": "other", "sequence": 7, "padding": []}"#.utf8)
        case .emptyFile: bytes = Data()
        case .directory:
          try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: false)
        case .fifo: _ = mkfifo(url.path, 0o600)
        case .device:
          try? FileManager.default.createSymbolicLink(
            atPath: url.path, withDestinationPath: "/dev/zero")
        case .linkToNothing:
          try? FileManager.default.createSymbolicLink(
            atPath: url.path, withDestinationPath: folder.appendingPathComponent("gone").path)
        case .linkToDirectory:
          try? FileManager.default.createSymbolicLink(atPath: url.path, withDestinationPath: "/tmp")
        }
        if let bytes {
          let target =
            occupant == .linkToValidNote ? folder.appendingPathComponent("real.json") : url
          try? bytes.write(to: target)
          if occupant == .linkToValidNote {
            try? FileManager.default.createSymbolicLink(
              atPath: url.path, withDestinationPath: target.path)
          }
        }
        let before = Self.kind(at: url)
        let storage = SharedStorage(
          fileSystem: DiskFileSystem(), userDefaults: nil, saveDelay: .seconds(3600))
        guard
          let (note, issues) = loadWithinTenSeconds(url, in: storage)
        else { return "\(occupant): the load blocked" }
        if let error = note.loadError as? SharedLoadError,
          error.detail.contains("NSError") || error.detail.contains("Code=")
        {
          return "\(occupant): the app is told \(error.detail)"
        }
        let loaded = note.wrappedValue
        _ = issues
        _ = collectIssues {
          note.withLock { $0.sequence = 1_000 }
          storage.flush()
        }
        // What was at the path: still there, replaced by the new value only where the old one
        // was read, or kept byte for byte beside it.
        switch occupant {
        case .validNote, .linkToValidNote, .linkToNothing:
          guard loaded.sequence == (occupant == .linkToNothing ? 0 : 7) else {
            return "\(occupant): loaded \(loaded)"
          }
          return (try? onDisk(Note.self, at: url).sequence) == 1_000
            ? nil : "\(occupant): the change was not saved"
        case .randomBytes, .noteOfTheWrongShape, .emptyFile:
          guard let bytes else { return nil }
          if let decoded = try? JSONDecoder().decode(Note.self, from: bytes) {
            return loaded == decoded ? nil : "\(occupant): loaded \(loaded) for \(decoded)"
          }
          let kept = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
          let copies = kept.filter {
            (try? Data(contentsOf: folder.appendingPathComponent($0))) == bytes
          }
          return copies.isEmpty ? "\(occupant): its bytes are gone (\(kept))" : nil
        case .directory, .fifo, .device, .linkToDirectory:
          return Self.kind(at: url) == before
            ? nil : "\(occupant): the path became \(Self.kind(at: url)), was \(before)"
        }
      }
      // Every kind of occupant was tried.
      #expect(kinds.count == Occupant.allCases.count, "\(kinds)")
      try FileManager.default.removeItem(at: directory)
    }
  #endif

  /// The kind of what is at `url`, not following a link: `S_IFREG`, `S_IFLNK`, …
  static func kind(at url: URL) -> mode_t {
    var info = stat()
    guard lstat(url.path, &info) == 0 else { return 0 }
    return info.st_mode & S_IFMT
  }
}
