// Percent-encoding and -decoding on UTF-8 bytes (RFC 3986 §2.1, §2.4, §2.5).
//
// Decoding happens exactly once per component, after the component has been split off
// (RFC 3986 §2.4), and the decoded octets must be well-formed UTF-8 (RFC 3629 §3).
// Encoding leaves only the characters that can never be mistaken for a delimiter in a query.

/// Percent-encoding as the reference implementation does it.
public enum PercentEncoding {
    // MARK: - Encoding

    /// Percent-encodes a parameter name or value so that it survives any query parser unchanged.
    ///
    /// Everything except the unreserved characters and `! $ ' ( ) * , ; : @ / ?` is encoded with
    /// uppercase hex, so `&`, `=`, `#`, `+`, `%`, space, controls and non-ASCII never appear raw.
    public static func encodeValue(_ text: String) -> String {
        URLWriter.build { $0.append(encoding: text, keeping: .value) }
    }

    /// Percent-encodes an action path, keeping `/` between segments and encoding `?` and `#`.
    public static func encodeAction(_ text: String) -> String {
        URLWriter.build { $0.append(encoding: text, keeping: .action) }
    }

    /// Whether `byte` may appear raw inside an encoded parameter name or value.
    public static func isAllowedInValue(_ byte: UInt8) -> Bool { EncodeSet.value.contains(byte) }

    // MARK: - Decoding

    /// Decodes `%XX` escapes in `text` once, as UTF-8; `+` stays a plus sign.
    ///
    /// - Throws: `invalid-percent-encoding` for a `%` without two hex digits, `invalid-utf8` when
    ///   the decoded octets are not well-formed UTF-8. Offsets are UTF-8 offsets into `text`.
    public static func decode(_ text: String) throws(XCallbackRejection) -> String {
        let bytes = Array(text.utf8)
        let result = bytes.withUnsafeBufferPointer { buffer in
            Result { () throws(XCallbackRejection) in try decode(buffer, in: 0..<buffer.count, input: buffer) }
        }
        return try result.get()
    }

    /// Decodes the escapes of `input[range]` once; offsets in errors are relative to `input`.
    static func decode(
        _ input: UnsafeBufferPointer<UInt8>, in range: Range<Int>, input whole: UnsafeBufferPointer<UInt8>
    ) throws(XCallbackRejection) -> String {
        let firstPercent = ByteScan.firstIndex(of: UInt8(ascii: "%"), in: input, from: range.lowerBound, to: range.upperBound)
        if firstPercent == range.upperBound {
            // The input was validated as UTF-8 and ranges are cut at ASCII delimiters.
            return String(decoding: UnsafeBufferPointer(rebasing: input[range]), as: UTF8.self)
        }
        // Decode into the string's own storage; ill-formed UTF-8 is found before the string is made.
        var failure: XCallbackRejection?
        let decoded = String(unsafeUninitializedCapacity: range.count) { out in
            var written = firstPercent - range.lowerBound
            if written > 0 {
                _ = out.initialize(from: UnsafeBufferPointer(rebasing: input[range.lowerBound..<firstPercent]))
            }
            var index = firstPercent
            var sawHighByte = false
            while index < range.upperBound {
                let byte = input[index]
                if byte == UInt8(ascii: "%") {
                    guard index + 2 < range.upperBound,
                        let high = hexDigitValue(input[index + 1]), let low = hexDigitValue(input[index + 2])
                    else {
                        failure = XCallbackRejection(
                            .invalidPercentEncoding, "'%' must be followed by two hexadecimal digits",
                            input: String(decoding: whole, as: UTF8.self), offset: index)
                        return 0
                    }
                    let value = high << 4 | low
                    sawHighByte = sawHighByte || value >= 0x80
                    out[written] = value
                    index += 3
                } else {
                    out[written] = byte
                    index += 1
                }
                written += 1
            }
            if sawHighByte, let bad = UTF8Validation.firstInvalidIndex(in: UnsafeBufferPointer(rebasing: out[..<written])) {
                failure = XCallbackRejection(
                    .invalidUTF8, "percent-encoded octets must form well-formed UTF-8",
                    input: String(decoding: whole, as: UTF8.self),
                    offset: sourceOffset(ofDecoded: bad, in: input, from: range.lowerBound))
                return 0
            }
            return written
        }
        if let failure { throw failure }
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

    /// The value of one hexadecimal digit, or `nil` when `byte` is not one.
    @inline(__always)
    public static func hexDigitValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte &- UInt8(ascii: "0")
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte &- UInt8(ascii: "A") &+ 10
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte &- UInt8(ascii: "a") &+ 10
        default: nil
        }
    }
}
