import Foundation
import XCallbackConformanceCore

/// The published JSON Schemas of the adapter's messages, for checking every hello and answer (`--validate`).
public struct ProtocolSchemas: Sendable {
    /// The schema of the hello (`hello.schema.json`).
    public var hello: JSONSchema
    /// The schema of an answer (`answer.schema.json`).
    public var answer: JSONSchema

    /// Creates the pair from loaded schemas.
    public init(hello: JSONSchema, answer: JSONSchema) {
        self.hello = hello
        self.answer = answer
    }

    /// Loads `hello.schema.json` and `answer.schema.json` from a `protocol` folder, such as `Vectors/protocol`.
    ///
    /// - Throws: a `VectorLoadError` naming the schema file that is missing or malformed.
    public init(directory: URL) throws(VectorLoadError) {
        func load(_ name: String) throws(VectorLoadError) -> JSONSchema {
            let url = directory.appendingPathComponent(name)
            let bytes: [UInt8]
            do {
                bytes = Array(try Data(contentsOf: url))
            } catch {
                throw VectorLoadError(file: url.path, path: "$", expected: "a readable schema file", found: error.localizedDescription)
            }
            do {
                return try JSONSchema(parsing: bytes)
            } catch {
                throw VectorLoadError(file: url.path, path: error.schemaPath, expected: "a supported JSON Schema", found: error.message)
            }
        }
        self.init(hello: try load("hello.schema.json"), answer: try load("answer.schema.json"))
    }

    /// The violations of `message`, rendered on one line, or `nil` when it is valid.
    func violations(of message: JSONValue, hello isHello: Bool) -> String? {
        let found = (isHello ? hello : answer).validate(message)
        guard !found.isEmpty else { return nil }
        return found.prefix(3).map(\.description).joined(separator: "; ")
    }
}
