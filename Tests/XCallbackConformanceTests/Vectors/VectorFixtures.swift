import Foundation
import Testing
import XCallbackConformance

// Loading the bundled vectors once for every vector test, and naming each test case by its vector id.

/// The bundled vector suite and its raw files, loaded once.
enum VectorFixtures {
    /// The bundled suite, or the error that loading it raised.
    static let suite: Result<VectorSuite, VectorLoadError> = Result { () throws(VectorLoadError) in
        try VectorSuite.bundled()
    }

    /// The vector files the suite is made of, one per category, in manifest order.
    static let categoryFiles = [
        "spec-examples.json", "parse-encoding.json", "build-encoding.json", "reserved-prefix.json",
        "nested-callbacks.json", "callbacks.json", "hosts-actions.json", "security.json", "real-world.json",
    ]

    /// The number of vectors the suite holds; changing the vectors means changing this pin.
    static let pinnedTotal = 1968

    /// The number of rules `rules.json` describes; changing the rules means changing this pin.
    static let pinnedRules = 110

    /// The raw bytes of a file in the vectors directory.
    static func bytes(_ name: String) throws -> [UInt8] {
        let directory = try suite.get().directory
        return Array(try Data(contentsOf: directory.appendingPathComponent(name)))
    }

    /// The parsed JSON of a file in the vectors directory.
    static func json(_ name: String) throws -> JSONValue {
        try JSONValue(parsing: try bytes(name))
    }
}

/// The vectors of one file, in file order; throws rather than return an empty list, which would skip the test.
func loadVectors(_ file: String) throws -> [Vector] {
    let vectors = try VectorFixtures.suite.get().vectors.filter { $0.file == file }
    guard !vectors.isEmpty else { throw VectorFixtureError(message: "no vectors loaded from \(file)") }
    return vectors
}

/// Every vector of the suite, in manifest order, for a suite that holds each one to the same check (a vector
/// file added later is in it without a change there); throws rather than return an empty list.
func loadEveryVector() throws -> [Vector] {
    let vectors = try VectorFixtures.suite.get().vectors
    guard !vectors.isEmpty else { throw VectorFixtureError(message: "no vectors loaded") }
    return vectors
}

/// A fixture that could not be loaded.
struct VectorFixtureError: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}

extension Vector: CustomTestStringConvertible {
    /// The vector's permanent id names its test case.
    public var testDescription: String { id }
}
