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

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import XCallbackConformanceCore
import XCallbackURL

/// The callback rules restated independently of the builder.
public enum CallbackExpectation {
    /// The category the builder must refuse `callbackURL` with, or nil when it must build.
    public static func refusal(for callbackURL: String) -> RejectionCategory? {
        let bytes = Array(callbackURL.utf8)
        guard let colon = bytes.firstIndex(of: UInt8(ascii: ":")), isScheme(bytes[..<colon]) else { return .invalidCallbackURL }
        let scheme = String(decoding: bytes[..<colon], as: UTF8.self).lowercased()
        return ["javascript", "data", "file", "vbscript"].contains(scheme) ? .unsafeCallbackScheme : nil
    }

    /// Whether `bytes` are a scheme: RFC 3986's `ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )` (§3.1), ASCII only.
    static func isScheme(_ bytes: some Collection<UInt8>) -> Bool {
        guard !bytes.isEmpty else { return false }
        for (index, byte) in bytes.enumerated() {
            let letter = (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
            let other = (byte >= 0x30 && byte <= 0x39) || byte == 0x2B || byte == 0x2D || byte == 0x2E
            if !(letter || (index > 0 && other)) { return false }
        }
        return true
    }

    /// Describes how `built` breaks the rules for `response`, or nil when it follows them.
    public static func problem(built: String, response: XCallbackResponse) -> String? {
        problem(built: built, callbackURL: response.callbackURL, appended: response.appendedParameters)
    }

    /// Describes how `built` breaks the rules for appending `appended` (in that order) to `callbackURL`, or nil.
    public static func problem(built: String, callbackURL: String, appended: [XCallbackParameter]) -> String? {
        // One array of the result (the encoding rules read `ArraySlice`s of it); the callback is read in place.
        let result = Array(built.utf8)
        return withBytes(callbackURL) { callback in
            result.withUnsafeBufferPointer { problem(result: $0, slices: result, callback: callback, appended: appended) }
        }
    }

    /// `problem(built:response:)` on the bytes; `slices` holds the same bytes as `result`.
    private static func problem(
        result: UnsafeBufferPointer<UInt8>, slices: [UInt8], callback: UnsafeBufferPointer<UInt8>,
        appended: [XCallbackParameter]
    ) -> String? {
        if appended.isEmpty {
            return same(result, 0, callback, 0, count: callback.count, lengths: result.count == callback.count)
                ? nil : "nothing to append, but the URL changed"
        }
        let hash = callback.firstIndex(of: UInt8(ascii: "#")) ?? callback.count
        let fragmentCount = callback.count - hash
        guard same(result, 0, callback, 0, count: hash, lengths: result.count >= hash) else {
            return "the callback before '#' is not kept as a prefix"
        }
        guard result.count >= callback.count,
            same(result, result.count - fragmentCount, callback, hash, count: fragmentCount, lengths: true)
        else {
            return "the fragment is not put back unchanged at the end"
        }
        var start = hash
        let end = result.count - fragmentCount
        let separator: UInt8?
        if let question = callback[..<hash].firstIndex(of: UInt8(ascii: "?")) {
            // Only an empty query or one ending in '&' takes no separator; a '?' that ends a value
            // (the value encoding keeps '?' raw) is data, not an empty query.
            let empty = question + 1 == hash || callback[hash - 1] == UInt8(ascii: "&")
            separator = empty ? nil : UInt8(ascii: "&")
        } else {
            separator = UInt8(ascii: "?")
        }
        if let separator {
            guard start < end, result[start] == separator else { return "wrong separator before the appended parameters" }
            start += 1
        }
        // The `&`-separated pieces of result[start..<end], empty ones included: first their number, then each
        // against the parameter in the same place.
        var pieces = 1
        for byte in result[start..<end] where byte == UInt8(ascii: "&") { pieces += 1 }
        guard pieces == appended.count else {
            return "expected \(appended.count) appended parameters, found \(pieces)"
        }
        var pieceStart = start
        for parameter in appended {
            let pieceEnd = result[pieceStart..<end].firstIndex(of: UInt8(ascii: "&")) ?? end
            if let bad = pieceProblem(slices[pieceStart..<pieceEnd], result, pieceStart, pieceEnd, parameter) {
                return bad
            }
            pieceStart = pieceEnd + 1
        }
        return nil
    }

    /// What is wrong with the appended `piece` (result[start..<end]) for `parameter`: an encoding violation,
    /// or a name or value that does not decode to the parameter's; nil when it is right.
    private static func pieceProblem(
        _ piece: ArraySlice<UInt8>, _ result: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int,
        _ parameter: XCallbackParameter
    ) -> String? {
        if let bad = EncodingRules.firstViolation(inPieces: piece) { return bad }
        let equals = result[start..<end].firstIndex(of: UInt8(ascii: "="))
        let name = UnsafeBufferPointer(rebasing: result[start..<(equals ?? end)])
        let value = equals.map { UnsafeBufferPointer(rebasing: result[($0 + 1)..<end]) }
        // Decoding to the very bytes asked for is equality; anything else is compared as `String`s, as before.
        if decodes(name, to: parameter.name), let value, let expected = parameter.value, decodes(value, to: expected) {
            return nil
        }
        guard URLPieces.decodeStrict(name) == parameter.name, value.flatMap(URLPieces.decodeStrict) == parameter.value else {
            return "appended \(FuzzFailure.escape(Array(piece))) does not decode to \(parameter)"
        }
        return nil
    }

    /// Whether `encoded`, with its `%XX` escapes decoded once, is exactly the UTF-8 of `text`.
    private static func decodes(_ encoded: UnsafeBufferPointer<UInt8>, to text: String) -> Bool {
        withBytes(text) { expected in
            var index = 0
            var matched = 0
            while index < encoded.count {
                var byte = encoded[index]
                index += 1
                if byte == UInt8(ascii: "%") {
                    guard index + 1 < encoded.count, let high = PercentEncoding.hexDigitValue(encoded[index]),
                        let low = PercentEncoding.hexDigitValue(encoded[index + 1])
                    else { return false }
                    byte = high << 4 | low
                    index += 2
                }
                guard matched < expected.count, expected[matched] == byte else { return false }
                matched += 1
            }
            return matched == expected.count
        }
    }

    /// Whether `count` bytes at `left[leftStart...]` and `right[rightStart...]` are equal, given that both
    /// ranges lie inside their buffers when `lengths` holds.
    private static func same(
        _ left: UnsafeBufferPointer<UInt8>, _ leftStart: Int, _ right: UnsafeBufferPointer<UInt8>, _ rightStart: Int,
        count: Int, lengths: Bool
    ) -> Bool {
        guard lengths else { return false }
        guard count > 0, let a = left.baseAddress, let b = right.baseAddress else { return true }
        return memcmp(a + leftStart, b + rightStart, count) == 0
    }

    /// Calls `body` with the UTF-8 of `text`, copying only a string whose storage is not contiguous.
    private static func withBytes<Result>(_ text: String, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        if let result = text.utf8.withContiguousStorageIfAvailable(body) { return result }
        var copy = text
        return copy.withUTF8(body)
    }
}
