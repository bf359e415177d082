// The built-in fuzzing loop: seeded, reproducible, libFuzzer-free, for any `FuzzDriver` (usually a
// `DifferentialDriver` over a subprocess target, whose every crash or hang is an answer, not a stop).
//
// 1. Start from the corpus (or the built-in seeds when it is empty).
// 2. Each execution picks a corpus input with `SplitMix64(seed)`, mutates it with `NestedMutator`
//    (structure-aware) or crosses it over with another, and byte-mutates with the dictionary's tokens.
// 3. The driver checks it. A failure whose key (rule and kind of disagreement) is new is shrunk and
//    recorded as a finding; later failures with the same key are counted, not reported again.
// 4. Without coverage feedback, an input is kept when its shape is new: the reference's outcome, its
//    nesting depth and the delimiters (`& = # % + ?`) in the decoded values of its deepest layer.
// Stops after `runs` executions or `seconds`, whichever comes first. With `runs` alone, the same seed
// gives the same executions and the same findings.

import Foundation
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

    /// Creates a configuration; with neither `runs` nor `seconds`, the run is limited to 10,000 executions.
    public init(seed: UInt64 = 1, runs: Int? = nil, seconds: Double? = nil, maxLength: Int = 2048,
                dictionary: [[UInt8]] = [], shrinkAttempts: Int = 400) {
        self.seed = seed
        self.runs = runs ?? (seconds == nil ? 10_000 : nil)
        self.seconds = seconds
        self.maxLength = maxLength
        self.dictionary = dictionary
        self.shrinkAttempts = shrinkAttempts
    }
}

/// One distinct problem the fuzzer found: the first failure of its kind, shrunk.
public struct FuzzFinding: Sendable {
    /// What distinguishes this finding from others: the rule and the kind of disagreement.
    public var key: String
    /// The failure on the shrunk input.
    public var failure: FuzzFailure
    /// The input as first generated, before shrinking.
    public var originalInput: [UInt8]
    /// The execution (counted from 1) that first hit it.
    public var execution: Int
    /// Seconds from the start of the run to the first hit.
    public var secondsToFind: Double
    /// How many executions hit the same key.
    public var hits: Int
}

/// What a fuzzing run did.
public struct FuzzSummary: Sendable {
    /// Executions of the driver, shrinking excluded.
    public var executions: Int
    /// Wall-clock seconds, shrinking included.
    public var elapsed: Double
    /// Distinct findings, in the order found.
    public var findings: [FuzzFinding]
    /// Inputs in the corpus at the end.
    public var corpus: [[UInt8]]
    /// Inputs added to the corpus during the run.
    public var newCorpusInputs: [[UInt8]]

    /// Executions per second.
    public var executionsPerSecond: Double { elapsed > 0 ? Double(executions) / elapsed : 0 }
}

/// A progress report, given to the caller's callback about every half second and once at the end.
public struct FuzzProgress: Sendable {
    /// Executions so far.
    public var executions: Int
    /// Distinct findings so far.
    public var findings: Int
    /// Corpus size.
    public var corpusSize: Int
    /// Seconds since the start.
    public var elapsed: Double

    /// Creates a progress report.
    public init(executions: Int, findings: Int, corpusSize: Int, elapsed: Double) {
        self.executions = executions
        self.findings = findings
        self.corpusSize = corpusSize
        self.elapsed = elapsed
    }

    /// One line: `#1234  5678 exec/s  corpus 12  findings 0  3.0 s`.
    public var line: String {
        let rate = elapsed > 0 ? Int(Double(executions) / elapsed) : 0
        return "#\(executions)  \(rate) exec/s  corpus \(corpusSize)  findings \(findings)  "
            + String(format: "%.1f s", elapsed)
    }
}

/// The seeded built-in mutation loop around a `FuzzDriver`.
public struct FuzzEngine<Driver: FuzzDriver> {
    /// The property checker, e.g. a `DifferentialDriver`.
    public var driver: Driver
    /// The run's settings.
    public var configuration: FuzzEngineConfiguration

    /// Creates an engine for `driver`.
    public init(driver: Driver, configuration: FuzzEngineConfiguration) {
        self.driver = driver
        self.configuration = configuration
    }

    /// Inputs used when the corpus is empty: a flat request, nested callbacks, and one of each build case.
    public static var builtInSeeds: [[UInt8]] {
        [
            "app://x-callback-url/run?text=a%26b&x-success=s%3A%2F%2Fx-callback-url%2Fok%3Fk%3Dv",
            "x://x-callback-url/open?x-error=y%3A%2F%2Fx-callback-url%2Fe%3Fx-cancel%3Dz%253A%252F%252Fx-callback-url%252Fc",
            "s://x-callback-url/a?k=v#f",
            "t://X-Callback-URL/add/?flag&x-source=Me&k=1&k=2",
        ].map { Array($0.utf8) }
    }

