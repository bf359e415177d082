// The fuzz drivers' own checks must be able to fail: each property is shown catching a broken case,
// and the mutator is shown to be deterministic and to re-encode every level.

import Testing
import XCallbackConformance
import XCallbackFuzzing
import XCallbackURL

/// A target that drops the fragment and decodes `+` as a space without declaring it.
private struct CarelessTarget: ConformanceTarget {
    var declare: Bool
    var identity: TargetIdentity { TargetIdentity(name: "careless", version: "0") }
    var declaredChoices: DeclaredChoices { declare ? [.plus: "space"] : [:] }
    func parse(_ url: String) -> TargetAnswer<XCallbackRequest> {
        guard case .accepted(var request) = ReferenceTarget().parse(url.replacingPlusWithSpace()) else {
            return ReferenceTarget().parse(url)
        }
        request.fragment = nil
        return .accepted(request)
    }
}

extension String {
    fileprivate func replacingPlusWithSpace() -> String {
        guard let question = firstIndex(of: "?") else { return self }
        let tail = self[question...].map { $0 == "+" ? "%20" : String($0) }.joined()
        return String(self[..<question]) + tail
    }
}

/// Builds `depth` levels of requests, the innermost carrying `value`, each nested under x-success.
func nestedURL(depth: Int, value: String) throws -> String {
    var url = try XCallbackRequest(scheme: "level\(depth)", action: "run", parameters: [XCallbackParameter("text", value)]).url()
    for level in stride(from: depth - 1, through: 1, by: -1) {
        url = try XCallbackRequest(scheme: "level\(level)", action: "run", success: url).url()
    }
    return url
}

@Suite struct FuzzDriverTests {
    @Test func robustnessPassesANestedCanonicalRequest() throws {
        let url = try nestedURL(depth: 4, value: "a&b=c#d%e+f é")
        #expect(RobustnessDriver().failure(for: Array(url.utf8)) == nil)
    }

    @Test func robustnessCatchesAViewThatAnswersOtherThanTheRequest() throws {
        let text = "app://x-callback-url/go?a=%41&x-success=s%3A%2F%2Fok"
        let input = Array(text.utf8)
        let right = Result { () throws(XCallbackRejection) in try XCallbackRequest(parsing: text) }
        #expect(RobustnessDriver.viewsFailure(text, expected: right, input: input) == nil)
        // The view is checked against the request's answer: one that differs in a byte, or a rejection, fails.
        var changed = try right.get()
        changed.parameters[0].value = "B"
        let failure = RobustnessDriver.viewsFailure(text, expected: .success(changed), input: input)
        #expect(failure?.rule == "views/agree")
        let rejected = Result<XCallbackRequest, XCallbackRejection>.failure(
            XCallbackRejection(.invalidPercentEncoding, "made up", input: text, offset: 0))
        #expect(RobustnessDriver.viewsFailure(text, expected: rejected, input: input)?.rule == "views/agree")
    }

    @Test func roundTripDriverHoldsOnSeededInputs() {
        var rng = SplitMix64(seed: 7)
        let driver = BuildRoundTripDriver()
        for _ in 0..<3_000 {
            let input = (0..<rng.below(200)).map { _ in UInt8(truncatingIfNeeded: rng.next()) }
            let failure = driver.failure(for: input)
            #expect(failure == nil, "\(failure?.description ?? "")")
            if failure != nil { break }
        }
    }

    @Test func callbackExpectationCatchesASecondQuestionMark() {
        let response = XCallbackResponse(callbackURL: "s://h/p?a=1", outcome: .success, source: "me")
        #expect(CallbackExpectation.problem(built: "s://h/p?a=1&x-source=me", response: response) == nil)
        #expect(CallbackExpectation.problem(built: "s://h/p?a=1?x-source=me", response: response) != nil)
    }

