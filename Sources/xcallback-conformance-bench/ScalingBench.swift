// Scaling: the reference parser's cost per byte for one long value (1 KB, 64 KB, 1 MB) and for
// callbacks nested 1, 8, 64 and 1,000 levels deep. A linear parser keeps the cost per byte flat; the
// slope of log(ns/byte) over log(bytes) is printed so a regression to quadratic (slope near 1) shows.

import Foundation
import XCallbackURL

extension BenchRun {
    /// Runs the scaling group.
    mutating func runScaling() throws {
        // 1. One long value, percent-encoded text as an app would send it (two escapes per 32 bytes).
        let sizes = [(label: "1 KB", bytes: 1 << 10), (label: "64 KB", bytes: 1 << 16), (label: "1 MB", bytes: 1 << 20)]
        let valueInputs = sizes.map { size in
            (label: "value \(size.label), encoded text",
             url: Self.urlWithValue(of: size.bytes, chunk: Self.encodedTextChunk))
        }
        try scalingSeries(id: "scaling.value", what: "value size", inputs: valueInputs)

        // The same 1 MB with no escapes at all: the decoder's fast path (no copy, only UTF-8 validation).
        let plain = Self.urlWithValue(of: 1 << 20, chunk: "LoremIpsumDolorSitAmetConsectetu")
        let plainWorkload = Self.parseWorkload("value 1 MB, no escapes", [plain])
        addThroughput("scaling", plainWorkload.name, plainWorkload, measurer.measure(plainWorkload))

        // 2. Nesting: x-success carries a request whose x-success carries a request ... `depth` levels.
        var depthInputs: [(label: String, url: String)] = []
        for depth in [1, 8, 64, 1000] {
            let url = try RealisticInputs.nestedRequest(depth: depth, text: "Hello", variant: 1)
            depthInputs.append((label: "nesting depth \(depth) (\(url.utf8.count) bytes)", url: url))
        }
        try scalingSeries(id: "scaling.depth", what: "nesting depth", inputs: depthInputs)
    }

    /// Measures one series, smallest and largest side by side, and records per-byte cost, flatness and slope.
    private mutating func scalingSeries(id: String, what: String, inputs: [(label: String, url: String)]) throws {
        for input in inputs {
            // Every input must parse: a rejected input would measure the error path.
            _ = try XCallbackRequest(parsing: input.url)
        }
        let workloads = inputs.map { Self.parseWorkload($0.label, [$0.url]) }
        guard let smallest = workloads.first, let largest = workloads.last, workloads.count >= 2 else { return }
        let pair = measurer.compare(smallest, largest)
        var perByte: [(x: Double, y: Double)] = []
        for (index, workload) in workloads.enumerated() {
            let perCall: Summary
            switch index {
            case 0: perCall = pair.a
            case workloads.count - 1: perCall = pair.b
            default: perCall = measurer.measure(workload)
            }
            addThroughput("scaling", workload.name, workload, perCall)
            perByte.append((x: Double(workload.bytesPerCall), y: perCall.median / Double(workload.bytesPerCall)))
        }
        let bytesRatio = Double(smallest.bytesPerCall) / Double(largest.bytesPerCall)
        add(RatioResult(
            id: "\(id).flatness",
            description: "ns/byte at the largest \(what) / ns/byte at the smallest (flat = 1; goal: within 2x)",
            direction: .lowerIsBetter, goal: 2, pair.ratio.scaled(by: bytesRatio)))
        report.slopes[id] = logLogSlope(perByte)
    }

    /// 32 bytes of percent-encoded text with two escapes, one of them a two-byte UTF-8 character.
    static let encodedTextChunk = "Lorem%20ipsum-d%C3%B6lor_sit~ame"

    /// A URL of exactly `bytes` bytes whose `text` value is `chunk` repeated (and cut to fit).
    static func urlWithValue(of bytes: Int, chunk: String) -> String {
        let prefix = "notes://x-callback-url/append?x-source=Bench&x-success=sourceapp://x-callback-url/ok&text="
        let chunkBytes = Array(chunk.utf8)
        var out = Array(prefix.utf8)
        out.reserveCapacity(bytes)
        while out.count + chunkBytes.count <= bytes { out.append(contentsOf: chunkBytes) }
        while out.count < bytes { out.append(UInt8(ascii: "x")) }
        return String(decoding: out, as: UTF8.self)
    }

    /// A workload that parses each URL with the reference and folds what it read into the sink.
    static func parseWorkload(_ name: String, _ urls: [String]) -> Workload {
        let bytes = urls.reduce(0) { $0 + $1.utf8.count }
        return Workload(name: name, bytesPerCall: bytes, itemsPerCall: urls.count) {
            var result = 0
            for url in urls {
                do throws(XCallbackRejection) {
                    let request = try XCallbackRequest(parsing: url)
                    result &+= request.parameters.count &+ (request.success?.utf8.count ?? 0)
                } catch {
                    result &+= 1 &+ (error.offset ?? 0)
                }
            }
            return result
        }
    }
}
