// `--check`: compares the measured ratios (never absolute times) with the floors written in
// floors.json beside this file, and says which ones fell below.

import Foundation

// MARK: - Floors file

/// One entry of floors.json: a bound on the median of one ratio.
struct Floor: Codable, Sendable {
    /// The median must be at least this (for speedups).
    var min: Double?
    /// The median must be at most this (for growth factors such as per-byte flatness).
    var max: Double?
    /// Why the bound is where it is.
    var why: String?
    /// The peer the ratio needs ("ada-url"): when it was not measured, the floor is skipped, not failed.
    var requires: String?
}

/// The contents of floors.json.
struct FloorsFile: Codable, Sendable {
    /// Free text for whoever edits the file.
    var comment: String?
    /// Bounds keyed by ratio id.
    var floors: [String: Floor]

    /// Reads and decodes a floors file; errors name the file.
    static func load(from path: String) throws -> FloorsFile {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw BenchError("cannot read floors file \(path): \(error.localizedDescription)")
        }
        do {
            return try JSONDecoder().decode(FloorsFile.self, from: data)
        } catch {
            throw BenchError("\(path): not a floors file: \(error)")
        }
    }

    /// The floors.json that sits beside this source file (the package is run from its source tree).
    static var defaultPath: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("floors.json").path
    }
}

// MARK: - Check

/// The outcome of comparing one ratio with its floor.
struct FloorCheck: Codable, Sendable {
    /// The ratio id.
    var id: String
    /// Whether the ratio is within its bound.
    var passed: Bool
    /// One line for the table: the id, the measured median and the bound.
    var summary: String
    /// Whether the floor was not checked because the peer it requires was not measured.
    var skipped = false
}

/// Compares every floor with the ratio of the same id; a floor whose ratio was not measured fails,
/// unless its group was left out on purpose (`--only`) or the peer it requires was not measured.
/// - Parameters:
///   - ratios: the ratios measured in this run.
///   - floors: the floors file.
///   - measuredGroups: the groups that ran; floors of other groups are skipped.
///   - peers: the peers measured ("ada-url"); floors that require another are skipped, and said to be.
/// - Returns: one check per applicable floor, sorted by id.
func checkFloors(
    _ ratios: [RatioResult], against floors: FloorsFile, measuredGroups: Set<String>, peers: Set<String> = []
) -> [FloorCheck] {
    var checks: [FloorCheck] = []
    for (id, floor) in floors.floors.sorted(by: { $0.key < $1.key }) {
        let group = String(id.prefix { $0 != "." })
        guard measuredGroups.contains(group) else { continue }
        if let peer = floor.requires, !peers.contains(peer) {
            checks.append(FloorCheck(id: id, passed: true, summary: "\(id): \(peer) was not measured", skipped: true))
            continue
        }
        guard let ratio = ratios.first(where: { $0.id == id }) else {
            checks.append(FloorCheck(id: id, passed: false, summary: "\(id): not measured in this run"))
            continue
        }
        var passed = true
        var bounds: [String] = []
        if let low = floor.min {
            bounds.append(">= " + BenchReport.format(low))
            if !(ratio.median >= low) { passed = false }
        }
        if let high = floor.max {
            bounds.append("<= " + BenchReport.format(high))
            if !(ratio.median <= high) { passed = false }
        }
        let text = "\(id): \(BenchReport.format(ratio.median))x (min \(BenchReport.format(ratio.min)), "
            + "max \(BenchReport.format(ratio.max))), floor \(bounds.joined(separator: " and "))"
        checks.append(FloorCheck(id: id, passed: passed, summary: text))
    }
    return checks
}

// MARK: - Errors

/// A usage or setup error of the bench tool, printed to stderr.
struct BenchError: Error, CustomStringConvertible {
    /// What went wrong.
    var description: String

    /// Makes an error with a message.
    init(_ description: String) {
        self.description = description
    }
}
