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
        // Runs of bytes that need no escape are copied whole; every escaped byte is ASCII, so each run
        // starts and ends on a scalar boundary.
        out += "\""
        let utf8 = value.utf8
        var runStart = utf8.startIndex
        var index = runStart
        while index != utf8.endIndex {
            let byte = utf8[index]
            guard byte < 0x20 || byte == 0x7F || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else {
                utf8.formIndex(after: &index)
                continue
            }
            out += Substring(utf8[runStart..<index])
            switch byte {
            case UInt8(ascii: "\""): out += "\\\""
            case UInt8(ascii: "\\"): out += "\\\\"
            case UInt8(ascii: "\n"): out += "\\n"
            case UInt8(ascii: "\r"): out += "\\r"
            case UInt8(ascii: "\t"): out += "\\t"
            default:
                let hex = String(byte, radix: 16, uppercase: false)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            }
            utf8.formIndex(after: &index)
            runStart = index
        }
        out += Substring(utf8[runStart..<index])
        out += "\""
    }
}
