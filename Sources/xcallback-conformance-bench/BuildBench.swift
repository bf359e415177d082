// Build: the reference's request and callback builders against the Foundation way (URLComponents and
// queryItems, as the Foundation target builds), over the build vectors plus realistic requests and
// callbacks. Only inputs both sides build are timed, so a quick refusal never passes for speed.

import Foundation
import XCallbackConformance
import XCallbackURL

extension BenchRun {
    /// Runs the build group.
    mutating func runBuild() throws {
        let reference = ReferenceTarget()
        let foundation = FoundationTarget()
        let suite = loadVectorsOrNote()

        // Inputs: the build vectors, then requests and callbacks taken from the realistic mix.
        var requests: [XCallbackRequest] = []
        var responses: [XCallbackResponse] = []
        for vector in suite?.vectors ?? [] {
            switch vector.input {
            case .buildRequest(let request): requests.append(request)
            case .buildCallback(let response): responses.append(response)
            default: break
            }
        }
        let vectorCounts = (requests.count, responses.count)
        for url in RealisticInputs.realWorldURLs + (try RealisticInputs.nestedRequests()) {
            guard case .accepted(let request) = reference.parse(url) else { continue }
            requests.append(request)
            let result = [XCallbackParameter("result", "Hola mundo"), XCallbackParameter("count", "3")]
            if let success = request.success, !success.isEmpty {
                responses.append(XCallbackResponse(callbackURL: success, outcome: .success, source: "TargetApp",
                                                   parameters: result))
            }
            if let error = request.error, !error.isEmpty {
                responses.append(XCallbackResponse(
                    callbackURL: error, outcome: .error(code: "404", message: "Note not found: 'Groceries'")))
            }
        }
        let usableRequests = requests.filter {
            Self.accepted(reference.buildRequest($0)) && Self.accepted(foundation.buildRequest($0))
        }
        let usableResponses = responses.filter {
            Self.accepted(reference.buildCallback($0)) && Self.accepted(foundation.buildCallback($0))
        }
        note("build inputs: \(vectorCounts.0) build-request and \(vectorCounts.1) build-callback vectors "
            + "+ requests/callbacks from the realistic mix; timed the \(usableRequests.count) of \(requests.count) "
            + "requests and \(usableResponses.count) of \(responses.count) callbacks that both sides build")

        // Bytes are those of the URLs the reference builds, so ns/byte reads the same on both lines.
        let requestBytes = Self.outputBytes(usableRequests, reference.buildRequest)
        let requestPair = (
            Self.buildWorkload("build request (\(usableRequests.count)): reference", usableRequests, requestBytes,
                               reference.buildRequest),
            Self.buildWorkload("build request (\(usableRequests.count)): foundation", usableRequests, requestBytes,
                               foundation.buildRequest))
        recordBuild("build.request.speedup", "request building", requestPair)

        let callbackBytes = Self.outputBytes(usableResponses, reference.buildCallback)
        let callbackPair = (
            Self.buildWorkload("build callback (\(usableResponses.count)): reference", usableResponses, callbackBytes,
                               reference.buildCallback),
            Self.buildWorkload("build callback (\(usableResponses.count)): foundation", usableResponses, callbackBytes,
                               foundation.buildCallback))
        recordBuild("build.callback.speedup", "callback building", callbackPair)
    }

    /// Times a reference/Foundation pair side by side and records ns per URL, per byte built, and the ratio.
    private mutating func recordBuild(_ id: String, _ what: String, _ pair: (Workload, Workload)) {
        let result = measurer.compare(pair.0, pair.1)
        addThroughput("build", pair.0.name, pair.0, result.a)
        addThroughput("build", pair.1.name, pair.1, result.b)
        // Issue 11's goal for both builders: at least 5 times Foundation.
        add(RatioResult(id: id, description: "Foundation time / reference time for \(what)", goal: 5, result.ratio))
    }

    /// The total length of the URLs `build` makes from `inputs`.
    static func outputBytes<Input>(_ inputs: [Input], _ build: (Input) -> TargetAnswer<String>) -> Int {
        inputs.reduce(0) { total, input in
            if case .accepted(let url) = build(input) { return total + url.utf8.count }
            return total
        }
    }

    /// A workload that builds every input and folds the lengths of the URLs built into the sink.
    static func buildWorkload<Input>(
        _ name: String, _ inputs: [Input], _ bytes: Int, _ build: @escaping (Input) -> TargetAnswer<String>
    ) -> Workload {
        Workload(name: name, bytesPerCall: bytes, itemsPerCall: inputs.count) {
            var result = 0
            for input in inputs {
                if case .accepted(let url) = build(input) { result &+= url.utf8.count } else { result &+= 1 }
            }
            return result
        }
    }

    /// Whether an answer is an acceptance.
    static func accepted<Value>(_ answer: TargetAnswer<Value>) -> Bool {
        if case .accepted = answer { return true }
        return false
    }
}
