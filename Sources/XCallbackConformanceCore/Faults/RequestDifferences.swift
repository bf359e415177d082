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
        var want = expected, have = got
        out += reservedRead(from: &want, as: &have, side: side)
        func add(_ field: FaultField, _ a: String?, _ b: String?) {
            if let difference = FieldDifference.explain(field, expected: a, got: b, side: side) { out.append(difference) }
        }
        add(.scheme, want.scheme, have.scheme)
        add(.action, want.action, have.action)
        add(.source, want.source, have.source)
        add(.success, want.success, have.success)
        add(.error, want.error, have.error)
        add(.cancel, want.cancel, have.cancel)
        if fragment { add(.fragment, want.fragment, have.fragment) }
        out += parameters(want.parameters, have.parameters, side: side, unordered: unordered)
        return out
    }

    /// A reserved value read as an action parameter, or a parameter read as a reserved value: the difference is in
    /// the name (`x%2Dsource` left encoded, `X-Success` matched without case). Both sides lose the pair compared.
    static func reservedRead(from want: inout XCallbackRequest, as got: inout XCallbackRequest, side: FieldDifference.Side)
        -> [FieldDifference]
    {
        var out: [FieldDifference] = []
        // The name as expected against the name as read, in the reserved value's field and the name's.
        func read(_ expectedName: String, as gotName: String, _ field: FaultField) {
            let difference = FieldDifference.explain(.parameterName, expected: expectedName, got: gotName, side: side)
            out += [difference ?? FieldDifference(.parameterName, .moved), FieldDifference(field, difference?.transformation ?? .moved)]
        }
        for (name, field, path) in [
            ("x-source", FaultField.source, \XCallbackRequest.source), ("x-success", .success, \.success),
            ("x-error", .error, \.error), ("x-cancel", .cancel, \.cancel),
        ] {
            if let value = want[keyPath: path], got[keyPath: path] == nil,
                let index = got.parameters.firstIndex(where: { $0.value == value && $0.name != name })
            {
                read(name, as: got.parameters.remove(at: index).name, field)
                want[keyPath: path] = nil
            } else if let value = got[keyPath: path], want[keyPath: path] == nil,
                let index = want.parameters.firstIndex(where: { $0.value == value && $0.name != name })
            {
                read(want.parameters.remove(at: index).name, as: name, field)
                got[keyPath: path] = nil
            }
        }
        return out
    }

    /// The differences of two parameter lists.
    public static func parameters(
        _ want: [XCallbackParameter], _ got: [XCallbackParameter], side: FieldDifference.Side, unordered: Bool = false
    ) -> [FieldDifference] {
        if want == got { return [] }
        let sortedWant = want.sorted(by: Context.byteOrder), sortedGot = got.sorted(by: Context.byteOrder)
        if sortedWant == sortedGot { return unordered ? [] : [FieldDifference(.parameterOrder, .reordered)] }
        if want.count == got.count {
            var out: [FieldDifference] = []
            let (left, right) = unordered ? (sortedWant, sortedGot) : (want, got)
            for (a, b) in zip(left, right) {
                if let difference = FieldDifference.explain(.parameterName, expected: a.name, got: b.name, side: side) {
                    out.append(difference)
                }
                if let difference = FieldDifference.explainValue(.parameterValue, expected: a.value, got: b.value, side: side) {
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

}
