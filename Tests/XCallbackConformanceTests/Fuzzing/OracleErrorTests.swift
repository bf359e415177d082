// The oracle errors the matrix's fuzz runs found (issue 30; Tests/Implementations/README.md, "Fuzzed, 60 s a row"),
// one test per class, each with the answer the oracle graded wrongly and a neighbour it still grades as before.

import Foundation
import Testing
import XCallbackConformance
import XCallbackConformanceCore
import XCallbackFuzzEngine
import XCallbackFuzzing
import XCallbackURL

@Suite struct OracleErrorTests {
    let generator = RequestGenerator(maximumDepth: 3, literals: true)

    /// The level of the driver's finding for a build-request answer, or nil for none.
    func level(building request: XCallbackRequest, answer: TargetAnswer<String>) -> String? {
        let target = FixedAnswerTarget(buildAnswer: answer, declaredChoices: [:])
        return DifferentialDriver(target: target).failure(for: generator.literalBytes(request: request)).map { String($0.rule.split(separator: "/")[1]) }
    }

    /// The driver's finding for a build-callback answer, or nil for none.
    func failure(building response: XCallbackResponse, answer: TargetAnswer<String>) -> FuzzFailure? {
        let target = FixedAnswerTarget(buildAnswer: answer, declaredChoices: [:])
        return DifferentialDriver(target: target).failure(for: generator.literalBytes(response: response))
    }

    /// O3: an empty name the reference refuses is read back as the target built it (the scheme lowercased), so a
    /// URL that reads back as the request is no finding (XCU-XPKA allows it) and one that drops the name is XPKA's should.
    @Test func aRequestWithAnEmptyNameIsJudgedByWhatItsURLReadsBackAs() {
        let request = XCallbackRequest(scheme: "rsV", action: "aca", parameters: [XCallbackParameter("", "")])
        #expect(level(building: request, answer: .accepted("rsv://x-callback-url/aca?=")) == nil)
        let flag = XCallbackRequest(scheme: "TargetApp", action: "open", parameters: [XCallbackParameter("", nil)])
        #expect(level(building: flag, answer: .accepted("targetapp://x-callback-url/open?")) == "should")
        // A name the target drops where the reference builds stays the must it is.
        let named = XCallbackRequest(scheme: "app", action: "open", parameters: [XCallbackParameter("a", "1")])
        #expect(level(building: named, answer: .accepted("app://x-callback-url/open?")) == "must")
    }

    /// O7: a scheme holding ':' or a non-ASCII digit is no scheme (RFC 3986 3.1), so a trap on it is graded as
    /// the vectors grade a trap on an invalid scheme (XCU-XULD, hardening since 5.0.0: a developer's constant).
    @Test(arguments: ["ap:y", "a\u{096E}", "app:"])
    func aTrapOnAnInvalidSchemeIsGradedAsTheVectorsGradeIt(scheme: String) {
        let request = XCallbackRequest(scheme: scheme, action: "open")
        #expect(level(building: request, answer: .broken(TargetBreakage(.crashed, "Fatal error: trap"))) == "hardening")
    }

    /// O1: a callback that is no URI as given may be refused or percent-encoded (should at most: no vector holds
    /// one, and the rule for must asks for a URI); the same answers on a URI callback stay must.
    @Test func aCallbackThatIsNoURIMayBeRefusedOrEncodedAtShould() throws {
        let odd = XCallbackResponse(callbackURL: "src://x-callback-url/done?q=a\"b", outcome: .success, parameters: [XCallbackParameter("r", "1")])
        let encoded = failure(building: odd, answer: .accepted("src://x-callback-url/done?q=a%22b&r=1"))
        #expect(encoded.map { !$0.rule.hasPrefix("differential/must/") } ?? true, "\(encoded?.rule ?? "")")
        let refused = try #require(failure(building: odd, answer: .rejected(category: .invalidCallbackURL, message: nil)))
        #expect(refused.rule.hasPrefix("differential/should/"), "\(refused.rule)")
        // With a raw control, which the must vector XCU-YBWK holds in an appended value, the refusal takes the grade
        // of the vectors of an invalid callback.
        let control = XCallbackResponse(callbackURL: "r://a\u{01}b", outcome: .success, parameters: [XCallbackParameter("r", "1")])
        let refusedControl = try #require(failure(building: control, answer: .rejected(category: .invalidCallbackURL, message: nil)))
        #expect(refusedControl.rule.hasPrefix("differential/should/"), "\(refusedControl.rule)")
        let good = XCallbackResponse(callbackURL: "src://x-callback-url/done?q=ab", outcome: .success, parameters: [XCallbackParameter("r", "1")])
        #expect(failure(building: good, answer: .rejected(category: .invalidCallbackURL, message: nil))?.rule.hasPrefix("differential/must/") == true)
    }

    /// O1: what makes a callback no URI as given, and what does not.
    @Test(arguments: [
        ("src://x-callback-url/done?q=a\"b", false), ("r://]", false), ("r://h/a[b", false), ("r://h/#a#b", false), ("r://h/%4", false),
        ("r://h/a b", false), ("r://h/\u{E9}", false), ("r://[::1]/a?b#c", true), ("r://u@[v1.x]:8/a", true), ("src://x-callback-url/ok?q=%22", true),
    ])
    func aCallbackIsURITextOrNot(callback: String, isURI: Bool) {
        let response = XCallbackResponse(callbackURL: callback, outcome: .success, parameters: [XCallbackParameter("r", "1")])
        let refusing = FixedAnswerTarget(buildAnswer: .rejected(category: nil, message: nil), declaredChoices: [:])
        let report = DifferentialDriver(target: refusing).compare(generator.literalBytes(response: response))
        #expect(!report.disagreements.isEmpty)
        #expect(report.traits.contains(.callbackNotAURI) == !isURI, "\(report.traits)")
    }

