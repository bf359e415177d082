// `xcallback-conformance [run]`: choose the target, run the selection, check the known failures,
// write the report and, when asked, the current failures as a starting known-failures file.

import Foundation
import XCallbackConformance

/// One execution of the run command.
struct RunCommand {
    let options: CommandLineOptions
    let suite: VectorSuite
    let io: CommandLineIO

    /// Runs and returns the exit status.
    ///
    /// - Throws: `CannotRun` for a missing target program, an unreadable known-failures file or an unwritable output.
    func execute() throws(CannotRun) -> Int32 {
        let known = try loadKnownFailures()
        for (path, what) in [(options.output, "the report"), (options.writeKnownFailures, "the known failures")] {
            if let path { try Self.checkWritable(path, what: what) }
        }
        var limits = RunLimits()
        limits.runDeadline = .milliseconds(Int64(options.runDeadline * 1000))
        limits.maxConsecutiveTimeouts = options.maxConsecutiveTimeouts == 0 ? nil : options.maxConsecutiveTimeouts
        let handlesSignals = io.handlesSignals
        if handlesSignals { StopSignals.install() }
        defer { if handlesSignals { StopSignals.uninstall() } }
        let stopRequest: @Sendable () -> String? = handlesSignals ? StopSignals.stopReason : Self.neverStop
        let runner = ConformanceRunner(
            selection: options.selection, knownFailures: known ?? KnownFailures(), limits: limits, stopRequest: stopRequest)
        let progress = io.standardOutputIsTerminal && !options.noProgress
        let run: ConformanceRun
        switch options.target {
        case "reference":
            run = execute(runner, ReferenceTarget(), kind: "reference", progress: progressLine(progress))
        case "foundation":
            run = execute(runner, FoundationTarget(), kind: "foundation", progress: progressLine(progress))
        default:
            let target = try subprocessTarget()
            defer { target.stop() }
            if let roles = options.roles, let problem = Self.claimProblem(roles, operations: target.operations) {
                io.standardError("error: \(problem)\nUSAGE: xcallback-conformance [run] [options]; see --help\n")
                return ExitStatus.usage
            }
            run = execute(runner, target, kind: "subprocess: \(target.command)", progress: progressLine(progress))
        }
        if progress { io.standardOutput("\r\u{1B}[K") }
        let color = options.color.isEnabled(
            isTerminal: io.standardOutputIsTerminal && options.output == nil, environment: io.environment)
        let text = options.format.render(run, tapVersion: options.tapVersion, color: color)
        if let path = options.output {
            try write(text, to: path, what: "the report")
            io.standardOutput(
                "wrote the \(options.format.rawValue) report to \(path): "
                    + (run.isConformant ? "PASS" : "FAIL (\(run.problems.count) problems)") + "\n")
        } else {
            io.standardOutput(text)
        }
        if let path = options.writeKnownFailures {
            let list = KnownFailures.from(run, keeping: known)
            try write(list.json(target: run.target, suiteVersion: run.suite.version).prettyText + "\n", to: path, what: "the known failures")
            io.standardError(
                "wrote \(list.entries.count) known failures to \(path); give each entry a reason, then pass --known-failures \(path)\n")
        }
        if handlesSignals, let status = StopSignals.exitStatus() {
            io.standardError("stopped: \(run.stopReason ?? "by a signal"); the report covers the \(run.results.count) vectors that ran\n")
            return status
        }
        return run.isConformant ? ExitStatus.success : ExitStatus.failure
    }

    @Sendable static func neverStop() -> String? { nil }

    /// Runs the suite against `target`, claiming the `--roles` instead of the target's own roles when they are given.
    private func execute(
        _ runner: ConformanceRunner, _ target: some ConformanceTarget, kind: String, progress: (Int, Int, RunResult) -> Void
    ) -> ConformanceRun {
        guard let roles = options.roles else { return runner.run(suite, against: target, targetKind: kind, progress: progress) }
        let claim = roles.sorted().map(\.rawValue).joined(separator: ",")
        return runner.run(suite, against: target.claiming(roles), targetKind: "\(kind) --roles \(claim)", progress: progress)
    }

