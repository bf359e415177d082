// `xcallback-conformance fuzz`: differential fuzzing of any target (reference, foundation, or a program
// speaking the subprocess protocol) against the reference, with `FuzzEngine` from XCallbackFuzzEngine.
// It is glue only: options, target start-up, jobs, progress, and writing the findings.
//
// What a run leaves behind survives its end, however it comes: the header line is printed before the
// first execution, each finding is written (and announced) as soon as it is found, SIGINT and SIGTERM stop
// the targets and print what ran (exit 130, 143), and a target that breaks on input after input is called
// dead (exit 70) instead of being restarted for the rest of the run.

import Foundation
import XCallbackConformance
import XCallbackFuzzEngine
import XCallbackFuzzing

/// The `fuzz` subcommand.
enum FuzzCommand {
    static let usage = """
        USAGE: xcallback-conformance fuzz [--target reference|foundation|COMMAND] [options]

          --target T          the implementation to fuzz against the reference (default: reference)
          --seed N            seed of every random choice (default: 1); same seed and --runs, same findings
          --runs N            stop after N executions (default: 10000 unless --seconds is given)
          --seconds S         stop after S seconds
          --corpus DIR        start from the inputs in DIR and add the new ones to it (kept between runs)
          --findings DIR      write findings there as a vectors directory (default: fuzz-findings)
          --max-len N         longest input (default: 2048)
          --jobs N            N target processes in parallel, seeds N, N+1, ... (default: 1)
                              (a COMMAND target that speaks protocol 2 gets 64 inputs per round trip)
          --dict FILE         a libFuzzer dictionary, e.g. Fuzz/xcallback.dict
          --timeout SECONDS   time allowed for each answer of a COMMAND target (default: 2)
          --max-consecutive-breakages N
                              stop when the target broke (crashed, hung, answered garbage) on N inputs
                              in a row: it is dead, not fuzzed (default: 5; 0: never)
          --shrink-seconds S  the most time spent shrinking one finding (default: 10); a finding not
                              shrunk in time is written as it stands
          --vectors DIR       the vectors that seed the run and grade its findings (default: bundled)
          --roles ROLE,...    fuzz these roles instead of the target's own claim: recognise, decode,
                              build-request, build-callback (a URL of another role is neither seeded nor judged)
          --level LEVEL       report findings at this level: must, should, implementation-defined,
                              hardening (repeatable; default: every level the vectors grade at)
          --no-progress       no progress line on standard error

        EXIT STATUS
          0 no finding   1 findings   64 usage error   70 the run could not happen, or the target is dead
          130, 143 stopped by SIGINT, SIGTERM (the summary is printed, the corpus and the findings so far written)

        """

    struct Options {
        var target = "reference"
        var seed: UInt64 = 1
        var runs: Int?
        var seconds: Double?
        var corpus: String?
        var findings = "fuzz-findings"
        var maxLength = 2048
        var jobs = 1
        var dictionary: String?
        var timeout = 2.0
        var maxConsecutiveBreakages = 5
        var shrinkSeconds = 10.0
        var vectors: String?
        var levels: [DifferentialLevel] = []
        var roles: Set<TargetRole>?
        var progress = true
        var help = false

        init(parsing arguments: [String]) throws(UsageError) {
            var rest = arguments[...]
            while let argument = rest.popFirst() {
                var name = argument
                var inline: String?
                if let equals = argument.firstIndex(of: "="), argument.hasPrefix("--") {
                    name = String(argument[..<equals])
                    inline = String(argument[argument.index(after: equals)...])
                }
                func value() throws(UsageError) -> String {
                    if let inline { return inline }
                    guard let next = rest.popFirst() else { throw UsageError("\(name) needs a value") }
                    return next
                }
                func number<T: LosslessStringConvertible & Comparable>(_ minimum: T) throws(UsageError) -> T {
                    let text = try value()
                    guard let parsed = T(text), parsed >= minimum else { throw UsageError("\(name) takes a number ≥ \(minimum), not '\(text)'") }
                    return parsed
                }
                switch name {
                case "--help", "-h": help = true
                case "--target": target = try value()
                case "--seed": seed = try number(0)
                case "--runs": runs = try number(1)
                case "--seconds": seconds = try number(0.0)
                case "--corpus": corpus = try value()
                case "--findings": findings = try value()
                case "--max-len": maxLength = try number(8)
                case "--jobs": jobs = try number(1)
                case "--dict": dictionary = try value()
                case "--timeout": timeout = try number(0.01)
                case "--max-consecutive-breakages": maxConsecutiveBreakages = try number(0)
                case "--shrink-seconds": shrinkSeconds = try number(0.0)
                case "--vectors": vectors = try value()
                case "--roles": roles = (roles ?? []).union(try CommandLineOptions.roles(try value()))
                case "--level":
                    let text = try value()
                    guard DifferentialLevel.graded.map(\.rawValue).contains(text) else {
                        throw UsageError("--level must be must, should, implementation-defined or hardening, not '\(text)'")
                    }
                    levels.append(DifferentialLevel(rawValue: text))
                case "--no-progress": progress = false
                default: throw UsageError("unknown option '\(argument)' for fuzz")
                }
            }
        }
    }

