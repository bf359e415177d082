// Fuzz target `fuzz-differential-foundation`: `FoundationTarget` (URL / URLComponents) against the reference.
// A disagreement the vectors grade must that no normalisation in `FoundationNormalisations` accepts stops the run; every
// tolerated disagreement is counted by kind, its first example printed to stderr, and a summary printed at exit.
// Built with -DFUZZING it is a libFuzzer binary; a plain build is a replay runner for files and folders.

import FuzzSupport
import XCallbackConformanceCore
import XCallbackFuzzing
#if canImport(Glibc)
import Glibc
#endif

let driver = DifferentialDriver(target: FoundationTarget(), normalisations: FoundationNormalisations.all, failingLevels: [.must])

/// Tolerated disagreements seen so far, by kind (libFuzzer calls the entry point from one thread).
nonisolated(unsafe) var tolerated: [(kind: String, count: Int)] = []
nonisolated(unsafe) var summaryRegistered = false

/// libFuzzer's entry point: one input per call.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let input = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    let report = driver.compare(input)
    if let failure = driver.failure(in: report, input: input) { failure.trap() }
    if !summaryRegistered {
        summaryRegistered = true
        atexit { printSummary() }
    }
    for disagreement in report.disagreements {
        let kind = "\(disagreement.rule.id) [\(disagreement.level)]"
            + (disagreement.grade.map { " graded as \($0.vector)" } ?? "")
            + (disagreement.normalisedBy.map { " normalised: \($0)" } ?? "")
        if let index = tolerated.firstIndex(where: { $0.kind == kind }) {
            tolerated[index].count += 1
        } else {
            tolerated.append((kind, 1))
            fuzzLog("tolerated disagreement (first example): \(kind)\n  input: \(FuzzFailure.escape(input))\n  \(disagreement.detail)")
        }
    }
    return 0
}

/// Prints how often each tolerated kind of disagreement was seen.
func printSummary() {
    fuzzLog("differential summary (\(tolerated.count) kinds of tolerated disagreement):")
    for (kind, count) in tolerated { fuzzLog("  \(count)\t\(kind)") }
}

#if !FUZZING
/// Replays the files named on the command line through `fuzzOneInput`.
@main enum Replay { static func main() { FuzzReplay.run(fuzzOneInput) } }
#endif
