import XCallbackURL

// Judges a built callback URL (Vectors/README.md, "Comparator", build-callback): the callback's own URL
// before its '#' is kept byte for byte, exactly one separator is added as the reference rules say, the
// appended parameters decode to the expected ones in order, and the fragment comes back unchanged.

/// Compares a built callback URL with the expected one, by structure rather than by spelling.
struct CallbackComparison {
    /// The callback URL given to the target.
    let callback: String
    /// The expected result's reference spelling.
    let expected: String
    /// The vector, the declared choices (whether parameter order counts) and the extra parameters to set aside.
    let context: Context

    /// The callback's base: the part before its first `#`, byte for byte, unless the expected spelling writes the
    /// characters no URI may hold raw (a space, a control, non-ASCII, `"<>\^`{|}`) percent-encoded, which changes
    /// no name or value: then the built URL must start with that spelling instead (XCU-WPR2 lists both).
    let base: Substring
    /// The callback's fragment, with its `#` (or empty).
    let fragment: Substring

    init(callback: String, expected: String, context: Context) {
        self.callback = callback
        self.expected = expected
        self.context = context
        let hash = callback.firstIndex(of: "#") ?? callback.endIndex
        let raw = callback[..<hash]
        fragment = callback[hash...]
        if expected.utf8.starts(with: raw.utf8) {
            base = raw
        } else {
            let escaped = EncodingRules.escapingOutsideURI(raw, brackets: false)
            base = expected.utf8.starts(with: escaped.utf8) ? Substring(escaped) : raw
        }
    }

    /// The separator the reference puts between the callback's base and the parameters.
    var separator: String { XCallbackResponse.separator(joining: base) }

    /// The appended parameters of `url`, decoded, or a reason why `url` does not have the expected structure.
    ///
    /// A separator with nothing after it (`done?`, `done?#top`) appends no parameter; `bare` says it is there, so that
    /// it passes only a vector whose expected URL has it too (Vectors/README.md, "Comparator", build-callback, 3).
    func appended(in url: String) -> Result<(parameters: [XCallbackParameter], raw: Substring, bare: Bool), Failure> {
        guard url.utf8.starts(with: base.utf8) else {
            return .failure(Failure("does not start with the callback URL \(base) byte for byte"))
        }
        let rest = url.utf8.dropFirst(base.utf8.count)
        let hash = rest.firstIndex(of: UInt8(ascii: "#")) ?? rest.endIndex
        let tail = Substring(url.utf8[hash...])
        guard tail.utf8.elementsEqual(fragment.utf8) else {
            return .failure(Failure(
                fragment.isEmpty ? "adds a fragment \(tail)" : "does not end with the callback's fragment \(fragment) (got \(tail.isEmpty ? "none" : String(tail)))"))
        }
        let middle = Substring(url.utf8[rest.startIndex..<hash])
        if middle.isEmpty { return .success((parameters: [], raw: "", bare: false)) }
        guard middle.hasPrefix(separator) else {
            return .failure(Failure("joins the parameters with \(middle.prefix(2)) where '\(separator)' was expected"))
        }
        let raw = middle.dropFirst(separator.count)
        if raw.isEmpty, !separator.isEmpty { return .success((parameters: [], raw: "", bare: true)) }
        var parameters: [XCallbackParameter] = []
        for piece in raw.split(separator: "&", omittingEmptySubsequences: false) {
            guard !piece.isEmpty else { return .failure(Failure("has an empty piece ('&&', or a trailing '&')")) }
            let equals = piece.firstIndex(of: "=")
            do {
                let name = try PercentEncoding.decode(String(piece[..<(equals ?? piece.endIndex)]))
                let value = try equals.map { (e) throws(XCallbackRejection) in try PercentEncoding.decode(String(piece[piece.index(after: e)...])) }
                parameters.append(XCallbackParameter(name, value))
            } catch {
                return .failure(Failure("has an appended parameter that does not decode: \(error.message)"))
            }
        }
        return .success((parameters: parameters, raw: raw, bare: false))
    }

    func judge(_ built: String) -> Match {
        let want: [XCallbackParameter]
        let wantBare: Bool
        let wantRaw: Substring
        switch appended(in: expected) {
        case .success(let parts): (want, wantBare, wantRaw) = (parts.parameters, parts.bare, parts.raw)
        case .failure(let failure):
            return .fail(.wrongResult, "the vector's expected URL \(expected) \(failure.reason) (vector error)")
        }
        switch appended(in: built) {
        case .failure(let failure):
            return .fail(.wrongResult, "the built callback \(built) \(failure.reason); expected \(expected)")
        case .success(let parts) where parts.bare != wantBare:
            return .fail(
                .wrongResult,
                parts.bare
                    ? "the built callback \(built) adds a '\(separator)' with nothing after it; expected \(expected)"
                    : "the built callback \(built) has no '\(separator)' where \(expected) has one")
        case .success(let parts):
            var got = parts.parameters
            let setAside = context.setAsideExtraParameters(of: &got, expected: want)
            guard context.sameParameters(want, got) else {
                return .fail(
                    .wrongResult,
                    "the built callback \(built) appends \(XCallbackParameter.canonicalJSON(parts.parameters).compactText); "
                        + "expected \(XCallbackParameter.canonicalJSON(want).compactText) as in \(expected)")
            }
            if let violation = EncodingRules.firstViolation(inPieces: ArraySlice(parts.raw.utf8))
                ?? EncodingRules.firstTaggedViolation(in: parts.raw, tags: context.vector.tags)
            {
                return .fail(.encodingRule, "the built callback \(built): \(violation)")
            }
            if let respelling = BuildSpelling.firstRespelling(inQuery: parts.raw, canonical: wantRaw, setAside: Set(setAside)) {
                return .fail(.encodingRule, "the built callback \(built) \(respelling.detail)")
            }
            let notes = [built == expected ? nil : "same structure as \(expected)", ExtraParameters.note(setAside)].compactMap { $0 }
            return .pass(note: notes.isEmpty ? nil : notes.joined(separator: "; "))
        }
    }

    /// Why a URL does not have the structure of a built callback.
    struct Failure: Error {
        let reason: String
        init(_ reason: String) { self.reason = reason }
    }
}