    /// Runs `fuzz` with `arguments` (after the word `fuzz`) and returns the exit status.
    static func main(arguments: [String], io: CommandLineIO) -> Int32 {
        let options: Options
        do {
            options = try Options(parsing: arguments)
        } catch {
            io.standardError("error: \(error.message)\nUSAGE: xcallback-conformance fuzz [options]; see fuzz --help\n")
            return ExitStatus.usage
        }
        if options.help {
            io.standardOutput(usage)
            return ExitStatus.success
        }
        // Installed before any target starts, so a signal during start-up stops the run too.
        let stop = FuzzStopState(handlesSignals: io.handlesSignals)
        if stop.handlesSignals { StopSignals.install() }
        defer { if stop.handlesSignals { StopSignals.uninstall() } }
        do {
            switch options.target {
            case "reference": return try fuzz(options, io: io, stop: stop) { _ in ReferenceTarget() }
            case "foundation":
                // Foundation's documented differences (FoundationNormalisations), as in fuzz-differential-foundation.
                return try fuzz(options, io: io, stop: stop, normalisations: FoundationNormalisations.all) { _ in FoundationTarget() }
            default:
                var configuration = SubprocessConfiguration()
                configuration.timeout = .milliseconds(Int(options.timeout * 1000))
                configuration.stopRequest = stop.isStopping
                let limit = options.maxConsecutiveBreakages == 0 ? nil : options.maxConsecutiveBreakages
                return try fuzz(options, io: io, stop: stop) { _ throws(FuzzCannotRun) in
                    let target: SubprocessTarget
                    do {
                        target = try SubprocessTarget(commandLine: options.target, configuration: configuration)
                    } catch {
                        throw FuzzCannotRun("cannot start the target: \(error)")
                    }
                    if let problem = target.startupProblem { throw FuzzCannotRun("the target did not start: \(problem.kind.rawValue) \(problem.detail)") }
                    // Protocol 2: a batch of inputs per round trip; a protocol-1 target gets one at a time.
                    return FuzzBatchTarget(target, maxConsecutiveBreakages: limit)
                }
            }
        } catch {
            if stop.handlesSignals, let status = StopSignals.exitStatus() {
                io.standardError("stopped: \(StopSignals.stopReason() ?? "by a signal") (\(error.message))\n")
                return status
            }
            io.standardError("error: \(error.message)\n")
            return ExitStatus.cannotRun
        }
    }

