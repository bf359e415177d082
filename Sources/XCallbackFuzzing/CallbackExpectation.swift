// An independent statement of the callback-building rules, used as the oracle of the round-trip driver.
//
// 1. The callback must start with `scheme:` (RFC 3986 §3.1); javascript, data, file and vbscript are refused.
// 2. No parameters to append: the URL comes back unchanged.
// 3. Otherwise the part before the first `#` is kept byte for byte, followed by `?` (no `?` yet),
//    nothing (the query is empty or ends in `&`) or `&`, then the `&`-joined encoded parameters, then
//    `#fragment`. A `?` that ends a non-empty query is data (values keep `?` raw), so it takes `&`.
// 4. Every appended name and value meets the published encoding rules (`EncodingRules`: no raw
//    `& = # +`, space, control or non-ASCII byte; every `%` starts a valid escape), and decoding gives
//    back exactly the parameters asked for.

import XCallbackConformanceCore
import XCallbackURL

/// The callback rules restated independently of the builder.
public enum CallbackExpectation {
    /// The category the builder must refuse `callbackURL` with, or nil when it must build.
    public static func refusal(for callbackURL: String) -> RejectionCategory? {
        let bytes = Array(callbackURL.utf8)
        guard let colon = bytes.firstIndex(of: UInt8(ascii: ":")), colon > 0 else { return .invalidCallbackURL }
        for (index, byte) in bytes[..<colon].enumerated() {
            let letter = (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
            let other = (byte >= 0x30 && byte <= 0x39) || byte == 0x2B || byte == 0x2D || byte == 0x2E
            if !(letter || (index > 0 && other)) { return .invalidCallbackURL }
        }
        let scheme = String(decoding: bytes[..<colon], as: UTF8.self).lowercased()
        return ["javascript", "data", "file", "vbscript"].contains(scheme) ? .unsafeCallbackScheme : nil
    }

    /// Describes how `built` breaks the rules for `response`, or nil when it follows them.
    public static func problem(built: String, response: XCallbackResponse) -> String? {
        let callback = Array(response.callbackURL.utf8)
        let result = Array(built.utf8)
        let appended = response.appendedParameters
        if appended.isEmpty {
            return result == callback ? nil : "nothing to append, but the URL changed"
        }
        let hash = callback.firstIndex(of: UInt8(ascii: "#")) ?? callback.count
        let base = callback[..<hash]
        let fragment = callback[hash...]
        guard result.starts(with: base) else { return "the callback before '#' is not kept as a prefix" }
        guard result.count >= base.count + fragment.count, result.suffix(fragment.count).elementsEqual(fragment) else {
            return "the fragment is not put back unchanged at the end"
        }
        var middle = Array(result[base.count..<(result.count - fragment.count)])
        let separator: [UInt8]
        if let question = base.firstIndex(of: UInt8(ascii: "?")) {
            // Only an empty query or one ending in '&' takes no separator; a '?' that ends a value
            // (the value encoding keeps '?' raw) is data, not an empty query.
            let query = base[(question + 1)...]
            separator = query.isEmpty || query.last == UInt8(ascii: "&") ? [] : [UInt8(ascii: "&")]
        } else {
            separator = [UInt8(ascii: "?")]
        }
        guard middle.starts(with: separator) else { return "wrong separator before the appended parameters" }
        middle.removeFirst(separator.count)
        let pieces = middle.split(separator: UInt8(ascii: "&"), omittingEmptySubsequences: false)
        guard pieces.count == appended.count else {
            return "expected \(appended.count) appended parameters, found \(pieces.count)"
        }
        for (piece, parameter) in zip(pieces, appended) {
            if let bad = EncodingRules.firstViolation(inPieces: piece) { return bad }
            let parts = piece.split(separator: UInt8(ascii: "="), maxSplits: 1, omittingEmptySubsequences: false)
            let name = decodeStrict(parts[0])
            let value = parts.count > 1 ? decodeStrict(parts[1]) : nil
            guard name == parameter.name, value == parameter.value else {
                return "appended \(FuzzFailure.escape(Array(piece))) does not decode to \(parameter)"
            }
        }
        return nil
    }

    /// Decodes `%XX` escapes once, as UTF-8; nil for a bad escape or ill-formed UTF-8.
    public static func decodeStrict(_ bytes: some Collection<UInt8>) -> String? {
        let decoded = bytes.withContiguousStorageIfAvailable { decodeStrictBytes($0) } ?? decodeStrictBytes(Array(bytes))
        return decoded.flatMap { String(validating: $0, as: UTF8.self) }
    }

    /// Decodes `%XX` escapes once into bytes, without checking UTF-8; nil for a bad escape.
    static func decodeStrictBytes(_ bytes: some RandomAccessCollection<UInt8>) -> [UInt8]? {
        var failed = false
        let out = [UInt8](unsafeUninitializedCapacity: bytes.count) { buffer, count in
            var written = 0
            var index = bytes.startIndex
            while index != bytes.endIndex {
                let byte = bytes[index]
                index = bytes.index(after: index)
                if byte == UInt8(ascii: "%") {
                    guard index != bytes.endIndex, let h = PercentEncoding.hexDigitValue(bytes[index]) else {
                        failed = true
                        break
                    }
                    index = bytes.index(after: index)
                    guard index != bytes.endIndex, let l = PercentEncoding.hexDigitValue(bytes[index]) else {
                        failed = true
                        break
                    }
                    index = bytes.index(after: index)
                    buffer[written] = h << 4 | l
                } else {
                    buffer[written] = byte
                }
                written += 1
            }
            count = written
        }
        return failed ? nil : out
    }
}
