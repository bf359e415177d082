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

    /// `text` when it fits in `limit` bytes, else its prefix and a line giving its size and SHA-256.
    static func capped(_ text: String, keeping limit: Int = keptBytes) -> String {
        let bytes = Array(text.utf8)
        guard bytes.count > limit else { return text }
        return prefix(bytes, limit) + "\n… truncated: \(bytes.count) bytes in all, sha256 \(SHA256.hexDigest(bytes))"
    }

    /// An answer's JSON as it is, or `{"truncated": {prefix, bytes, sha256}}` of its compact text when larger than `keptBytes`.
    static func capped(_ answer: JSONValue) -> JSONValue {
        digest(of: answer).map(\.canonicalJSON) ?? answer
    }

    /// An answer's JSON for a report: a digest the run kept stands alone, as `{"truncated": …}`; else as `capped(_:)`.
    static func capped(_ answer: TargetAnswer<ObservedResult>) -> JSONValue {
        if case .accepted(.digest(let digest)) = answer { return digest.canonicalJSON }
        return capped(answer.canonicalJSON)
    }

    /// The digest of `value`'s compact text when it is larger than `keptBytes`, else `nil`.
    static func digest(of value: JSONValue) -> ObservedDigest? {
        let bytes = Array(value.compactText.utf8)
        guard bytes.count > keptBytes else { return nil }
        return ObservedDigest(prefix: prefix(bytes, keptBytes), bytes: bytes.count, sha256: SHA256.hexDigest(bytes))
    }

    /// The longest prefix of at most `limit` bytes that ends on a whole scalar.
    private static func prefix(_ bytes: [UInt8], _ limit: Int) -> String {
        var end = limit
        while end > 0, bytes[end] & 0xC0 == 0x80 { end -= 1 }
        return String(decoding: bytes[..<end], as: UTF8.self)
    }
}
