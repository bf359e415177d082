// The percent-decoder of one component (RFC 3986 §2.1, §2.4), writing straight into the storage of the
// one `String` it returns.
//
// 1. A component without `%` is copied as it is: it is a slice of well-formed UTF-8 cut at ASCII delimiters.
// 2. Otherwise the component alternates raw runs and escape runs. A raw run is copied eight bytes at a
//    time while looking for the next `%` in the same words; an escape run is decoded escape by escape.
// 3. Raw runs are whole UTF-8 sequences of the (well-formed) input, and no raw byte can continue a sequence
//    begun by an escape, so the output is well-formed exactly when every escape run is: only escape runs
//    with a high octet are checked, each once. A malformed escape anywhere in the component is reported
//    before ill-formed UTF-8, as the decoder has always done: it decodes the whole component first.

extension PercentEncoding {
    /// Decodes the escapes of `input[range]` once; errors quote `text`, the whole input, and point into it.
    static func decode(
        _ input: UnsafeBufferPointer<UInt8>, in range: Range<Int>, quoting text: String
    ) throws(XCallbackRejection) -> String {
        // 1. No escape: copy. (`String(Substring)` would skip the UTF-8 check, but making the substring's
        // indices costs more than the check, which is word-at-a-time for ASCII.)
        let firstPercent = ByteScan.firstIndex(of: UInt8(ascii: "%"), in: input, from: range.lowerBound, to: range.upperBound)
        guard firstPercent < range.upperBound, let source = input.baseAddress else {
            return String(decoding: UnsafeBufferPointer(rebasing: input[range]), as: UTF8.self)
        }
        var percentFailure: Int?
        var utf8Failure: Int?
        let decoded = String(unsafeUninitializedCapacity: range.count) { out in
            let target = out.baseAddress.unsafelyUnwrapped
            var written = firstPercent - range.lowerBound
            target.initialize(from: source + range.lowerBound, count: written)
            var index = firstPercent
            while index < range.upperBound {
                // 2. An escape run.
                let runStart = written
                var sawHighOctet = false
                while index < range.upperBound, source[index] == UInt8(ascii: "%") {
                    guard index + 2 < range.upperBound,
                        let high = hexDigitValue(source[index + 1]), let low = hexDigitValue(source[index + 2])
                    else {
                        percentFailure = index
                        return 0
                    }
                    let octet = high << 4 | low
                    sawHighOctet = sawHighOctet || octet >= 0x80
                    target[written] = octet
                    written += 1
                    index += 3
                }

                // 3. Check the run (the first ill-formed run is the one reported).
                if sawHighOctet, utf8Failure == nil,
                    let bad = UTF8Validation.firstInvalidIndex(in: UnsafeBufferPointer(start: target + runStart, count: written - runStart))
                {
                    utf8Failure = runStart + bad
                }

                // 2. A raw run, up to the next '%'.
                ByteScan.copy(from: source, &index, upTo: UInt8(ascii: "%"), end: range.upperBound, to: target, &written)
            }
            return utf8Failure == nil ? written : 0
        }
        if let percentFailure {
            throw XCallbackRejection(
                .invalidPercentEncoding, "'%' must be followed by two hexadecimal digits", input: text, offset: percentFailure)
        }
        if let utf8Failure {
            throw XCallbackRejection(
                .invalidUTF8, "percent-encoded octets must form well-formed UTF-8", input: text,
                offset: sourceOffset(ofDecoded: utf8Failure, in: input, from: range.lowerBound))
        }
        return decoded
    }

    /// Maps the index of a decoded octet back to the input offset it came from.
    private static func sourceOffset(ofDecoded target: Int, in input: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        var decoded = 0
        var index = start
        while decoded < target {
            index += input[index] == UInt8(ascii: "%") ? 3 : 1
            decoded += 1
        }
        return index
    }
}
