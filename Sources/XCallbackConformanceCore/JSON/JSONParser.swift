// A strict RFC 8259 JSON parser over UTF-8 bytes, iterative for arrays and objects, reporting errors by
// line and column. Unpaired surrogate escapes are refused. Nesting is capped at `JSONValue.maximumDepth`
// (RFC 8259 §9 lets a parser limit it), so that comparing, writing and releasing a parsed value, which
// recurse, are safe for every value the parser accepts.

/// An error found while reading JSON text, with its line and column.
public struct JSONSyntaxError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The 1-based line of the error.
    public var line: Int
    /// The 1-based column (in bytes) of the error.
    public var column: Int
    /// What was expected at that place.
    public var message: String

    /// The error as `line L, column C: message`.
    public var description: String { "line \(line), column \(column): \(message)" }
}

extension JSONValue {
    /// Parses one JSON text.
    ///
    /// - Throws: `JSONSyntaxError` naming the line and column and what was expected.
    public init(parsing text: String) throws(JSONSyntaxError) {
        try self.init(parsing: Array(text.utf8))
    }

    /// The deepest nesting of arrays and objects the parser accepts: 512 levels.
    public static let maximumDepth = 512

    /// Parses one JSON text given as UTF-8 bytes.
    public init(parsing bytes: [UInt8]) throws(JSONSyntaxError) {
        var reader = JSONReader(bytes: bytes)
        self = try reader.readDocument()
    }
}

private struct JSONReader {
    let bytes: [UInt8]
    var index = 0

    init(bytes: [UInt8]) { self.bytes = bytes }

    /// A container being filled while the reader walks down the document.
    enum Frame {
        case array([JSONValue])
        case object([(key: String, value: JSONValue)], pendingKey: String)
    }

    mutating func readDocument() throws(JSONSyntaxError) -> JSONValue {
        let value = try readValue()
        skipWhitespace()
        guard index == bytes.count else { throw error("expected the end of the document") }
        return value
    }

    mutating func readValue() throws(JSONSyntaxError) -> JSONValue {
        var stack: [Frame] = []
        while true {
            skipWhitespace()
            var value: JSONValue
            guard index < bytes.count else { throw error("expected a value") }
            switch bytes[index] {
            case UInt8(ascii: "["):
                index += 1
                skipWhitespace()
                if peek(UInt8(ascii: "]")) {
                    index += 1
                    value = .array([])
                } else {
                    try checkDepth(stack)
                    stack.append(.array([]))
                    continue
                }
            case UInt8(ascii: "{"):
                index += 1
                skipWhitespace()
                if peek(UInt8(ascii: "}")) {
                    index += 1
                    value = .object([])
                } else {
                    try checkDepth(stack)
                    let key = try readKey()
                    stack.append(.object([], pendingKey: key))
                    continue
                }
            default:
                value = try readScalar()
            }
            // Close every container the value completes.
            while let frame = stack.popLast() {
                skipWhitespace()
                switch consume frame {
                case .array(var elements):
                    elements.append(value)
                    if peek(UInt8(ascii: ",")) {
                        index += 1
                        stack.append(.array(elements))
                    } else if peek(UInt8(ascii: "]")) {
                        index += 1
                        value = .array(elements)
                        continue
                    } else {
                        throw error("expected ',' or ']' in an array")
                    }
                case .object(var members, let key):
                    members.append((key: key, value: value))
                    if peek(UInt8(ascii: ",")) {
                        index += 1
                        skipWhitespace()
                        let next = try readKey()
                        stack.append(.object(members, pendingKey: next))
                    } else if peek(UInt8(ascii: "}")) {
                        index += 1
                        value = .object(members)
                        continue
                    } else {
                        throw error("expected ',' or '}' in an object")
                    }
                }
                break
            }
            if stack.isEmpty { return value }
        }
    }

    /// Refuses to open one more container when `stack` is already `maximumDepth` deep, naming where.
    func checkDepth(_ stack: [Frame]) throws(JSONSyntaxError) {
        guard stack.count >= JSONValue.maximumDepth else { return }
        let steps = stack.map { frame -> String in
            switch frame {
            case .array(let elements): "[\(elements.count)]"
            case .object(_, let key): JSONPath.member(key)
            }
        }
        let path = "$" + steps.prefix(6).joined() + "…" + steps.suffix(3).joined()
        throw error("nesting deeper than \(JSONValue.maximumDepth) levels at \(path) (\(stack.count + 1) levels)")
    }

    mutating func readKey() throws(JSONSyntaxError) -> String {
        guard peek(UInt8(ascii: "\"")) else { throw error("expected a member name in double quotes") }
        let key = try readString()
        skipWhitespace()
        guard peek(UInt8(ascii: ":")) else { throw error("expected ':' after a member name") }
        index += 1
        return key
    }

