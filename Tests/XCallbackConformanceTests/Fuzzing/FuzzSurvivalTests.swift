// `xcallback-conformance fuzz --target CMD`, run as the built tool against targets that break: a target
// broken on every input is called dead (exit 70, one message) within a few timeouts, one broken on some
// inputs is fuzzed and its findings reported, and SIGINT or SIGTERM in the middle of a run (standard
// output redirected to a file, as in CI) leaves the header, the summary and the findings behind, and no
// process of the target running.

import Foundation
import Testing
import XCallbackCommandLine
import XCallbackConformance

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `Fixtures/broken_fuzz_target.py`.
private let brokenTarget = RunnerFixtures.directory.appendingPathComponent("broken_fuzz_target.py").path

/// A started `fuzz` process with its standard output in a file.
private struct FuzzRun {
    let process: Process
    let output: URL
    let errors: URL

    /// Starts the built tool with `fuzz`, the mini suite's vectors and `arguments`; `FIXTURE_PID_DIR` set when `pids`
    /// is given. What these tests check (a target that dies, hangs or is signalled) does not depend on the vectors,
    /// and learning the bundled suite's fault table would cost each process about 15 s in a debug build.
    init(_ arguments: [String], pids: URL? = nil) throws {
        let scratch = FuzzFixtures.temporaryDirectory()
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        output = scratch.appendingPathComponent("stdout")
        errors = scratch.appendingPathComponent("stderr")
        _ = FileManager.default.createFile(atPath: output.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errors.path, contents: nil)
        process = Process()
        process.executableURL = FuzzCommandTests.tool
        process.arguments = ["fuzz", "--vectors", RunnerFixtures.miniSuiteDirectory.path] + arguments
        process.standardOutput = try FileHandle(forWritingTo: output)
        process.standardError = try FileHandle(forWritingTo: errors)
        var environment = ProcessInfo.processInfo.environment
        if let pids { environment["FIXTURE_PID_DIR"] = pids.path }
        process.environment = environment
        try process.run()
    }

    /// Kills the tool if it still runs (a test that stopped early must not leave it behind).
    func end() {
        guard process.isRunning else { return }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    /// Waits for the exit, at most `seconds` (then kills the tool and returns nil: the test must not hang).
    func wait(seconds: Double = 60) -> Int32? {
        let deadline = Date().addingTimeInterval(seconds)
        while process.isRunning, Date() < deadline { usleep(20_000) }
        guard !process.isRunning else {
            end()
            return nil
        }
        return process.terminationStatus
    }

    var standardOutput: String { (try? String(contentsOf: output, encoding: .utf8)) ?? "" }
    var standardError: String { (try? String(contentsOf: errors, encoding: .utf8)) ?? "" }
}

/// Waits up to `seconds` for `condition`; returns whether it held.
private func eventually(seconds: Double, _ condition: () -> Bool) -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
        if condition() { return true }
        usleep(20_000)
    }
    return condition()
}

/// The pids recorded in `directory` whose process is still running (a zombie has ended).
private func survivors(in directory: URL) -> [Int32] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
    return names.compactMap(Int32.init).filter { pid in
        guard kill(pid, 0) == 0 else { return false }
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let close = stat.lastIndex(of: ")")
        else { return true }
        return !stat[close...].dropFirst(2).hasPrefix("Z")
    }
}

