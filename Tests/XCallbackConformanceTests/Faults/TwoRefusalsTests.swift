import Testing
import XCallbackConformance
import XCallbackFuzzing
import XCallbackURL

/// Two right refusals of one input never differ at must (issue 35, oracle error O5): `t://%E2%` has a host that is not
/// x-callback-url and a stray escape, so refusing it as `not-x-callback-url` or as `invalid-percent-encoding` is right.
@Suite struct TwoRefusalsTests {
    static let input = "t://%E2%"

    /// `t://%E2%`, and `sourceapp://`, whose category a must vector pins (XCU-JJFQ), so the fuzzer does grade it.
    @Test("The fuzzer finds no must fault in another refusal category", arguments: [input, "sourceapp://"])
    func fuzzerGradesAnotherCategoryAtShouldAtMost(_ url: String) throws {
        let reference = ReferenceTarget().parse(url)
        guard case .rejected(let category?, _) = reference else {
            Issue.record("the reference should refuse \(url), it answered \(reference)")
            return
        }
        let other: RejectionCategory = category == .missingAction ? .invalidPercentEncoding : .missingAction
        let target = FixedAnswerTarget(parseAnswer: .rejected(category: other, message: nil), declaredChoices: [:])
        let failure = DifferentialDriver(target: target).failure(for: Array(url.utf8))
        #expect(failure.map { $0.level != .must } ?? true, "\(failure.map(\.description) ?? "")")
        if url == "sourceapp://" { #expect(failure != nil, "a vector pins this category: the difference is graded") }
    }

    @Test("The runner scores another refusal category at should at most")
    func runnerGradesAnotherCategoryAtShouldAtMost() throws {
        let suite = try VectorFixtures.suite.get()
        let vector = try #require(suite.vectors.first { vector in
            vector.level == .must && vector.operation == .parse && {
                if case .reject = vector.expectation { true } else { false }
            }()
        })
        guard case .reject(let category) = vector.expectation else { return }
        let other: RejectionCategory = category == .notXCallbackURL ? .invalidPercentEncoding : .notXCallbackURL
        let result = Evaluator.evaluate(vector, answer: .rejected(category: other, message: nil), choices: [:])
        let scored = FaultModel.scored(result)
        #expect(scored.verdict.failureKind == .wrongCategory)
        #expect(scored.level == .should, "\(vector.id): \(scored.faults.map(\.title))")
        #expect(scored.faults.map(\.transformation) == [.otherCategory])
    }
}
