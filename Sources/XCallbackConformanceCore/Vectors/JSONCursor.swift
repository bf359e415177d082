/// A JSON value with the file and JSON path it was found at, so every decoding error can say where.
public struct JSONCursor: Sendable {
    /// The value at this place.
    public var value: JSONValue
    /// The file the value came from, as given to the loader.
    public var file: String
    /// The JSON path of the value, such as `$.vectors[3].input`.
    public var path: String

    /// Creates a cursor at the root of a document.
    public init(_ value: JSONValue, file: String, path: String = "$") {
        self.value = value
        self.file = file
        self.path = path
    }

    /// An error at this place saying what was expected.
    public func error(_ expected: String) -> VectorLoadError {
        VectorLoadError(file: file, path: path, expected: expected, found: value.briefDescription)
    }

    /// The member `key`, which must exist.
    public func member(_ key: String) throws(VectorLoadError) -> JSONCursor {
        guard case .object = value else { throw error("an object with the member '\(key)'") }
        guard let child = value[key] else {
            throw VectorLoadError(file: file, path: path, expected: "the member '\(key)'", found: "no such member")
        }
        return JSONCursor(child, file: file, path: "\(path).\(key)")
    }

    /// The member `key` when it exists and is not `null`.
    public func optionalMember(_ key: String) throws(VectorLoadError) -> JSONCursor? {
        guard case .object = value else { throw error("an object") }
        guard let child = value[key], child != .null else { return nil }
        return JSONCursor(child, file: file, path: "\(path).\(key)")
    }

    /// The object's member names, checked against the allowed ones.
    public func keys(allowed: Set<String>) throws(VectorLoadError) -> [String] {
        guard let members = value.objectValue else { throw error("an object") }
        for member in members where !allowed.contains(member.key) {
            throw VectorLoadError(
                file: file, path: "\(path).\(member.key)",
                expected: "one of the members \(allowed.sorted().joined(separator: ", "))", found: "'\(member.key)'")
        }
        return members.map(\.key)
    }

    /// This cursor with every placeholder replaced in every string of its value (a vector's `expand`).
    public func expanding(_ expansions: [(placeholder: String, text: String)]) -> JSONCursor {
        guard !expansions.isEmpty else { return self }
        func walk(_ value: JSONValue) -> JSONValue {
            switch value {
            case .string(let text):
                var out = text
                for (placeholder, replacement) in expansions where out.contains(placeholder) {
                    out = out.replacing(placeholder, with: replacement)
                }
                return .string(out)
            case .array(let items): return .array(items.map(walk))
            case .object(let members): return .object(members.map { (key: $0.key, value: walk($0.value)) })
            default: return value
            }
        }
        return JSONCursor(walk(value), file: file, path: path)
    }

    /// The elements of an array.
    public func elements() throws(VectorLoadError) -> [JSONCursor] {
        guard let values = value.arrayValue else { throw error("an array") }
        return values.enumerated().map { JSONCursor($1, file: file, path: "\(path)[\($0)]") }
    }

    /// The string value.
    public func string() throws(VectorLoadError) -> String {
        guard let text = value.stringValue else { throw error("a string") }
        return text
    }

    /// The string value, or `nil` for `null`.
    public func optionalString() throws(VectorLoadError) -> String? {
        if value == .null { return nil }
        guard let text = value.stringValue else { throw error("a string or null") }
        return text
    }

    /// The value as an array of strings.
    public func strings() throws(VectorLoadError) -> [String] {
        var out: [String] = []
        for element in try elements() { out.append(try element.string()) }
        return out
    }
}

/// A vector file, manifest or protocol message that does not have the expected shape.
public struct VectorLoadError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file, as given to the loader.
    public var file: String
    /// The JSON path of the offending value, `$` for the document.
    public var path: String
    /// What was expected there.
    public var expected: String
    /// What was found instead.
    public var found: String

    /// Creates an error.
    public init(file: String, path: String, expected: String, found: String) {
        self.file = file
        self.path = path
        self.expected = expected
        self.found = found
    }

    /// The error as `file: path: expected …, found …`.
    public var description: String { "\(file): \(path): expected \(expected), found \(found)" }
}

extension JSONValue {
    /// A short rendering of the value for error messages.
    var briefDescription: String {
        switch self {
        case .object(let members): "an object with members \(members.map { "'\($0.key)'" }.joined(separator: ", "))"
        case .array(let values): "an array of \(values.count) elements"
        case .string(let text): text.count > 60 ? "the string \"\(text.prefix(60))…\"" : "the string \"\(text)\""
        default: "\(typeName) \(compactText)"
        }
    }
}
