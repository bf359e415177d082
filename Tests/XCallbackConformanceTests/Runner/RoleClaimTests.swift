import Foundation
import Testing
import XCallbackConformance
import XCallbackURL

/// A claim of roles: the vectors of other roles are not applicable (never sent, never passed, counted apart), the
/// certificate names the profile the certified roles make, and a skipped must vector of a claimed role still fails.
@Suite struct RoleClaimTests {
    let suite: VectorSuite

    init() throws { suite = try VectorFixtures.suite.get() }

    @Test func aVectorOfAnUnclaimedRoleIsNeverSent() {
        let asked = AskedVectors()
        let run = ConformanceRunner().run(suite, against: RecordingTarget(claim: [.decode], asked: asked))
        let roles = Dictionary(uniqueKeysWithValues: suite.vectors.map { ($0.id, $0.role) })
        #expect(!asked.ids.isEmpty)
        #expect(asked.ids.allSatisfy { roles[$0] == .decode }, "asked about \(asked.ids.filter { roles[$0] != .decode })")
        #expect(asked.ids.count == suite.vectors.filter { $0.role == .decode }.count)
        #expect(run.results.count == suite.vectors.count)
    }

    @Test func aDecodeOnlyTargetHasEveryOtherVectorCountedNotApplicableNeverPassed() {
        let run = ConformanceRunner().run(suite, against: ReferenceTarget().claiming([.decode]))
        for item in run.results {
            #expect((item.result.verdict == .notApplicable) == (item.result.vector.role != .decode), "\(item.id)")
        }
        let summary = run.summary
        for level in Level.allCases {
            let vectors = suite.vectors.filter { $0.level == level }
            #expect(summary[level].notApplicable == vectors.filter { $0.role != .decode }.count, "\(level)")
            #expect(summary[level].passed == vectors.filter { $0.role == .decode }.count, "\(level)")
            #expect(summary[level].failed == 0 && summary[level].skipped == 0, "\(level)")
        }
        #expect(run.isConformant, "\(run.problems)")
    }

    @Test func theReferenceClaimsEveryRoleSoNothingIsNotApplicable() {
        let run = ConformanceRunner().run(suite, against: ReferenceTarget())
        #expect(run.claimedRoles == Set(TargetRole.allCases))
        #expect(run.summary.all.notApplicable == 0)
        #expect(run.summary.all.passed == suite.vectors.count)
        #expect(run.profile == [.receiver, .requestBuilder, .callbackBuilder])
    }

    @Test(arguments: [
        ([TargetRole.recognise, .decode], [TargetProfile.receiver]), ([.decode], [.decoder]), ([.recognise], []),
        ([.buildRequest], [.requestBuilder]), ([.buildCallback, .decode], [.decoder, .callbackBuilder]),
        (TargetRole.allCases, [.receiver, .requestBuilder, .callbackBuilder]),
    ])
    func theProfileIsNamedFromTheRoles(roles: [TargetRole], profile: [TargetProfile]) {
        #expect(TargetProfile.profiles(of: roles) == profile)
    }

