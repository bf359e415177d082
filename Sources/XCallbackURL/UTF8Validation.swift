// Well-formed UTF-8 per Unicode Table 3-7 (RFC 3629 §4): no overlongs, no surrogates, nothing above U+10FFFF.

/// Finds the first octet that does not belong to a well-formed UTF-8 sequence.
enum UTF8Validation {
    /// `firstInvalidIndex(in:)` for the octets of one run of escapes, with a lone two-octet sequence (an accented
    /// Latin letter, the most common run with a high octet) checked inline.
    @inline(__always)
    static func firstInvalidIndex(inRun octets: UnsafeMutablePointer<UInt8>, count: Int) -> Int? {
        if count == 2, octets[0] &- 0xC2 < 0x1E, octets[1] & 0xC0 == 0x80 { return nil }
        return firstInvalidIndex(in: UnsafeBufferPointer(start: octets, count: count))
    }

    /// Returns the index of the first ill-formed sequence in `bytes`, or `nil` when all of it is well-formed.
    ///
    /// Inlined: the decoder calls it once per run of escapes, which is most often one or two sequences long.
    @inline(__always)
    static func firstInvalidIndex<Bytes: RandomAccessCollection>(in bytes: Bytes) -> Int?
    where Bytes.Element == UInt8, Bytes.Index == Int {
        var index = bytes.startIndex
        let end = bytes.endIndex
        while index < end {
            let lead = bytes[index]
            if lead < 0x80 {
                index += 1
                continue
            }
            let length: Int
            var lower: UInt8 = 0x80
            var upper: UInt8 = 0xBF
            switch lead {
            case 0xC2...0xDF: length = 2
            case 0xE0: length = 3; lower = 0xA0
            case 0xE1...0xEC, 0xEE...0xEF: length = 3
            case 0xED: length = 3; upper = 0x9F
            case 0xF0: length = 4; lower = 0x90
            case 0xF1...0xF3: length = 4
            case 0xF4: length = 4; upper = 0x8F
            default: return index
            }
            guard index + length <= end else { return index }
            let second = bytes[index + 1]
            guard second >= lower, second <= upper else { return index }
            for offset in 2..<length where bytes[index + offset] & 0xC0 != 0x80 {
                return index
            }
            index += length
        }
        return nil
    }
}
