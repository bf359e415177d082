// The divergence rows of shared/research/divergences.md §6, whose ids the vectors carry as tags.

/// The divergence rows D1–D20 with a few words each, in table order.
public enum MatrixDivergences {
    /// Each row's tag and what it is about.
    public static let rows: [(tag: String, meaning: String)] = [
        ("D1", "'+' in a parsed value"), ("D2", "literal '+' when building"), ("D3", "space when building"),
        ("D4", "%zz or a lone %"), ("D5", "non-UTF-8 escape %E9"), ("D6", "duplicate key"),
        ("D7", "key without '='"), ("D8", "value containing '='"), ("D9", "nested callback not encoded"),
        ("D10", "host case X-Callback-URL"), ("D11", "percent-encoded host"), ("D12", "action open/, a/b, a%2Fb, empty"),
        ("D13", "reserved x- prefix on action parameters"), ("D14", "encoded key x%2Dsource"), ("D15", "encoding of a nested callback"),
        ("D16", "appending to a callback with a query"), ("D17", "callback with a #fragment"), ("D18", "error parameter names"),
        ("D19", "request-id parameter"), ("D20", "parameter order"),
    ]
}
