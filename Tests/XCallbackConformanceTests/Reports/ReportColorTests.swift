import Foundation
import Testing
import XCallbackCommandLine
import XCallbackConformance

/// The text report is coloured on a terminal, never where NO_COLOR asks, and as `--color` says.
@Suite struct ReportColorTests {
    let mini = RunnerFixtures.miniSuiteDirectory.path

    func run(_ arguments: [String], terminal: Bool, environment: [String: String] = [:]) -> String {
        let captured = CapturedIO()
        var io = captured.io
        io.standardOutputIsTerminal = terminal
        io.environment = environment
        _ = ConformanceCommandLine.main(arguments: ["--vectors", mini, "--no-progress"] + arguments, io: io)
        return captured.standardOutput
    }

    @Test func aTerminalGetsColourAndAPipeDoesNot() {
        #expect(run([], terminal: true).contains("\u{1B}[1;32mPASS\u{1B}[0m: 9 vectors"))
        #expect(!run([], terminal: false).contains("\u{1B}["))
    }

    @Test func noColorAndDumbTerminalsTurnAutoOffButNotAlways() {
        #expect(!run([], terminal: true, environment: ["NO_COLOR": "1"]).contains("\u{1B}["))
        #expect(!run([], terminal: true, environment: ["TERM": "dumb"]).contains("\u{1B}["))
        #expect(run([], terminal: true, environment: ["NO_COLOR": ""]).contains("\u{1B}[1;32mPASS"), "an empty NO_COLOR is unset")
        #expect(run(["--color", "always"], terminal: false, environment: ["NO_COLOR": "1"]).contains("\u{1B}[1;32mPASS"))
        #expect(!run(["--color", "never"], terminal: true).contains("\u{1B}["))
    }

    @Test func failuresAreRedAndOnlyTheReportsOwnWordsAreColoured() throws {
        let text = ReportFormat.text.render(try SampleRun.make(), tapVersion: 13, color: true)
        #expect(text.contains("\u{1B}[1;31mFAIL\u{1B}[0m XCU-2AAC  must  parse  wrong-result"))
        #expect(text.contains("\u{1B}[33mKNOWN\u{1B}[0m XCU-2AAA"))
        #expect(text.hasSuffix("\u{1B}[1;31mFAIL\u{1B}[0m: 2 unexpected failures, 1 known-failures problem\n"))
        #expect(!ReportFormat.json.render(try SampleRun.make(), tapVersion: 13, color: true).contains("\u{1B}"))
    }

    @Test func aBadColorValueIsAUsageError() {
        let captured = CapturedIO()
        #expect(ConformanceCommandLine.main(arguments: ["--color", "sometimes"], io: captured.io) == 64)
        #expect(captured.standardError.contains("--color must be auto, always or never"))
    }
}
