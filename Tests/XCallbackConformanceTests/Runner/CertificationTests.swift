import Foundation
import Testing
import XCallbackConformance
import XCallbackURL

/// A certificate means something: skipping is not conformance, and the run says which operations it certifies.
@Suite struct CertificationTests {
    let suite: VectorSuite

    init() throws { suite = try RunnerFixtures.miniSuite() }

    func runFixture(_ mode: String) throws -> ConformanceRun {
        let target = try SubprocessTarget(
            command: TargetCommand(["python3", RunnerFixtures.misbehaving, mode]), configuration: RunnerFixtures.quickConfiguration())
        defer { target.stop() }
        return ConformanceRunner().run(suite, against: target)
    }

    @Test func aTargetThatSkipsEveryVectorIsNotConformant() throws {
        let run = try runFixture("polite")
        #expect(!run.isConformant)
        #expect(run.certifiedOperations.isEmpty)
        #expect(run.problems.contains { $0.kind == .nothingCertified })
        #expect(run.problems.filter { $0.kind == .skippedMust }.count == 7)
        #expect(TextReport.render(run).contains("certified operations: none"))
    }

    @Test func aTargetThatDeclaresNoOperationCertifiesNothing() throws {
        let run = try runFixture("no-operations")
        #expect(!run.isConformant)
        #expect(run.problems.map(\.kind) == [.nothingCertified])
        #expect(run.operations.allSatisfy { $0.note == "not declared by the target" })
    }

    @Test func anUndeclaredOperationIsNamedAsNotCertifiedAndTheRestPasses() {
        let run = ConformanceRunner().run(suite, against: ScriptedTarget(skipsCallbacks: true))
        #expect(run.isConformant, "\(run.problems)")
        #expect(run.certifiedOperations == [.parse, .buildRequest])
        #expect(TextReport.render(run).contains("not certified: build-callback (every vector was skipped)"))
    }

    @Test func aSkippedMustVectorOfADeclaredOperationFailsUnlessListedWithAReason() {
        let target = DeclaringTarget(inner: ScriptedTarget(skipsCallbacks: true))
        let unlisted = ConformanceRunner().run(suite, against: target)
        #expect(unlisted.problems.map(\.kind) == [.skippedMust])
        #expect(unlisted.problems.map(\.id) == ["XCU-2AAH"])
        let excuse = KnownFailures([.init(id: "XCU-2AAH", kind: KnownFailures.skippedKind, reason: "callbacks come in 2.0")])
        let listed = ConformanceRunner(knownFailures: excuse).run(suite, against: target)
        #expect(listed.isConformant, "\(listed.problems)")
        #expect(KnownFailures.from(unlisted).entries.map(\.kind) == [KnownFailures.skippedKind])
    }

    @Test func aKnownFailuresEntryOfAnUnknownKindIsRefusedAtLoad() throws {
        let document = try JSONValue(parsing: #"{"knownFailures":[{"id":"XCU-2AAA","kind":"banana","reason":"r"}]}"#)
        #expect {
            try KnownFailures(json: document, file: "kf.json")
        } throws: { error in
            let text = "\(error)"
            return text.contains("kf.json") && text.contains("$.knownFailures[0].kind") && text.contains("wrong-result")
                && text.contains("banana")
        }
    }

    @Test func theKnownFailuresSchemaListsExactlyTheKindsTheLoaderAccepts() throws {
        let url = RunnerFixtures.protocolDirectory.appendingPathComponent("known-failures.schema.json")
        let schema = try JSONValue(parsing: Array(try Data(contentsOf: url)))
        let kinds = schema["properties"]?["knownFailures"]?["items"]?["properties"]?["kind"]?["enum"]?.arrayValue ?? []
        #expect(kinds.compactMap(\.stringValue) == KnownFailures.validKinds.map(\.rawValue))
    }
}

/// A scripted target that declares all three operations, as a subprocess target's handshake does.
struct DeclaringTarget: ConformanceTarget, OperationDeclaring {
    var inner: ScriptedTarget
    var operations: Set<XCallbackConformance.Operation> { Set(XCallbackConformance.Operation.allCases) }
    var identity: TargetIdentity { inner.identity }
    var declaredChoices: DeclaredChoices { inner.declaredChoices }
    func parse(_ url: String) -> TargetAnswer<XCallbackRequest> { inner.parse(url) }
    func parse(utf8 bytes: [UInt8]) -> TargetAnswer<XCallbackRequest> { inner.parse(utf8: bytes) }
    func buildRequest(_ request: XCallbackRequest) -> TargetAnswer<String> { inner.buildRequest(request) }
    func buildCallback(_ response: XCallbackResponse) -> TargetAnswer<String> { inner.buildCallback(response) }
}
