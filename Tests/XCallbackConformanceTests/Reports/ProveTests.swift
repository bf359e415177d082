import Foundation
import Testing
import XCallbackCommandLine
import XCallbackConformance

/// The TAP report as Debian's `prove` (TAP::Harness) reads it, where `prove` is installed.
@Suite struct ProveTests {
    /// `prove`'s path, or `nil` when it is not installed (the tests then skip, saying so).
    static let prove = ["/usr/bin/prove", "/usr/local/bin/prove"].first { FileManager.default.isExecutableFile(atPath: $0) }

    /// Runs `prove` over `tap` and returns its exit status and output.
    static func prove(_ tap: String) throws -> (status: Int32, output: String) {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("xcu-prove-\(UUID().uuidString).tap")
        try Data(tap.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        return try ToolProcess.run(URL(fileURLWithPath: prove ?? "/usr/bin/prove"), ["--exec", "cat", file.path])
    }

    @Test(.enabled(if: prove != nil, "prove is not installed (Debian: apt-get install perl); TAP not checked with prove"))
    func proveAcceptsAPassingRun() throws {
        let run = ConformanceRunner().run(try RunnerFixtures.miniSuite(), against: ReferenceTarget())
        let result = try Self.prove(ReportFormat.tap.render(run))
        #expect(result.status == 0, "\(result.output)")
        #expect(result.output.contains("Result: PASS"))
    }

    @Test(.enabled(if: prove != nil, "prove is not installed (Debian: apt-get install perl); TAP not checked with prove"))
    func proveFailsARunWithFailuresOrKnownFailuresProblemsAndExcusesKnownFailures() throws {
        let result = try Self.prove(ReportFormat.tap.render(try SampleRun.make()))
        #expect(result.status != 0)
        #expect(result.output.contains("Result: FAIL"))
        #expect(result.output.contains("Failed 3/10 subtests"), "two new failures and one known-failures problem: \(result.output)")
        let hostile = ConformanceRunner(knownFailures: KnownFailures([.init(id: "XCU-2AAB", kind: .unexpectedRejection, reason: Forgery.all)]))
            .run(try RunnerFixtures.miniSuite(), against: HostileTarget())
        let forged = try Self.prove(ReportFormat.tap.render(hostile))
        #expect(forged.status != 0 && !forged.output.contains("Result: PASS"), "a forged line does not make prove pass: \(forged.output)")
    }
}

/// `--tap-version` picks the TAP version of the report and refuses the others.
@Suite struct TAPVersionOptionTests {
    @Test func theToolWritesTAP13UnlessAskedFor14() {
        let mini = RunnerFixtures.miniSuiteDirectory.path
        for (arguments, first) in [([String](), "TAP version 13\n"), (["--tap-version=14"], "TAP version 14\n")] {
            let captured = CapturedIO()
            #expect(ConformanceCommandLine.main(arguments: ["--vectors", mini, "--format", "tap"] + arguments, io: captured.io) == 0)
            #expect(captured.standardOutput.hasPrefix(first))
        }
        let bad = CapturedIO()
        #expect(ConformanceCommandLine.main(arguments: ["--tap-version", "12"], io: bad.io) == 64)
        #expect(bad.standardError.contains("--tap-version must be 13 or 14, not '12'"))
    }
}