    @Test func everyReportNamesTheProfileCertified() throws {
        let run = ConformanceRunner().run(suite, against: ReferenceTarget().claiming([.decode, .buildRequest]))
        #expect(run.certifiedRoles == [.decode, .buildRequest])
        #expect(TextReport.render(run).contains(
            "certified profile: decoder, request builder (roles: decode, build-request); not certified: recognise (not claimed), build-callback (not claimed)\n"))
        #expect(MarkdownReport.render(run).contains("Certified profile: **decoder, request builder**"))
        #expect(BadgeReport.document(run)["label"] == .string("x-callback-url suite \(suite.manifest.suiteVersion) · decoder, request builder"))
        #expect(JSONReport.document(run)["certification"]?["profile"] == ["decoder", "request builder"])
        #expect(JSONReport.document(run)["target"]?["roles"] == ["decode", "build-request"])
        #expect(TAPReport.render(run).contains("\n# certified profile: decoder, request builder (roles: decode, build-request)"))
        #expect(JUnitReport.render(run).contains("<property name=\"certified.profile\" value=\"certified profile: decoder, request builder"))
    }

    @Test func aSkippedMustVectorOfAClaimedRoleFailsTheRun() throws {
        let run = ConformanceRunner().run(try RunnerFixtures.miniSuite(), against: ScriptedTarget(skipsCallbacks: true).claiming(Set(TargetRole.allCases)))
        #expect(run.problems.map(\.kind) == [.skippedMust])
        #expect(run.problems.map(\.id) == ["XCU-2AAH"])
    }

    @Test func aRoleLeftUnclaimedIsNotApplicableRatherThanSkipped() throws {
        let run = ConformanceRunner().run(
            try RunnerFixtures.miniSuite(), against: ScriptedTarget(skipsCallbacks: true).claiming([.recognise, .decode, .buildRequest]))
        #expect(run.isConformant, "\(run.problems)")
        #expect(run.results.first { $0.id == "XCU-2AAH" }?.result.verdict == .notApplicable)
        #expect(run.operations.first { $0.operation == .buildCallback }?.note == "no role of it claimed")
        #expect(run.summary[.must].skipped == 0)
    }

    @Test func aKnownFailureNamingAVectorNotApplicableIsAProblemSayingSo() throws {
        let known = KnownFailures([.init(id: "XCU-2AAB", kind: .unexpectedAcceptance, reason: "we accept any host")])
        let run = ConformanceRunner(knownFailures: known).run(try RunnerFixtures.miniSuite(), against: ReferenceTarget().claiming([.decode]))
        let problem = try #require(run.problems.first)
        #expect(run.problems.count == 1)
        #expect(problem.kind == .notApplicable && problem.id == "XCU-2AAB")
        #expect(problem.message.contains("not applicable: the target does not claim the role recognise"))
    }

    @Test func aClaimOfAnUnknownRoleFailsTheRunNamingIt() throws {
        let run = ConformanceRunner().run(try RunnerFixtures.miniSuite(), against: ReferenceTarget().claiming([.decode, TargetRole(rawValue: "receive")]))
        let problem = try #require(run.problems.first { $0.kind == .invalidRoles })
        #expect(problem.message.hasPrefix("the target claims the unknown role 'receive'; the roles are recognise, decode"))
    }

    @Test func theJSONReportOfADecodeOnlyRunMatchesItsSchemaWithNullAnswers() throws {
        let run = ConformanceRunner().run(try RunnerFixtures.miniSuite(), against: ReferenceTarget().claiming([.decode]))
        let report = try JSONValue(parsing: ReportFormat.json.render(run))
        let violations = try SampleRun.schema("report.schema.json").validate(report)
        #expect(violations.isEmpty, "\(violations)")
        let results = try #require(report["results"]?.arrayValue)
        let notApplicable = results.filter { $0["verdict"] == "not-applicable" }
        #expect(notApplicable.count == run.results.filter { $0.result.vector.role != .decode }.count)
        #expect(notApplicable.allSatisfy { $0["answer"] == .null && $0["role"] != "decode" })
        #expect(report["summary"]?["must"]?["notApplicable"] == .number(Double(run.summary[.must].notApplicable)))
    }

    @Test func tapAndJUnitReportAVectorNotApplicableAsASkipSayingSo() throws {
        let run = ConformanceRunner().run(try RunnerFixtures.miniSuite(), against: ReferenceTarget().claiming([.decode]))
        let tap = TAPReport.render(run)
        #expect(tap.contains("ok 2 - XCU-2AAB parse must: A host other than x-callback-url is rejected # SKIP not applicable: the target does not claim the role recognise\n"))
        #expect(JUnitReport.render(run).contains("<skipped message=\"not applicable: the target does not claim the role recognise\"/>"))
    }

    @Test func selectingARoleLeavesTheOthersOutOfTheRun() {
        let run = ConformanceRunner(selection: VectorSelection(roles: [.recognise])).run(suite, against: ReferenceTarget())
        #expect(run.results.count == suite.vectors.filter { $0.role == .recognise }.count)
        #expect(run.results.allSatisfy { $0.result.vector.role == .recognise })
        #expect(run.selection.commandLine == "--role recognise")
    }
}

/// The vector ids a target was asked about.
final class AskedVectors: @unchecked Sendable {
    private let lock = NSLock()
    private var list: [String] = []

    var ids: [String] { lock.withLock { list } }
    func record() { lock.withLock { list.append(RunContext.vectorID ?? "?") } }
}

/// The reference with a claim of roles, recording every vector it is asked about.
struct RecordingTarget: ConformanceTarget {
    var claim: Set<TargetRole>?
    let asked: AskedVectors

    var identity: TargetIdentity { TargetIdentity(name: "recording", version: "1") }
    var declaredChoices: DeclaredChoices { .reference }
    var roles: Set<TargetRole>? { claim }

    func parse(_ url: String) -> TargetAnswer<XCallbackRequest> { asked.record(); return ReferenceTarget().parse(url) }
    func parse(utf8 bytes: [UInt8]) -> TargetAnswer<XCallbackRequest> { asked.record(); return ReferenceTarget().parse(utf8: bytes) }
    func buildRequest(_ request: XCallbackRequest) -> TargetAnswer<String> { asked.record(); return ReferenceTarget().buildRequest(request) }
    func buildCallback(_ response: XCallbackResponse) -> TargetAnswer<String> { asked.record(); return ReferenceTarget().buildCallback(response) }
}
