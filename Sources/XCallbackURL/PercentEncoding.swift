// Percent-encoding and -decoding on UTF-8 bytes (RFC 3986 §2.1, §2.4, §2.5).
//
// Decoding happens exactly once per component, after the component has been split off
// (RFC 3986 §2.4), and the decoded octets must be well-formed UTF-8 (RFC 3629 §3); the decoder itself
// is in PercentEncoding+Decoding.swift.
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
        var native = text
        let result = native.withUTF8 { buffer in
            Result { () throws(XCallbackRejection) in try decode(buffer, in: 0..<buffer.count, quoting: text) }
        }
        return try result.get()
    }

    /// Each byte's value as a hexadecimal digit (0-15), or 0x40 for a byte that is not one: a table in the binary's
    /// constant data (a `StaticString`, so that reading it needs no check that it is initialized).
    static let hexDigitValues: StaticString = "@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@\u{0}\u{1}\u{2}\u{3}\u{4}\u{5}\u{6}\u{7}\u{8}\u{9}@@@@@@@\u{A}\u{B}\u{C}\u{D}\u{E}\u{F}@@@@@@@@@@@@@@@@@@@@@@@@@@\u{A}\u{B}\u{C}\u{D}\u{E}\u{F}@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@"

    /// The value of `byte` as a hexadecimal digit, or 16 or more when it is not one: one read of a table.
    @inline(__always)
    static func hexDigitOrInvalid(_ byte: UInt8) -> UInt8 { hexDigitValues.utf8Start[Int(byte)] }

    /// The value of one hexadecimal digit, or `nil` when `byte` is not one.
    @inline(__always)
    public static func hexDigitValue(_ byte: UInt8) -> UInt8? {
        let digit = byte &- UInt8(ascii: "0")
        if digit < 10 { return digit }
        // `| 0x20` folds A-F onto a-f and maps nothing else there.
        let letter = (byte | 0x20) &- UInt8(ascii: "a")
        return letter < 6 ? letter &+ 10 : nil
    }
}