    /// The run with one target per job.
    static func fuzz<Target: ConformanceTarget>(
        _ options: Options, io: CommandLineIO, stop: FuzzStopState, normalisations: [DifferentialNormalisation] = [],
        makeTarget: (Int) throws(FuzzCannotRun) -> Target
    ) throws(FuzzCannotRun) -> Int32 {
        let dictionary: [[UInt8]] = try options.dictionary.map { path throws(FuzzCannotRun) -> [[UInt8]] in do { return try FuzzDictionary.load(URL(fileURLWithPath: path)) } catch { throw FuzzCannotRun("\(error)") } } ?? []
        let corpusDirectory = options.corpus.map { URL(fileURLWithPath: $0) }
        let corpus: [[UInt8]] = try corpusDirectory.map { url throws(FuzzCannotRun) -> [[UInt8]] in do { return try FuzzCorpusDirectory.load(url) } catch { throw FuzzCannotRun("cannot read the corpus \(url.path): \(error)") } } ?? []
        let vectors: URL
        let known: FuzzVectors
        do {
            vectors = try options.vectors.map { URL(fileURLWithPath: $0) } ?? VectorSuite.bundledDirectory()
            known = try FuzzVectors.loaded(directory: vectors)
        } catch {
            throw FuzzCannotRun("cannot load the vectors: \(error)")
        }
        var started: [Target] = []
        defer { for target in started { (target as? FuzzBatchTarget)?.base.stop() } }
        for job in 0..<options.jobs { started.append(try makeTarget(job)) }
        let targets = started
        let identity = targets[0].identity
        let batched = targets.compactMap { $0 as? FuzzBatchTarget }
        let perTrip = batched.first.map { $0.batchSize > 1 ? ", \($0.batchSize) inputs per round trip" : ", one input per round trip (protocol 1)" } ?? ""
        io.standardOutput("fuzz: \(identity.name) \(identity.version) against the reference, seed \(options.seed), \(options.jobs) job(s)\(perTrip)\n")

        let directory = URL(fileURLWithPath: options.findings)
        let writer = FindingWriter(directory: directory, choices: targets[0].declaredChoices, citationsSource: vectors)
        let showProgress = options.progress
        let log = FuzzFindingLog(writer: writer) { line in
            if showProgress { io.standardError("\n") }
            io.standardOutput(line)
        }
        let runsPerJob = options.runs.map { max($0 / options.jobs, 1) }
        let results = JobResults(count: options.jobs)
        let roles = options.roles ?? targets[0].roles
        let operations = ((targets[0] as? any OperationDeclaring)?.operations ?? Set(Operation.allCases))
            .filter { operation in roles?.contains { $0.operation == operation } ?? true }
        DispatchQueue.concurrentPerform(iterations: options.jobs) { job in
            var configuration = FuzzEngineConfiguration(
                seed: options.seed &+ UInt64(job), runs: runsPerJob, seconds: options.seconds,
                maxLength: options.maxLength, dictionary: dictionary, operations: operations)
            configuration.vectors = known
            configuration.roles = roles
            configuration.shrinkSeconds = options.shrinkSeconds
            configuration.maxConsecutiveBreakages = options.maxConsecutiveBreakages == 0 ? nil : options.maxConsecutiveBreakages
            configuration.stopRequest = stop.isStopping
            configuration.onFinding = { log.record($0, job: job) }
            let driver = DifferentialDriver(
                target: targets[job], normalisations: normalisations,
                failingLevels: options.levels.isEmpty ? DifferentialLevel.graded : options.levels, roles: .some(roles), vectors: known)
            // The fault table is learnt beside the run from its start: a clean run never waits for it, and a finding
            // waits only for what is left of it.
            driver.learnTableInBackground()
            let engine = FuzzEngine(driver: driver, configuration: configuration, batchSource: targets[job] as? FuzzBatchTarget)
            let summary = engine.run(corpus: corpus) { progress in
                results.report(job: job, progress) { line in if showProgress { io.standardError("\r" + line + "   ") } }
            }
            if case .targetBroken? = summary.stop { stop.targetIsDead() }
            results.store(summary, job: job)
        }
        // The targets' process groups go first: nothing of a target outlives the run, however it ends.
        for target in batched { target.base.stop() }
        if showProgress { io.standardError("\n") }
        let summaries = results.summaries
        var findings = log.findings(in: summaries)
        let faults = FuzzFaults.judge(&findings) { FindingWriter.vectorID(for: $0.failure.input) }
        if let corpusDirectory {
            do { try FuzzCorpusDirectory.add(summaries.values.flatMap(\.newCorpusInputs), to: corpusDirectory) } catch { throw FuzzCannotRun("cannot write the corpus: \(error)") }
        }
        if !findings.isEmpty {
            do { try writer.write(findings, replacing: log.writtenInputs) } catch { throw FuzzCannotRun("cannot write the findings to \(directory.path): \(error)") }
        }
        let fallbacks = batched.reduce(0) { $0 + $1.base.statistics.batchFallbacks }
        if fallbacks > 0 {
            io.standardOutput("\(fallbacks) batch(es) broke; their unanswered inputs were sent again one at a time\n")
        }
        let quoted = "'" + options.target.replacingOccurrences(of: "'", with: "'\\''") + "'"
        for finding in findings {
            let id = FindingWriter.vectorID(for: finding.failure.input)
            io.standardOutput("\nFINDING \(id) (execution \(finding.execution), \(String(format: "%.2f", finding.secondsToFind)) s, \(finding.hits) hit(s))\n")
            io.standardOutput(finding.failure.description + "\n")
            if let note = FindingWriter.shrinkNote(finding.shrinkState) { io.standardOutput("  (\(note))\n") }
            if writer.vector(for: finding) != nil {
                io.standardOutput("  reproduce: xcallback-conformance --target \(quoted) --vectors \(directory.path) --id \(id)\n")
            } else {
                io.standardOutput("  reproduce: the input is in \(directory.appendingPathComponent("finding-" + id).path)\n")
            }
        }
        let executions = summaries.values.reduce(0) { $0 + $1.executions }
        let elapsed = summaries.values.map(\.elapsed).max() ?? 0
        let rate = elapsed > 0 ? Int(Double(executions) / elapsed) : 0
        io.standardOutput("\n\(executions) executions in \(String(format: "%.1f", elapsed)) s (\(rate) exec/s), corpus \(summaries.values.map(\.corpus.count).max() ?? 0), \(findings.count) finding(s)\n")
        io.standardOutput(FuzzSummary.operationLines(Array(summaries.values), findings: findings, declared: operations))
        io.standardOutput(Self.faultLines(faults, findings: findings))
        if stop.handlesSignals, let status = StopSignals.exitStatus() {
            let written = findings.isEmpty ? "" : "; the \(findings.count) finding(s) so far are in \(directory.path)"
            io.standardError("stopped: \(StopSignals.stopReason() ?? "by a signal") after \(executions) executions\(written)\n")
            return status
        }
        if let dead = summaries.sorted(by: { $0.key < $1.key }).lazy.compactMap({ job -> FuzzBrokenTarget? in
            if case .targetBroken(let dead)? = job.value.stop { dead } else { nil }
        }).first {
            io.standardError(deadTargetMessage(dead, command: quoted, findings: findings.isEmpty ? nil : directory.path))
            return ExitStatus.cannotRun
        }
        return findings.isEmpty ? ExitStatus.success : ExitStatus.failure
    }