    mutating func readScalar() throws(JSONSyntaxError) -> JSONValue {
        switch bytes[index] {
        case UInt8(ascii: "\""): return .string(try readString())
        case UInt8(ascii: "t"): try expectWord("true"); return .bool(true)
        case UInt8(ascii: "f"): try expectWord("false"); return .bool(false)
        case UInt8(ascii: "n"): try expectWord("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try readNumber())
        default: throw error("expected a value")
        }
    }

    mutating func expectWord(_ word: StaticString) throws(JSONSyntaxError) {
        let count = word.utf8CodeUnitCount
        let matches = index + count <= bytes.count
            && word.withUTF8Buffer { Array($0) == Array(bytes[index..<index + count]) }
        guard matches else { throw error("expected '\(word)'") }
        index += count
    }

    mutating func readNumber() throws(JSONSyntaxError) -> Double {
        let start = index
        if peek(UInt8(ascii: "-")) { index += 1 }
        guard index < bytes.count, isDigit(bytes[index]) else { throw error("expected a digit") }
        if bytes[index] == UInt8(ascii: "0") { index += 1 } else { skipDigits() }
        if peek(UInt8(ascii: ".")) {
            index += 1
            guard index < bytes.count, isDigit(bytes[index]) else { throw error("expected a digit after '.'") }
            skipDigits()
        }
        if index < bytes.count, bytes[index] | 0x20 == UInt8(ascii: "e") {
            index += 1
            if peek(UInt8(ascii: "+")) || peek(UInt8(ascii: "-")) { index += 1 }
            guard index < bytes.count, isDigit(bytes[index]) else { throw error("expected an exponent") }
            skipDigits()
        }
        guard let number = Double(String(decoding: bytes[start..<index], as: UTF8.self)) else {
            throw error("expected a number")
        }
        return number
    }

    mutating func readString() throws(JSONSyntaxError) -> String {
        index += 1
        var out: [UInt8] = []
        while true {
            guard index < bytes.count else { throw error("expected '\"' to close the string") }
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                index += 1
                guard UTF8Check.isWellFormed(out) else { throw error("a string must be well-formed UTF-8") }
                return String(decoding: out, as: UTF8.self)
            case UInt8(ascii: "\\"):
                index += 1
                try readEscape(into: &out)
            case 0..<0x20:
                throw error("a control character must be escaped in a string")
            default:
                // A run of plain bytes is copied at once (a debug build pays a call for every byte appended).
                let start = index
                index += 1
                while index < bytes.count, Self.isPlainStringByte(bytes[index]) { index += 1 }
                out.append(contentsOf: bytes[start..<index])
            }
        }
    }

    /// Whether `byte` stands for itself inside a string: not a quote, a backslash or a control character.
    static func isPlainStringByte(_ byte: UInt8) -> Bool {
        byte >= 0x20 && byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "\\")
    }

    mutating func readEscape(into out: inout [UInt8]) throws(JSONSyntaxError) {
        guard index < bytes.count else { throw error("expected an escape") }
        let byte = bytes[index]
        index += 1
        let simple: UInt8? =
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): byte
            case UInt8(ascii: "b"): 0x08
            case UInt8(ascii: "f"): 0x0C
            case UInt8(ascii: "n"): 0x0A
            case UInt8(ascii: "r"): 0x0D
            case UInt8(ascii: "t"): 0x09
            default: nil
            }
        if let replacement = simple {
            out.append(replacement)
            return
        }
        guard byte == UInt8(ascii: "u") else { throw error("expected one of \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\u") }
        var scalar = try readHex4()
        if (0xD800...0xDBFF).contains(scalar) {
            guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u")
            else { throw error("a lone surrogate is not allowed; give such input as hex bytes") }
            index += 2
            let low = try readHex4()
            guard (0xDC00...0xDFFF).contains(low) else {
                throw error("a lone surrogate is not allowed; give such input as hex bytes")
            }
            scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
        } else if (0xDC00...0xDFFF).contains(scalar) {
            throw error("a lone surrogate is not allowed; give such input as hex bytes")
        }
        out.append(contentsOf: String(Character(Unicode.Scalar(scalar)!)).utf8)
    }

    mutating func readHex4() throws(JSONSyntaxError) -> UInt32 {
        guard index + 4 <= bytes.count else { throw error("expected four hex digits") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let digit = hexDigit(bytes[index]) else { throw error("expected four hex digits") }
            value = value << 4 | UInt32(digit)
            index += 1
        }
        return value
    }

    // MARK: - Helpers

    func peek(_ byte: UInt8) -> Bool { index < bytes.count && bytes[index] == byte }

    func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    func hexDigit(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    mutating func skipDigits() { while index < bytes.count, isDigit(bytes[index]) { index += 1 } }

    mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return
            }
        }
    }

    func error(_ message: String) -> JSONSyntaxError {
        var line = 1
        var lineStart = 0
        for position in 0..<min(index, bytes.count) where bytes[position] == 0x0A {
            line += 1
            lineStart = position + 1
        }
        return JSONSyntaxError(line: line, column: index - lineStart + 1, message: message)
    }
}

/// Checks UTF-8 well-formedness of decoded string bytes.
enum UTF8Check {
    /// Whether `bytes` are well-formed UTF-8.
    static func isWellFormed(_ bytes: [UInt8]) -> Bool {
        String(validating: bytes, as: UTF8.self) != nil
    }
}

/// Spelling of JSON paths in messages: `.name` for plain member names, `["odd name"]` otherwise.
enum JSONPath {
    /// One member step.
    static func member(_ key: String) -> String {
        let plain = !key.isEmpty && key.utf8.allSatisfy { $0 == UInt8(ascii: "_") || $0 == UInt8(ascii: "-")
            || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains($0 | 0x20) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
        return plain ? "." + key : "[" + JSONValue.string(String(key.prefix(40))).compactText + "]"
    }
}
