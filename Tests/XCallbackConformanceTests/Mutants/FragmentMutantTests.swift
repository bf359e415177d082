import Testing
import XCallbackConformance

/// A callback builder that appends after `#` (IAC-ObjC, SBRX, VFX, TiX) puts the result in the fragment,
/// which the source app never receives as query: that fails `must`, not only `should`.
@Suite struct FragmentMutantTests {
    /// The must vectors of callbacks.json that build onto a callback with a fragment (key `must-before-…`).
    static let mustIDs = ["XCU-K5US", "XCU-8M79", "XCU-E9JJ", "XCU-DL5N", "XCU-Y8RN"]

    @Test(arguments: mustIDs)
    func appendingAfterTheFragmentFailsAMustVector(_ id: String) throws {
        let vector = try #require(try VectorFixtures.suite.get().vector(id: id))
        #expect(vector.level == .must)
        #expect(vector.tags.contains("fragment"))
        #expect(Evaluator.run(vector, on: BuildMutants.afterFragment).verdict.failureKind != nil)
        #expect(Evaluator.run(vector, on: BuildMutants.dropsFragment).verdict.failureKind != nil)
        #expect(Evaluator.run(vector, on: ReferenceTarget()).verdict == .passed)
    }
}
