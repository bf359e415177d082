// The tokens both structure-aware mutators splice into a field (`NestedMutator`, `BuildCaseMutator`), and where in
// the field they go: the grid's byte classes at the grid's places.

/// Characters and pieces every field of every operation should try, raw.
public enum FuzzSplices {
    /// Raw non-ASCII, every reserved and unreserved character, the characters RFC 3986 allows nowhere, escapes,
    /// ports, userinfo, fragments and queries, empty pieces, controls and a nested URL; with every byte class of the
    /// vectors' grid (Vectors/README.md, "Coverage grid"), so that a mutation puts any class in any field.
    public static let tokens: [String] = [
        "é", "日", "😀", "\u{202E}", "\u{A0}", "\u{2028}", "\u{FEFF}",
        "\u{01}", "\u{1B}", "\u{1F}", "\u{7F}", "%2", "%E2%82%AC", "%F0%9F%98%80", "%E2%82", "%C0%AF", "%ED%A0%80", "%F4%90%80%80",
        ":", "/", "?", "#", "[", "]", "@", "!", "$", "&", "'", "(", ")", "*", "+", ",", ";", "=",
        "a", "Z", "0", "-", ".", "_", "~",
        "\\", "|", "^", "{", "}", "\"", "<", ">", "`", " ", "%",
        "%41", "%7E", "%2D", "%2F", "%3A", "%3F", "%23", "%26", "%3D", "%2B", "%20", "%25", "%2541", "%zz", "%E9", "%C3%A9", "%c3%a9",
        ":80", "u@", "u:p@", "@evil.example", "#f", "?q=1", "?", "&", "&&", "?&", "\r\n", "\0", "\t",
        "a://x-callback-url/b?c=1&d=%26#f", "x-callback-url", "//x-callback-url/a",
        // Escaped controls, which a receiver must keep (the grid's raw controls it must refuse).
        "%00", "%09", "%0A", "%0D", "%1B", "%1F", "%7F", "%0D%0A",
        // Values that look like numbers: leading zeros, a sign, an exponent, past 64 bits, other scripts' digits.
        "007", "-1", "+1", "1e3", "0x1F", "18446744073709551616", "\u{0663}", "\u{FF11}",
    ]

    /// Where a token goes in a field, along the grid's places: the start, the middle or the end, or anywhere.
    package static func place(in count: Int, rng: inout SplitMix64) -> Int {
        switch rng.below(4) {
        case 0: 0
        case 1: count / 2
        case 2: count
        default: rng.below(count + 1)
        }
    }
}
