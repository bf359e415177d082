// What a fuzzing run hands out: its findings, its summary and its progress reports.

import struct Foundation.Date
import XCallbackConformanceCore
import XCallbackFuzzing

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
    /// Whether `failure.input` is shrunk.
    public var shrinkState: FuzzShrinkState = .unshrunk("shrinking has not started")

    /// Creates a finding.
    public init(
        key: String, failure: FuzzFailure, originalInput: [UInt8], execution: Int, secondsToFind: Double, hits: Int,
        shrinkState: FuzzShrinkState = .unshrunk("shrinking has not started")
    ) {
        self.key = key
        self.failure = failure
        self.originalInput = originalInput
        self.execution = execution
        self.secondsToFind = secondsToFind
        self.hits = hits
        self.shrinkState = shrinkState
    }
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
    /// Why the run ended before its `runs` or `seconds`, or nil when it did not.
    public var stop: FuzzStop?
    /// Executions by operation (the first byte of each input).
    public var executionsByOperation: [Operation: Int] = [:]

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
