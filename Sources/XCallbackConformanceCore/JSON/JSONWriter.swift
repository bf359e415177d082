// Serialises `JSONValue` deterministically: members in stored order, integers without a fraction,
// control characters escaped, everything else written as UTF-8.

extension JSONValue {
    /// The value as compact JSON on one line, as JSON Lines and protocol messages need.
    public var compactText: String {
        var out = ""
        write(to: &out, indent: nil, level: 0)
        return out
    }

    /// The value as JSON indented by two spaces, ending without a newline.
    public var prettyText: String {
        var out = ""
        write(to: &out, indent: "  ", level: 0)
        return out
    }

    private func write(to out: inout String, indent: String?, level: Int) {
        switch self {
        case .null: out += "null"
        case .bool(let value): out += value ? "true" : "false"
        case .number(let value): out += Self.numberText(value)
        case .string(let value): Self.writeString(value, to: &out)
        case .array(let values):
            writeContainer(open: "[", close: "]", count: values.count, to: &out, indent: indent, level: level) {
                values[$0].write(to: &$1, indent: indent, level: level + 1)
            }
        case .object(let members):
            writeContainer(open: "{", close: "}", count: members.count, to: &out, indent: indent, level: level) {
                Self.writeString(members[$0].key, to: &$1)
                $1 += indent == nil ? ":" : ": "
                members[$0].value.write(to: &$1, indent: indent, level: level + 1)
            }
        }
    }

    private func writeContainer(
        open: String, close: String, count: Int, to out: inout String, indent: String?, level: Int,
        element: (Int, inout String) -> Void
    ) {
        out += open
        guard count > 0 else {
            out += close
            return
        }
        for position in 0..<count {
            if position > 0 { out += "," }
            if let indent { out += "\n" + String(repeating: indent, count: level + 1) }
            element(position, &out)
        }
        if let indent { out += "\n" + String(repeating: indent, count: level) }
        out += close
    }

    static func numberText(_ value: Double) -> String {
        if value.isFinite, value == value.rounded(), abs(value) < 9.0e15 {
            return String(Int64(value))
        }
        return value.isFinite ? "\(value)" : "null"
    }

    static func writeString(_ value: String, to out: inout String) {
        out += "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F:
                let hex = String(scalar.value, radix: 16, uppercase: false)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        out += "\""
    }
}
