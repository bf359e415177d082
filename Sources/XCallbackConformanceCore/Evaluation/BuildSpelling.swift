import XCallbackURL

// Builders compared byte for byte (Vectors/README.md, "Comparator", "Respellings"). A built URL that reads back as the
// expected request is also compared, component by component, with the reference's spelling of that request; the
// respellings RFC 3986 makes the same for every receiver the suite allows are listed there:
// - a reserved character with no delimiting role escaped, or left raw, in any component (§2.2: producers "should
//   percent-encode data octets that correspond to characters in the reserved set"): allowed outright;
// - a `/` escaped in the action, where the reference writes it as the delimiter of the action's segments: the
//   vector's level, since a receiver that splits the path (Foundation's `lastPathComponent`) gets another action;
// - an unreserved character escaped (§2.3, §6.2.2.2), lowercase hex (§2.1, §6.2.2.1), a `?` with nothing after it or
//   an empty `&` piece: should (they change no decoded value; a careless receiver may still see them).
// Anything else that differs reads back otherwise and is the comparator's to name before this is asked.

/// A component of a built URL written otherwise than the reference writes it, by a respelling the list above grades.
public struct Respelling: Sendable, Equatable {
    /// The field the component belongs to.
    public var field: FaultField
    /// The transformation: `reserved-escaped`, `unreserved-escaped`, `lowercase-hex` or `respelled` (a bare `?`, an
    /// empty piece).
    public var transformation: FaultTransformation
    /// The reference's spelling of the component, and the target's.
    public var expected: String, got: String

    /// One line for a failure's detail.
    public var detail: String {
        switch transformation {
        case .reservedEscaped:
            "writes \(field) as '\(got)' where the reference writes '\(expected)': a '/' that delimits the action's segments "
                + "escaped, so a receiver that splits the path gets another action"
        case .unreservedEscaped:
            "writes \(field) as '\(got)' where the reference writes '\(expected)': an unreserved character escaped, which "
                + "RFC 3986 §2.3 says producers should not do"
        case .lowercaseHex:
            "writes \(field) as '\(got)' where the reference writes '\(expected)': lowercase hex, where RFC 3986 §2.1 says "
                + "producers should use uppercase"
        default:
            "writes \(got) where the reference writes \(expected.isEmpty ? "nothing" : expected) (\(field))"
        }
    }
}

/// Compares a built URL's spelling with the reference's, component by component.
public enum BuildSpelling {
    /// The strictest respelling of `built` against the reference's spelling `canonical` of the same request, or `nil`
    /// when they are the same up to the respellings allowed outright. Pieces whose decoded name is in `setAside` (the
    /// target's extra parameters) and that `canonical` lacks are skipped; pieces are paired by their decoded name and
    /// value, so another order is the comparator's business, not this one's.
    public static func firstRespelling(built: String, canonical: String, setAside: Set<String> = []) -> Respelling? {
        guard built != canonical else { return nil }
        let want = URLParts(canonical), got = URLParts(built)
        guard want.head == got.head else { return nil }
        var found: [Respelling] = []
        found += compare(.action, want.path, got.path)
        if want.query == nil, got.query == "" {
            found.append(Respelling(field: .separator, transformation: .respelled, expected: "", got: "?"))
        } else {
            found += queryRespellings(built: got.query ?? "", canonical: want.query ?? "", setAside: setAside)
        }
        found += compare(.fragment, want.fragment ?? "", got.fragment ?? "")
        return strictest(found)
    }

    /// The strictest respelling among the `&`-separated pieces of a built query against the reference's.
    public static func firstRespelling(inQuery built: Substring, canonical: Substring, setAside: Set<String> = []) -> Respelling? {
        built == canonical ? nil : strictest(queryRespellings(built: built, canonical: canonical, setAside: setAside))
    }

    /// The respellings from the strictest: the action's '/' escaped, then the should ones.
    static let severity: [FaultTransformation] = [.reservedEscaped, .unreservedEscaped, .respelled, .lowercaseHex]

    static func strictest(_ found: [Respelling]) -> Respelling? {
        found.min { severity.firstIndex(of: $0.transformation)! < severity.firstIndex(of: $1.transformation)! }
    }

    static func queryRespellings(built: Substring, canonical: Substring, setAside: Set<String>) -> [Respelling] {
        var found: [Respelling] = []
        let wantPieces = pieces(canonical)
        var gotPieces = pieces(built)
        if gotPieces.contains(where: \.raw.isEmpty), !wantPieces.contains(where: \.raw.isEmpty) {
            found.append(Respelling(field: .separator, transformation: .respelled, expected: "&", got: "&&"))
            gotPieces.removeAll { $0.raw.isEmpty }
        }
        let wanted = Set(wantPieces.map(\.decodedName))
        gotPieces.removeAll { setAside.contains($0.decodedName) && !wanted.contains($0.decodedName) }
        guard gotPieces.count == wantPieces.count else { return found }
        var unused = gotPieces
        for want in wantPieces {
            guard let index = unused.firstIndex(where: { $0.decodedName == want.decodedName && $0.decodedValue == want.decodedValue })
            else { return found }
            let got = unused.remove(at: index)
            let (nameField, valueField) = fields(of: want.decodedName)
            found += compare(nameField, want.name, got.name)
            found += compare(valueField, want.value ?? "", got.value ?? "")
        }
        return found
    }

