// The percent-decoder of one component (RFC 3986 §2.1, §2.4), writing into memory the caller owns: the storage
// of one `String`, or the scratch buffer of an `XCallbackRequestBorrowedView`.
//
// 1. A component alternates raw runs and escape runs. A raw run is copied sixteen or eight bytes at a time
//    while looking in the same blocks for the next `%` or for a byte that ends the component (`&`, `=`, ...).
// 2. An escape run is decoded escape by escape.
// 3. Raw runs are whole UTF-8 sequences of the (well-formed) input, and no raw byte can continue a sequence
//    begun by an escape, so the output is well-formed exactly when every escape run is: only escape runs
//    with a high octet are checked, each once. A malformed escape anywhere in the component is reported
//    before ill-formed UTF-8, as the decoder has always done.

extension PercentEncoding {
    /// Why one component could not be decoded, as an offset into the input.
    enum DecodeFailure: Error {
        /// A `%` at this offset is not followed by two hexadecimal digits.
        case percent(Int)
        /// The decoded octets are ill-formed UTF-8 from the escape at this offset.
        case utf8(Int)

        /// The failure as a rejection quoting `text`.
        func rejection(quoting text: String) -> XCallbackRejection {
            switch self {
            case .percent(let offset):
                XCallbackRejection(
                    .invalidPercentEncoding, "'%' must be followed by two hexadecimal digits", input: text, offset: offset)
            case .utf8(let offset):
                XCallbackRejection(
                    .invalidUTF8, "percent-encoded octets must form well-formed UTF-8", input: text, offset: offset)
            }
        }
    }

    /// Decodes `source[index...]` into `target[written...]` up to the first raw byte of `stops`, or `end`.
    ///
    /// Leaves `index` on the byte that ended the component (or `end`) and `written` after the decoded octets.
    /// Raw runs are copied as `ByteScan.copy` does: `target` must have room for `readable - index` bytes
    /// after `written`, and bytes after the decoded octets may be overwritten.
    @inline(__always)
    static func decodeComponent(
        from source: UnsafePointer<UInt8>, _ index: inout Int, end: Int, readable: Int, stops: ByteScan.Stops,
        into target: UnsafeMutablePointer<UInt8>, _ written: inout Int, highOctets: inout Bool
    ) -> DecodeFailure? {
        let start = index
        let writtenStart = written
        var utf8Failure: Int?
        while true {
            // 1. A raw run.
            ByteScan.copy(from: source, &index, upTo: stops, end: end, readable: readable, to: target, &written)
            guard index < end, source[index] == UInt8(ascii: "%") else { break }

            // 2. An escape run.
            let runStart = written
            var octets: UInt8 = 0
            repeat {
                guard index &+ 2 < end else { return .percent(index) }
                let high = hexDigitOrInvalid(source[index &+ 1]), low = hexDigitOrInvalid(source[index &+ 2])
                guard (high | low) & 0xF0 == 0 else { return .percent(index) }
                let octet = high &<< 4 | low
                octets |= octet
                target[written] = octet
                written &+= 1
                index &+= 3
            } while index < end && source[index] == UInt8(ascii: "%")

            // 3. Check the run (the first ill-formed run is the one reported).
            if octets >= 0x80 {
                highOctets = true
                if utf8Failure == nil,
                    let bad = UTF8Validation.firstInvalidIndex(inRun: target + runStart, count: written &- runStart)
                {
                    utf8Failure = runStart &+ bad &- writtenStart
                }
            }
        }
        guard let utf8Failure else { return nil }
        return .utf8(sourceOffset(ofDecoded: utf8Failure, in: source, from: start))
    }

    /// Decodes the escapes of `input[range]` once; errors quote `text`, the whole input, and point into it.
    static func decode(
        _ input: UnsafeBufferPointer<UInt8>, in range: Range<Int>, quoting text: String
    ) throws(XCallbackRejection) -> String {
        // No escape: copy. (`String(Substring)` would skip the UTF-8 check, but making the substring's
        // indices costs more than the check, which is word-at-a-time for ASCII.)
        let firstPercent = ByteScan.firstIndex(of: UInt8(ascii: "%"), in: input, from: range.lowerBound, to: range.upperBound)
        guard firstPercent < range.upperBound, let source = input.baseAddress else {
            return String(decoding: UnsafeBufferPointer(rebasing: input[range]), as: UTF8.self)
        }
        var failure: DecodeFailure?
        let decoded = String(unsafeUninitializedCapacity: range.count) { out in
            var index = range.lowerBound
            var written = 0
            var highOctets = false
            failure = decodeComponent(
                from: source, &index, end: range.upperBound, readable: range.upperBound, stops: .none,
                into: out.baseAddress.unsafelyUnwrapped, &written, highOctets: &highOctets)
            return failure == nil ? written : 0
        }
        if let failure { throw failure.rejection(quoting: text) }
        return decoded
    }

    /// Maps the index of a decoded octet back to the input offset it came from.
    private static func sourceOffset(ofDecoded target: Int, in input: UnsafePointer<UInt8>, from start: Int) -> Int {
        var decoded = 0
        var index = start
        while decoded < target {
            index += input[index] == UInt8(ascii: "%") ? 3 : 1
            decoded += 1
        }
        return index
    }
}
