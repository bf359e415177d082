// One-buffer URL building: the builders describe a URL once, as a sequence of raw and percent-encoded
// pieces, and `URLWriter` turns that description into the UTF-8 of the one `String` it returns. No
// intermediate strings, arrays or joins.
//
// Two ways to size the result:
// * `build(upperBound:_:)`, for a short URL whose worst case (every encoded byte tripled) fits in
//   `onePassLimit` bytes: one encoding pass straight into the `String`, which keeps the unused room;
// * `build(_:)`, for any length: the description runs twice, to measure and then to write into an exactly
//   sized `String`, so no buffer three times the input is ever allocated.

/// How a percent-encoder writes each byte: a 256-entry table of the byte's encoded form.
///
/// Entry `b` holds, little-endian, the 1 or 3 output bytes (`b` itself, or `%` and two uppercase hex
/// digits) and in its top byte their count, so encoding is one load, one 4-byte store and one add per byte.
struct EncodeSet: Sendable {
    /// The 256 entries.
    let table: [UInt32]

    /// Unreserved (RFC 3986 §2.3) plus `! $ ' ( ) * , ; : @ / ?`: what a parameter name or value keeps.
    static let value = EncodeSet(keepingAlso: "!$'()*,;:@/?")
    /// As `value` without `?`: what an action path keeps.
    static let action = EncodeSet(keepingAlso: "!$'()*,;:@/")

    private init(keepingAlso extra: String) {
        let kept = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~".utf8).union(extra.utf8)
        table = (0...UInt8.max).map { byte in
            if kept.contains(byte) { return UInt32(byte) | 1 << 24 }
            let high = UInt32(URLWriter.hexDigit(byte >> 4)), low = UInt32(URLWriter.hexDigit(byte & 0x0F))
            return UInt32(UInt8(ascii: "%")) | high << 8 | low << 16 | 3 << 24
        }
    }

    /// Whether `byte` stays raw.
    func contains(_ byte: UInt8) -> Bool { table[Int(byte)] >> 24 == 1 }
}

/// Measures, then writes, one URL's UTF-8; see `build`.
struct URLWriter {
    /// Where to write, or `nil` on the measuring pass.
    private let out: UnsafeMutablePointer<UInt8>?
    /// Bytes measured or written so far.
    private(set) var count = 0
    /// How many bytes `out` holds when it was sized by a worst case (one-pass writing); checked per piece.
    private let limit: Int

    private init(out: UnsafeMutablePointer<UInt8>?, limit: Int = .max) {
        self.out = out
        self.limit = limit
    }

    /// The largest worst-case length written in one pass; longer URLs are measured first.
    static let onePassLimit = 1024

    /// The worst-case length of `text` percent-encoded: three bytes per byte.
    @inline(__always)
    static func encodedBound(_ text: String) -> Int { text.utf8.count &* 3 }

    /// The worst-case length of one `name=value` query item and the separator before it.
    @inline(__always)
    static func itemBound(_ name: String, _ value: String?) -> Int {
        2 &+ encodedBound(name) &+ (value.map(encodedBound) ?? 0)
    }

    /// Runs `describe` once, writing straight into one `String` with room for `upperBound` bytes.
    ///
    /// `upperBound` must be at least what `describe` writes when every encoded byte takes three bytes (checked
    /// per piece). The string keeps the unused room, at most twice the appended bytes; past `onePassLimit`
    /// this falls back to `build(_:)`, which measures first, so a long URL never holds three times its size.
    @inline(__always)
    static func build(upperBound: Int, _ describe: (inout URLWriter) -> Void) -> String {
        guard upperBound <= onePassLimit else { return build(describe) }
        // Three bytes of slack, as in `build(_:)`.
        return String(unsafeUninitializedCapacity: upperBound &+ 3) { buffer in
            var writer = URLWriter(out: buffer.baseAddress, limit: upperBound)
            describe(&writer)
            return writer.count
        }
    }

    /// Runs `describe` once to measure and once to write into one exactly sized `String`.
    ///
    /// `describe` must emit the same pieces both times (it reads only immutable inputs).
    @inline(__always)
    static func build(_ describe: (inout URLWriter) -> Void) -> String {
        var measure = URLWriter(out: nil)
        describe(&measure)
        let total = measure.count
        // Three bytes of slack: the encoder stores four bytes at a time and keeps one to three of them.
        return String(unsafeUninitializedCapacity: total + 3) { buffer in
            var writer = URLWriter(out: buffer.baseAddress)
            describe(&writer)
            precondition(writer.count == total, "URLWriter: the writing pass differs from the measuring pass")
            return writer.count
        }
    }

    /// Appends one raw byte.
    @inline(__always)
    mutating func append(_ byte: UInt8) {
        precondition(count < limit, "URLWriter: the description wrote more than its upper bound")
        out?[count] = byte
        count += 1
    }

    /// Appends raw bytes.
    @inline(__always)
    mutating func append(raw bytes: UnsafeBufferPointer<UInt8>) {
        precondition(bytes.count <= limit &- count, "URLWriter: the description wrote more than its upper bound")
        if let out, let base = bytes.baseAddress, !bytes.isEmpty {
            (out + count).initialize(from: base, count: bytes.count)
        }
        count += bytes.count
    }

    /// Appends a literal as it is.
    @inline(__always)
    mutating func append(literal text: StaticString) {
        append(raw: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
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
        precondition(bytes.count &* 3 <= limit &- count, "URLWriter: the description wrote more than its upper bound")
        count = kept.table.withUnsafeBufferPointer { table in
            var written = count
            guard let out else {
                for byte in bytes { written &+= Int(table[Int(byte)] >> 24) }
                return written
            }
            let raw = UnsafeMutableRawPointer(out)
            for byte in bytes {
                let entry = table[Int(byte)]
                raw.storeBytes(of: entry.littleEndian, toByteOffset: written, as: UInt32.self)
                written &+= Int(entry >> 24)
            }
            return written
        }
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

    /// `appendQueryItem` for a name that needs no encoding (a literal of unreserved characters).
    @inline(__always)
    mutating func appendQueryItem(literal name: StaticString, _ value: String, after separator: inout UInt8) {
        if separator != 0 { append(separator) }
        separator = UInt8(ascii: "&")
        append(literal: name)
        append(UInt8(ascii: "="))
        append(encoding: value, keeping: .value)
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
    return withCopiedUTF8Bytes(text, body)
}

/// `withUTF8Bytes` for a string without contiguous UTF-8 (bridged): a native copy, kept out of line so the
/// common path neither copies nor retains.
@inline(never)
func withCopiedUTF8Bytes<Result>(_ text: String, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
    var copy = text
    return copy.withUTF8(body)
}