    /// Runs the loop from `corpus`; `progress` is called about every half second and at the end.
    public func run(corpus initial: [[UInt8]] = [], progress: ((FuzzProgress) -> Void)? = nil) -> FuzzSummary {
        let start = Date()
        var rng = SplitMix64(seed: configuration.seed)
        var corpus = initial.isEmpty ? Self.builtInSeeds : initial
        var shapes = Set(corpus.map(Self.shape))
        var added: [[UInt8]] = []
        var findings: [FuzzFinding] = []
        var indexByKey: [String: Int] = [:]
        var executions = 0
        var lastReport = 0.0
        let byteMutator = Self.byteMutator(seed: rng.next(), dictionary: configuration.dictionary)

        // Seeds run first, as they are, so a finding on a seed needs no mutation.
        var pending = corpus
        while true {
            let elapsed = Date().timeIntervalSince(start)
            if let runs = configuration.runs, executions >= runs { break }
            if let seconds = configuration.seconds, elapsed >= seconds { break }
            if let progress, elapsed - lastReport >= 0.5 {
                lastReport = elapsed
                progress(FuzzProgress(executions: executions, findings: findings.count, corpusSize: corpus.count, elapsed: elapsed))
            }
            let input: [UInt8]
            if !pending.isEmpty {
                input = Array(pending.removeFirst().prefix(configuration.maxLength))
            } else {
                let parent = corpus[rng.below(corpus.count)]
                let mutationSeed = UInt32(truncatingIfNeeded: rng.next())
                if corpus.count > 1, rng.oneIn(8) {
                    let other = corpus[rng.below(corpus.count)]
                    input = NestedMutator.crossOver(parent, other, maxSize: configuration.maxLength, seed: mutationSeed)
                } else {
                    input = NestedMutator.mutate(parent, maxSize: configuration.maxLength, seed: mutationSeed, byteMutator: byteMutator)
                }
            }
            executions += 1
            if let failure = driver.failure(for: input) {
                let key = Self.key(of: failure)
                if let index = indexByKey[key] {
                    findings[index].hits += 1
                } else {
                    let found = Date().timeIntervalSince(start)
                    let shrunk = FuzzShrinker(driver: driver, key: key, attempts: configuration.shrinkAttempts).shrink(failure)
                    indexByKey[key] = findings.count
                    findings.append(FuzzFinding(key: key, failure: shrunk, originalInput: input, execution: executions, secondsToFind: found, hits: 1))
                }
                continue
            }
            let shape = Self.shape(input)
            if !shapes.contains(shape) {
                shapes.insert(shape)
                corpus.append(input)
                added.append(input)
            }
        }
        let elapsed = Date().timeIntervalSince(start)
        progress?(FuzzProgress(executions: executions, findings: findings.count, corpusSize: corpus.count, elapsed: elapsed))
        return FuzzSummary(executions: executions, elapsed: elapsed, findings: findings, corpus: corpus, newCorpusInputs: added)
    }

    /// The key that groups failures: the rule, and the disagreement's first words without quoted text.
    public static func key(of failure: FuzzFailure) -> String {
        guard let disagreement = failure.details.first(where: { $0.label == "disagreement" })?.text else { return failure.rule }
        // `same-action [must] action "a" vs "b"` → `same-action [must] action`; `no-error [must] the target broke: timeout …`
        // → `… the target broke: timeout`.
        let words = disagreement.split(separator: " ").prefix(6).prefix { !$0.contains("\"") && !$0.hasPrefix("(") }
        return failure.rule + " " + words.joined(separator: " ")
    }

    /// The shape of an input that decides whether it joins the corpus.
    static func shape(_ input: [UInt8]) -> String {
        let outcome: String
        switch input.first {
        case 0x01: outcome = "build-request"
        case 0x02: outcome = "build-callback"
        default:
            if let text = String(validating: input, as: UTF8.self) {
                switch ReferenceTarget().parse(text) {
                case .accepted: outcome = "accepted"
                case .rejected(let category, _): outcome = "rejected " + (category?.rawValue ?? "")
                default: outcome = "other"
                }
            } else {
                outcome = "not-utf8"
            }
        }
        // The deepest layer, and which delimiters its decoded values carry: what nested encoding is about.
        let tree = NestedLayer(decoding: String(decoding: input, as: UTF8.self))
        let deepest = tree.layerPaths.max { $0.count < $1.count } ?? []
        var delimiters = Set<Character>()
        for parameter in tree.layer(at: deepest)?.parameters ?? [] {
            if case .raw(let raw) = parameter.value, let decoded = CallbackExpectation.decodeStrict(raw.utf8) {
                delimiters.formUnion(decoded.filter { "&=#%+?".contains($0) })
            }
        }
        return "\(outcome) \(min(deepest.count, 5)) \(String(delimiters.sorted()))"
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
