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

        init(_ url: String) {
            let hash = url.firstIndex(of: "#")
            fragment = hash.map { url[$0...] }
            let body = url[..<(hash ?? url.endIndex)]
            let question = body.firstIndex(of: "?")
            query = question.map { body[body.index(after: $0)...] }
            let head = body[..<(question ?? body.endIndex)]
            let colon = head.firstIndex(of: ":") ?? head.startIndex
            scheme = head[..<colon]
            path = head[colon...]
        }
    }

    /// The differences of `built` from `expected`, for a callback built onto `callback`; `appended` splits a URL into
    /// the parameters appended after the callback (decoded), or `nil` when it does not keep the callback's parts.
    static func between(
        callback: String, expected: String, built: String,
        appended: (String) -> (parameters: [XCallbackParameter], bare: Bool)?
    ) -> [FieldDifference] {
        if let want = appended(expected), let got = appended(built) {
            if want.bare != got.bare { return [FieldDifference(.separator, got.bare ? .added : .missing, "?")] }
            return appendedDifferences(want.parameters, got.parameters)
        }
        let want = Parts(expected), got = Parts(built), own = Parts(callback)
        var out: [FieldDifference] = []
        func add(_ field: FaultField, _ a: Substring?, _ b: Substring?) {
            if let d = FieldDifference.explain(field, expected: a.map(String.init), got: b.map(String.init), side: .spelling) {
                out.append(d)
            }
        }
        add(.callbackScheme, want.scheme, got.scheme)
        add(.callbackPath, want.path, got.path)
        if let wantFragment = want.fragment, let gotFragment = got.fragment, gotFragment.count > wantFragment.count,
            gotFragment.hasPrefix(wantFragment)
        {
            out.append(FieldDifference(.appended, .moved, "after '#'"))
        } else if let wantFragment = want.fragment, got.fragment == nil, got.query?.hasSuffix(wantFragment.dropFirst()) == true {
            out.append(FieldDifference(.callbackFragment, .moved, "into the query"))
        } else {
            add(.callbackFragment, want.fragment, got.fragment)
        }
        let ownPieces = own.query.map { $0.split(separator: "&", omittingEmptySubsequences: false) } ?? []
        let wantPieces = want.query.map { $0.split(separator: "&", omittingEmptySubsequences: false) } ?? []
        let gotPieces = got.query.map { $0.split(separator: "&", omittingEmptySubsequences: false) } ?? []
        let kept = min(ownPieces.count, wantPieces.count)
        let wantOwn = wantPieces.prefix(kept).joined(separator: "&"), gotOwn = gotPieces.prefix(kept).joined(separator: "&")
        if own.query != nil, wantOwn != gotOwn {
            add(.callbackQuery, Substring(wantOwn), Substring(gotOwn))
        } else if out.isEmpty {
            let wantRest = wantPieces.dropFirst(kept), gotRest = gotPieces.dropFirst(kept)
            if gotRest.contains(where: \.isEmpty), !wantRest.contains(where: \.isEmpty) {
                out.append(FieldDifference(.separator, .added, "&"))
            } else if (want.query == nil) != (got.query == nil) || wantRest.count != gotRest.count {
                out.append(FieldDifference(.separator, .unexplained))
            } else {
                out.append(FieldDifference(.appended, .unexplained))
            }
        }
        return out
    }

    /// The differences of two lists of appended parameters, each name in its own field.
    static func appendedDifferences(_ want: [XCallbackParameter], _ got: [XCallbackParameter]) -> [FieldDifference] {
        func field(_ name: String) -> FaultField {
            switch name {
            case "errorCode": .errorCode
            case "errorMessage": .errorMessage
            default: .appended
            }
        }
        var out: [FieldDifference] = []
        var remaining = got
        for parameter in want {
            if let index = remaining.firstIndex(where: { $0.name == parameter.name }) {
                let match = remaining.remove(at: index)
                if (parameter.value == nil) != (match.value == nil), (parameter.value ?? "").isEmpty, (match.value ?? "").isEmpty {
                    out.append(FieldDifference(field(parameter.name), .flagForm))
                } else if let d = FieldDifference.explain(field(parameter.name), expected: parameter.value, got: match.value, side: .builder) {
                    out.append(d)
                }
            } else if let index = remaining.firstIndex(where: { $0.name.lowercased() == parameter.name.lowercased() }) {
                remaining.remove(at: index)
                out.append(FieldDifference(field(parameter.name), .caseChanged, "name"))
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
