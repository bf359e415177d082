// The floor under any parser that returns an `XCallbackRequest`: making the result alone.
//
// Each accepted URL of the realistic mix is parsed once, outside the timing, and its decoded fields kept as
// UTF-8 bytes. The timed work makes the same request from those bytes, one `String` per field and parameter
// (without a UTF-8 check, as the parser does) and the parameter array, and frees it: no scanning, no
// decoding, no rejection. What a parse costs above this row is what a faster scanner could still win.

import XCallbackURL

extension BenchRun {
    /// Times making the requests of the accepted `urls` from their decoded bytes, as ns per URL of `urls`.
    mutating func measureResultFloor(_ label: String, _ urls: [String]) {
        var bytes: [UInt8] = []
        let decoded = urls.compactMap { try? XCallbackRequest(parsing: $0) }.map { DecodedRequest($0, into: &bytes) }
        let workload = Workload(
            name: "\(label): result only (\(decoded.count) accepted)", bytesPerCall: 0, itemsPerCall: urls.count
        ) {
            bytes.withUnsafeBufferPointer { buffer in
                var result = 0
                for fields in decoded {
                    let request = fields.makeRequest(from: buffer.baseAddress.unsafelyUnwrapped)
                    result &+= request.parameters.count &+ request.action.utf8.count &+ (request.success?.utf8.count ?? 0)
                }
                return result
            }
        }
        addThroughput("parse", workload.name, workload, measurer.measure(workload))
        note("result only: the accepted requests of the mix made from their decoded bytes, timed per URL of the "
            + "whole mix (rejected URLs cost nothing here): the floor under any parser that returns XCallbackRequest")
    }
}

/// Where the decoded fields of one request lie in a shared buffer of UTF-8.
private struct DecodedRequest {
    let scheme: Range<Int>, action: Range<Int>
    let source: Range<Int>?, success: Range<Int>?, error: Range<Int>?, cancel: Range<Int>?, fragment: Range<Int>?
    let parameters: [(name: Range<Int>, value: Range<Int>?)]

    /// Appends the fields of `request` to `bytes` and keeps where they lie.
    init(_ request: XCallbackRequest, into bytes: inout [UInt8]) {
        func place(_ text: String) -> Range<Int> {
            let start = bytes.count
            bytes.append(contentsOf: text.utf8)
            return start..<bytes.count
        }
        scheme = place(request.scheme)
        action = place(request.action)
        source = request.source.map(place)
        success = request.success.map(place)
        error = request.error.map(place)
        cancel = request.cancel.map(place)
        fragment = request.fragment.map(place)
        parameters = request.parameters.map { (place($0.name), $0.value.map(place)) }
    }

    /// The request again, each string made from its bytes without a UTF-8 check.
    func makeRequest(from base: UnsafePointer<UInt8>) -> XCallbackRequest {
        func string(_ bounds: Range<Int>) -> String {
            let buffer = UnsafeBufferPointer(start: base + bounds.lowerBound, count: bounds.count)
            guard #available(macOS 26.0, iOS 26.0, watchOS 26.0, tvOS 26.0, visionOS 26.0, *) else {
                return String(decoding: buffer, as: UTF8.self)
            }
            return String(copying: UTF8Span(unchecked: Span(_unsafeElements: buffer), isKnownASCII: false))
        }
        var made: [XCallbackParameter] = []
        made.reserveCapacity(parameters.count)
        for parameter in parameters { made.append(XCallbackParameter(string(parameter.name), parameter.value.map(string))) }
        return XCallbackRequest(
            scheme: string(scheme), action: string(action), source: source.map(string), success: success.map(string),
            error: error.map(string), cancel: cancel.map(string), parameters: made, fragment: fragment.map(string))
    }
}