@Suite(.serialized) struct FuzzSurvivalTests {
    @Test(arguments: [
        ("crash-all", "crashed"), ("hang-all", "timed-out"), ("garbage-all", "unreadable-answer"),
        ("crash-all protocol1", "crashed"), ("hang-all protocol1", "timed-out"), ("garbage-all protocol1", "unreadable-answer"),
    ])
    func aTargetBrokenOnEveryInputIsCalledDeadWithExitSeventy(mode: String, kind: String) throws {
        try #require(FileManager.default.isExecutableFile(atPath: FuzzCommandTests.tool.path), "build the tool first")
        let findings = FuzzFixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: findings) }
        let command = "python3 \(brokenTarget) \(mode)"
        let run = try FuzzRun(["--target", command, "--seed", "1", "--runs", "2000", "--timeout", "0.3", "--no-progress", "--findings", findings.path])
        let status = run.wait()
        #expect(status == 70, "\(run.standardError)")
        let message = run.standardError
        #expect(message.hasPrefix("error: the target is dead: it broke on each of the last 5 inputs (\(kind) ×5), so the fuzz run stopped"))
        #expect(message.contains("Run the conformance suite on the adapter first, and fix what it reports: xcallback-conformance --target '\(command)'"))
        #expect(message.components(separatedBy: "error:").count == 2, "one message: \(message)")
        let output = run.standardOutput
        #expect(output.hasPrefix("fuzz: broken-fuzz-target-"))
        #expect(output.contains("5 executions in"))
        #expect(output.contains("(not shrunk: the target broke on every input after it)"))
        // The finding so far is kept, as a vectors directory the runner reads.
        let suite = try VectorSuite(directory: findings)
        #expect(suite.vectors.count == 1)
    }

    @Test(arguments: ["crash-at 7", "crash-at 7 protocol1"])
    func aTargetThatCrashesOnSomeInputsIsNotDead(mode: String) throws {
        try #require(FileManager.default.isExecutableFile(atPath: FuzzCommandTests.tool.path), "build the tool first")
        let findings = FuzzFixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: findings) }
        // Shrinking is not what this checks: a second per finding keeps the run short.
        let run = try FuzzRun(
            ["--target", "python3 \(brokenTarget) \(mode)", "--runs", "200", "--timeout", "2", "--shrink-seconds", "1", "--no-progress",
             "--findings", findings.path])
        let status = run.wait(seconds: 120)
        #expect(status == 1, "\(run.standardError)")
        #expect(!run.standardError.contains("dead"))
        #expect(run.standardOutput.contains("the target broke: crashed"))
        #expect(run.standardOutput.contains("200 executions in"))
    }

    @Test(arguments: [(SIGTERM, Int32(143)), (SIGINT, Int32(130))])
    func aSignalMidRunLeavesTheSummaryTheFindingsAndNoTargetProcess(signal: Int32, status: Int32) throws {
        try #require(FileManager.default.isExecutableFile(atPath: FuzzCommandTests.tool.path), "build the tool first")
        let findings = FuzzFixtures.temporaryDirectory()
        let pids = FuzzFixtures.temporaryDirectory()
        let corpus = FuzzFixtures.temporaryDirectory()
        try FileManager.default.createDirectory(at: pids, withIntermediateDirectories: true)
        defer { for directory in [findings, pids, corpus] { try? FileManager.default.removeItem(at: directory) } }
        let run = try FuzzRun(
            // Short seeds only (the target restarts every 50 inputs), so mutations start soon.
            ["--target", "python3 \(brokenTarget) crash-at 50", "--seconds", "60", "--max-len", "64", "--no-progress", "--findings", findings.path,
             "--corpus", corpus.path], pids: pids)
        defer { run.end() }
        // The first finding is on disk, as a vectors directory, while the run still goes; its line follows the
        // write (it names the directory), so the two are awaited together.
        let written = eventually(seconds: 30) {
            FileManager.default.fileExists(atPath: findings.appendingPathComponent("manifest.json").path)
                && run.standardOutput.contains("finding 1 at execution ")
        }
        try #require(written, "no finding written and announced: \(run.standardError)")
        #expect(run.process.isRunning)
        #expect(try VectorSuite(directory: findings).vectors.count >= 1)
        #expect(run.standardOutput.hasPrefix("fuzz: broken-fuzz-target-crash-at 1.0.0 against the reference"))
        #expect(run.standardOutput.contains("finding 1 at execution "))

        // The seeds (every vector's input) run first, then mutations grow the corpus: a few seconds more.
        Thread.sleep(forTimeInterval: 5)
        kill(run.process.processIdentifier, signal)
        #expect(run.wait() == status, "\(run.standardError)")
        let output = run.standardOutput
        #expect(output.contains("FINDING XCU-"))
        #expect(output.contains("the target broke: crashed"))
        #expect(output.contains(" executions in "))
        #expect(run.standardError.contains("stopped: \(signal == SIGINT ? "interrupted by SIGINT" : "terminated by SIGTERM") after "))
        // The corpus grown so far is written too.
        #expect(try !FileManager.default.contentsOfDirectory(atPath: corpus.path).isEmpty)
        // The findings are a vectors directory that the runner reads and runs.
        let suite = try VectorSuite(directory: findings)
        #expect(suite.vectors.count >= 1)
        #expect(suite.unlistedFiles.isEmpty)
        let replay = CapturedIO()
        let replayed = ConformanceCommandLine.main(arguments: ["--vectors", findings.path, "--no-progress"], io: replay.io)
        #expect(replayed == 0 || replayed == 1, "\(replay.standardError)")
        #expect(replay.standardOutput.contains("suite 0.0.0-fuzz (manifest sha256 "))
        #expect(replay.standardOutput.contains(", \(suite.vectors.count) vectors)"))
        // Neither the target nor the helper each of its processes started is left running.
        #expect(try FileManager.default.contentsOfDirectory(atPath: pids.path).count >= 2)
        #expect(eventually(seconds: 2) { survivors(in: pids).isEmpty }, "still running: \(survivors(in: pids))")
    }

    @Test func aSIGTERMWhileTheTargetHangsStopsItsProcessGroupAndKeepsTheHangsAnsweredBefore() throws {
        try #require(FileManager.default.isExecutableFile(atPath: FuzzCommandTests.tool.path), "build the tool first")
        let findings = FuzzFixtures.temporaryDirectory()
        let pids = FuzzFixtures.temporaryDirectory()
        try FileManager.default.createDirectory(at: pids, withIntermediateDirectories: true)
        defer { for directory in [findings, pids] { try? FileManager.default.removeItem(at: directory) } }
        // Never called dead: the batch hangs, then each input sent again on its own hangs, until the signal.
        let run = try FuzzRun(
            ["--target", "python3 \(brokenTarget) hang-all", "--seconds", "60", "--timeout", "0.5", "--max-consecutive-breakages", "0",
             "--no-progress", "--findings", findings.path], pids: pids)
        defer { run.end() }
        // Each process records itself and its helper: six files, three launches, so two hangs at least are answered.
        let hung = eventually(seconds: 30) { ((try? FileManager.default.contentsOfDirectory(atPath: pids.path)) ?? []).count >= 6 }
        try #require(hung, "the target was not restarted: \(run.standardError)")
        // Twice at once, as `timeout` sends it (to the tool, then to the tool's process group): still one stop.
        kill(run.process.processIdentifier, SIGTERM)
        kill(run.process.processIdentifier, SIGTERM)
        #expect(run.wait(seconds: 10) == 143, "\(run.standardError)")
        let output = run.standardOutput
        #expect(output.hasPrefix("fuzz: broken-fuzz-target-hang-all"))
        #expect(output.contains("the target broke: timed-out"))
        #expect(output.contains("(not shrunk: the run was stopped first)"))
        #expect(try VectorSuite(directory: findings).vectors.count == 1)
        #expect(eventually(seconds: 2) { survivors(in: pids).isEmpty }, "still running: \(survivors(in: pids))")
    }
}
