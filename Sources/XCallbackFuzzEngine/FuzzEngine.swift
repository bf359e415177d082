// The built-in fuzzing loop: seeded, reproducible, libFuzzer-free, for any `FuzzDriver` (usually a
// `DifferentialDriver` over a subprocess target, whose every crash or hang is an answer, not a stop).
//
// 1. Start from the corpus (or, when it is empty, the built-in seeds: `DifferentialSeeds` and every vector's input
//    of the operations and roles the target declares), keeping only inputs of the operations the target declares.
// 2. Each execution picks an operation and a corpus input of it with `SplitMix64(seed)`, mutates it (`FuzzEngine+Operations`:
//    a URL with `NestedMutator`, structure-aware from its nested layers decoded once when it joined the
//    corpus; a build case with `BuildCaseMutator` or byte by byte behind its first byte, so a mutation keeps the
//    operation; a URL of a role the target does not claim is mutated again) or
//    crosses it over with another (which may change the operation), with the dictionary's tokens.
// 3. The driver checks it. A failure whose key (rule and kind of disagreement) is new is shrunk and
//    recorded as a finding; later failures with the same key are counted, not reported again, unless the
//    vectors grade them at a stricter level, which the finding then takes.
// 4. Without coverage feedback, an input is kept when its shape is new: the reference's outcome (named by
//    the driver, from the parse its check did anyway), its nesting depth and the delimiters (`& = # % + ?`)
//    in the decoded values of its deepest layer (one scan of the layers, no tree unless the input is kept);
//    for a build case, the layers of the URL the reference builds from it.
// 5. With a batch source (a target speaking protocol 2), inputs go to the target a batch at a time on a
//    helper thread: batch k+1 is generated and sent while batch k is judged, so the target and the loop
//    work at once. Which batch an input is in depends only on the seed and the batch size, never on timing.
// Stops after `runs` executions or `seconds`, whichever comes first. With `runs` alone, the same seed
// (and batch size) gives the same executions and the same findings. It stops earlier at a stop request
// or once the target is dead, and hands out each finding as it is found (FuzzEngine+Stops.swift).

import struct Foundation.Date
import XCallbackConformanceCore
import XCallbackFuzzing

/// Settings of one fuzzing run.
public struct FuzzEngineConfiguration: Sendable {
    /// The seed of every random choice.
    public var seed: UInt64
    /// Stop after this many executions (nil: no limit).
    public var runs: Int?
    /// Stop after this many seconds (nil: no limit).
    public var seconds: Double?
    /// The longest input generated.
    public var maxLength: Int
    /// Extra byte tokens inserted by the byte mutator (from a libFuzzer dictionary).
    public var dictionary: [[UInt8]]
    /// The most shrinking attempts per finding.
    public var shrinkAttempts: Int
    /// The most seconds of shrinking per finding; a finding not shrunk in time keeps the smallest input found.
    public var shrinkSeconds: Double = 10
    /// After this many broken executions in a row (crash, hang, unreadable answer) the target is dead and
    /// the run stops (nil: never); see `FuzzStop.targetBroken`.
    public var maxConsecutiveBreakages: Int? = 5
    /// Asked before and after each execution; `true` stops the run, and an execution it cut short does not
    /// count (answers a batch source fetched before the stop are still judged).
    public var stopRequest: (@Sendable () -> Bool)?
    /// Called with each finding as soon as it is found, unshrunk, and again once it is shrunk.
    public var onFinding: (@Sendable (FuzzFinding) -> Void)?
    /// The operations the target declares: inputs of any other are neither seeded nor generated.
    public var operations: Set<Operation>
    /// The roles the target takes on (nil: every role of its operations): a vector of another role is not a seed,
    /// and a mutation that gives a URL of another role (`TargetRole.parseRole(of:)`) is mutated again.
    public var roles: Set<TargetRole>?
    /// The vectors whose inputs seed the run, after the hand-made seeds (`DifferentialSeeds`).
    public var vectors: FuzzVectors = .bundled

