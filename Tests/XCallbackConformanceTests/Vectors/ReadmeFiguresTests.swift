import Foundation
import Testing
import XCallbackConformance
import XCallbackConformanceCore

// The front page's paragraph on the vectors states their counts; they are read from the loaded suite here, so a
// regenerated suite with other counts fails until the README says the new ones.

@Suite struct ReadmeFiguresTests {
    /// The README's text with its line breaks folded into spaces.
    static func readme() throws -> String {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        let text = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        return text.split(whereSeparator: \.isNewline).joined(separator: " ")
    }

    @Test func theVectorCountsAreTheSuites() throws {
        let vectors = try loadEveryVector()
        let count = { (level: Level) in vectors.filter { $0.level == level }.count }
        let operations = { (operation: XCallbackConformanceCore.Operation) in vectors.filter { $0.operation == operation }.count }
        let expected = "\(vectors.count) vectors in nine files"
        let levels = "\(count(.must)) must, \(count(.should)) should, \(count(.implementationDefined)) implementation-defined and \(count(.hardening)) hardening"
        let byOperation = "\(operations(.parse)) parse, \(operations(.buildRequest)) build-request and \(operations(.buildCallback)) build-callback"
        let rules = "one of \(try VectorFixtures.suite.get().rules.count) in `Vectors/rules.json`"
        let text = try Self.readme()
        let missing = [expected, levels, byOperation, rules].filter { !text.contains($0) }
        #expect(missing.isEmpty, "README.md's paragraph on the vectors should say: \(missing)")
    }
}
