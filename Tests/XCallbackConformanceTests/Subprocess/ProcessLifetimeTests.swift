import Foundation
import Testing
import XCallbackConformance

/// No target can hang the runner or outlive it: descendants die with the target, every wait has a
/// deadline, and every launch gives back its descriptors. Each test checks the process table.
@Suite(.serialized) struct ProcessLifetimeTests {
    let suite: VectorSuite

    init() throws { suite = try RunnerFixtures.miniSuite() }

    /// Runs the mini suite against `words` on another thread; `nil` when the run did not end within a minute.
    func runWithinAMinute(_ words: [String], marker: String) throws -> ConformanceRun? {
        let target = try SubprocessTarget(command: TargetCommand(words), configuration: RunnerFixtures.quickConfiguration())
        let box = RunBox()
        let done = DispatchSemaphore(value: 0)
        let suite = self.suite
        Thread.detachNewThread {
            box.run = ConformanceRunner().run(suite, against: target, targetKind: "fixture")
            target.stop()
            done.signal()
        }
        if done.wait(timeout: .now() + 60) == .timedOut {
            ProcessTable.kill(marked: marker)  // lets the stuck run finish, so the test process is not left hanging
            _ = done.wait(timeout: .now() + 10)
            return nil
        }
        return box.run
    }

    @Test func aShellWrapperWithABackgroundJobNeitherHangsTheRunNorOutlivesIt() throws {
        let marker = "xcu-marker-\(UUID().uuidString)"
        let wrapper = RunnerFixtures.directory.appendingPathComponent("wrapper_with_helper.sh").path
        let run = try runWithinAMinute(["/bin/sh", wrapper, marker, "crash-on", "XCU-2AAC"], marker: marker)
        let finished = try #require(run, "the run hung on a descendant holding the target's pipes")
        #expect(finished.results.count == 9)
        #expect(finished.results[2].result.verdict == .failed(.crashed))
        #expect(ProcessTable.pids(marked: marker).isEmpty, "the wrapper's background job outlived the run")
    }

    @Test func aHelperForkedByACrashingTargetDiesWithIt() throws {
        let marker = "xcu-marker-\(UUID().uuidString)"
        let run = try runWithinAMinute(["python3", RunnerFixtures.misbehaving, "crash-on", "XCU-2AAC", marker], marker: marker)
        let finished = try #require(run, "the run hung on the crashed target's helper")
        #expect(finished.results[2].result.verdict == .failed(.crashed))
        #expect(finished.results[2].result.detail.contains("the target exited with status 1 before answering"))
        #expect(ProcessTable.pids(marked: marker).isEmpty, "the crashed target's helper outlived the run")
    }

    @Test func aHelperForkedByAPoliteTargetDiesWhenTheRunStops() throws {
        let marker = "xcu-marker-\(UUID().uuidString)"
        let run = try runWithinAMinute(["python3", RunnerFixtures.misbehaving, "polite", "none", marker], marker: marker)
        #expect(try #require(run).results.count == 9)
        #expect(ProcessTable.pids(marked: marker).isEmpty, "the helper outlived the stopped target")
    }

    @Test func launchesThatExitByThemselvesGiveBackTheirDescriptors() throws {
        // Ten launches under a limit of 32 descriptors: two leaked per launch would exhaust it.
        let tool = try ServeEndToEndTests().tool()
        let script = "ulimit -n 32 && exec \"$0\" --vectors \"$1\" --process-per-vector --target \"$0 serve\" --no-progress"
        let text = try ToolProcess.run(
            URL(fileURLWithPath: "/bin/sh"), ["-c", script, tool, RunnerFixtures.miniSuiteDirectory.path]).output
        #expect(!text.contains("descriptor"), "\(text)")
        #expect(!text.contains("crashed"), "\(text)")
    }
}

extension ProcessLifetimeTests {
    @Test func runningOutOfDescriptorsIsNamedAsSuch() throws {
        let tool = try ServeEndToEndTests().tool()
        let script = "ulimit -n 8 && exec \"$0\" --vectors \"$1\" --target \"$0 serve\" --no-progress"
        let text = try ToolProcess.run(
            URL(fileURLWithPath: "/bin/sh"), ["-c", script, tool, RunnerFixtures.miniSuiteDirectory.path]).output
        #expect(text.contains("the runner has run out of file descriptors (the limit is 8); raise it with 'ulimit -n'"), "\(text)")
    }
}

/// A place for a background thread to leave its run.
final class RunBox: @unchecked Sendable {
    var run: ConformanceRun?
}

/// Looks for fixture processes by a marker on their command line (Linux `/proc`).
enum ProcessTable {
    /// The live processes whose command line contains `marker`, after letting killed ones disappear for up to 2 s.
    static func pids(marked marker: String) -> [Int32] {
        for _ in 0..<40 {
            let found = scan(marker)
            if found.isEmpty { return [] }
            usleep(50_000)
        }
        return scan(marker)
    }

    /// Kills every process marked with `marker`.
    static func kill(marked marker: String) {
        for pid in scan(marker) { _ = Foundation.kill(pid, SIGKILL) }
    }

    private static func scan(_ marker: String) -> [Int32] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap { entry -> Int32? in
            guard let pid = Int32(entry), let data = FileManager.default.contents(atPath: "/proc/\(entry)/cmdline") else {
                return nil
            }
            return String(decoding: data, as: UTF8.self).contains(marker) ? pid : nil
        }
    }
}
