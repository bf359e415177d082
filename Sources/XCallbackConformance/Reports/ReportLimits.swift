// What a report keeps of one answer. A target may answer with a megabyte of legal parameters; a report
// keeps a prefix of such text, its full size and the SHA-256 of the whole, so a run of large answers
// gives a report of bounded size per vector that still identifies exactly what the target said.

/// The limits on what a report keeps of one vector.
public enum ReportLimits {
    /// The most UTF-8 bytes of one answer's or one detail's text a report keeps whole.
    public static let keptBytes = 8192
}

extension ReportText {
    /// The most UTF-8 bytes of one answer's or one detail's text a report keeps whole.
    static var keptBytes: Int { ReportLimits.keptBytes }

    /// `text` when it fits in `keptBytes`, else its prefix and a line giving its size and SHA-256.
    static func capped(_ text: String) -> String {
        let bytes = Array(text.utf8)
        guard bytes.count > keptBytes else { return text }
        return prefix(bytes) + "\n… truncated: \(bytes.count) bytes in all, sha256 \(SHA256.hexDigest(bytes))"
    }

    /// An answer's JSON as it is, or `{"truncated": {prefix, bytes, sha256}}` of its compact text when larger than `keptBytes`.
    static func capped(_ answer: JSONValue) -> JSONValue {
        let bytes = Array(answer.compactText.utf8)
        guard bytes.count > keptBytes else { return answer }
        return [
            "truncated": [
                "prefix": .string(prefix(bytes)), "bytes": .number(Double(bytes.count)),
                "sha256": .string(SHA256.hexDigest(bytes)),
            ]
        ]
    }

    /// The longest prefix of at most `keptBytes` bytes that ends on a whole scalar.
    private static func prefix(_ bytes: [UInt8]) -> String {
        var end = keptBytes
        while end > 0, bytes[end] & 0xC0 == 0x80 { end -= 1 }
        return String(decoding: bytes[..<end], as: UTF8.self)
    }
}
