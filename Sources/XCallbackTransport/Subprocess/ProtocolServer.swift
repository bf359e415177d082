// The target side of the conformance protocol: serves any Swift `ConformanceTarget` over JSON Lines.
// `xcallback-conformance serve` uses it with the reference implementation, which makes a minimal Swift
// subprocess target for tests and benchmarks.

import XCallbackConformanceCore
import XCallbackURL

/// Answers conformance-protocol messages with a `ConformanceTarget`, one line in, at most one line out.
public struct ProtocolServer<Target: ConformanceTarget>: Sendable {
    /// The target that answers.
    public var target: Target
    /// The most requests the server takes in one `batch` message, said in its hello when the runner offers
    /// protocol 2; 1 answers every `start` with a protocol-1 hello.
    public var batchLimit: Int

    /// Creates a server for `target`.
    public init(target: Target, batchLimit: Int = 256) {
        self.target = target
        self.batchLimit = batchLimit
    }

    /// What to do with one incoming line.
    public enum Reply: Hashable, Sendable {
        /// Write this line (without its newline).
        case line(String)
        /// Write these lines, each followed by a newline (the answers to a `batch` message).
        case lines([String])
        /// Write nothing and read on (a blank line).
        case nothing
        /// Exit: the runner sent `stop`.
        case stop
    }

    /// Answers one line.
    public func respond(to line: String) -> Reply {
        guard !line.allSatisfy(\.isWhitespace) else { return .nothing }
        let message: JSONValue
        do {
            message = try JSONValue(parsing: line)
        } catch {
            return .line(erroredAnswer(seq: nil, "the request is not JSON: \(error)"))
        }
        switch message["cmd"]?.stringValue {
        case "start":
            let offered = message["protocols"]?.arrayValue?.contains(.number(Double(ConformanceProtocol.batchVersion))) ?? false
            return .line(hello(batches: offered && batchLimit > 1).message.compactText)
        case "stop":
            return .stop
        case "batch":
            guard let requests = message["requests"]?.arrayValue else {
                return .line(erroredAnswer(seq: nil, "the batch has no array of requests"))
            }
            return .lines(requests.map(answerLine))
        default:
            return .line(answerLine(message))
        }
    }

    /// The answer line to one request message.
    private func answerLine(_ message: JSONValue) -> String {
        // A seq is a whole number the runner counts up from 1; anything else gets `seq: null` in the answer.
        let seq = message["seq"]?.numberValue.flatMap { $0 >= 0 && $0 <= 9.0e15 ? Int(exactly: $0) : nil }
        switch message["cmd"]?.stringValue {
        case let command?:
            guard let seq else {
                let found = message["seq"].map { "\($0.typeName) \(String($0.compactText.prefix(40)))" } ?? "none"
                return erroredAnswer(seq: nil, "the request's seq should be a whole number from 0 to 9e15, found \(found)")
            }
            do {
                return try answer(command, message, seq: seq).compactText
            } catch {
                return erroredAnswer(seq: seq, "the request is malformed at \(error.path): expected \(error.expected)")
            }
        case nil:
            return erroredAnswer(seq: seq, "the request has no cmd")
        }
    }

    /// Reads lines until `stop` or end of input, writing each answer with `write` (which must flush).
    public func serve(readLine: () -> String?, write: (String) -> Void) {
        while let line = readLine() {
            switch respond(to: line) {
            case .line(let text): write(text + "\n")
            case .lines(let texts): write(texts.map { $0 + "\n" }.joined())
            case .nothing: continue
            case .stop: return
            }
        }
    }

    /// The protocol-1 hello: the target's identity, choices, extra parameters and roles; every operation is offered
    /// (unsupported ones answer skipped), or, when the target claims roles, the operations of those roles.
    public var hello: ProtocolHello { hello(batches: false) }

    /// The hello, protocol 2 with `batchLimit` when `batches`, protocol 1 otherwise.
    public func hello(batches: Bool) -> ProtocolHello {
        let roles = target.roles.map { $0.filter { $0.operation != nil } }
        let operations = roles.map { Set($0.compactMap(\.operation)) } ?? Set(Operation.allCases)
        return ProtocolHello(
            identity: target.identity, operations: operations, choices: target.declaredChoices,
            extraParameters: target.extraParameters, batchLimit: batches ? batchLimit : 1, roles: roles)
    }

    private func answer(_ command: String, _ message: JSONValue, seq: Int) throws(VectorLoadError) -> JSONValue {
        let cursor = JSONCursor(message, file: "request")
        switch command {
        case "parse":
            let answer: TargetAnswer<XCallbackRequest>
            if let hex = try cursor.optionalMember("urlHex") {
                guard let bytes = ConformanceProtocol.bytes(fromHex: try hex.string()) else {
                    throw hex.error("pairs of hex digits")
                }
                answer = target.parse(utf8: bytes)
            } else {
                answer = target.parse(try cursor.member("url").string())
            }
            return ConformanceProtocol.answerMessage(answer, seq: seq) { $0.canonicalJSON }
        case "build-request":
            let request = try XCallbackRequest(canonical: try cursor.member("request"))
            return ConformanceProtocol.answerMessage(target.buildRequest(request), seq: seq) { ["url": .string($0)] }
        case "build-callback":
            let response = try XCallbackResponse(canonical: try cursor.member("response"))
            return ConformanceProtocol.answerMessage(target.buildCallback(response), seq: seq) { ["url": .string($0)] }
        default:
            return ConformanceProtocol.answerMessage(
                TargetAnswer<String>.unsupported(reason: "unknown command '\(command)'", issueURL: nil), seq: seq
            ) { .string($0) }
        }
    }

    private func erroredAnswer(seq: Int?, _ message: String) -> String {
        let seqValue: JSONValue = seq.map { .number(Double($0)) } ?? .null
        return JSONValue.object([(key: "seq", value: seqValue), (key: "errored", value: ["message": .string(message)])])
            .compactText
    }
}
