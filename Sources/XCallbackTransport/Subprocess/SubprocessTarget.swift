import Foundation
import XCallbackConformanceCore
import XCallbackURL

/// A target in any language: a program that speaks the conformance protocol (JSON Lines on stdin and stdout).
///
/// Creating one launches the program and performs the handshake, so `identity`, `declaredChoices`,
/// `operations` and `roles` are the program's own. Every failure of the program (crash, timeout, unreadable answer,
/// failed handshake) fails the one vector that saw it, and the program is restarted for the next one.
///
/// ```swift
/// let target = try SubprocessTarget(commandLine: "python3 adapter.py")
/// let run = ConformanceRunner().run(suite, against: target)
/// ```
public struct SubprocessTarget: ConformanceTarget, OperationDeclaring, LateBreakageReporting {
    /// The identity from the handshake, or a name derived from the command when the handshake failed.
    public let identity: TargetIdentity
    /// The choices the program declared in its handshake.
    public let declaredChoices: DeclaredChoices
    /// The parameters the program's builders add unasked, as its handshake declared them.
    public let extraParameters: [String]
    /// The operations the program declared; the others are answered `unsupported` without a request.
    public let operations: Set<XCallbackConformanceCore.Operation>
    /// The roles the program claimed in its handshake, or `nil` when it claimed every role of its operations.
    public let roles: Set<TargetRole>?
    /// Why the first start failed, or `nil` when the handshake succeeded.
    public let startupProblem: TargetBreakage?
    /// The command that runs the program.
    public var command: TargetCommand { connection.command }
    private let connection: SubprocessConnection

    /// Launches `command` and performs the handshake.
    ///
    /// - Throws: a `TargetCommandError` when the program cannot be found; a program that starts and
    ///   misbehaves does not throw, it fails vectors.
    public init(command: TargetCommand, configuration: SubprocessConfiguration = .init()) throws(TargetCommandError) {
        let executable = try command.executable()
        connection = SubprocessConnection(command: command, executable: executable, configuration: configuration)
        switch connection.start() {
        case .ready(let hello):
            identity = hello.identity
            declaredChoices = hello.choices
            extraParameters = hello.extraParameters
            operations = hello.operations
            roles = hello.roles
            startupProblem = nil
        case .failed(let breakage):
            identity = TargetIdentity(name: command.fallbackName, version: "unknown")
            declaredChoices = [:]
            extraParameters = []
            operations = Set(Operation.allCases)
            roles = nil
            startupProblem = breakage
        }
        if configuration.mode == .processPerRequest { connection.stop() }
    }

    /// Splits `commandLine` into words (quotes group words, no shell), then launches it as `init(command:)` does.
    ///
    /// - Throws: a `TargetCommandError` for a malformed command line or a program that cannot be found.
    public init(commandLine: String, configuration: SubprocessConfiguration = .init()) throws(TargetCommandError) {
        try self.init(command: TargetCommand(parsing: commandLine), configuration: configuration)
    }

    /// The most requests the target takes in one `batch` message (protocol 2); 1 for a protocol-1 target.
    public var batchLimit: Int { connection.batchSize }

    /// Sends every input (in `batch` messages when the target speaks protocol 2) and returns one answer per
    /// input, in order; operations the target does not declare are answered `unsupported` without a request.
    ///
    /// A breakage in a batch is never blamed on the batch: the inputs left without an answer are sent
    /// again one at a time, so each answer, crash or timeout belongs to the one input that caused it.
    public func answers(for inputs: [VectorInput]) -> [SubprocessAnswer] {
        var breakages = 0
        return answers(for: inputs, breakagesInARow: &breakages, giveUpAt: nil)
    }

    /// The answers to the first inputs, as `answers(for:)` gives them, stopping once `giveUpAt` requests in
    /// a row broke: the target is then dead, and the inputs after the last one sent get no answer.
    ///
    /// - Parameter breakagesInARow: the requests that broke since the last answer, kept by the caller across calls.
    public func answers(for inputs: [VectorInput], breakagesInARow: inout Int, giveUpAt limit: Int?) -> [SubprocessAnswer] {
        var results = [SubprocessAnswer?](repeating: nil, count: inputs.count)
        var sent: [Int] = []
        for (index, input) in inputs.enumerated() {
            let operation = ConformanceProtocol.operation(of: input)
            if operations.contains(operation) {
                sent.append(index)
            } else {
                let unsupported = "the target does not declare the \(operation.rawValue) operation"
                results[index] = operation == .parse
                    ? .parse(.unsupported(reason: unsupported, issueURL: nil)) : .build(.unsupported(reason: unsupported, issueURL: nil))
            }
        }
        let exchanges = connection.exchangeBatch(sent.map { inputs[$0] }, breakagesInARow: &breakagesInARow, giveUpAt: limit)
        for (index, exchange) in zip(sent, exchanges) {
            if ConformanceProtocol.operation(of: inputs[index]) == .parse {
                results[index] = .parse(Self.read(exchange, ConformanceProtocol.parseAnswer))
            } else {
                results[index] = .build(Self.read(exchange, ConformanceProtocol.buildAnswer))
            }
        }
        // Up to the first input sent and left without an answer.
        let answered = exchanges.count < sent.count ? sent[exchanges.count] : inputs.count
        return results[..<answered].map { $0! }
    }

