// `xcallback-conformance fuzz`: differential fuzzing of any target (reference, foundation, or a program
// speaking the subprocess protocol) against the reference, with `FuzzEngine` from XCallbackFuzzing.
// It is glue only: options, target start-up, jobs, progress, and writing the findings.

import Foundation
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
          --vectors DIR       the vectors directory whose citations.json the findings use (default: bundled)
          --no-progress       no progress line on standard error

        EXIT STATUS
          0 no finding   1 findings   64 usage error   70 the run could not happen

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
        var vectors: String?
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
                case "--vectors": vectors = try value()
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
        do {
            switch options.target {
            case "reference": return try fuzz(options, io: io) { _ in ReferenceTarget() }
            case "foundation":
                // Foundation's documented differences (FoundationNormalisations), as in fuzz-differential-foundation.
                return try fuzz(options, io: io, normalisations: FoundationNormalisations.all) { _ in FoundationTarget() }
            default:
                var configuration = SubprocessConfiguration()
                configuration.timeout = .milliseconds(Int(options.timeout * 1000))
                return try fuzz(options, io: io) { _ throws(FuzzCannotRun) in
                    let target: SubprocessTarget
                    do {
                        target = try SubprocessTarget(commandLine: options.target, configuration: configuration)
                    } catch {
                        throw FuzzCannotRun("cannot start the target: \(error)")
                    }
                    if let problem = target.startupProblem { throw FuzzCannotRun("the target did not start: \(problem.kind.rawValue) \(problem.detail)") }
                    // Protocol 2: a batch of inputs per round trip; a protocol-1 target gets one at a time.
                    return FuzzBatchTarget(target)
                }
            }
        } catch {
            io.standardError("error: \(error.message)\n")
            return ExitStatus.cannotRun
        }
    }

    /// The run with one target per job.
    static func fuzz<Target: ConformanceTarget>(
        _ options: Options, io: CommandLineIO, normalisations: [DifferentialNormalisation] = [], makeTarget: (Int) throws(FuzzCannotRun) -> Target
    ) throws(FuzzCannotRun) -> Int32 {
        let dictionary: [[UInt8]] = try options.dictionary.map { path throws(FuzzCannotRun) -> [[UInt8]] in do { return try FuzzDictionary.load(URL(fileURLWithPath: path)) } catch { throw FuzzCannotRun("\(error)") } } ?? []
        let corpusDirectory = options.corpus.map { URL(fileURLWithPath: $0) }
        let corpus: [[UInt8]] = try corpusDirectory.map { url throws(FuzzCannotRun) -> [[UInt8]] in do { return try FuzzCorpusDirectory.load(url) } catch { throw FuzzCannotRun("cannot read the corpus \(url.path): \(error)") } } ?? []
        let vectors: URL
        do {
            vectors = try options.vectors.map { URL(fileURLWithPath: $0) } ?? VectorSuite.bundledDirectory()
        } catch {
            throw FuzzCannotRun("\(error)")
        }
        var started: [Target] = []
        for job in 0..<options.jobs { started.append(try makeTarget(job)) }
        let targets = started
        let runsPerJob = options.runs.map { max($0 / options.jobs, 1) }
        let results = JobResults(count: options.jobs)
        let showProgress = options.progress
        let operations = (targets[0] as? any OperationDeclaring)?.operations ?? Set(Operation.allCases)
        DispatchQueue.concurrentPerform(iterations: options.jobs) { job in
            let configuration = FuzzEngineConfiguration(
                seed: options.seed &+ UInt64(job), runs: runsPerJob, seconds: options.seconds,
                maxLength: options.maxLength, dictionary: dictionary, operations: operations)
            let engine = FuzzEngine(
                driver: DifferentialDriver(target: targets[job], normalisations: normalisations), configuration: configuration,
                batchSource: targets[job] as? FuzzBatchTarget)
            let summary = engine.run(corpus: corpus) { progress in
                results.report(job: job, progress) { line in if showProgress { io.standardError("\r" + line + "   ") } }
            }
            results.store(summary, job: job)
        }
        if showProgress { io.standardError("\n") }
        let summaries = results.summaries
        var findings: [FuzzFinding] = []
        for summary in summaries {
            for finding in summary.findings where !findings.contains(where: { $0.key == finding.key }) { findings.append(finding) }
        }
        if let corpusDirectory {
            do { try FuzzCorpusDirectory.add(summaries.flatMap(\.newCorpusInputs), to: corpusDirectory) } catch { throw FuzzCannotRun("cannot write the corpus: \(error)") }
        }
        let executions = summaries.reduce(0) { $0 + $1.executions }
        let elapsed = summaries.map(\.elapsed).max() ?? 0
        let rate = elapsed > 0 ? Int(Double(executions) / elapsed) : 0
        let identity = targets[0].identity
        let batched = targets.compactMap { $0 as? FuzzBatchTarget }
        let perTrip = batched.first.map { $0.batchSize > 1 ? ", \($0.batchSize) inputs per round trip" : ", one input per round trip (protocol 1)" } ?? ""
        io.standardOutput("fuzz: \(identity.name) \(identity.version) against the reference, seed \(options.seed), \(options.jobs) job(s)\(perTrip)\n")
        let fallbacks = batched.reduce(0) { $0 + $1.base.statistics.batchFallbacks }
        if fallbacks > 0 {
            io.standardOutput("\(fallbacks) batch(es) broke; their unanswered inputs were sent again one at a time\n")
        }
        if !findings.isEmpty {
            let directory = URL(fileURLWithPath: options.findings)
            let writer = FindingWriter(directory: directory, choices: targets[0].declaredChoices, citationsSource: vectors)
            do { try writer.write(findings) } catch { throw FuzzCannotRun("cannot write the findings to \(directory.path): \(error)") }
            for finding in findings {
                let id = FindingWriter.vectorID(for: finding.failure.input)
                io.standardOutput("\nFINDING \(id) (execution \(finding.execution), \(String(format: "%.2f", finding.secondsToFind)) s, \(finding.hits) hit(s))\n")
                io.standardOutput(finding.failure.description + "\n")
                let quoted = "'" + options.target.replacingOccurrences(of: "'", with: "'\\''") + "'"
                if writer.vector(for: finding) != nil {
                    io.standardOutput("  reproduce: xcallback-conformance --target \(quoted) --vectors \(directory.path) --id \(id)\n")
                } else {
                    io.standardOutput("  reproduce: the input is in \(directory.appendingPathComponent("finding-" + id).path)\n")
                }
            }
        }
        io.standardOutput("\n\(executions) executions in \(String(format: "%.1f", elapsed)) s (\(rate) exec/s), corpus \(summaries.map(\.corpus.count).max() ?? 0), \(findings.count) finding(s)\n")
        io.standardOutput(FuzzSummary.operationLines(summaries, findings: findings, declared: operations))
        return findings.isEmpty ? ExitStatus.success : ExitStatus.failure
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

    var summaries: [FuzzSummary] { lock.withLock { stored.compactMap { $0 } } }
}
