// How the fuzz engine gets a target's answers a batch at a time: the source a target that takes batches
// implements (`FuzzBatchTarget`), and the helper thread that fetches batch k+1 while batch k is judged.

import Dispatch

/// Answers a batch of inputs ahead of the driver, in one round trip to the target.
///
/// The engine asks `fetch` on a helper thread (one call at a time) while it judges the previous batch
/// and generates the next, then, before it checks each input with the driver, hands the input's answer
/// to `stage`: the driver's call to the target is then answered from it. The shrinker and anything
/// else that asks without staging gets a live answer.
public protocol FuzzBatchSource: AnyObject, Sendable {
    /// The most inputs in one round trip; 1 turns batching (and the helper thread) off.
    var batchSize: Int { get }
    /// The target's answers to `inputs`, in order, one per input; fewer when it gave up on a target that
    /// broke on each of the last ones (the engine then stops: the target is dead), or when the run is
    /// stopping (the answers a stop request cut short are left out; the ones before it are judged).
    func fetch(_ inputs: [[UInt8]]) -> [any Sendable]
    /// Makes the target answer the driver's next call about `input` with `answer` (from `fetch`).
    func stage(_ answer: any Sendable, for input: [UInt8])
}

/// Runs a batch source's `fetch` on a thread of its own, one batch at a time.
final class BatchHelper: @unchecked Sendable {
    private let source: any FuzzBatchSource
    private let queue = DispatchQueue(label: "fuzz-batch")
    private let done = DispatchSemaphore(value: 0)
    private var answers: [any Sendable] = []

    init(source: any FuzzBatchSource) { self.source = source }

    /// Starts fetching the answers to `inputs`.
    func start(_ inputs: [[UInt8]]) {
        queue.async {
            self.answers = self.source.fetch(inputs)
            self.done.signal()
        }
    }

    /// Waits for the batch started last and returns its answers.
    func wait() -> [any Sendable] {
        done.wait()
        return answers
    }
}
