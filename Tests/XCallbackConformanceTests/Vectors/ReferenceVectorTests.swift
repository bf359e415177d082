import Testing
import XCallbackConformance

/// The reference implementation passes every vector: one parameterized test per vector file, one case per vector.
@Suite struct ReferenceVectorTests {
    let reference = ReferenceTarget()

    func check(_ vector: Vector) {
        let result = Evaluator.run(vector, on: reference)
        #expect(result.verdict == .passed, "\(vector.id) (\(vector.level.rawValue)) \(vector.summary)\n\(result.detail)")
    }

    @Test("spec-examples.json", arguments: try loadVectors("spec-examples.json"))
    func specExamples(_ vector: Vector) { check(vector) }

    @Test("parse-encoding.json", arguments: try loadVectors("parse-encoding.json"))
    func parseEncoding(_ vector: Vector) { check(vector) }

    @Test("build-encoding.json", arguments: try loadVectors("build-encoding.json"))
    func buildEncoding(_ vector: Vector) { check(vector) }

    @Test("reserved-prefix.json", arguments: try loadVectors("reserved-prefix.json"))
    func reservedPrefix(_ vector: Vector) { check(vector) }

    @Test("nested-callbacks.json", arguments: try loadVectors("nested-callbacks.json"))
    func nestedCallbacks(_ vector: Vector) { check(vector) }

    @Test("callbacks.json", arguments: try loadVectors("callbacks.json"))
    func callbacks(_ vector: Vector) { check(vector) }

    @Test("hosts-actions.json", arguments: try loadVectors("hosts-actions.json"))
    func hostsActions(_ vector: Vector) { check(vector) }

    @Test("security.json", arguments: try loadVectors("security.json"))
    func security(_ vector: Vector) { check(vector) }

    @Test("real-world.json", arguments: try loadVectors("real-world.json"))
    func realWorld(_ vector: Vector) { check(vector) }

    @Test func loadsThePinnedNumberOfVectors() throws {
        let suite = try VectorFixtures.suite.get()
        #expect(suite.vectors.count == VectorFixtures.pinnedTotal)
        #expect(suite.manifest.total == VectorFixtures.pinnedTotal)
        #expect(suite.manifest.files.map(\.path) == VectorFixtures.categoryFiles)
    }
}