    /// Creates a configuration; with neither `runs` nor `seconds`, the run is limited to 10,000 executions.
    public init(seed: UInt64 = 1, runs: Int? = nil, seconds: Double? = nil, maxLength: Int = 2048,
                dictionary: [[UInt8]] = [], shrinkAttempts: Int = 400, operations: Set<Operation> = Set(Operation.allCases)) {
        self.seed = seed
        self.runs = runs ?? (seconds == nil ? 10_000 : nil)
        self.seconds = seconds
        self.maxLength = maxLength
        self.dictionary = dictionary
        self.shrinkAttempts = shrinkAttempts
        self.operations = operations
    }
}

/// The seeded built-in mutation loop around a `FuzzDriver`.
public struct FuzzEngine<Driver: FuzzDriver> {
    /// The property checker, e.g. a `DifferentialDriver`.
    public var driver: Driver
    /// The run's settings.
    public var configuration: FuzzEngineConfiguration
    /// Where the target's answers come from a batch at a time, when its protocol has batches.
    public var batchSource: (any FuzzBatchSource)?

    /// Creates an engine for `driver`; with a `batchSource` of batch size 2 or more, inputs go to the
    /// target a batch at a time and the engine's own work overlaps the target's.
    public init(driver: Driver, configuration: FuzzEngineConfiguration, batchSource: (any FuzzBatchSource)? = nil) {
        self.driver = driver
        self.configuration = configuration
        self.batchSource = batchSource
    }

    /// Inputs used when the corpus is empty: the hand-made seeds (`DifferentialSeeds.all`) for parse, build-request
    /// and build-callback, then every vector's input (the operations in turn), without repeats.
    public static var builtInSeeds: [[UInt8]] { builtInSeeds(vectors: .bundled, roles: nil, maxLength: FuzzEngineConfiguration().maxLength) }

    /// The built-in seeds of the roles `roles` (nil: every role), each at most `maxLength` bytes.
    public static func builtInSeeds(vectors: FuzzVectors, roles: Set<TargetRole>?, maxLength: Int) -> [[UInt8]] {
        var seen: Set<[UInt8]> = []
        let handMade = DifferentialSeeds.all.map { FuzzSeed(input: $0) }
        // The vectors' seeds take turns by operation, so that every operation is fuzzed from the first executions.
        let byOperation = Operation.allCases.map { operation in
            vectors.seeds(roles: roles, maxLength: maxLength).filter { Operation(differentialInput: $0.input) == operation }
        }
        var interleaved: [FuzzSeed] = []
        for index in 0..<(byOperation.map(\.count).max() ?? 0) {
            for seeds in byOperation where index < seeds.count { interleaved.append(seeds[index]) }
        }
        return (handMade + interleaved).filter { (roles?.contains($0.role) ?? true) && seen.insert($0.input).inserted }.map(\.input)
    }

    /// A corpus input with its nested layers, decoded once when it joins so that mutating it needs no decoding.
    struct Entry {
        var bytes: [UInt8]
        var tree: NestedLayer
    }

