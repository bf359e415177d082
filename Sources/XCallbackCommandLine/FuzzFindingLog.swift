// What the jobs of a fuzz run share while they run: the findings, each written to the findings directory
// and announced on standard output the moment a job reports it (unshrunk, then again once shrunk), and
// the stop request that SIGINT, SIGTERM or one job's dead target raises for every job.

import Foundation
import Synchronization
import XCallbackFuzzEngine
import XCallbackFuzzing

/// Whether the jobs of a fuzz run should stop: a stop signal arrived, or a job found its target dead.
final class FuzzStopState: Sendable {
    /// Whether SIGINT and SIGTERM are handled (`StopSignals` installed).
    let handlesSignals: Bool
    private let dead = Atomic<Bool>(false)

    init(handlesSignals: Bool) { self.handlesSignals = handlesSignals }

    /// Records that a job's target is dead, which stops the other jobs too.
    func targetIsDead() { dead.store(true, ordering: .relaxed) }

    /// Whether every job should stop now.
    @Sendable func isStopping() -> Bool {
        (handlesSignals && StopSignals.isStopping()) || dead.load(ordering: .relaxed)
    }
}

/// The findings of every job, in the order found; the first job to report a key owns that finding.
final class FuzzFindingLog: @unchecked Sendable {
    private let lock = NSLock()
    private let writer: FindingWriter
    private let announce: @Sendable (String) -> Void
    private var keys: [String] = []
    private var latest: [String: (job: Int, finding: FuzzFinding)] = [:]

    /// A log that writes with `writer` and prints one line per new finding with `announce`.
    init(writer: FindingWriter, announce: @escaping @Sendable (String) -> Void) {
        self.writer = writer
        self.announce = announce
    }

    /// The input last written for each finding, so the final write replaces them.
    var writtenInputs: [[UInt8]] { lock.withLock { keys.compactMap { latest[$0]?.finding.failure.input } } }

    /// Records a finding as job `job` reports it and writes the directory again.
    func record(_ finding: FuzzFinding, job: Int) {
        lock.withLock {
            if let known = latest[finding.key] {
                guard known.job == job else { return }  // another job found it first
                latest[finding.key] = (job, finding)
                write(replacing: [known.finding.failure.input])
                return
            }
            keys.append(finding.key)
            latest[finding.key] = (job, finding)
            let written = write(replacing: [])
            let time = String(format: "%.2f", finding.secondsToFind)
            let disagreement = finding.failure.details.first { $0.label == "disagreement" }?.text ?? finding.key
            let what = disagreement.prefix { !$0.isNewline }.prefix(200)
            // The fault the vectors' model names for the same difference, as the runner's reports name it.
            let faults = finding.failure.faults.map(\.key)
            announce(
                "finding \(keys.count) at execution \(finding.execution) (\(time) s): \(what)"
                    + (faults.isEmpty ? "" : " · fault: " + faults.joined(separator: " + "))
                    + (written ? "; written to \(writer.directory.path)\n" : "; not written\n"))
        }
    }

    /// Every finding, in the order found, in its final form from its job's summary, with the hits of every job.
    func findings(in summaries: [Int: FuzzSummary]) -> [FuzzFinding] {
        lock.withLock {
            keys.compactMap { key in
                guard let owner = latest[key]?.job,
                    var finding = summaries[owner]?.findings.first(where: { $0.key == key }) ?? latest[key]?.finding
                else { return nil }
                finding.hits = summaries.values.reduce(0) { $0 + ($1.findings.first { $0.key == key }?.hits ?? 0) }
                return finding
            }
        }
    }

    /// Writes every finding so far; returns whether it could (the final write reports why not).
    @discardableResult
    private func write(replacing replaced: [[UInt8]]) -> Bool {
        (try? writer.write(keys.compactMap { latest[$0]?.finding }, replacing: replaced)) != nil
    }
}
