// One-buffer URL building: the builders describe a URL once, as a sequence of raw and percent-encoded
// pieces; `URLWriter.build` runs that description twice, first to measure and then to write the UTF-8
// straight into the storage of the one `String` it returns. No intermediate strings, arrays or joins.

/// The bytes a percent-encoder leaves raw: a set over ASCII held in two 64-bit masks (non-ASCII is never kept).
struct EncodeSet: Sendable {
    /// Bits 0-63: bytes 0x00-0x3F.
    let low: UInt64
    /// Bits 0-63: bytes 0x40-0x7F.
    let high: UInt64

    /// Unreserved (RFC 3986 §2.3) plus `! $ ' ( ) * , ; : @ / ?`: what a parameter name or value keeps.
    static let value = EncodeSet(low: 0x8FFF_F792_0000_0000, high: 0x47FF_FFFE_87FF_FFFF)
    /// As `value` without `?`: what an action path keeps.
    static let action = EncodeSet(low: 0x0FFF_F792_0000_0000, high: 0x47FF_FFFE_87FF_FFFF)

    /// Whether `byte` stays raw.
    @inline(__always)
    func contains(_ byte: UInt8) -> Bool {
        let word = byte < 0x40 ? low : byte < 0x80 ? high : 0
        return (word >> UInt64(byte & 0x3F)) & 1 != 0
    }
}

/// Measures, then writes, one URL's UTF-8; see `build`.
struct URLWriter {
    /// Where to write, or `nil` on the measuring pass.
    private let out: UnsafeMutablePointer<UInt8>?
    /// Bytes measured or written so far.
    private(set) var count = 0

    private init(out: UnsafeMutablePointer<UInt8>?) {
        self.out = out
    }

    /// Runs `describe` once to measure and once to write into one exactly sized `String`.
    ///
    /// `describe` must emit the same pieces both times (it reads only immutable inputs).
    @inline(__always)
    static func build(_ describe: (inout URLWriter) -> Void) -> String {
        var measure = URLWriter(out: nil)
        describe(&measure)
        let total = measure.count
        return String(unsafeUninitializedCapacity: total) { buffer in
            var writer = URLWriter(out: buffer.baseAddress)
            describe(&writer)
            precondition(writer.count == total, "URLWriter: the writing pass differs from the measuring pass")
            return writer.count
        }
    }

    /// Appends one raw byte.
    @inline(__always)
    mutating func append(_ byte: UInt8) {
        out?[count] = byte
        count += 1
    }

    /// Appends raw bytes.
    @inline(__always)
    mutating func append(raw bytes: UnsafeBufferPointer<UInt8>) {
        if let out, let base = bytes.baseAddress, !bytes.isEmpty {
            (out + count).initialize(from: base, count: bytes.count)
        }
        count += bytes.count
    }

    /// Appends `text` as it is.
    @inline(__always)
    mutating func append(_ text: String) {
        withUTF8Bytes(text) { append(raw: $0) }
    }

    /// Appends `text` percent-encoded with uppercase hex, keeping the bytes in `kept` raw.
    @inline(__always)
    mutating func append(encoding text: String, keeping kept: EncodeSet) {
        withUTF8Bytes(text) { append(encoding: $0, keeping: kept) }
    }

    /// Appends `bytes` percent-encoded with uppercase hex, keeping the bytes in `kept` raw.
    mutating func append(encoding bytes: UnsafeBufferPointer<UInt8>, keeping kept: EncodeSet) {
        guard let out else {
            var escapes = 0
            for byte in bytes where !kept.contains(byte) { escapes += 1 }
            count += bytes.count + 2 * escapes
            return
        }
        var written = count
        for byte in bytes {
            if kept.contains(byte) {
                out[written] = byte
                written += 1
            } else {
                out[written] = UInt8(ascii: "%")
                out[written + 1] = Self.hexDigit(byte >> 4)
                out[written + 2] = Self.hexDigit(byte & 0x0F)
                written += 3
            }
        }
        count = written
    }

    /// Appends `separator` (none when it is 0), then `name` and, when there is a value, `=` and the value,
    /// both encoded as values; later items are separated by `&`.
    @inline(__always)
    mutating func appendQueryItem(_ name: String, _ value: String?, after separator: inout UInt8) {
        if separator != 0 { append(separator) }
        separator = UInt8(ascii: "&")
        append(encoding: name, keeping: .value)
        if let value {
            append(UInt8(ascii: "="))
            append(encoding: value, keeping: .value)
        }
    }

    /// The uppercase hex digit for `nibble` (0-15).
    @inline(__always)
    static func hexDigit(_ nibble: UInt8) -> UInt8 {
        nibble < 10 ? UInt8(ascii: "0") &+ nibble : UInt8(ascii: "A") &+ (nibble &- 10)
    }
}

/// Calls `body` with the UTF-8 of `text`, without a copy when the string's storage is contiguous.
@inline(__always)
func withUTF8Bytes<Result>(_ text: String, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
    if let result = text.utf8.withContiguousStorageIfAvailable(body) { return result }
    var copy = text
    return copy.withUTF8(body)
}
