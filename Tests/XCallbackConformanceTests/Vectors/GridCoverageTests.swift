import Foundation
import Testing
import XCallbackConformance

// The coverage grid (Vectors/README.md, "Coverage grid"): the README's table is what the generator writes, and the
// grid's data (Vectors/tools/grid.json) names vectors the bundled suite holds, each of its cell's operation.

@Suite struct GridCoverageTests {
    /// The repository's root, found from this file.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// The grid's data as bundled with the suite.
    static func grid() throws -> JSONValue {
        try VectorFixtures.json("tools/grid.json")
    }

    @Test func theGeneratorFindsTheTableAndTheGridCurrent() throws {
        let process = Process()
        process.executableURL = try TargetCommand(["python3"]).executable()
        process.arguments = ["Vectors/tools/generate.py", "--check"]
        process.currentDirectoryURL = Self.root
        let errors = Pipe()
        process.standardOutput = FileHandle.nullDevice
        process.standardError = errors
        try process.run()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "generate.py --check: \(message)")
    }

    @Test func everyVectorACellNamesIsInTheSuiteWithItsOperation() throws {
        let suite = try VectorFixtures.suite.get()
        let operations = Dictionary(uniqueKeysWithValues: suite.vectors.map { ($0.id, $0.operation.rawValue) })
        let cells = try #require(try Self.grid()["cells"]?.arrayValue)
        #expect(!cells.isEmpty)
        var wrong: [String] = []
        for cell in cells {
            let operation = cell["operation"]?.stringValue ?? ""
            for id in cell["vectors"]?.arrayValue?.compactMap(\.stringValue) ?? [] where operations[id] != operation {
                wrong.append("\(id) (\(operation) \(cell["field"]?.stringValue ?? "") \(cell["class"]?.stringValue ?? ""))")
            }
        }
        #expect(wrong.isEmpty, "cells name vectors the suite lacks, or of another operation: \(wrong.prefix(10))")
    }

    @Test func everyCellIsCoveredOrGivesAReason() throws {
        let cells = try #require(try Self.grid()["cells"]?.arrayValue)
        let empty = cells.filter { cell in
            switch cell["status"]?.stringValue {
            case "existing", "generated": return (cell["vectors"]?.arrayValue ?? []).isEmpty
            case "n/a": return (cell["reason"]?.stringValue ?? "").isEmpty
            default: return true
            }
        }
        #expect(empty.isEmpty, "cells neither covered nor given a reason: \(empty.prefix(5))")
    }

    @Test func theReadmeStatesTheGridsTotals() throws {
        let totals = try #require(try Self.grid()["totals"])
        let number = { (key: String) in Int(totals[key]?.numberValue ?? -1) }
        let line = "\(number("cells")) cells: \(number("existing")) covered by existing vectors, "
            + "\(number("generated")) filled by generated vectors, \(number("n/a")) n/a."
        let readme = try String(contentsOf: Self.root.appendingPathComponent("Vectors/README.md"), encoding: .utf8)
        #expect(readme.contains(line), "Vectors/README.md's coverage grid should say: \(line)")
    }
}