    @Test func differentialAgreesWithTheReferenceItself() throws {
        let driver = DifferentialDriver(target: ReferenceTarget())
        for url in ["a://x-callback-url/go?x+y=%zz", try nestedURL(depth: 3, value: "v"), "s://X-Callback-URL/open/?f&f#x"] {
            #expect(driver.compare(Array(url.utf8)).disagreements.isEmpty)
        }
    }

    @Test func differentialFailsAMustLevelDisagreement() throws {
        let failure = DifferentialDriver(target: CarelessTarget(declare: true)).failure(for: Array("a://x-callback-url/go#frag".utf8))
        let found = try #require(failure)
        #expect(found.rule == "differential/must/same-fragment")
        #expect(found.description.contains("reference: accepted"))
    }

    @Test func declaredChoiceIsModelledAndUndeclaredIsAllowed() {
        let input = Array("a://x-callback-url/go?t=a+b".utf8)
        #expect(DifferentialDriver(target: CarelessTarget(declare: true)).compare(input).disagreements.isEmpty)
        let undeclared = DifferentialDriver(target: CarelessTarget(declare: false)).compare(input).disagreements
        #expect(undeclared.map(\.level) == [.allowed])
        #expect(undeclared.first?.grade?.choice == .plus)
    }

    @Test func normalisationAcceptsOnlyItsRule() {
        let normalisation = DifferentialNormalisation(id: "no-fragment", trait: nil, rules: ["same-fragment"], reason: "test")
        let driver = DifferentialDriver(target: CarelessTarget(declare: true), normalisations: [normalisation])
        #expect(driver.failure(for: Array("a://x-callback-url/go#frag".utf8)) == nil)
        #expect(driver.compare(Array("a://x-callback-url/go#frag".utf8)).disagreements.first?.normalisedBy == "no-fragment")
    }

    @Test func plantedBugFiresOnlyAtThreeEncodedLevels() throws {
        #expect(PlantedBugDriver.triggerPath(in: Array(try nestedURL(depth: 3, value: "a&b=c").utf8)) == "x-success.x-success.text")
        #expect(PlantedBugDriver.triggerPath(in: Array(try nestedURL(depth: 3, value: "a&b").utf8)) == nil)
        #expect(PlantedBugDriver.triggerPath(in: Array(try nestedURL(depth: 2, value: "a&b=c").utf8)) == nil)
    }
}

@Suite struct NestedMutatorTests {
    @Test func layersSerialiseBackToTheReferenceEncoding() throws {
        let url = try nestedURL(depth: 4, value: "a&b=c#d%e+f é")
        let tree = NestedLayer(decoding: url)
        #expect(tree.layerCount == 4)
        #expect(tree.serialized(style: .light) == url)
    }

    @Test func mutationIsAFunctionOfInputAndSeed() throws {
        let input = Array(try nestedURL(depth: 3, value: "v").utf8)
        for seed in UInt32(0)..<50 {
            let first = NestedMutator.mutate(input, maxSize: 4096, seed: seed, byteMutator: NestedMutator.simpleByteMutator(seed: 1))
            let second = NestedMutator.mutate(input, maxSize: 4096, seed: seed, byteMutator: NestedMutator.simpleByteMutator(seed: 1))
            #expect(first == second)
            #expect(first.count <= 4096)
        }
    }

    @Test func crossOverNestsTheDonorWithEveryLevelEncoded() throws {
        let outer = Array("o://x-callback-url/run?k=v".utf8)
        let donor = Array(try nestedURL(depth: 2, value: "a&b=c").utf8)
        var reachedThirdLevel = false
        for seed in UInt32(0)..<20 {
            let child = NestedMutator.crossOver(outer, donor, maxSize: 4096, seed: seed)
            #expect(RobustnessDriver().failure(for: child) == nil)
            reachedThirdLevel = reachedThirdLevel || PlantedBugDriver.triggerPath(in: child) != nil
        }
        #expect(reachedThirdLevel)
    }
}
