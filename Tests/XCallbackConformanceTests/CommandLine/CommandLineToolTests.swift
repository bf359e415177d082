import Foundation
import Testing
import XCallbackCommandLine
import XCallbackConformance

/// The tool run as a library call with captured streams, exactly as `main.swift` runs it.
@Suite(.serialized) struct CommandLineToolTests {
    let mini = RunnerFixtures.miniSuiteDirectory.path

    func run(_ arguments: [String], input: [String] = []) -> (status: Int32, out: String, err: String) {
        let captured = CapturedIO(input: input)
        let status = ConformanceCommandLine.main(arguments: arguments, io: captured.io)
        return (status, captured.standardOutput, captured.standardError)
    }

    @Test func helpAndVersion() {
        let help = run(["--help"])
        #expect(help.status == 0)
        #expect(help.out.hasPrefix("USAGE: xcallback-conformance [run] [options]"))
        #expect(help.out.contains("--write-known-failures FILE"))
        let version = run(["--version"])
        #expect(version.status == 0)
        #expect(version.out == "xcallback-conformance \(SuiteInfo.version) (protocol 1)\n")
    }

    @Test func aUsageErrorExits64WithTheUsageLineOnStderr() {
        let result = run(["--format", "pdf"])
        #expect(result.status == 64)
        #expect(result.out.isEmpty)
        #expect(result.err.hasPrefix("error: --format must be one of"))
        #expect(result.err.contains("USAGE: xcallback-conformance"))
    }

    @Test func theDefaultRunsTheBundledSuiteAgainstTheReference() throws {
        let result = run(["--no-progress"])
        #expect(result.status == 0, "\(result.err)")
        #expect(result.out.contains("target: xcallback-reference"))
        #expect(result.out.contains("PASS: \(try VectorSuite.bundled().vectors.count) vectors"))
    }

    @Test func theFoundationTargetShowsRealFailuresWithTheirIds() {
        let result = run(["--target", "foundation"])
        #expect(result.status == 1)
        let failures = result.out.split(separator: "\n").filter { $0.hasPrefix("FAIL XCU-") }
        #expect(failures.count > 10)
        #expect(result.out.contains("\nFAIL: "))
    }

    @Test func aTerminalGetsAProgressLineThatIsClearedBeforeTheReport() {
        let captured = CapturedIO()
        var io = captured.io
        io.standardOutputIsTerminal = true
        #expect(ConformanceCommandLine.main(arguments: ["--vectors", mini], io: io) == 0)
        #expect(captured.standardOutput.hasPrefix("\r\u{1B}[K[1/9] XCU-2AAA passed"))
        #expect(captured.standardOutput.contains("\r\u{1B}[K[9/9] XCU-2AAJ passed\r\u{1B}[Kxcallback-conformance "))
        let quiet = CapturedIO()
        var quietIO = quiet.io
        quietIO.standardOutputIsTerminal = true
        #expect(ConformanceCommandLine.main(arguments: ["--vectors", mini, "--no-progress"], io: quietIO) == 0)
        #expect(quiet.standardOutput.hasPrefix("xcallback-conformance "))
    }

    @Test func aRunCanBeNarrowedAndWrittenToAFile() throws {
        let directory = try RunnerFixtures.temporaryDirectory()
        let output = directory.appendingPathComponent("report.xml").path
        let result = run(["--vectors", mini, "--tag", "host", "--format", "junit", "--output", output])
        #expect(result.status == 0)
        #expect(result.out == "wrote the junit report to \(output): PASS\n")
        let xml = try JUnitDocument(parsing: try String(contentsOfFile: output, encoding: .utf8))
        #expect(xml.root.int("tests") == 2)
    }