    /// The fields a piece's name and value belong to.
    static func fields(of name: String) -> (name: FaultField, value: FaultField) {
        switch name {
        case "x-source": (.source, .source)
        case "x-success": (.success, .success)
        case "x-error": (.error, .error)
        case "x-cancel": (.cancel, .cancel)
        case "errorCode": (.errorCode, .errorCode)
        case "errorMessage": (.errorMessage, .errorMessage)
        default: (.parameterName, .parameterValue)
        }
    }

    /// How `got` respells `expected`, one component: nothing when they decode to different octets (another
    /// difference, which the comparator names) or differ only by respellings allowed outright.
    static func compare(_ field: FaultField, _ expected: Substring, _ got: Substring) -> [Respelling] {
        guard expected != got else { return [] }
        let want = octets(expected), have = octets(got)
        guard want.count == have.count, zip(want, have).allSatisfy({ $0.byte == $1.byte }) else { return [] }
        var transformations: Set<FaultTransformation> = []
        for (w, h) in zip(want, have) where w.spelling != h.spelling {
            if w.spelling == .raw, h.spelling != .raw {
                if EncodingRules.isUnreserved(w.byte) {
                    transformations.insert(.unreservedEscaped)
                } else if field == .action, w.byte == UInt8(ascii: "/") {
                    transformations.insert(.reservedEscaped)
                }  // else a reserved character that delimits nothing, escaped: allowed (§2.2)
            }
            // Lowercase hex in any escape, whether or not the reference writes one there (RFC 3986 §2.1).
            if h.spelling == .lowercaseEscaped { transformations.insert(.lowercaseHex) }
        }
        guard let worst = severity.first(where: transformations.contains) else { return [] }
        return [Respelling(field: field, transformation: worst, expected: String(expected), got: String(got))]
    }

    /// One octet of a component and how it was written.
    struct Octet {
        enum Spelling: Equatable { case raw, escaped, lowercaseEscaped }
        var byte: UInt8
        var spelling: Spelling
    }

    /// The octets `text` stands for, each with its spelling; a `%` without two hex digits stands for itself.
    static func octets(_ text: Substring) -> [Octet] {
        let bytes = Array(text.utf8)
        var out: [Octet] = []
        var index = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "%"), index + 2 < bytes.count,
                let high = PercentEncoding.hexDigitValue(bytes[index + 1]), let low = PercentEncoding.hexDigitValue(bytes[index + 2])
            {
                let lower = bytes[(index + 1)...(index + 2)].contains { $0 >= UInt8(ascii: "a") && $0 <= UInt8(ascii: "f") }
                out.append(Octet(byte: high << 4 | low, spelling: lower ? .lowercaseEscaped : .escaped))
                index += 3
            } else {
                out.append(Octet(byte: bytes[index], spelling: .raw))
                index += 1
            }
        }
        return out
    }

    /// One `&`-separated piece: its raw name and value, and both decoded once (leniently: as written when they do not).
    struct Piece {
        var raw: Substring, name: Substring, value: Substring?
        var decodedName: String, decodedValue: String?
    }

    static func pieces(_ query: Substring) -> [Piece] {
        guard !query.isEmpty else { return [] }
        return query.split(separator: "&", omittingEmptySubsequences: false).map { raw in
            let equals = raw.firstIndex(of: "=")
            let name = raw[..<(equals ?? raw.endIndex)]
            let value = equals.map { raw[raw.index(after: $0)...] }
            return Piece(
                raw: raw, name: name, value: value, decodedName: (try? PercentEncoding.decode(String(name))) ?? String(name),
                decodedValue: value.map { (try? PercentEncoding.decode(String($0))) ?? String($0) })
        }
    }

    /// A URL cut where RFC 3986 cuts it: `scheme://authority`, the path after its `/`, the query and the fragment.
    struct URLParts {
        var head: Substring, path: Substring, query: Substring?, fragment: Substring?

        init(_ url: String) {
            let text = Substring(url)
            let hash = text.firstIndex(of: "#")
            fragment = hash.map { text[text.index(after: $0)...] }
            let beforeHash = text[..<(hash ?? text.endIndex)]
            let question = beforeHash.firstIndex(of: "?")
            query = question.map { beforeHash[beforeHash.index(after: $0)...] }
            let hierarchy = beforeHash[..<(question ?? beforeHash.endIndex)]
            var pathStart = hierarchy.endIndex
            if let colon = hierarchy.firstIndex(of: ":") {
                let rest = hierarchy[hierarchy.index(after: colon)...]
                let authorityStart = rest.hasPrefix("//") ? rest.index(rest.startIndex, offsetBy: 2) : rest.startIndex
                pathStart = rest[authorityStart...].firstIndex(of: "/") ?? hierarchy.endIndex
            }
            head = hierarchy[..<pathStart]
            path = pathStart < hierarchy.endIndex ? hierarchy[hierarchy.index(after: pathStart)...] : ""
        }
    }
}