    /// Counts of launches, requests and breakages so far.
    public var statistics: SubprocessStatistics { connection.statistics }

    /// Breakages found after their vector's result was recorded (an answer sent twice), by vector id.
    ///
    /// Reads only what the target has already written: waiting here would cost every run that much.
    public func takeLateBreakages() -> [String: TargetBreakage] { connection.takeLateBreakages(settle: .zero) }

    /// Sends `stop` and waits for the program to exit; a later request starts it again.
    public func stop() { connection.stop() }

    /// Sends a `parse` request with `url`.
    public func parse(_ url: String) -> TargetAnswer<XCallbackRequest> {
        send(.parseText(url), reading: ConformanceProtocol.parseAnswer)
    }

    /// Sends a `parse` request with the bytes (as `urlHex` when they are not UTF-8).
    public func parse(utf8 bytes: [UInt8]) -> TargetAnswer<XCallbackRequest> {
        send(.parseBytes(bytes), reading: ConformanceProtocol.parseAnswer)
    }

    /// Sends a `build-request` request.
    public func buildRequest(_ request: XCallbackRequest) -> TargetAnswer<String> {
        send(.buildRequest(request), reading: ConformanceProtocol.buildAnswer)
    }

    /// Sends a `build-callback` request.
    public func buildCallback(_ response: XCallbackResponse) -> TargetAnswer<String> {
        send(.buildCallback(response), reading: ConformanceProtocol.buildAnswer)
    }

    private func send<Value>(
        _ input: VectorInput, reading: (JSONValue) throws(AnswerError) -> TargetAnswer<Value>
    ) -> TargetAnswer<Value> {
        let operation = ConformanceProtocol.operation(of: input)
        guard operations.contains(operation) else {
            return .unsupported(reason: "the target does not declare the \(operation.rawValue) operation", issueURL: nil)
        }
        return Self.read(connection.exchange(input, id: RunContext.vectorID), reading)
    }

    private static func read<Value>(
        _ exchange: Exchange, _ reading: (JSONValue) throws(AnswerError) -> TargetAnswer<Value>
    ) -> TargetAnswer<Value> {
        switch exchange {
        case .broken(let breakage):
            return .broken(breakage)
        case .answer(let message):
            do {
                return try reading(message)
            } catch {
                return .broken(TargetBreakage(.unreadableAnswer, error.message + ": " + message.compactText))
            }
        }
    }
}

/// One answer of a subprocess target, by kind of operation.
public enum SubprocessAnswer: Sendable {
    /// The answer to a `parse` request.
    case parse(TargetAnswer<XCallbackRequest>)
    /// The answer to a `build-request` or `build-callback` request.
    case build(TargetAnswer<String>)
}

/// How a `SubprocessTarget` runs its program.
public struct SubprocessConfiguration: Sendable {
    /// One process for the whole run, or a fresh process (with its own handshake) for every request.
    public enum Mode: Sendable, Hashable {
        /// One process kept running for every request (the protocol's normal mode).
        case persistent
        /// A new process per request: slower, for comparison and for targets that leak state.
        case processPerRequest
    }

    /// Whether `start` offers protocol 2 (batches of requests); a target that answers with protocol 1
    /// gets one request at a time either way. On by default.
    public var batches = true

    /// The time allowed for each answer; 2 s by default.
    public var timeout: Duration = .seconds(2)
    /// The time allowed for the hello after `start`; 10 s by default, since interpreters start slowly.
    public var handshakeTimeout: Duration = .seconds(10)
    /// Persistent or one process per request.
    public var mode: Mode = .persistent
    /// The longest answer line accepted, in bytes; 1 MiB by default.
    public var maxAnswerBytes = 1 << 20
    /// How much of the program's stderr is kept for failure details; 2 KiB by default.
    public var stderrTailBytes = 2048
    /// After this many failed starts in a row, the program is not restarted and remaining vectors fail at once.
    public var maxConsecutiveStartFailures = 3
    /// The program's environment, or `nil` to inherit the runner's.
    public var environment: [String: String]?
    /// The suite version sent in `start`.
    public var suiteVersion = SuiteInfo.version
    /// When set, every hello and answer is checked against the published schemas; a violation is an unreadable answer.
    public var schemas: ProtocolSchemas?
    /// When set and answering `true`, a wait for an answer ends at once (the run is being stopped by a signal).
    public var stopRequest: (@Sendable () -> Bool)?
    /// When set, every line sent and received is recorded there (`--transcript`).
    public var transcript: Transcript?

    /// Creates the default configuration.
    public init() {}
}

/// Counters kept by a `SubprocessTarget`.
public struct SubprocessStatistics: Hashable, Sendable {
    /// How many times the program was launched.
    public var launches = 0
    /// How many requests were sent.
    public var requests = 0
    /// How many exchanges ended with a breakage (crash, timeout, unreadable answer).
    public var breakages = 0
    /// How many `batch` messages were sent (protocol 2).
    public var batches = 0
    /// How many batches broke and had their unanswered requests sent again one at a time.
    public var batchFallbacks = 0

    /// Creates zeroed counters.
    public init() {}
}
