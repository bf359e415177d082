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
        let answer: TargetAnswer<JSONValue>
        var callback: String?
        switch DifferentialDriver<ReferenceTarget>.targetInput(for: input) {
        case .buildRequest(let request):
            inputJSON = ["request": request.canonicalJSON]
            var built = request
            built.scheme = built.scheme.lowercased()
            answer = ReferenceTarget().buildRequest(request).map { _ in built.canonicalJSON }
        case .buildCallback(let response):
            inputJSON = response.canonicalJSON
            callback = response.callbackURL
            answer = ReferenceTarget().buildCallback(response).map { url in ["url": .string(url)] }
        default:
            return nil
        }
        let expect: JSONValue
        switch answer {
        case .accepted(let result): expect = ["accept": result]
        case .rejected(let category, _): expect = ["reject": .string(category?.rawValue ?? "unknown")]
        default: return nil
        }
        // A build's choice point (parameter order) is settled by the comparator: every value expects the same.
        guard let graded = graded(finding, callback: callback, expect: { _ in expect }) else { return nil }
        return members(of: finding, operation: operation, role: TargetRole(rawValue: operation.rawValue), input: inputJSON, expect: graded)
    }
}