    /// Runs the loop from `corpus`; `progress` is called about every half second and at the end.
    ///
    /// With a batch source, batch k+1 is generated from the corpus as it stood after batch k-1 and sent
    /// while batch k is judged: the order never depends on timing, so the same seed and `runs` still give
    /// the same findings (for a given batch size).
    public func run(corpus initial: [[UInt8]] = [], progress: ((FuzzProgress) -> Void)? = nil) -> FuzzSummary {
        let start = Date()
        var rng = SplitMix64(seed: configuration.seed)
        var corpus = startingCorpus(initial).map { Entry(bytes: $0, tree: Self.tree(of: $0)) }
        // The starting corpus's shapes come from the reference alone: the target sees each input once, when it runs.
        var shapes = Set(corpus.map { Self.shape($0.bytes) })
        var byOperation = OperationIndex(corpus.map(\.bytes))
        let check = checker()
        var added: [[UInt8]] = []
        var findings: [FuzzFinding] = []
        var indexByKey: [String: Int] = [:]
        var executions = 0
        var executionsByOperation: [Operation: Int] = [:]
        var lastReport = 0.0
        let byteMutator = Self.byteMutator(seed: rng.next(), dictionary: configuration.dictionary)
        let source = batchSource.flatMap { $0.batchSize > 1 ? $0 : nil }
        let batchSize = source?.batchSize ?? 1

        // Seeds run first, as they are, so a finding on a seed needs no mutation.
        var pending = corpus.map(\.bytes)[...]
        var generated = 0
        var stopped = false
        var requested = false  // a stop request came
        var dead: FuzzBrokenTarget?
        var streak = BreakageStreak()
        var unshrunk: [Int] = []  // breakage findings, shrunk once the target answers again
        let runEnd = configuration.seconds.map { ContinuousClock.now + .milliseconds(Int64($0 * 1000)) }
        /// The next batch, or an empty one once the run is over.
        func nextBatch() -> [[UInt8]] {
            let elapsed = Date().timeIntervalSince(start)
            if let seconds = configuration.seconds, elapsed >= seconds { stopped = true }
            if configuration.stopRequest?() == true { requested = true }
            if requested || dead != nil { stopped = true }
            if let progress, elapsed - lastReport >= 0.5 {
                lastReport = elapsed
                progress(FuzzProgress(executions: executions, findings: findings.count, corpusSize: corpus.count, elapsed: elapsed))
            }
            var count = batchSize
            if let runs = configuration.runs { count = min(count, runs - generated) }
            guard !stopped, count > 0, !corpus.isEmpty else { return [] }
            var batch: [[UInt8]] = []
            batch.reserveCapacity(count)
            for _ in 0..<count {
                if let seed = pending.popFirst() {
                    batch.append(Array(seed.prefix(configuration.maxLength)))
                    continue
                }
                let parent = corpus[byOperation.pick(&rng)]
                let mutationSeed = UInt32(truncatingIfNeeded: rng.next())
                let other = corpus.count > 1 && rng.oneIn(8) ? corpus[rng.below(corpus.count)] : nil
                batch.append(offspring(of: parent, crossedWith: other, seed: mutationSeed, byteMutator: byteMutator))
            }
            generated += batch.count
            return batch
        }
        /// Shrinks finding `index` within its budget and reports it again.
        func shrink(_ index: Int) {
            let shrinker = FuzzShrinker(
                driver: driver, key: findings[index].key, attempts: configuration.shrinkAttempts,
                deadline: Self.shrinkDeadline(now: .now, runEnd: runEnd, shrinkSeconds: configuration.shrinkSeconds),
                stopRequest: configuration.stopRequest, admits: configuration.roles == nil ? nil : { claims($0) })
            (findings[index].failure, findings[index].shrinkState) = shrinker.shrinkReportingState(findings[index].failure)
            configuration.onFinding?(findings[index])
        }
        /// Checks one input (its answer staged when batched) and keeps its finding or its new shape.
        func judge(_ input: [UInt8], staged: Bool = false) {
            let (failure, outcome) = check(input)
            if !staged, configuration.stopRequest?() == true {
                requested = true  // the stop may have cut the live answer short: the input does not count
                return
            }
            executions += 1
            executionsByOperation[Operation(differentialInput: input), default: 0] += 1
            let breakage = failure.flatMap(Self.breakageKind)
            if streak.observe(failure, kind: breakage) {
                for index in unshrunk { shrink(index) }
                unshrunk = []
            } else if let broken = streak.dead(limit: configuration.maxConsecutiveBreakages) {
                dead = broken
            }
            if let failure {
                // A failure another explanation of which names a finding already made is that finding (one bug, one
                // finding), as the runner prefers the explanation the rest of its run shows.
                let keys = Self.keys(of: failure)
                if let index = keys.lazy.compactMap({ indexByKey[$0] }).first {
                    findings[index].hits += 1
                    // The same fault at a stricter level: the finding takes it.
                    if failure.level > findings[index].failure.level {
                        findings[index].failure = failure
                        findings[index].originalInput = input
                        findings[index].shrinkState = .unshrunk("shrinking has not started")
                        configuration.onFinding?(findings[index])
                        if breakage == nil { shrink(index) }
                    }
                } else {
                    let found = Date().timeIntervalSince(start)
                    indexByKey[keys[0]] = findings.count
                    findings.append(FuzzFinding(key: keys[0], failure: failure, originalInput: input, execution: executions, secondsToFind: found, hits: 1))
                    configuration.onFinding?(findings[findings.count - 1])
                    if breakage == nil { shrink(findings.count - 1) } else { unshrunk.append(findings.count - 1) }
                }
                return
            }
            // The shape comes from the driver's outcome and a scan of the layers; the tree is built once,
            // only for an input that joins the corpus, where the mutator uses it from then on.
            if shapes.insert(Self.shape(input, outcome: outcome)).inserted {
                byOperation.add(input, at: corpus.count)
                corpus.append(Entry(bytes: input, tree: Self.tree(of: input)))
                added.append(input)
            }
        }

        if let source {
            let helper = BatchHelper(source: source)
            var current = nextBatch()
            if !current.isEmpty { helper.start(current) }
            while !current.isEmpty {
                let next = nextBatch()
                let answers = helper.wait()
                // Fewer answers than inputs: the source gave up on a dead target, or left out what a stop cut short.
                if configuration.stopRequest?() == true { requested = true }
                let gaveUp = answers.count < current.count && !requested
                let sent = !next.isEmpty && !gaveUp
                if sent { helper.start(next) }
                for (input, answer) in zip(current, answers) where dead == nil {
                    source.stage(answer, for: input)
                    judge(input, staged: true)
                }
                if gaveUp, dead == nil {
                    dead = streak.current
                    requested = dead == nil  // a source that gives up has seen a breakage; if not, stop all the same
                }
                if requested || dead != nil || gaveUp {
                    if sent { _ = helper.wait() }  // the batch in flight is not judged
                    break
                }
                current = next
            }
        } else {
            while true {
                let batch = nextBatch()
                guard !batch.isEmpty else { break }
                for input in batch where dead == nil && !requested { judge(input) }
            }
        }
        // A breakage finding that no answer followed is shrunk at the end of a run that ran its course.
        let stop: FuzzStop? = dead.map { .targetBroken($0) } ?? (requested ? .requested : nil)
        for index in unshrunk {
            switch stop {
            case nil: shrink(index)
            case .requested: findings[index].shrinkState = .unshrunk("the run was stopped first")
            case .targetBroken: findings[index].shrinkState = .unshrunk("the target broke on every input after it")
            }
        }
        let elapsed = Date().timeIntervalSince(start)
        progress?(FuzzProgress(executions: executions, findings: findings.count, corpusSize: corpus.count, elapsed: elapsed))
        return FuzzSummary(
            executions: executions, elapsed: elapsed, findings: findings, corpus: corpus.map(\.bytes), newCorpusInputs: added, stop: stop,
            executionsByOperation: executionsByOperation)
    }

