// One-buffer URL building: the builders describe a URL once, as a sequence of raw and percent-encoded
// pieces; `URLWriter.build` runs that description twice, first to measure and then to write the UTF-8
// straight into the storage of the one `String` it returns. No intermediate strings, arrays or joins.

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