    @Test func knownFailuresRoundTripThroughTheTool() throws {
        let directory = try RunnerFixtures.temporaryDirectory()
        let list = directory.appendingPathComponent("known.json").path
        let first = run(["--vectors", mini, "--target", "foundation", "--write-known-failures", list, "--format", "tap"])
        #expect(first.status == 1)
        #expect(first.err.contains("wrote 3 known failures to \(list)"))  // two failures and one skipped must vector
        let unedited = run(["--vectors", mini, "--target", "foundation", "--known-failures", list])
        #expect(unedited.status == 70, "a list still holding the placeholder reasons is refused")
        #expect(unedited.err.contains("placeholder"), "\(unedited.err)")
        let text = try String(contentsOfFile: list, encoding: .utf8)
        try text.replacingOccurrences(of: KnownFailures.placeholderReason, with: "Foundation keeps it as written")
            .write(toFile: list, atomically: true, encoding: .utf8)
        let second = run(["--vectors", mini, "--target", "foundation", "--known-failures", list])
        #expect(second.status == 0, "\(second.out)")
        #expect(second.out.contains("PASS: 9 vectors, 2 known failures"))
        let stale = run(["--vectors", mini, "--known-failures", list])
        #expect(stale.status == 1)
        #expect(stale.out.contains("now-passing"))
    }

    @Test func theRunCannotHappenWithoutVectorsOrAProgramOrAValidList() throws {
        let missing = run(["--vectors", "/nonexistent/xcu"])
        #expect(missing.status == 70)
        #expect(missing.err.contains("manifest.json"))
        #expect(missing.err.contains("pass --vectors DIR"))
        let program = run(["--vectors", mini, "--target", "no-such-program-xcu"])
        #expect(program.status == 70)
        #expect(program.err.contains("'no-such-program-xcu' was not found on PATH"))
        let directory = try RunnerFixtures.temporaryDirectory()
        let bad = directory.appendingPathComponent("bad.json")
        try Data(#"{"knownFailures": [{"id": "XCU-2AAA"}]}"#.utf8).write(to: bad)
        let list = run(["--vectors", mini, "--known-failures", bad.path])
        #expect(list.status == 70)
        #expect(list.err.contains("\(bad.path): $.knownFailures[0]: expected the member 'reason'"))
        let unwritable = run(["--vectors", mini, "--output", "/nonexistent/dir/report.txt"])
        #expect(unwritable.status == 70)
    }

    @Test func aSubprocessTargetRunsFromTheCommandLine() {
        let result = run([
            "--vectors", mini, "--target", "python3 \(RunnerFixtures.exampleAdapter)", "--format", "json",
        ])
        #expect(result.status == 0, "\(result.err)")
        #expect(result.out.contains(#""name": "example-python-adapter""#))
        #expect(result.out.contains(#""kind": "subprocess: python3 "#))
    }

    @Test func validateChecksEveryMessageAgainstTheSchemas() {
        let target = "python3 \(RunnerFixtures.misbehaving) anonymous"
        let lenient = run(["--vectors", mini, "--target", target, "--format", "tap"])
        #expect(!lenient.err.contains("handshake"))
        let strict = run(["--vectors", mini, "--target", target, "--format", "tap", "--validate"])
        #expect(strict.status == 1)
        #expect(strict.err.contains("the hello breaks its schema: $.implementation.name"))
        let adapter = run(["--vectors", mini, "--target", "python3 \(RunnerFixtures.exampleAdapter)", "--validate"])
        #expect(adapter.status == 0, "\(adapter.out)")
    }

    @Test func aBrokenSubprocessTargetStillGivesOneResultPerVector() {
        let result = run([
            "--vectors", mini, "--target", "python3 \(RunnerFixtures.misbehaving) crash-at-start", "--format", "tap",
        ])
        #expect(result.status == 1)
        #expect(result.err.contains("warning: the target failed its handshake (crashed)"))
        #expect(result.out.contains("1..9\n"))
        #expect(result.out.split(separator: "\n").filter { $0.hasPrefix("not ok") }.count == 9)
    }
}
