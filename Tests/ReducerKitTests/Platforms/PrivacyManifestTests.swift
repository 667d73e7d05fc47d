import Foundation
import TestSupport
import Testing

/// The privacy manifest (`Sources/ReducerKit/PrivacyInfo.xcprivacy`) declares exactly the
/// required-reason API categories the kit's code calls (Apple's list: file timestamps, system
/// boot time, disk space, active keyboards, user defaults), and no other library product calls
/// one without a manifest of its own.
struct PrivacyManifestTests {
  static let root = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  /// Each category, with the calls of Apple's list for it that Swift code can make.
  static let categories: [(category: String, calls: [String])] = [
    (
      "NSPrivacyAccessedAPICategoryFileTimestamp",
      [
        "creationDate", "modificationDate", "fileModificationDate", "contentModificationDateKey",
        "creationDateKey", "getattrlist", "fgetattrlist", "getattrlistbulk", "stat(", "fstat(",
        "fstatat(", "lstat(", "attributesOfItem",
      ]
    ),
    ("NSPrivacyAccessedAPICategorySystemBootTime", ["systemUptime", "mach_absolute_time"]),
    (
      "NSPrivacyAccessedAPICategoryDiskSpace",
      [
        "volumeAvailableCapacity", "volumeTotalCapacity", "systemFreeSize", "systemSize",
        "statfs(", "statvfs(", "fstatfs(", "fstatvfs(",
      ]
    ),
    ("NSPrivacyAccessedAPICategoryActiveKeyboards", ["activeInputModes"]),
    ("NSPrivacyAccessedAPICategoryUserDefaults", ["UserDefaults"]),
  ]

  /// The categories whose calls the Swift code under `folder` makes, each with a file that
  /// makes one.
  static func used(in folder: String) throws -> [String: String] {
    var used: [String: String] = [:]
    for file in SwiftSource.files(in: [folder], of: root) {
      let code = String(SwiftSource.code(try String(contentsOf: file, encoding: .utf8)))
      for (category, calls) in categories where calls.contains(where: code.contains) {
        used[category] = used[category] ?? file.lastPathComponent
      }
    }
    return used
  }

  /// The categories the manifest declares, each with its reasons.
  static func declared() throws -> [String: [String]] {
    let data = try Data(
      contentsOf: root.appendingPathComponent("Sources/ReducerKit/PrivacyInfo.xcprivacy"))
    let plist = try #require(
      try PropertyListSerialization.propertyList(from: data, format: nil) as? [String: Any])
    #expect(plist["NSPrivacyTracking"] as? Bool == false)
    let types = try #require(plist["NSPrivacyAccessedAPITypes"] as? [[String: Any]])
    var declared: [String: [String]] = [:]
    for entry in types {
      let category = try #require(entry["NSPrivacyAccessedAPIType"] as? String)
      declared[category] = entry["NSPrivacyAccessedAPITypeReasons"] as? [String] ?? []
    }
    return declared
  }

  @Test func theManifestDeclaresWhatTheCoreCalls() throws {
    let used = try Self.used(in: "Sources/ReducerKit")
    let declared = try Self.declared()
    #expect(
      Set(used.keys) == Set(declared.keys),
      "used: \(used.sorted { $0.key < $1.key }), declared: \(declared.keys.sorted())")
    // File storage reads the timestamps of its own files (C617.1); `@Shared(.appStorage)`
    // reads and writes the app's own defaults (CA92.1).
    #expect(declared["NSPrivacyAccessedAPICategoryFileTimestamp"] == ["C617.1"])
    #expect(declared["NSPrivacyAccessedAPICategoryUserDefaults"] == ["CA92.1"])
  }

  @Test func otherLibrariesCallNoneWithoutAManifest() throws {
    for library in [
      "ReducerKitSupport", "ReducerKitRecording", "ReducerKitPatterns", "ReducerKitInspector",
    ] {
      let used = try Self.used(in: "Sources/\(library)")
      #expect(used.isEmpty, "\(library) calls \(used) but has no privacy manifest")
    }
  }

  @Test func theCheckFindsACall() throws {
    // The check is not blind: the file storage's timestamps are found where they are read.
    let used = try Self.used(in: "Sources/ReducerKit/Sharing/FileStorage")
    #expect(used["NSPrivacyAccessedAPICategoryFileTimestamp"] != nil)
    #expect(used["NSPrivacyAccessedAPICategoryDiskSpace"] == nil)
  }
}
