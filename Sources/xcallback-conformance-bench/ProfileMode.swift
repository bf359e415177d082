// `--profile WORKLOAD`: runs one reference workload in a loop, untimed, so a profiler (perf, valgrind
// --tool=callgrind) sees only that work. Prints the sink so the loop can't be optimized away.

import Foundation
import XCallbackConformance
import XCallbackURL

extension BenchRun {
    /// The workloads `--profile` knows.
    static let profileWorkloads = [
        "parse-mix", "parse-long", "parse-borrowed-mix", "parse-borrowed-long",
        "build-request", "build-callback",
    ]

    /// Runs `name` `iterations` times (one iteration = the whole input set) and returns the sink value.
    func profile(_ name: String, iterations: Int) throws -> UInt64 {
        let mix = RealisticInputs.realWorldURLs + (try RealisticInputs.nestedRequests())
        let reference = ReferenceTarget()
        var requests: [XCallbackRequest] = []
        for url in mix {
            if case .accepted(let request) = reference.parse(url), case .accepted = reference.buildRequest(request) {
                requests.append(request)
            }
        }
        let workload: Workload
        switch name {
        case "parse-mix":
            workload = Self.parseWorkload(name, mix)
        case "parse-long":
            workload = Self.parseWorkload(name, [Self.urlWithValue(of: 1 << 20, chunk: Self.encodedTextChunk)])
        case "parse-borrowed-mix":
            workload = Self.borrowedReadWorkload(name, mix)
        case "parse-borrowed-long":
            workload = Self.borrowedReadWorkload(name, [Self.urlWithValue(of: 1 << 20, chunk: Self.encodedTextChunk)])
        case "build-request":
            workload = Self.buildWorkload(name, requests, 0, reference.buildRequest)
        case "build-callback":
            let responses = requests.compactMap { request in
                request.success.map {
                    XCallbackResponse(callbackURL: $0, outcome: .success, source: "TargetApp",
                                      parameters: [XCallbackParameter("result", "Hola mundo")])
                }
            }
            workload = Self.buildWorkload(name, responses, 0, reference.buildCallback)
        default:
            let known = Self.profileWorkloads.joined(separator: ", ")
            throw BenchError("unknown profile workload '\(name)' (known: \(known))")
        }
        for _ in 0..<iterations {
            measurer.sink.consume(workload.body())
        }
        return measurer.sink.value
    }
}
