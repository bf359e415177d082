import XCallbackURL

// The differences between two requests, field by field: the decoded result of a parse, or what a built URL reads
// back as. Parameters are paired by position when the counts agree, and by what is missing and added when not.

/// Lists how one request differs from another, one `FieldDifference` per field.
public enum RequestDifferences {
    /// The differences of `got` from `expected`; `unordered` compares parameters as multisets, `fragment` says
    /// whether the fragment is compared.
    public static func between(
        _ expected: XCallbackRequest, _ got: XCallbackRequest, side: FieldDifference.Side, unordered: Bool = false,
        fragment: Bool = true
    ) -> [FieldDifference] {
        var out: [FieldDifference] = []
        func add(_ field: FaultField, _ want: String?, _ have: String?) {
            if let difference = FieldDifference.explain(field, expected: want, got: have, side: side) { out.append(difference) }
        }
        add(.scheme, expected.scheme, got.scheme)
        add(.action, expected.action, got.action)
        add(.source, expected.source, got.source)
        add(.success, expected.success, got.success)
        add(.error, expected.error, got.error)
        add(.cancel, expected.cancel, got.cancel)
        if fragment { add(.fragment, expected.fragment, got.fragment) }
        out += parameters(expected.parameters, got.parameters, side: side, unordered: unordered)
        return movedReserved(out, expected: expected, got: got)
    }

    /// The differences of two parameter lists.
    public static func parameters(
        _ want: [XCallbackParameter], _ got: [XCallbackParameter], side: FieldDifference.Side, unordered: Bool = false
    ) -> [FieldDifference] {
        if want == got { return [] }
        let sortedWant = want.sorted(by: byteOrder), sortedGot = got.sorted(by: byteOrder)
        if sortedWant == sortedGot { return unordered ? [] : [FieldDifference(.parameterOrder, .reordered)] }
        if want.count == got.count {
            var out: [FieldDifference] = []
            let (left, right) = unordered ? (sortedWant, sortedGot) : (want, got)
            for (a, b) in zip(left, right) {
                if let difference = FieldDifference.explain(.parameterName, expected: a.name, got: b.name, side: side) {
                    out.append(difference)
                }
                if (a.value == nil) != (b.value == nil), (a.value ?? "").isEmpty, (b.value ?? "").isEmpty {
                    out.append(FieldDifference(.parameterValue, .flagForm))
                } else if let difference = FieldDifference.explain(.parameterValue, expected: a.value, got: b.value, side: side) {
                    out.append(difference)
                }
            }
            return out
        }
        var missing = want, added: [XCallbackParameter] = []
        for parameter in got {
            if let index = missing.firstIndex(of: parameter) { missing.remove(at: index) } else { added.append(parameter) }
        }
        if added.isEmpty { return [FieldDifference(.parameterOrder, .missing)] }
        if missing.isEmpty { return [FieldDifference(.parameterOrder, .added)] }
        if added.count > missing.count { return [FieldDifference(.parameterValue, .split, splitDelimiter(missing, added))] }
        return [FieldDifference(.parameterValue, .merged, splitDelimiter(added, missing))]
    }

    /// The delimiter one side's parameters hold raw where the other side has more parameters (`&`, `=`, `#`).
    static func splitDelimiter(_ whole: [XCallbackParameter], _ pieces: [XCallbackParameter]) -> String? {
        let text = whole.map { $0.name + ($0.value ?? "") }.joined()
        return ["&", "=", "#", "?", ";"].first { text.contains($0) }
    }

    /// A reserved value missing in one field and added in another, or a parameter read as a reserved one: one
    /// move, not two differences.
    static func movedReserved(_ differences: [FieldDifference], expected: XCallbackRequest, got: XCallbackRequest)
        -> [FieldDifference]
    {
        let added = differences.filter { $0.transformation == .added && $0.field != .parameterOrder }
        let lost = differences.filter { $0.transformation == .missing || $0.field == .parameterOrder }
        guard !added.isEmpty, !lost.isEmpty else { return differences }
        let fields = Set(added.map(\.field) + lost.map(\.field))
        return differences.filter { !fields.contains($0.field) } + fields.sorted().map { FieldDifference($0, .moved) }
    }

    static func byteOrder(_ a: XCallbackParameter, _ b: XCallbackParameter) -> Bool {
        let left = Array(a.name.utf8) + [a.value == nil ? 0 : 1] + Array((a.value ?? "").utf8)
        let right = Array(b.name.utf8) + [b.value == nil ? 0 : 1] + Array((b.value ?? "").utf8)
        return left.lexicographicallyPrecedes(right)
    }
}
