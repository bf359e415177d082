// The documented, accepted differences of `FoundationTarget` (URL / URLComponents on swift-foundation),
// found by the differential fuzzer. Each names the input trait it is tied to and where it is documented;
// none is a silenced check: every other rule still fails the run, and the fuzz target counts each use.

/// Normalisations for fuzzing `FoundationTarget` against the reference.
public enum FoundationNormalisations {
    static let components = ["same-action", "same-reserved", "same-parameters", "same-fragment"]

    /// Every accepted Foundation difference, in the order they are matched.
    public static let all: [DifferentialNormalisation] = [
        DifferentialNormalisation(
            id: "foundation-reencodes-component-with-invalid-escape", trait: .invalidEscape, rules: components,
            reason: "swift-foundation percent-encodes a whole component (existing escapes too) when it holds a "
                + "'%' without two hex digits, so '%41' next to '%zz' decodes to '%41' (swiftlang/swift-foundation#1190; "
                + "research/divergences.md §0)."),
        DifferentialNormalisation(
            id: "foundation-reencodes-component-with-raw-character", trait: .rawCharacter, rules: components,
            reason: "The same re-encoding when a component holds a raw character outside RFC 3986 (space, '|', "
                + "non-ASCII...): its valid escapes come back undecoded (swiftlang/swift-foundation#1190)."),
        DifferentialNormalisation(
            id: "foundation-reencodes-component-with-control-character", trait: .controlCharacter, rules: components,
            reason: "The same re-encoding when the URL holds a raw control character, which the reference rejects "
                + "(invalid-character) and Foundation accepts (swiftlang/swift-foundation#1190)."),
        DifferentialNormalisation(
            id: "foundation-strips-leading-byte-order-mark", trait: .leadingByteOrderMark,
            rules: ["same-reserved", "same-parameters", "same-fragment"],
            reason: "String.removingPercentEncoding (behind queryItems and fragment) drops a decoded U+FEFF at the "
                + "start of a name, value or fragment: 'v=%EF%BB%BFa' gives 'a' (URL.path keeps it). A Foundation "
                + "bug, found by this fuzzer; vector XCU-NJF9 shows the octets."),
        DifferentialNormalisation(
            id: "foundation-target-compares-the-host-case-sensitively", trait: .hostVariant, rules: ["acceptance", "category"],
            reason: "FoundationTarget checks components.host == \"x-callback-url\", as many apps do, so it rejects "
                + "'X-Callback-URL', which RFC 3986 §3.2.2 makes the same host; the vectors fail it at must (XCU-GGEF, "
                + "XCU-H725, XCU-CMGE). The fuzzer's host relaxation no longer covers case, so it is named here."),
        DifferentialNormalisation(
            id: "foundation-encodes-raw-controls-of-a-callback", trait: .controlCharacter, rules: ["callback-shape"],
            reason: "A URL value cannot hold a raw control character: FoundationTarget makes the callback a URL, which "
                + "percent-encodes it (and the non-ASCII beside it), so the callback comes back changed though it decodes "
                + "the same; the vectors' callbacks hold no raw control character."),
        DifferentialNormalisation(
            id: "foundation-encodes-raw-characters-of-a-callback", trait: .rawCharacter, rules: ["callback-shape"],
            reason: "The same for a raw character outside RFC 3986 (non-ASCII, a space, '|') in a callback, its fragment "
                + "included: the URL value percent-encodes it (swiftlang/swift-foundation#1190)."),
        DifferentialNormalisation(
            id: "foundation-traps-on-an-invalid-scheme", trait: .invalidSchemeSyntax, rules: ["no-error"],
            reason: "URLComponents.scheme traps on a scheme that is not RFC 3986 syntax; FoundationTarget answers errored "
                + "instead of crashing. The vectors grade a builder's failure on such a scheme, which a developer "
                + "hard-codes, at should (build-request-invalid-scheme)."),
        DifferentialNormalisation(
            id: "foundation-keeps-empty-query-pieces", trait: .emptyPiece, rules: ["same-parameters"],
            reason: "URLComponents.queryItems turns every empty piece ('a&&b', '?&', a trailing '&') into an item "
                + "with an empty name and no value; the reference skips empty pieces (design: query splitting)."),
    ]
}
