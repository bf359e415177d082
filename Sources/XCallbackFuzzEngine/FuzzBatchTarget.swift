// A subprocess target as the fuzz engine's batch source: the engine sends a batch of inputs in one
// round trip (protocol 2's `batch` message) on a helper thread, then stages each input's answer before
// the differential driver checks it, so the driver's one call to the target is answered from the batch.
// Every other call (the shrinker's, or a staged answer that does not match) is a live request.
// A batch that breaks is sent again one input at a time; once the target breaks on as many inputs in a
// row as the engine's dead-target limit, the rest are not sent and the engine stops.

import XCallbackConformanceCore
import XCallbackFuzzing
import XCallbackTransport
import XCallbackURL

/// A `SubprocessTarget` whose answers the fuzz engine fetches a batch at a time.
public final class FuzzBatchTarget: ConformanceTarget, FuzzBatchSource, OperationDeclaring, @unchecked Sendable {
    /// The program under test.
    public let base: SubprocessTarget
    /// Inputs per round trip: the smaller of the target's limit (1 for a protocol-1 target) and `preferred`.
    public let batchSize: Int
    /// After this many broken requests in a row, `fetch` stops sending (nil: never); the engine's
    /// `maxConsecutiveBreakages`, so a dead target costs that many timeouts, not a batch of them.
    public let maxConsecutiveBreakages: Int?
    /// The answer staged for the driver's next call, with the input it answers; touched by the engine's thread only.
    private var staged: Staged?
    /// The requests of `fetch` that broke since the last answer; touched by the engine's helper thread only.
    private var breakagesInARow = 0

    /// One fetched answer and the request it answers.
    struct Staged: Sendable {
        var input: VectorInput
        var answer: SubprocessAnswer
    }

    /// Wraps `base`, sending at most `preferred` inputs per batch (a fixed number keeps runs reproducible)
    /// and giving up on the target after `maxConsecutiveBreakages` broken requests in a row.
    public init(_ base: SubprocessTarget, preferred: Int = 64, maxConsecutiveBreakages: Int? = 5) {
        self.base = base
        batchSize = max(1, min(base.batchLimit, preferred))
        self.maxConsecutiveBreakages = maxConsecutiveBreakages
    }

    public var identity: TargetIdentity { base.identity }
    public var declaredChoices: DeclaredChoices { base.declaredChoices }
    /// The wrapped target's extra parameters.
    public var extraParameters: [String] { base.extraParameters }
    /// The operations the wrapped target declared in its hello.
    public var operations: Set<Operation> { base.operations }
    /// The roles the wrapped target claimed in its hello: the driver neither asks nor judges a URL of another.
    public var roles: Set<TargetRole>? { base.roles }

    /// The target's answers to `inputs` (what the differential driver would ask for each), in order;
    /// fewer once the target broke on `maxConsecutiveBreakages` requests in a row.
    public func fetch(_ inputs: [[UInt8]]) -> [any Sendable] {
        let requests = inputs.map { DifferentialDriver<FuzzBatchTarget>.targetInput(for: $0) }
        var answers = base.answers(for: requests, breakagesInARow: &breakagesInARow, giveUpAt: maxConsecutiveBreakages)
        // An answer a stop request cut short is no answer of the target's: it and the ones after it are left out.
        if let cut = answers.firstIndex(where: Self.cutShortByStop) { answers.removeSubrange(cut...) }
        return zip(requests, answers).map { Staged(input: $0, answer: $1) }
    }

    /// Whether `answer` is the breakage a stop request made rather than the target's.
    static func cutShortByStop(_ answer: SubprocessAnswer) -> Bool {
        switch answer {
        case .parse(.broken(let breakage)), .build(.broken(let breakage)): breakage.detail.hasPrefix(SubprocessConnection.stoppedDetail)
        default: false
        }
    }

    /// Makes the next call about `input` return `answer`.
    public func stage(_ answer: any Sendable, for input: [UInt8]) {
        staged = answer as? Staged
    }

    private func take(_ input: VectorInput) -> SubprocessAnswer? {
        guard let current = staged, current.input == input else { return nil }
        staged = nil
        return current.answer
    }

    public func parse(_ url: String) -> TargetAnswer<XCallbackRequest> {
        if case .parse(let answer)? = take(.parseBytes(Array(url.utf8))) { return answer }
        return base.parse(url)
    }

    public func parse(utf8 bytes: [UInt8]) -> TargetAnswer<XCallbackRequest> {
        if case .parse(let answer)? = take(.parseBytes(bytes)) { return answer }
        return base.parse(utf8: bytes)
    }

    public func buildRequest(_ request: XCallbackRequest) -> TargetAnswer<String> {
        if case .build(let answer)? = take(.buildRequest(request)) { return answer }
        return base.buildRequest(request)
    }

    public func buildCallback(_ response: XCallbackResponse) -> TargetAnswer<String> {
        if case .build(let answer)? = take(.buildCallback(response)) { return answer }
        return base.buildCallback(response)
    }
}
