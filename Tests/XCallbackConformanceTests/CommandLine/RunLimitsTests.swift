import Foundation
import Testing
import XCallbackCommandLine
import XCallbackConformance

/// A run always ends and always leaves a report: a deadline, a limit on timeouts in a row, SIGTERM, an
/// unwritable output found before the run, a closed standard output, and bounded numeric options.
@Suite(.serialized) struct RunLimitsTests {
    let mini = RunnerFixtures.miniSuiteDirectory.path

    func run(_ arguments: [String]) -> (status: Int32, out: String, err: String) {
        let captured = CapturedIO()
        let status = ConformanceCommandLine.main(arguments: arguments, io: captured.io)
        return (status, captured.standardOutput, captured.standardError)
    }

    /// Runs the built tool as a process; `stdout` is where its standard output goes.
    func launchTool(_ arguments: [String], stdout: FileHandle? = nil) throws -> (Process, Pipe) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try ServeEndToEndTests().tool())
        process.arguments = arguments
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = stdout ?? FileHandle.nullDevice
        try process.run()
        return (process, errors)
    }

    @Test func aTargetThatKeepsTimingOutIsGivenUpOnAndTheRestIsReportedNotRun() throws {
        var configuration = RunnerFixtures.quickConfiguration()
        configuration.timeout = .milliseconds(200)
        let ready = try RunnerFixtures.temporaryDirectory().appendingPathComponent("ready").path
        let target = try SubprocessTarget(
            command: TargetCommand(["python3", RunnerFixtures.misbehaving, "hang-all", ready]), configuration: configuration)
        defer { target.stop() }
        var limits = RunLimits()
        limits.maxConsecutiveTimeouts = 3
        let run = ConformanceRunner(limits: limits).run(try RunnerFixtures.miniSuite(), against: target)
        #expect(run.results.count == 3)
        #expect(run.notRun.map(\.id) == Array(RunnerFixtures.miniIDs.dropFirst(3)))
        #expect(run.stopReason == "gave up on the target after 3 timeouts in a row")
        #expect(run.problems.contains { $0.kind == .incomplete })
        #expect(TextReport.render(run).contains("INCOMPLETE: 6 vectors not run: gave up on the target after 3 timeouts in a row"))
    }

    @Test func aRunPastItsDeadlineStopsAndFails() throws {
        var limits = RunLimits()
        limits.runDeadline = .zero
        let run = ConformanceRunner(limits: limits).run(try RunnerFixtures.miniSuite(), against: ReferenceTarget())
        #expect(run.results.isEmpty)
        #expect(run.notRun.count == 9)
        #expect(!run.isConformant)
        #expect(run.stopReason?.hasPrefix("the run deadline") == true)
    }

    @Test func sigtermStopsTheTargetWritesTheReportOfWhatRanAndExits143() throws {
        let directory = try RunnerFixtures.temporaryDirectory()
        let ready = directory.appendingPathComponent("ready").path
        let report = directory.appendingPathComponent("report.txt").path
        let (process, errors) = try launchTool([
            "--vectors", mini, "--target", "python3 \(RunnerFixtures.misbehaving) hang-all \(ready)", "--timeout", "30",
            "-o", report,
        ])
        var waited = 0
        while !FileManager.default.fileExists(atPath: ready), waited < 600, process.isRunning {
            usleep(100_000)
            waited += 1
        }
        #expect(FileManager.default.fileExists(atPath: ready), "the target never got its first request")
        kill(process.processIdentifier, SIGTERM)
        process.waitUntilExit()
        let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(process.terminationStatus == ExitStatus.terminated, "\(stderr)")
        let text = try String(contentsOfFile: report, encoding: .utf8)
        // The vector in flight when the signal came counts as not run.
        #expect(text.contains("INCOMPLETE: 9 vectors not run: terminated by SIGTERM"))
        #expect(ProcessTable.pids(marked: ready).isEmpty, "the hanging target outlived the runner")
    }

    @Test func anUnwritableOutputIsRefusedBeforeTheRun() throws {
        let ready = try RunnerFixtures.temporaryDirectory().appendingPathComponent("ready").path
        let target = "python3 \(RunnerFixtures.misbehaving) hang-all \(ready)"
        let result = run(["--vectors", mini, "--target", target, "-o", "/nonexistent-xcu/report.txt"])
        #expect(result.status == ExitStatus.cannotRun)
        #expect(result.err.hasPrefix("error: cannot write the report to /nonexistent-xcu/report.txt: the folder"))
        #expect(!FileManager.default.fileExists(atPath: ready), "the target ran before the output was checked")
    }

    @Test func aFullStandardOutputIsAClearErrorNotATrap() throws {
        let (process, errors) = try launchTool(["--vectors", mini], stdout: FileHandle(forWritingAtPath: "/dev/full"))
        process.waitUntilExit()
        let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(process.terminationStatus == ExitStatus.outputFailed)
        #expect(stderr.contains("error: cannot write to standard output: No space left on device"))
    }

    @Test(arguments: [
        ["--timeout", "1e17"], ["--timeout", "0"], ["--handshake-timeout", "nan"], ["--run-deadline", "-1"],
        ["--max-consecutive-timeouts", "1e3"], ["--max-consecutive-timeouts", "100001"],
    ])
    func numericOptionsAreBounded(arguments: [String]) {
        let result = run(arguments)
        #expect(result.status == ExitStatus.usage)
        #expect(result.err.hasPrefix("error: \(arguments[0]) must be"))
    }

    @Test func aTranscriptRecordsEveryRawLine() throws {
        let path = try RunnerFixtures.temporaryDirectory().appendingPathComponent("transcript.txt").path
        let result = run([
            "--vectors", mini, "--target", "python3 \(RunnerFixtures.misbehaving) garbage-on XCU-2AAD", "--transcript", path,
        ])
        #expect(result.status == ExitStatus.failure)
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text.contains(#" > {"cmd":"start","protocol":1"#))
        #expect(text.contains(#" < {"protocol": 1, "implementation": {"name": "fixture-garbage-on""#))
        #expect(text.contains(" < this is not JSON {"))
        #expect(text.contains(" # unreadable-answer: the answer is not JSON"))
        #expect(text.contains(#" > {"cmd":"stop"}"#))
    }
}
