import XCallbackURL

// The differences between a built callback URL and the expected one, by the callback's own parts (scheme, path,
// query, fragment, compared as written), the separator, and the appended parameters (compared decoded).

/// Lists how a built callback URL differs from the expected one, one `FieldDifference` per field.
public enum CallbackDifferences {
    /// The parts of a URL: scheme, the rest before the query, the query pieces, and the fragment (with `#`).
    struct Parts {
        var scheme: Substring
        var path: Substring
        var query: Substring?
        var fragment: Substring?

        /// Cut at the delimiters' bytes, not at characters: a `#` followed by a combining mark still ends the query.
        init(_ url: String) {
            let hash = url.utf8.firstIndex(of: UInt8(ascii: "#"))
            fragment = hash.map { url[$0...] }
            let body = url[..<(hash ?? url.endIndex)]
            let question = body.utf8.firstIndex(of: UInt8(ascii: "?"))
            query = question.map { body[body.utf8.index(after: $0)...] }
            let head = body[..<(question ?? body.endIndex)]
            let colon = head.utf8.firstIndex(of: UInt8(ascii: ":")) ?? head.startIndex
            scheme = head[..<colon]
            path = head[colon...]
        }
    }

    /// The differences of `built` from `expected`, for a callback built onto `callback`; appended parameters named in
    /// `extraParameters` (which the target adds unasked) are set aside.
    static func between(callback: String, expected: String, built: String, extraParameters: Set<String>) -> [FieldDifference] {
        let want = Parts(expected), got = Parts(built), own = Parts(callback)
        var out: [FieldDifference] = []
        func add(_ field: FaultField, _ a: Substring?, _ b: Substring?) {
            if let d = FieldDifference.explain(field, expected: a.map(String.init), got: b.map(String.init), side: .spelling) {
                out.append(d)
            }
        }
        add(.callbackScheme, want.scheme, got.scheme)
        add(.callbackPath, want.path, got.path)
        if want.fragment != got.fragment {
            // Parameters moved after the fragment follow it whole, after a `?` or `&`: a fragment only spelled
            // otherwise (`#f=%2` as `#f=%252`) is not that.
            let wantFragment = want.fragment ?? "#"
            if let gotFragment = got.fragment, gotFragment.hasPrefix(wantFragment), gotFragment.contains("="),
                let next = gotFragment.dropFirst(wantFragment.count).first, next == "?" || next == "&"
            {
                out.append(FieldDifference(.appended, .moved, "after '#'"))
                return out
            }
            add(.callbackFragment, want.fragment, got.fragment)
        }
        // Nothing found here leaves the difference to the spelling the comparator's encoding rule names.
        out += query(own: own.query, want: want.query, got: got.query, extraParameters: extraParameters)
        return out
    }

