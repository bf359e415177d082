import Testing
import XCallbackConformance
import XCallbackURL

/// A parser whose URL type never reports the fragment can say so (`fragment: not-reported`) instead of inventing one.
@Suite struct FragmentChoiceTests {
    /// The reference with the fragment always dropped, declaring it or not.
    struct NoFragment: ConformanceTarget {
        var declares: Bool
        var identity: TargetIdentity { TargetIdentity(name: "no-fragment", version: "mutant") }
        var declaredChoices: DeclaredChoices { declares ? [.fragment: "not-reported"] : [:] }
        func parse(_ url: String) -> TargetAnswer<XCallbackRequest> {
            TargetAnswer { () throws(XCallbackRejection) in
                var request = try XCallbackRequest(parsing: url)
                request.fragment = nil
                return request
            }
        }
    }

    static func fragmentVectors() throws -> [Vector] {
        try VectorFixtures.suite.get().vectors.filter { vector in
            guard vector.operation == .parse, case .accept(.request(let request)) = vector.expectation else { return false }
            return request.fragment != nil
        }
    }

    @Test func declaringNotReportedPassesTheVectorsWithAFragment() throws {
        let vectors = try Self.fragmentVectors()
        #expect(vectors.count >= 5)
        for vector in vectors {
            #expect(Evaluator.run(vector, on: NoFragment(declares: true)).verdict == .passed, "\(vector.id)")
        }
    }

    @Test func withoutTheDeclarationAMissingFragmentFails() throws {
        let failed = try Self.fragmentVectors().filter { Evaluator.run($0, on: NoFragment(declares: false)).verdict != .passed }
        #expect(failed.count == (try Self.fragmentVectors().count))
    }
}
