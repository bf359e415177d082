// A build finding as a vector: the request or callback its input decodes to, built as the reference
// builds it. The runner then judges a target's build of it the way the differential driver did: a built
// request must parse back to the request (and follow the encoding rules), a built callback must append
// the parameters to the callback as the reference does; a request or callback the reference refuses
// must be refused with its category.

import XCallbackConformanceCore
import XCallbackFuzzing
import XCallbackURL

extension FindingWriter {
    /// The vector for a build finding (input first byte 0x01 or 0x02), or nil for a parse finding.
    public func buildVector(for finding: FuzzFinding) -> JSONValue? {
        let input = finding.failure.input
        let operation = Operation(differentialInput: input)
        let inputJSON: JSONValue
        let expect: JSONValue
        switch DifferentialDriver<ReferenceTarget>.targetInput(for: input) {
        case .buildRequest(let request):
            inputJSON = ["request": request.canonicalJSON]
            switch ReferenceTarget().buildRequest(request) {
            case .accepted:
                var built = request
                built.scheme = built.scheme.lowercased()
                expect = ["accept": built.canonicalJSON]
            case .rejected(let category, _): expect = ["reject": .string(category?.rawValue ?? "unknown")]
            default: return nil
            }
        case .buildCallback(let response):
            inputJSON = response.canonicalJSON
            switch ReferenceTarget().buildCallback(response) {
            case .accepted(let url): expect = ["accept": ["url": .string(url)]]
            case .rejected(let category, _): expect = ["reject": .string(category?.rawValue ?? "unknown")]
            default: return nil
            }
        default:
            return nil
        }
        let parts = finding.failure.rule.split(separator: "/")
        let level = parts.dropFirst().first.map(String.init) ?? "must"
        let rule = DifferentialRule.all.first { $0.id == parts.last.map(String.init) }
        let disagreement = finding.failure.details.first { $0.label == "disagreement" }?.text ?? finding.failure.rule
        return [
            "id": .string(Self.vectorID(for: input)),
            "description": .string("Found by fuzzing: \(disagreement)"),
            "operation": .string(operation.rawValue),
            "role": .string(operation.rawValue),
            "rule": .string("fuzz-" + (parts.last.map(String.init) ?? "build")),
            "input": inputJSON,
            "level": .string(level == "implementation-defined" ? "should" : level),
            "expect": expect,
            "breaks": .string(
                "a target builds this otherwise than the reference: " + disagreement.split(whereSeparator: \.isNewline).joined(separator: " ")),
            "cite": .array((rule?.cite ?? ["xcu-values-encoded"]).map { .string($0) }),
            "tags": ["fuzz"],
            "provenance": .array([.string("xcallback-conformance fuzz")]),
        ]
    }
}
