// Locates Corpus/ from this file's path and pairs every corpus file with the drivers that replay it.

import Foundation
import Testing
import XCallbackConformance
import XCallbackFuzzing

/// One corpus file replayed through one fuzz driver.
struct FuzzCase: CustomTestStringConvertible, Sendable {
    /// The driver's folder name: `robustness`, `round-trip` or `differential-foundation`.
    var driver: String
    /// Path relative to Corpus/.
    var path: String

    var testDescription: String { "\(driver): \(path)" }

    /// The file's bytes.
    func bytes() throws -> [UInt8] {
        Array(try Data(contentsOf: FuzzCorpus.root.appendingPathComponent(path)))
    }
}

/// The corpus on disk and the drivers it is replayed through.
enum FuzzCorpus {
    /// `<repo>/Corpus`, found from this source file.
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Corpus")

    /// The driver for a regression sub-folder name.
    static func driver(named name: String) -> (any FuzzDriver)? {
        switch name {
        case "robustness": RobustnessDriver()
        case "round-trip": BuildRoundTripDriver()
        case "differential-foundation":
            DifferentialDriver(target: FoundationTarget(), normalisations: FoundationNormalisations.all, failingLevels: [.must])
        default: nil
        }
    }

    /// Drivers every seed goes through.
    static let seedDrivers = ["robustness", "round-trip", "differential-foundation"]

    /// Files directly under `Corpus/<folder>`, sorted, hidden files skipped.
    static func files(in folder: String) throws -> [String] {
        let names = try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent(folder).path)
        return names.filter { !$0.hasPrefix(".") }.sorted().map { folder + "/" + $0 }
    }

    /// Every seed once per seed driver.
    static func seedCases() throws -> [FuzzCase] {
        let seeds = try files(in: "seeds")
        return seedDrivers.flatMap { driver in seeds.map { FuzzCase(driver: driver, path: $0) } }
    }

    /// Every regression file under `Corpus/regressions/<driver>/`.
    static func regressionCases() throws -> [FuzzCase] {
        try files(in: "regressions").flatMap { folder in
            let driver = String(folder.dropFirst("regressions/".count))
            return try files(in: folder).map { FuzzCase(driver: driver, path: $0) }
        }
    }
}
