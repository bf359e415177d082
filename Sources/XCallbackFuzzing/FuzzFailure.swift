// What a driver reports when a property is violated, and how it becomes a libFuzzer crash.

import XCallbackConformanceCore

/// A violated fuzzing property: the rule, the input that broke it, and what each side produced.
public struct FuzzFailure: Error, Sendable, CustomStringConvertible {
    /// The property that was violated, e.g. `round-trip` or `differential/must`.
    public var rule: String
    /// The input bytes, exactly as the fuzzer produced them.
    public var input: [UInt8]
    /// Labelled details in display order (`reference`, `target`, `rebuilt`, ...).
    public var details: [(label: String, text: String)]
    /// How the target broke (`crashed`, `timed-out`, `unreadable-answer`) when the failure is a broken target, else nil.
    public var breakage: BreakageKind?
    /// How the vectors grade the fault (its level, the vector rule, role and tags), for a differential failure.
    public var grade: FaultGrade?
    /// The faults the vectors' model names for the same difference (`FaultModel`), for a differential failure: what
    /// tells one finding from another.
    public var faults: [Fault] = []
    /// The other explanations of the same answer, equally close (`FaultModel.diagnoses`): a run that shows one of
    /// them elsewhere names the finding by it, as the runner's judgement does.
    public var faultAlternatives: [[Fault]] = []
    /// The difference as the vectors' model judged it: a vector of the input and the reference's answer, and the
    /// target's answer (`FuzzFaults` judges a run's findings together from these).
    public var judged: VectorResult? = nil

    /// Creates a failure for `rule` on `input` with labelled `details`.
    public init(rule: String, input: [UInt8], details: [(label: String, text: String)] = []) {
        self.rule = rule
        self.input = input
        self.details = details
    }

    /// A multi-line report: the rule, the input as escaped text, then every detail.
    public var description: String {
        var lines = ["fuzz property violated: \(rule)", "  input: \(FuzzFailure.escape(input))"]
        for (label, text) in details {
            lines.append("  \(label): \(text)")
        }
        return lines.joined(separator: "\n")
    }

    /// Stops the process with this report (libFuzzer then saves the input as a `crash-*` file).
    public func trap() -> Never {
        fatalError(description)
    }

    /// Renders bytes as a quoted string: printable ASCII as is, everything else as `\xNN`.
    public static func escape(_ bytes: [UInt8]) -> String {
        var out = "\""
        for b in bytes {
            switch b {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"): out += "\\" + String(UnicodeScalar(b))
            case 0x20..<0x7F: out += String(UnicodeScalar(b))
            default:
                let hex = String(b, radix: 16, uppercase: true)
                out += "\\x" + (hex.count == 1 ? "0" + hex : hex)
            }
        }
        return out + "\""
    }

    /// Renders a string the way `escape(_:)` renders its UTF-8 bytes.
    public static func escape(_ text: String) -> String {
        escape(Array(text.utf8))
    }
}

/// A driver that, while checking an input, also names the reference's outcome for it, so a fuzzing loop
/// can decide about its corpus from the work the check already did instead of parsing the input again.
public protocol FuzzOutcomeReporting: FuzzDriver {
    /// Checks one input as `failure(for:)` does, and names the reference's outcome: `accepted`,
    /// `rejected <category>`, `not-utf8`, or for a build `build-request built`, `build-callback refused <category>`.
    func check(_ input: [UInt8]) -> (failure: FuzzFailure?, outcome: String)
}

/// A fuzzing property check: bytes in, a violation or nil out.
extension FuzzFailure {
    /// How strict the failure is: a differential failure's level (`differential/<level>/<rule>`), `must` for any
    /// other property.
    public var level: DifferentialLevel {
        let parts = rule.split(separator: "/")
        guard parts.first == "differential", parts.count > 2 else { return .must }
        return DifferentialLevel(rawValue: String(parts[1]))
    }
}

public protocol FuzzDriver: Sendable {
    /// Short name used in reports and file names (`robustness`, `round-trip`, ...).
    var name: String { get }
    /// Checks one input; returns the violated property, or nil when every property holds.
    func failure(for input: [UInt8]) -> FuzzFailure?
}

extension FuzzDriver {
    /// Checks one input and stops the process on a violation; this is the body of `LLVMFuzzerTestOneInput`.
    public func run(_ input: [UInt8]) {
        if let failure = failure(for: input) {
            failure.trap()
        }
    }

    /// Copies libFuzzer's buffer and runs the checks on it.
    public func run(_ data: UnsafePointer<UInt8>?, _ size: Int) {
        run(data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? [])
    }
}