    /// O4: the hex-case and unreserved checks judge what the builder writes, never the escapes the callback brought,
    /// even where the builder respelled the callback (that change is the shape check's).
    @Test func theCallbacksOwnEscapesAreNotTheBuildersSpelling() {
        let response = XCallbackResponse(callbackURL: "src://x-callback-url/d\u{F6}?a=%c3%a9&b=%31", outcome: .success, parameters: [XCallbackParameter("r", "1")])
        let target = FixedAnswerTarget(buildAnswer: .accepted("src://x-callback-url/d%C3%B6?a=%c3%a9&b=%31&r=1"), declaredChoices: [:])
        let report = DifferentialDriver(target: target).compare(generator.literalBytes(response: response))
        let rules = report.disagreements.map(\.rule)
        #expect(!rules.contains(.hexCase) && !rules.contains(.unreservedEscape), "\(report.disagreements)")
        // The builder's own lowercase escape is still its habit.
        let plain = XCallbackResponse(callbackURL: "src://x-callback-url/done", outcome: .success, parameters: [XCallbackParameter("r", "\u{E9}")])
        let lower = FixedAnswerTarget(buildAnswer: .accepted("src://x-callback-url/done?r=%c3%a9"), declaredChoices: [:])
        #expect(DifferentialDriver(target: lower).compare(generator.literalBytes(response: plain)).disagreements.map(\.rule).contains(.hexCase))
    }

    /// O2: an answer that is the reading under values of two undeclared points, each allowed alone, is allowed
    /// (XCU-24NR, decode-choice-combination); one under a declared point's other value is still a contradiction.
    @Test func aCombinationOfUndeclaredChoicesIsNoFinding() {
        let text = "t://x-callback-url/p?d&amount&l&amount"
        let reading = ChoiceModel.expected(for: text, choices: [.flagParameter: "empty-value", .duplicateParameter: "first"])
        let undeclared = FixedAnswerTarget(parseAnswer: reading, declaredChoices: [:])
        #expect(DifferentialDriver(target: undeclared).failure(for: Array(text.utf8)) == nil)
        let declared = FixedAnswerTarget(parseAnswer: reading, declaredChoices: [.flagParameter: "drop", .duplicateParameter: "last"])
        #expect(DifferentialDriver(target: declared).failure(for: Array(text.utf8)) != nil)
    }
}

/// A driver that fails every input holding a `Z`, whatever else it holds.
private struct AnyZDriver: FuzzDriver {
    var name: String { "any-z" }
    func failure(for input: [UInt8]) -> FuzzFailure? {
        input.contains(UInt8(ascii: "Z")) ? FuzzFailure(rule: "differential/must/any-z", input: input) : nil
    }
}

@Suite struct ShrinkerRoleTests {
    /// O6: shrinking a finding of a decoder tries no smaller input of a role the target does not claim, so the
    /// finding written is one the run itself would have judged.
    @Test func aShrunkFindingKeepsToTheClaimedRoles() {
        let input = Array("app://x-callback-url/aZ?v=1".utf8)
        let failure = FuzzFailure(rule: "differential/must/any-z", input: input)
        let key = FuzzEngine<AnyZDriver>.key(of: failure)
        let kept = FuzzShrinker(driver: AnyZDriver(), key: key, attempts: 400, admits: { TargetRole.parseRole(of: $0) == .decode }).shrink(failure)
        #expect(TargetRole.parseRole(of: kept.input) == .decode, "\(String(decoding: kept.input, as: UTF8.self))")
        #expect(kept.input.count < input.count)
        // Without the bound the same shrinking leaves the role: the input is cut down to the `Z` alone.
        let free = FuzzShrinker(driver: AnyZDriver(), key: key, attempts: 400).shrink(failure)
        #expect(TargetRole.parseRole(of: free.input) != .decode)
    }
}

@Suite(.serialized) struct BatchedRolesTests {
    /// O6: a target that speaks protocol 2 is fuzzed through `FuzzBatchTarget`, which answers for it with the roles
    /// its hello claims: a decoder that takes any host (as a value type holding a URL does) has no finding.
    @Test func aBatchedDecoderIsNotJudgedOnRecognition() {
        let fixture = RunnerFixtures.directory.appendingPathComponent("decoder_only_adapter.py").path
        let run = BuilderFixtures.fuzz(["--target", "python3 \(fixture)", "--seed", "1", "--runs", "\(BuilderFixtures.seedRuns() * 3)"])
        defer { try? FileManager.default.removeItem(at: run.findings) }
        #expect(run.status == 0, "\(run.out)\(run.err)")
        // The same parser claiming recognition too is judged on it, and found out.
        let claiming = BuilderFixtures.fuzz(["--target", "python3 \(fixture)", "--roles", "recognise,decode", "--seed", "1", "--runs", "\(BuilderFixtures.seedRuns())"])
        defer { try? FileManager.default.removeItem(at: claiming.findings) }
        #expect(claiming.status == 1 && claiming.out.contains("FINDING XCU-"), "\(claiming.out)")
    }
}
