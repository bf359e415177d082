// A small JSON Schema validator (a draft 2020-12 subset) over `JSONValue`.
//
// Supported keywords: type, properties, required, additionalProperties, enum, const, pattern, items,
// prefixItems, minItems, maxItems, oneOf, anyOf, $ref (JSON pointers into the same document), $defs,
// minLength, format (asserted: `date-time`, RFC 3339 section 5.6); the annotations $schema, $id, $comment, title, description, examples and default are
// accepted and ignored. Any other keyword is refused when the schema is loaded, so a typo in a schema
// is an error instead of a silently unchecked rule.

import XCallbackConformanceCore

/// A JSON Schema, checked on load to use only the supported keywords.
public struct JSONSchema: Sendable {
    /// The schema document.
    public let document: JSONValue

    /// The keywords this validator applies.
    public static let supportedKeywords: Set<String> = [
        "type", "properties", "required", "additionalProperties", "enum", "const", "pattern", "items",
        "prefixItems", "minItems", "maxItems", "oneOf", "anyOf", "$ref", "$defs", "minLength", "format",
    ]

    /// Keywords that carry no assertion and are ignored.
    public static let annotationKeywords: Set<String> = [
        "$schema", "$id", "$comment", "title", "description", "examples", "default",
    ]

    /// Loads a schema document and checks that it is well formed.
    ///
    /// - Throws: `JSONSchemaError` naming the schema path of the first unsupported keyword, bad keyword
    ///   value, unresolvable `$ref` or invalid `pattern`.
    public init(_ document: JSONValue) throws(JSONSchemaError) {
        self.document = document
        try Self.check(document, at: "#", root: document)
    }

    /// Parses and loads a schema from JSON text.
    ///
    /// - Throws: `JSONSchemaError` for JSON syntax errors and malformed schemas.
    public init(parsing bytes: [UInt8]) throws(JSONSchemaError) {
        let value: JSONValue
        do {
            value = try JSONValue(parsing: bytes)
        } catch {
            throw JSONSchemaError(schemaPath: "#", message: "the schema is not JSON: \(error)")
        }
        try self.init(value)
    }

    /// Validates `instance` and returns every violation found (empty when it is valid).
    public func validate(_ instance: JSONValue) -> [JSONSchemaViolation] {
        var validator = SchemaValidator(root: document)
        return validator.validate(instance, against: document, instancePath: "$", schemaPath: "#")
    }

    /// Whether `instance` is valid.
    public func isValid(_ instance: JSONValue) -> Bool { validate(instance).isEmpty }

    // MARK: - Checking the schema itself

    private static func check(_ schema: JSONValue, at path: String, root: JSONValue) throws(JSONSchemaError) {
        if case .bool = schema { return }
        guard let members = schema.objectValue else {
            throw JSONSchemaError(schemaPath: path, message: "a schema must be an object or a boolean, found \(schema.typeName)")
        }
        for (keyword, value) in members {
            let here = path + "/" + JSONPointer.escape(keyword)
            if annotationKeywords.contains(keyword) { continue }
            guard supportedKeywords.contains(keyword) else {
                throw JSONSchemaError(schemaPath: here, message: "unsupported keyword '\(keyword)'")
            }
            switch keyword {
            case "type":
                let names = value.stringValue.map { [$0] } ?? value.arrayValue?.compactMap(\.stringValue) ?? []
                let count = value.stringValue != nil ? 1 : value.arrayValue?.count ?? -1
                guard names.count == count, count > 0, names.allSatisfy(SchemaValidator.typeNames.contains) else {
                    throw JSONSchemaError(schemaPath: here, message: "'type' must name JSON Schema types")
                }
            case "properties", "$defs":
                guard let children = value.objectValue else {
                    throw JSONSchemaError(schemaPath: here, message: "'\(keyword)' must be an object of schemas")
                }
                for child in children {
                    try check(child.value, at: here + "/" + JSONPointer.escape(child.key), root: root)
                }
            case "additionalProperties", "items":
                try check(value, at: here, root: root)
            case "prefixItems", "oneOf", "anyOf":
                guard let children = value.arrayValue, !children.isEmpty else {
                    throw JSONSchemaError(schemaPath: here, message: "'\(keyword)' must be a non-empty array of schemas")
                }
                for (index, child) in children.enumerated() { try check(child, at: "\(here)/\(index)", root: root) }
            case "required":
                guard let names = value.arrayValue, names.allSatisfy({ $0.stringValue != nil }) else {
                    throw JSONSchemaError(schemaPath: here, message: "'required' must be an array of strings")
                }
            case "enum":
                guard value.arrayValue != nil else {
                    throw JSONSchemaError(schemaPath: here, message: "'enum' must be an array")
                }
            case "minItems", "maxItems", "minLength":
                guard let number = value.numberValue, number >= 0, number == number.rounded() else {
                    throw JSONSchemaError(schemaPath: here, message: "'\(keyword)' must be a non-negative integer")
                }
            case "format":
                guard let name = value.stringValue, SchemaValidator.formats.contains(name) else {
                    throw JSONSchemaError(
                        schemaPath: here,
                        message: "'format' must be one of \(SchemaValidator.formats.sorted().joined(separator: ", ")), found \(value.compactText)")
                }
            case "pattern":
                guard let pattern = value.stringValue, SchemaValidator.compile(pattern) != nil else {
                    throw JSONSchemaError(schemaPath: here, message: "'pattern' must be a valid regular expression")
                }
            case "$ref":
                guard let reference = value.stringValue, JSONPointer.resolve(reference, in: root) != nil else {
                    throw JSONSchemaError(
                        schemaPath: here, message: "'$ref' must point into this document (#/...), found \(value.compactText)")
                }
            default:
                break  // const takes any value
            }
        }
    }
}
