import Foundation

/// Formats the results as a table and as JSON.
enum Report {
  struct Row {
    let scenario: Scenario
    let comparison: Comparison
    /// Instructions per operation, when counted (`--instructions`).
    var instructions: InstructionCount?

    var subject: Measurement { comparison.subject }
    var baseline: Measurement { comparison.baseline }
    /// The median of the per-round ratios.
    var ratio: Double { comparison.ratio.median }
    /// Whether the target is met; `nil` for an informational row. Instructions per operation
    /// decide when they were counted (they do not move with the machine's load); the wall-clock
    /// ratio otherwise.
    var met: Bool? {
      scenario.target.map { target in
        guard let instructions, instructions.baseline > 0 else { return ratio <= target }
        return Double(instructions.subject) / Double(instructions.baseline) <= target
      }
    }

    var line: String {
      let unit = scenario.unit == .bytes ? "B/row" : "ns/op"
      return [
        scenario.name.trimmingCharacters(in: .whitespaces).padding(48),
        Report.format(subject.median).leftPadding(10) + " " + unit,
        scenario.baselineName.padding(44),
        Report.format(baseline.median).leftPadding(10) + " " + unit,
        String(format: "%7.2f×", ratio),
        String(format: "%5.2f–%.2f", comparison.ratio.min, comparison.ratio.max),
        scenario.target.map { "≤ " + String(format: "%g×", $0) } ?? "    —",
        met.map { $0 ? "met" : "NOT MET" } ?? "info",
      ].joined(separator: "  ")
    }
  }

  static let header = [
    "scenario".padding(48), "value".leftPadding(16), "baseline".padding(44),
    "value".leftPadding(16), "ratio".leftPadding(8), "spread".padding(10), "target", "",
  ].joined(separator: "  ")

  static func format(_ value: Double) -> String {
    value >= 100 ? String(format: "%.0f", value) : String(format: "%.1f", value)
  }

  static var swiftVersion: String {
    #if compiler(>=6.3)
      "Swift 6.3+"
    #elseif compiler(>=6.2)
      "Swift 6.2"
    #else
      "Swift 6"
    #endif
  }

  static func machineDescription() -> String {
    let cores = ProcessInfo.processInfo.activeProcessorCount
    let memory = ProcessInfo.processInfo.physicalMemory / (1 << 30)
    #if os(Linux)
      let system = "Linux"
    #elseif os(macOS)
      let system = "macOS"
    #else
      let system = "unknown OS"
    #endif
    return "\(system), \(cores) cores, \(memory) GiB"
  }

  struct JSONScenario: Codable {
    let name: String
    let nsPerOp: Double
    let baseline: String
    let baselineNsPerOp: Double
    let ratio: Double
    let target: Double?
    let met: Bool?
    let unit: String
    let min: Double
    let max: Double
    let ratioMin: Double
    let ratioMax: Double
    let rounds: Int
    let instructionsPerOp: Int?
    let baselineInstructionsPerOp: Int?

    enum CodingKeys: String, CodingKey {
      case name, baseline, ratio, target, met, unit, min, max, rounds
      case instructionsPerOp = "instructions_per_op"
      case baselineInstructionsPerOp = "baseline_instructions_per_op"
      case ratioMin = "ratio_min"
      case ratioMax = "ratio_max"
      case nsPerOp = "ns_per_op"
      case baselineNsPerOp = "baseline_ns_per_op"
    }
  }

  struct JSONReport: Codable {
    let machine: String
    let swift: String
    let date: String
    let scenarios: [JSONScenario]
  }

  static func json(_ rows: [Row], machine: String, rounds: Int) throws -> Data {
    let report = JSONReport(
      machine: machine, swift: swiftVersion,
      date: ISO8601DateFormatter().string(from: Date()),
      scenarios: rows.map { row in
        JSONScenario(
          name: row.scenario.name.trimmingCharacters(in: .whitespaces),
          nsPerOp: row.subject.median, baseline: row.scenario.baselineName,
          baselineNsPerOp: row.baseline.median, ratio: row.ratio, target: row.scenario.target,
          met: row.met, unit: row.scenario.unit == .bytes ? "bytes_per_row" : "ns_per_op",
          min: row.subject.min, max: row.subject.max, ratioMin: row.comparison.ratio.min,
          ratioMax: row.comparison.ratio.max, rounds: rounds,
          instructionsPerOp: row.instructions?.subject,
          baselineInstructionsPerOp: row.instructions?.baseline)
      })
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    return try encoder.encode(report)
  }
}

extension String {
  func padding(_ width: Int) -> String {
    count >= width ? self : self + String(repeating: " ", count: width - count)
  }

  func leftPadding(_ width: Int) -> String {
    count >= width ? self : String(repeating: " ", count: width - count) + self
  }
}
