// Issue 28, item 6: a builder that refuses a callback without a scheme (kradenkov/swift-x-callback-url's
// `Callback(url:)`, by design) is graded as the vectors grade refusing a callback that is no URL, not at must.

import Testing
import XCallbackConformance
import XCallbackFuzzing
import XCallbackURL

/// A builder that refuses a callback value without a scheme, as kradenkov/swift-x-callback-url's `Callback(url:)`
/// does by design (issue 28, item 6): graded as the vectors grade refusing a callback that is no URL.
private struct SchemeRequiringBuilder: ConformanceTarget {
    var identity: TargetIdentity { TargetIdentity(name: "scheme-requiring-builder", version: "0") }
    func buildRequest(_ request: XCallbackRequest) -> TargetAnswer<String> {
        for value in [request.success, request.error, request.cancel].compactMap({ $0 }) where CallbackExpectation.refusal(for: value) == .invalidCallbackURL {
            return .rejected(category: nil, message: "a callback needs a scheme")
        }
        return ReferenceTarget().buildRequest(request)
    }
}

@Suite struct SchemeLessCallbackTests {
    @Test func aRefusedSchemeLessCallbackIsGradedAsTheVectorsGradeIt() throws {
        // A callback that is no URL may be refused (an empty one was XCU-NWV4's anyOf until 5.0.0 retired it).
        let driver = DifferentialDriver(target: SchemeRequiringBuilder())
        let request = XCallbackRequest(scheme: "app", action: "open", error: "e&=")
        let generator = RequestGenerator(maximumDepth: 3, literals: true)
        let input = generator.literalBytes(request: request)
        let report = driver.compare(input)
        #expect(report.disagreements.map(\.level) == [.allowed], "\(report.disagreements)")
        #expect(driver.failure(for: input) == nil)
        // Refusing a request whose callback has a scheme is the must fault it is.
        let refusing = FixedAnswerTarget(buildAnswer: .rejected(category: nil, message: nil), declaredChoices: [:])
        let good = generator.literalBytes(request: XCallbackRequest(scheme: "app", action: "open", error: "e://x"))
        #expect(DifferentialDriver(target: refusing).failure(for: good)?.rule == "differential/must/acceptance")
    }
}
