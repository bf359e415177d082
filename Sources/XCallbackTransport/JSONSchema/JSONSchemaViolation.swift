// What the validator reports: a malformed schema, or an instance that breaks a schema.

/// A schema that cannot be used: unsupported keyword, bad keyword value, dangling `$ref`.
public struct JSONSchemaError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Where in the schema, as a JSON pointer fragment such as `#/$defs/vector/pattern`.
    public var schemaPath: String
    /// What is wrong there.
    public var message: String

    /// Creates an error.
    public init(schemaPath: String, message: String) {
        self.schemaPath = schemaPath
        self.message = message
    }

    /// `schema #/path: message`.
    public var description: String { "schema \(schemaPath): \(message)" }
}

/// One way an instance breaks a schema: where, what the schema expected there, what was found.
public struct JSONSchemaViolation: Hashable, Sendable, CustomStringConvertible {
    /// The instance location, such as `$.vectors[3].id`.
    public var instancePath: String
    /// The schema keyword that failed, such as `#/$defs/id/pattern`.
    public var schemaPath: String
    /// What the schema expected, in words.
    public var expected: String
    /// What the instance holds there, briefly.
    public var found: String

    /// Creates a violation.
    public init(instancePath: String, schemaPath: String, expected: String, found: String) {
        self.instancePath = instancePath
        self.schemaPath = schemaPath
        self.expected = expected
        self.found = found
    }

    /// `$.path: expected …, found … (schema #/…)`.
    public var description: String { "\(instancePath): expected \(expected), found \(found) (schema \(schemaPath))" }
}