    /// The differences in the query: the callback's own query as written, the separator, the appended parameters.
    static func query(
        own: Substring?, want: Substring?, got: Substring?, extraParameters: Set<String>
    ) -> [FieldDifference] {
        let kept = own ?? ""
        let wantQuery = want ?? "", gotQuery = got ?? ""
        let wantTail = wantQuery.dropFirst(kept.count)
        let separators: Set<Character> = ["?", "&"]
        // The separator the reference writes (`XCallbackResponse.separator`): the URL's own `?` where the callback
        // has no query, nothing after an empty query or a trailing `&`, else `&`. A `?` or `&` after it begins the
        // first appended name (a flag named `?`); only a tail that does not start with it is cut at every one.
        let written: Substring = own == nil || kept.isEmpty || kept.last == "&" ? "" : "&"
        let exact = wantTail.hasPrefix(written)
        let wantCut = exact ? wantTail.prefix(written.count) : wantTail.prefix { separators.contains($0) }
        let params = wantTail.dropFirst(wantCut.count)
        let wantSeparator = (own == nil && want != nil ? "?" : "") + wantCut
        /// The separator part of a target's tail: the expected one where the tail goes on as the expected one does.
        func cut(_ tail: Substring) -> Substring {
            let rest = tail.dropFirst(wantCut.count)
            if exact, tail.hasPrefix(wantCut), rest.first.map({ !separators.contains($0) || $0 == params.first }) ?? true {
                return tail.prefix(wantCut.count)
            }
            return tail.prefix { separators.contains($0) }
        }
        // What the target wrote after the callback's own query (when it kept it), cut once into separator and pieces.
        let gotTail = gotQuery.dropFirst(kept.count)
        let gotCut = cut(gotTail)
        let gotParams = gotTail.dropFirst(gotCut.count)
        guard gotQuery.hasSuffix(params) && !(params.isEmpty && !gotParams.isEmpty && gotQuery.hasPrefix(kept)) else {
            // The appended part differs: compare it decoded, piece by piece, once the callback's own part is found.
            guard gotQuery.hasPrefix(kept) else { return [own == nil ? FieldDifference(.appended, .unexplained) : queryDifference(kept, gotQuery)] }
            let gotSeparator = (own == nil && got != nil ? "?" : "") + gotCut
            var out = gotParams.isEmpty || params.isEmpty ? [] : separator(want: wantSeparator, got: gotSeparator, bare: false)
            let pieces = { (text: Substring) in text.split(separator: "&").map { piece -> XCallbackParameter in
                let equals = piece.firstIndex(of: "=")
                let name = (try? PercentEncoding.decode(String(piece[..<(equals ?? piece.endIndex)]))) ?? String(piece)
                let value = equals.map { (try? PercentEncoding.decode(String(piece[piece.index(after: $0)...]))) ?? String(piece[$0...]) }
                return XCallbackParameter(name, value)
            } }
            if gotParams.contains("&&") || gotParams.hasSuffix("&") {
                out.append(FieldDifference(.separator, .added, "&"))
            }
            let wanted = pieces(params)
            out += appendedDifferences(
                wanted, pieces(gotParams).filter { !extraParameters.contains($0.name) || wanted.contains($0) })
            return out
        }
        let gotHead = gotQuery.dropLast(params.count)
        let gotSeparator = (own == nil && got != nil ? "?" : "") + (gotHead.hasPrefix(kept) ? gotHead.dropFirst(kept.count) : "")
        if own != nil, !gotHead.hasPrefix(kept) || gotHead.dropFirst(kept.count).contains(where: { !separators.contains($0) }) {
            // The own query is what stands before the separator written; a query that itself ends in `?` or `&`
            // keeps it, so the expected separator alone is taken off first, every trailing one only if that fails.
            let stripped = String(gotHead.reversed().drop { separators.contains($0) }.reversed())
            let alone = wantSeparator.isEmpty ? String(gotHead) : gotHead.hasSuffix(wantSeparator) ? String(gotHead.dropLast(wantSeparator.count)) : stripped
            let difference = queryDifference(kept, alone)
            return [difference.transformation == .respelled || alone == stripped ? difference : queryDifference(kept, stripped)]
        }
        return separator(want: wantSeparator, got: gotSeparator, bare: params.isEmpty)
    }

    /// The callback's own query against what stands in its place: respelled when every name and value decodes as
    /// before (RFC 3986, `+` a plus), else what `FieldDifference.explain` finds.
    static func queryDifference(_ kept: Substring, _ got: some StringProtocol) -> FieldDifference {
        if decodedPieces(kept) == decodedPieces(Substring(got)) {
            return FieldDifference(.callbackQuery, .respelled)
        }
        if emptiesPieces(kept, Substring(got)) { return FieldDifference(.callbackQuery, .emptied) }
        return FieldDifference.explain(.callbackQuery, expected: String(kept), got: String(got), side: .spelling)
            ?? FieldDifference(.callbackQuery, .unexplained)
    }

    /// Whether `got` is `kept` with a name or a value of some pieces cut to nothing (`a%C0=v` as `=v`, `k=%FF` as
    /// `k`), every other piece as written: what a query rebuilt from pieces that did not decode does.
    static func emptiesPieces(_ kept: Substring, _ got: Substring) -> Bool {
        let before = kept.split(separator: "&", omittingEmptySubsequences: false)
        let after = got.split(separator: "&", omittingEmptySubsequences: false)
        guard before.count == after.count, before != after else { return false }
        func sides(_ piece: Substring) -> (name: Substring, value: Substring?) {
            guard let equals = piece.firstIndex(of: "=") else { return (piece, nil) }
            return (piece[..<equals], piece[piece.index(after: equals)...])
        }
        return zip(before, after).allSatisfy { was, now in
            guard was != now else { return true }
            let (wasName, wasValue) = sides(was), (nowName, nowValue) = sides(now)
            let nameEmptied = nowName.isEmpty && !wasName.isEmpty && nowValue == wasValue
            let valueEmptied = nowName == wasName && (nowValue ?? "").isEmpty && !(wasValue ?? "").isEmpty
            return nameEmptied || valueEmptied
        }
    }