    /// Why `--roles` cannot be claimed for a target declaring `operations`: a role of an operation it does not declare.
    static func claimProblem(_ roles: Set<TargetRole>, operations: Set<XCallbackConformance.Operation>) -> String? {
        let undeclared = roles.filter { role in role.operation.map { !operations.contains($0) } ?? true }.sorted()
        guard !undeclared.isEmpty else { return nil }
        let declared = operations.isEmpty ? "none" : operations.sorted().map(\.rawValue).joined(separator: ", ")
        return "--roles claims " + undeclared.map { "\($0) (of \($0.operation?.rawValue ?? "no operation"))" }.joined(separator: ", ")
            + ", but the target declares only the operations \(declared) in its hello; drop "
            + (undeclared.count == 1 ? "that role" : "those roles")
    }

    /// Refuses, before the run, an output path that cannot be written: a directory, a missing or read-only folder.
    static func checkWritable(_ path: String, what: String) throws(CannotRun) {
        var isDirectory: ObjCBool = false
        let manager = FileManager.default
        if manager.fileExists(atPath: path, isDirectory: &isDirectory) {
            if isDirectory.boolValue { throw CannotRun("cannot write \(what) to \(path): it is a directory") }
            if !manager.isWritableFile(atPath: path) { throw CannotRun("cannot write \(what) to \(path): permission denied") }
            return
        }
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
        guard manager.fileExists(atPath: folder, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw CannotRun("cannot write \(what) to \(path): the folder \(folder) does not exist")
        }
        if !manager.isWritableFile(atPath: folder) {
            throw CannotRun("cannot write \(what) to \(path): the folder \(folder) is not writable")
        }
    }

    private func loadKnownFailures() throws(CannotRun) -> KnownFailures? {
        guard let path = options.knownFailures else { return nil }
        do {
            return try KnownFailures(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw CannotRun("cannot read the known-failures file: \(error)\n  fix the entry named above (see Vectors/protocol/known-failures.schema.json)")
        }
    }

    private func subprocessTarget() throws(CannotRun) -> SubprocessTarget {
        var configuration = SubprocessConfiguration()
        configuration.timeout = .milliseconds(Int64(options.timeout * 1000))
        configuration.handshakeTimeout = .milliseconds(Int64(options.handshakeTimeout * 1000))
        configuration.mode = options.processPerVector ? .processPerRequest : .persistent
        if io.handlesSignals { configuration.stopRequest = StopSignals.isStopping }
        if let path = options.transcript {
            do {
                configuration.transcript = try Transcript(path: path)
            } catch {
                throw CannotRun("\(error)")
            }
        }
        configuration.suiteVersion = suite.manifest.suiteVersion
        if options.validate {
            // The schemas of the vectors in use, else the ones bundled with the tool.
            let local = suite.directory.appendingPathComponent("protocol")
            do {
                if FileManager.default.fileExists(atPath: local.appendingPathComponent("answer.schema.json").path) {
                    configuration.schemas = try ProtocolSchemas(directory: local)
                } else {
                    configuration.schemas = try ProtocolSchemas(
                        directory: try VectorSuite.bundledDirectory().appendingPathComponent("protocol"))
                }
            } catch {
                throw CannotRun("cannot load the protocol schemas for --validate: \(error)")
            }
        }
        let target: SubprocessTarget
        do {
            target = try SubprocessTarget(commandLine: options.target, configuration: configuration)
        } catch {
            throw CannotRun(
                "cannot start the target: \(error)\n  --target takes reference, foundation, or a command line such as \"python3 adapter.py\"")
        }
        if let problem = target.startupProblem {
            io.standardError(
                "warning: the target failed its handshake (\(problem.kind.rawValue)); its vectors will fail:\n  "
                    + problem.detail.replacingOccurrences(of: "\n", with: "\n  ") + "\n")
        }
        return target
    }

    /// An I/O error in words, not `NSCocoaErrorDomain error 256`.
    static func words(_ error: any Error) -> String {
        let underlying = (error as NSError).userInfo[NSUnderlyingErrorKey] as? NSError
        if let code = underlying.map({ Int32($0.code) }), underlying?.domain == NSPOSIXErrorDomain {
            return String(cString: strerror(code))
        }
        return (error as NSError).localizedFailureReason ?? error.localizedDescription
    }

    private func progressLine(_ enabled: Bool) -> (Int, Int, RunResult) -> Void {
        guard enabled else { return { _, _, _ in } }
        let io = self.io
        return { done, total, item in
            io.standardOutput("\r\u{1B}[K[\(done)/\(total)] \(item.id) \(item.result.verdict.name)")
        }
    }

    private func write(_ text: String, to path: String, what: String) throws(CannotRun) {
        do {
            try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        } catch {
            throw CannotRun("cannot write \(what) to \(path): \(Self.words(error))")
        }
    }
}
