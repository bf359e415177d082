import Foundation
import XCallbackConformance

/// A run with every kind of result: passes, a wrong result, an unexpected rejection excused as known,
/// a breakage, a skip, and a stale known-failures entry.
enum SampleRun {
    static func make() throws -> ConformanceRun {
        let suite = try RunnerFixtures.miniSuite()
        let target = ScriptedTarget(
            rejectIDs: ["XCU-2AAA"], wrongIDs: ["XCU-2AAC"], breakIDs: ["XCU-2AAD"], skipsCallbacks: true)
        let known = KnownFailures([
            .init(id: "XCU-2AAA", kind: .unexpectedRejection, reason: "strict <parser> & co", issue: "https://example.com/7"),
            .init(id: "XCU-2AAJ", kind: .wrongResult, reason: "fixed since"),
        ])
        return ConformanceRunner(selection: VectorSelection(), knownFailures: known).run(suite, against: target, targetKind: "scripted")
    }

    /// Loads a schema from `Vectors/protocol`.
    static func schema(_ name: String) throws -> JSONSchema {
        let bytes = Array(try Data(contentsOf: RunnerFixtures.protocolDirectory.appendingPathComponent(name)))
        return try JSONSchema(parsing: bytes)
    }
}