    /// The driver's check, with the reference's outcome when the driver names it (a `DifferentialDriver`
    /// does, from the parse it did anyway), or from a parse of its own otherwise.
    func checker() -> ([UInt8]) -> (failure: FuzzFailure?, outcome: String) {
        if let reporting = driver as? any FuzzOutcomeReporting {
            return { reporting.check($0) }
        }
        let driver = self.driver
        return { (driver.failure(for: $0), Self.referenceOutcome($0)) }
    }

    /// The key that groups failures: the rule, and the disagreement's first words without quoted text.
    ///
    /// The level is left out: one fault seen on inputs the vectors grade at two levels is one finding, at the
    /// stricter level (`run` upgrades it when a later hit is stricter).
    /// A differential failure the fault model names is keyed by its faults (`Fault.key`), as the runner groups
    /// failures: one bug, one finding, however many rules its inputs break.
    public static func key(of failure: FuzzFailure) -> String {
        if !failure.faults.isEmpty { return "fault " + failure.faults.map(\.key).sorted().joined(separator: " + ") }
        let rule = failure.rule.split(separator: "/").filter { !DifferentialLevel.graded.map(\.rawValue).contains(String($0)) }
            .joined(separator: "/")
        guard let disagreement = failure.details.first(where: { $0.label == "disagreement" })?.text else { return rule }
        // `same-action [must] action "a" vs "b"` → `same-action action`; `no-error [must] the target broke: timeout …`
        // → `… the target broke: timeout`.
        let words = disagreement.split(separator: " ").prefix(6).prefix { !$0.contains("\"") && !$0.hasPrefix("(") && !$0.contains("%") && !$0.contains("'") }
        return rule + " " + words.filter { !$0.hasPrefix("[") }.joined(separator: " ")
    }