    /// A query's pieces split at `&` and their first `=`, each side decoded once to octets (so a piece of invalid
    /// UTF-8 or with a `%` that begins no escape compares too); an escaped `%` stays `%25`, so that `%253` and `%3`
    /// do not read alike.
    static func decodedPieces(_ query: Substring) -> [[[UInt8]]] {
        query.split(separator: "&", omittingEmptySubsequences: false).map { piece in
            let equals = piece.firstIndex(of: "=")
            let sides = equals.map { [piece[..<$0], piece[piece.index(after: $0)...]] } ?? [piece]
            return sides.map { side in FaultHypothesis.mappingEscapes(String(side)) { $0 == UInt8(ascii: "%") ? nil : [$0] } }
        }
    }

    /// The separator written against the one expected, keyed by what was written: a builder that always writes `?`
    /// shows one fault whether `&` or nothing was due. `bare` says nothing follows it (a bare `?` is should).
    static func separator(want: String, got: String, bare: Bool) -> [FieldDifference] {
        if want == got { return [] }
        // A run of `?` and `&` may end in the first appended name (a flag named `?`): what both runs end with is the
        // name's, not the separator's.
        let shared = zip(want.reversed(), got.reversed()).prefix { $0 == $1 }.count
        let got = String(got.dropLast(shared))
        // Keyed by the characters written, not their count: `?` and `??` are the same builder writing `?`.
        let written = got.isEmpty ? "nothing written" : "'\(String(Array(Set(got)).sorted()))' written"
        return [FieldDifference(.separator, .otherDelimiter, written, note: bare && got == "?" ? "bare" : nil)]
    }

    /// The differences of two lists of appended parameters, each name in its own field.
    /// The field of an appended parameter, by its name.
    static func field(_ name: String) -> FaultField {
        switch name {
        case "errorCode": .errorCode
        case "errorMessage": .errorMessage
        default: .appended
        }
    }

    static func appendedDifferences(_ want: [XCallbackParameter], _ got: [XCallbackParameter]) -> [FieldDifference] {
        var out: [FieldDifference] = []
        // Exact matches first, so that a dropped duplicate reads as one missing parameter, not a changed value.
        var remaining = got, unmatched: [XCallbackParameter] = []
        for parameter in want {
            if let index = remaining.firstIndex(of: parameter) { remaining.remove(at: index) } else { unmatched.append(parameter) }
        }
        for parameter in unmatched {
            if let index = remaining.firstIndex(where: { $0.name == parameter.name }) {
                let match = remaining.remove(at: index)
                if let d = FieldDifference.explainValue(field(parameter.name), expected: parameter.value, got: match.value, side: .builder) {
                    out.append(d)
                }
            } else if let index = remaining.firstIndex(where: { $0.value == parameter.value }) {
                // Another name for the same value: the name is written otherwise (`error-Code`, `ErrorCode`).
                let match = remaining.remove(at: index)
                let named = FieldDifference.explain(field(parameter.name), expected: parameter.name, got: match.name, side: .builder)
                let transformation = named.map { $0.transformation == .unexplained ? .renamed : $0.transformation } ?? .renamed
                // A name written by the value encoder's fault is that encoder's fault (`Fault.encodings`), as a
                // request builder's names are: only another name is qualified as the name's.
                out.append(FieldDifference(field(parameter.name), transformation, Fault.encodings.contains(transformation) ? nil : "name"))
            } else {
                out.append(FieldDifference(field(parameter.name), .missing))
            }
        }
        for parameter in remaining {
            out.append(FieldDifference(field(parameter.name), .added))
        }
        if out.isEmpty, want != got { out.append(FieldDifference(.appended, .reordered)) }
        return out
    }
}