    /// The run's faults, strictest first (`FuzzFaults`): what an author fixes, one line each, with the findings
    /// that show it and the shortest as its example; then the findings the model names no fault for.
    static func faultLines(_ faults: [FaultGroup], findings: [FuzzFinding]) -> String {
        guard !findings.isEmpty else { return "" }
        var out = "\(faults.count) fault(s), the findings judged together as the runner judges a run:\n"
        for fault in faults {
            out += "  \(fault.title) · \(fault.vectors.count) finding(s), e.g. \(fault.example)\n"
        }
        let unnamed = findings.filter { $0.failure.faults.isEmpty }.count
        if unnamed > 0 { out += "  and \(unnamed) finding(s) no fault names (a broken target, or a property the model does not judge)\n" }
        return out
    }

    /// The one message for a dead target: what broke, the last breakage, and the conformance run to do first.
    static func deadTargetMessage(_ dead: FuzzBrokenTarget, command: String, findings: String?) -> String {
        let detail = dead.last.details.first { $0.label == "disagreement" }?.text ?? dead.last.rule
        var what = (detail.range(of: "] ").map { String(detail[$0.upperBound...]) } ?? detail).trimmingCharacters(in: .whitespacesAndNewlines)
        if what.split(separator: " ").count <= 4, let answer = dead.last.details.first(where: { $0.label == "target answer" })?.text {
            what += " (\(answer))"
        }
        let kept = findings.map { "; the findings so far are in \($0)" } ?? ""
        return "error: the target is dead: it broke on each of the last \(dead.kinds.count) inputs (\(dead.kindsSummary)), "
            + "so the fuzz run stopped\(kept). The last one:\n"
            + "  input: \(FuzzFailure.escape(dead.last.input))\n"
            + "  " + what.replacingOccurrences(of: "\n", with: "\n  ") + "\n"
            + "Run the conformance suite on the adapter first, and fix what it reports: xcallback-conformance --target \(command)\n"
    }
}

/// Why the fuzz run could not happen (exit status 70).
struct FuzzCannotRun: Error {
    let message: String
    init(_ message: String) { self.message = message }
}

/// Per-job summaries and progress, shared by the jobs.
final class JobResults: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [FuzzSummary?]
    private var latest: [FuzzProgress?]

    init(count: Int) {
        stored = Array(repeating: nil, count: count)
        latest = Array(repeating: nil, count: count)
    }

    func store(_ summary: FuzzSummary, job: Int) {
        lock.withLock { stored[job] = summary }
    }

    /// Records a job's progress and prints the total.
    func report(job: Int, _ progress: FuzzProgress, print: (String) -> Void) {
        let line: String = lock.withLock {
            latest[job] = progress
            let all = latest.compactMap { $0 }
            return FuzzProgress(
                executions: all.reduce(0) { $0 + $1.executions }, findings: all.map(\.findings).max() ?? 0,
                corpusSize: all.map(\.corpusSize).max() ?? 0, elapsed: all.map(\.elapsed).max() ?? 0
            ).line
        }
        print(line)
    }

    /// The summaries of the jobs that finished, by job.
    var summaries: [Int: FuzzSummary] {
        lock.withLock { Dictionary(uniqueKeysWithValues: stored.enumerated().compactMap { job, summary in summary.map { (job, $0) } }) }
    }
}
