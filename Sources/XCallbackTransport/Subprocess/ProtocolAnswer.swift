// Answers of the conformance protocol: `{"seq": N, <one of accepted | rejected | skipped | errored>}`.
// Reading is strict about what the runner needs (one outcome key, the right result shape) and ignores
// members it does not know, so adapters may add diagnostics.

import XCallbackConformanceCore
import XCallbackURL

/// The four outcome keys an answer carries exactly one of.
enum AnswerOutcomeKey {
    static let all = ["accepted", "rejected", "skipped", "errored"]
}

extension ConformanceProtocol {
    /// Reads the outcome of an answer to a `parse` request.
    ///
    /// - Throws: a description of what is wrong with the answer, for an `unreadable-answer` failure.
    public static func parseAnswer(_ answer: JSONValue) throws(AnswerError) -> TargetAnswer<XCallbackRequest> {
        try readAnswer(answer) { cursor throws(VectorLoadError) in try XCallbackRequest(canonical: cursor) }
    }

    /// Reads the outcome of an answer to a `build-request` or `build-callback` request: `{"url": "…"}`.
    ///
    /// - Throws: a description of what is wrong with the answer, for an `unreadable-answer` failure.
    public static func buildAnswer(_ answer: JSONValue) throws(AnswerError) -> TargetAnswer<String> {
        try readAnswer(answer) { cursor throws(VectorLoadError) in try cursor.member("url").string() }
    }

    private static func readAnswer<Value: Sendable>(
        _ answer: JSONValue, accepted: (JSONCursor) throws(VectorLoadError) -> Value
    ) throws(AnswerError) -> TargetAnswer<Value> {
        let cursor = JSONCursor(answer, file: "answer")
        let present = AnswerOutcomeKey.all.filter { answer[$0] != nil }
        guard present.count == 1, let key = present.first else {
            throw AnswerError(
                "expected exactly one of accepted, rejected, skipped, errored; found "
                    + (present.isEmpty ? "none" : present.joined(separator: ", ")))
        }
        do {
            let body = try cursor.member(key)
            switch key {
            case "accepted":
                return .accepted(try accepted(body))
            case "rejected":
                let category = try body.optionalMember("category")?.optionalString()
                return .rejected(
                    category: category.map(RejectionCategory.init(rawValue:)),
                    message: try body.optionalMember("message")?.optionalString())
            case "skipped":
                return .unsupported(
                    reason: try body.optionalMember("reason")?.optionalString(),
                    issueURL: try body.optionalMember("issueURL")?.optionalString())
            default:
                let message = try body.optionalMember("message")?.optionalString() ?? "the target reported an error"
                let traceback = try body.optionalMember("traceback")?.optionalString()
                return .errored(traceback.map { message + "\n" + $0 } ?? message)
            }
        } catch {
            throw AnswerError("\(error.path): expected \(error.expected), found \(error.found)")
        }
    }

    /// Writes `answer` as the message that answers request `seq`; the inverse of `parseAnswer` and `buildAnswer`.
    public static func answerMessage<Value>(
        _ answer: TargetAnswer<Value>, seq: Int, result: (Value) -> JSONValue
    ) -> JSONValue {
        let seqMember = (key: "seq", value: JSONValue.number(Double(seq)))
        switch answer {
        case .accepted(let value):
            return .object([seqMember, (key: "accepted", value: result(value))])
        case .rejected(let category, let message):
            return .object([
                seqMember,
                (key: "rejected", value: ["category": .optional(category?.rawValue), "message": .optional(message)]),
            ])
        case .unsupported(let reason, let issueURL):
            return .object([
                seqMember, (key: "skipped", value: ["reason": .optional(reason), "issueURL": .optional(issueURL)]),
            ])
        case .errored(let message):
            return .object([seqMember, (key: "errored", value: ["message": .string(message)])])
        case .broken(let breakage):
            return .object([
                seqMember,
                (key: "errored", value: ["message": .string("\(breakage.kind.rawValue): \(breakage.detail)")]),
            ])
        }
    }
}

/// Why an answer could not be read; becomes the detail of an `unreadable-answer` failure.
public struct AnswerError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What was wrong.
    public var message: String
    /// Creates an error.
    public init(_ message: String) { self.message = message }
    /// The message.
    public var description: String { message }
}
