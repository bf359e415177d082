import Foundation
import Testing
import XCallbackConformance

@Suite struct KnownFailuresTests {
    let suite: VectorSuite
    let target = ScriptedTarget(rejectIDs: ["XCU-2AAA"], wrongIDs: ["XCU-2AAC"])

    init() throws { suite = try RunnerFixtures.miniSuite() }

    func run(_ entries: [KnownFailures.Entry]) -> ConformanceRun {
        ConformanceRunner(knownFailures: KnownFailures(entries)).run(suite, against: target)
    }

    @Test func aListThatNamesEveryFailureMakesTheRunPass() {
        let run = run([
            .init(id: "XCU-2AAA", kind: .unexpectedRejection, reason: "rejects too much"),
            .init(id: "XCU-2AAC", kind: .wrongResult, reason: "mangles the action"),
        ])
        #expect(run.isConformant)
        #expect(run.summary[.must].knownFailures == 2)
        #expect(run.results.filter { $0.knownFailure != nil }.map(\.id) == ["XCU-2AAA", "XCU-2AAC"])
    }

    @Test func aNewFailureFailsTheRun() {
        let run = run([.init(id: "XCU-2AAA", kind: .unexpectedRejection, reason: "rejects too much")])
        #expect(!run.isConformant)
        #expect(run.problems.map(\.kind) == [.newFailure])
        #expect(run.problems.map(\.id) == ["XCU-2AAC"])
    }

    @Test func aFailureOfAnotherKindThanListedFailsTheRun() {
        let run = run([
            .init(id: "XCU-2AAA", kind: .wrongCategory, reason: "listed with the wrong kind"),
            .init(id: "XCU-2AAC", kind: .wrongResult, reason: "mangles the action"),
        ])
        #expect(run.problems.map(\.kind) == [.differentKind])
        #expect(run.problems.first?.message.contains("listed as wrong-category but failed as unexpected-rejection") == true)
    }

    @Test func aListedVectorThatPassesFailsTheRun() {
        let run = run([
            .init(id: "XCU-2AAA", kind: .unexpectedRejection, reason: "rejects too much"),
            .init(id: "XCU-2AAC", kind: .wrongResult, reason: "mangles the action"),
            .init(id: "XCU-2AAB", kind: .wrongCategory, reason: "fixed since"),
        ])
        #expect(run.problems.map(\.kind) == [.nowPassing])
        #expect(run.problems.map(\.id) == ["XCU-2AAB"])
    }

    @Test func anEntryNamingNoVectorFailsTheRun() {
        let run = run([
            .init(id: "XCU-2AAA", kind: .unexpectedRejection, reason: "rejects too much"),
            .init(id: "XCU-2AAC", kind: .wrongResult, reason: "mangles the action"),
            .init(id: "XCU-ZZZZ", kind: .wrongResult, reason: "a vector that never existed"),
        ])
        #expect(run.problems.map(\.kind) == [.unknownVector])
        #expect(run.problems.first?.message.contains("XCU-ZZZZ") == true)
    }

    @Test func writtenFailuresReadBackAndExcuseTheSameRun() throws {
        let first = ConformanceRunner().run(suite, against: target)
        #expect(!first.isConformant)
        var written = KnownFailures.from(first)
        #expect(written.entries.map(\.id) == ["XCU-2AAA", "XCU-2AAC"])
        for index in written.entries.indices { written.entries[index].reason = "reason \(index)" }
        let text = written.json(target: first.target, suiteVersion: first.suite.version).prettyText
        let readBack = try KnownFailures(json: try JSONValue(parsing: text), file: "known.json")
        #expect(readBack == written)
        let second = ConformanceRunner(knownFailures: readBack).run(suite, against: target)
        #expect(second.isConformant)
    }

    @Test func aListStillHoldingThePlaceholderReasonIsRefusedNamingTheIDs() throws {
        let written = KnownFailures.from(ConformanceRunner().run(suite, against: target))
        var edited = written
        for index in edited.entries.indices { edited.entries[index].reason = "rejects too much" }
        #expect(throws: Never.self) { try KnownFailures(json: edited.json(target: nil, suiteVersion: nil), file: "kf.json") }
        let error = #expect(throws: VectorLoadError.self) {
            try KnownFailures(json: written.json(target: nil, suiteVersion: nil), file: "kf.json")
        }
        #expect(error?.file == "kf.json")
        #expect(error?.path == "$.knownFailures[0].reason")
        #expect(error?.expected.hasSuffix("is still the reason of XCU-2AAA, XCU-2AAC") == true)
    }

    @Test func rewritingKeepsTheReasonsPeopleWrote() {
        let edited = KnownFailures([.init(id: "XCU-2AAA", kind: .unexpectedRejection, reason: "our parser is strict", issue: "https://example.com/1")])
        let run = ConformanceRunner(knownFailures: edited).run(suite, against: target)
        let rewritten = KnownFailures.from(run, keeping: edited)
        #expect(rewritten.entry(for: "XCU-2AAA") == edited.entries[0])
        #expect(rewritten.entry(for: "XCU-2AAC")?.kind == .wrongResult)
    }

    @Test(arguments: [
        (#"{"knownFailures": [{"id": "XCU-2AAA", "kind": "wrong-result"}]}"#, "$.knownFailures[0]", "the member 'reason'"),
        (#"{"knownFailures": [{"id": "XCU-2AAA", "kind": "wrong-result", "reason": " "}]}"#, "$.knownFailures[0].reason", "a reason"),
        (#"{"knownFailures": {}}"#, "$.knownFailures", "an array"),
        (#"{"knownFailures": [], "extra": 1}"#, "$.extra", "one of the members"),
        (
            #"{"knownFailures": [{"id": "XCU-2AAA", "kind": "crashed", "reason": "r"}, {"id": "XCU-2AAA", "kind": "crashed", "reason": "r"}]}"#,
            "$.knownFailures[1].id", "an id listed once"
        ),
    ])
    func malformedListsAreRejectedWithTheirPath(text: String, path: String, expected: String) throws {
        let error = #expect(throws: VectorLoadError.self) {
            try KnownFailures(json: try JSONValue(parsing: text), file: "known.json")
        }
        #expect(error?.file == "known.json")
        #expect(error?.path == path)
        #expect(error?.expected.hasPrefix(expected) == true)
    }
}
