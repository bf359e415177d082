import Foundation
import Testing
import XCallbackConformance

/// Deep nesting is refused by the parser with the place it happened, and every value it accepts can be
/// compared, written and released without exhausting the stack.
@Suite struct JSONDepthTests {
    static let deep = String(repeating: "[", count: 60_000) + String(repeating: "]", count: 60_000)

    @Test func sixtyThousandLevelsAreRefusedWithTheirPath() {
        #expect {
            try JSONValue(parsing: #"{"a": {"b": "# + Self.deep + "}}")
        } throws: { error in
            let text = "\(error)"
            return text.contains("nesting deeper than 512 levels at $.a.b[0][0][0][0]…[0][0][0]") && text.contains("column 524")
        }
    }

    @Test func theDeepestAcceptedValueCanBeComparedWrittenAndReleased() throws {
        let depth = JSONValue.maximumDepth
        let text = String(repeating: #"{"k":["#, count: depth / 2) + "1" + String(repeating: "]}", count: depth / 2)
        let value = try JSONValue(parsing: text)
        #expect(value.compactText == text)
        #expect(try JSONValue(parsing: value.prettyText) == value)
        #expect(Set([value, value]).count == 1)
        #expect(throws: JSONSyntaxError.self) { try JSONValue(parsing: "[" + text + "]") }
    }

    @Test func aDeepKnownFailuresFileNamesTheFileAndThePath() throws {
        let file = try RunnerFixtures.temporaryDirectory().appendingPathComponent("known.json")
        let text = #"{"knownFailures": [{"id": "XCU-2AAA", "kind": "crashed", "reason": "# + Self.deep + "}]}"
        try Data(text.utf8).write(to: file)
        #expect {
            try KnownFailures(contentsOf: file)
        } throws: { error in
            "\(error)".contains(file.path) && "\(error)".contains("$.knownFailures[0].reason[0][0]")
        }
    }

    @Test func aTargetAnsweringSixtyThousandLevelsFailsThatVectorAndTheRunGoesOn() throws {
        let target = try SubprocessTarget(
            command: TargetCommand(["python3", RunnerFixtures.misbehaving, "deep-on", "XCU-2AAB"]),
            configuration: RunnerFixtures.quickConfiguration())
        defer { target.stop() }
        let run = ConformanceRunner().run(try RunnerFixtures.miniSuite(), against: target)
        #expect(run.results.count == 9)
        #expect(run.results[1].result.verdict == .failed(.unreadableAnswer))
        #expect(run.results[1].result.detail.contains("nesting deeper than 512 levels at $.skipped.reason[0]"))
    }

    @Test func serveAnswersAHundredThousandLevelsAndAHugeSeqWithAnError() {
        let server = ProtocolServer(target: ReferenceTarget())
        let deep = #"{"seq":1,"cmd":"parse","url":"# + String(repeating: "[", count: 100_000) + "}"
        guard case .line(let first) = server.respond(to: deep) else { Issue.record("no answer"); return }
        #expect(first.contains("nesting deeper than 512 levels"))
        guard case .line(let second) = server.respond(to: #"{"seq":1e300,"cmd":"parse","url":"a://x-callback-url/b"}"#) else {
            Issue.record("no answer")
            return
        }
        #expect(second.contains(#""seq":null"#) && second.contains("whole number"))
    }
}