    /// The key of `failure` (`key(of:)`), then the key of each other explanation the fault model gives of it.
    public static func keys(of failure: FuzzFailure) -> [String] {
        [key(of: failure)] + failure.faultAlternatives.map { "fault " + $0.map(\.key).sorted().joined(separator: " + ") }
    }

    /// The reference's outcome for `input`, as `DifferentialReport.referenceOutcome` names it.
    static func referenceOutcome(_ input: [UInt8]) -> String {
        switch input.first {
        case 0x01, 0x02: return DifferentialDriver<ReferenceTarget>.referenceOutcome(ofBuild: input)
        default:
            guard let text = String(validating: input, as: UTF8.self) else { return "not-utf8" }
            switch ReferenceTarget().parse(text) {
            case .accepted: return "accepted"
            case .rejected(let category, _): return "rejected " + (category?.rawValue ?? "")
            default: return "other"
            }
        }
    }

    /// The nested layers of `input`, decoded once, when it joins the corpus, for the mutator (none for a
    /// build case, which is mutated byte by byte).
    static func tree(of input: [UInt8]) -> NestedLayer {
        Operation(differentialInput: input) == .parse ? NestedLayer(decoding: String(decoding: input, as: UTF8.self)) : Self.emptyTree
    }

    /// What decides whether an input joins the corpus.
    struct Shape: Hashable, CustomStringConvertible {
        /// The reference's outcome (`DifferentialReport.referenceOutcome`).
        var outcome: String
        /// The depth of the deepest layer, up to 5.
        var depth: Int
        /// Which of `# % & + = ?` the decoded values of that layer carry (`NestedLayer.deepestLayerSummary`).
        var delimiters: UInt8

        /// `accepted 2 %&=`.
        var description: String { "\(outcome) \(depth) " + NestedLayer.delimiters(delimiters) }
    }

    /// The shape of an input that decides whether it joins the corpus: the reference's outcome, the depth
    /// of the deepest layer (up to 5), and which delimiters the decoded values of that layer carry.
    static func shape(_ input: [UInt8], outcome: String) -> Shape {
        let summary = NestedLayer.deepestLayerSummary(of: Self.shapedBytes(of: input))
        return Shape(outcome: outcome, depth: min(summary.depth, 5), delimiters: summary.delimiters)
    }

    /// The shape of `input`, parsed here (for callers without a check at hand).
    static func shape(_ input: [UInt8]) -> Shape {
        shape(input, outcome: referenceOutcome(input))
    }

    /// `NestedMutator.simpleByteMutator`, inserting a dictionary token instead one time in four.
    static func byteMutator(seed: UInt64, dictionary: [[UInt8]]) -> NestedMutator.ByteMutator {
        let simple = NestedMutator.simpleByteMutator(seed: seed)
        guard !dictionary.isEmpty else { return simple }
        var rng = SplitMix64(seed: seed ^ 0x9E37_79B9_7F4A_7C15)
        return { bytes, maxSize in
            if rng.oneIn(4) {
                bytes.insert(contentsOf: dictionary[rng.below(dictionary.count)], at: rng.below(bytes.count + 1))
                if bytes.count > maxSize { bytes.removeLast(bytes.count - maxSize) }
            } else {
                simple(&bytes, maxSize)
            }
        }
    }
}
