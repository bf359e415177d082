import XCallbackURL

// A callback value is a URL that the receiver will open. A receiver that holds it as a URL object (Foundation's
// `URL`, an `NSURL`) holds its URI form: every character a URI cannot hold raw is percent-encoded as UTF-8
// (RFC 3986 section 2: non-ASCII, controls, space, `"<>\^`{|}`, and `[` `]` but around an IP literal host). Both
// spellings open the same callback, so a decoder's callback value is compared in that form (Vectors/README.md,
// "Comparator").

/// The URI form of a callback value, in which a decoder's callback values are compared.
public enum CallbackURIForm {
    /// Whether `expected` and `got` name the same callback: equal as written, or equal once every character a URI
    /// cannot hold raw is percent-encoded in both (`EncodingRules.escapingOutsideURI`).
    public static func same(_ expected: String?, _ got: String?) -> Bool {
        if XCallbackRequest.exactlyEqual(expected, got) { return true }
        guard let expected, let got else { return false }
        return EncodingRules.escapingOutsideURI(expected, brackets: true) == EncodingRules.escapingOutsideURI(got, brackets: true)
    }
}
