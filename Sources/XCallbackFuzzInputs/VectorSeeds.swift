// Every vector's input as a fuzz input: a parse vector's URL as its bytes, a build vector's request or callback
// as a literal build case (`RequestGenerator+Literal.swift`), each tagged with the vector's role so that a run
// seeds only the roles its target takes on.
//
// A generated input (a vector with `expand`: 64 KB and 1 MB values) is too long for a fuzz input. Its template is
// expanded again with fewer repetitions (`shortened`): for a seed, as few as keep it under the length limit; for
// the fault table, enough to keep it over the 8 KiB a `long-input` is, so that it is graded as the vector is.

import Foundation
import XCallbackConformanceCore
import XCallbackURL

/// A fuzz input with the role it tests.
public struct FuzzSeed: Hashable, Sendable {
    /// The input: a URL to parse, or a build case (first byte 0x01 or 0x02).
    public var input: [UInt8]
    /// The role the input tests: the vector's own, or `TargetRole.parseRole(of:)` for a URL.
    public var role: TargetRole

    /// Creates a seed.
    public init(input: [UInt8], role: TargetRole) {
        self.input = input
        self.role = role
    }

    /// A seed for `input`, with the role its operation (and for a URL, its scheme and authority) gives it.
    public init(input: [UInt8]) {
        self.input = input
        switch Operation(differentialInput: input) {
        case .parse: role = TargetRole.parseRole(of: input)
        case .buildRequest: role = .buildRequest
        case .buildCallback: role = .buildCallback
        }
    }
}

/// The seeds the vectors give.
public enum VectorSeeds {
    /// The differential driver's generator, which reads the literal build cases back.
    static let generator = RequestGenerator(maximumDepth: 3, literals: true)

    /// The fuzz input of `vector`.
    public static func input(of vector: Vector) -> [UInt8] {
        switch vector.input {
        case .parseText(let text): Array(text.utf8)
        case .parseBytes(let bytes): bytes
        case .buildRequest(let request): generator.literalBytes(request: request)
        case .buildCallback(let response): generator.literalBytes(response: response)
        }
    }

    /// One seed per vector, in order and without repeats, each at most `maxLength` bytes (generated inputs
    /// expanded again with fewer repetitions from `directory`; a longer input that is not generated is left out).
    public static func seeds(of vectors: [Vector], directory: URL?, maxLength: Int) -> [FuzzSeed] {
        let short = shortened(vectors, directory: directory) { template in max(1, maxLength / 2 / max(template, 1)) }
        var seen: Set<[UInt8]> = []
        var out: [FuzzSeed] = []
        for vector in vectors {
            let input = input(of: short[vector.id] ?? vector)
            guard input.count <= maxLength, seen.insert(input).inserted else { continue }
            out.append(FuzzSeed(input: input, role: vector.role))
        }
        return out
    }

    /// The vectors with an `expand` member, expanded again from their files in `directory`, each placeholder
    /// repeated `times(length of its text)` times at most; by id. Empty without a directory or on a read error.
    public static func shortened(_ vectors: [Vector], directory: URL?, times: (Int) -> Int) -> [String: Vector] {
        guard let directory else { return [:] }
        var out: [String: Vector] = [:]
        for file in Set(vectors.map(\.file)).sorted() {
            guard let data = FileManager.default.contents(atPath: directory.appendingPathComponent(file).path),
                let document = try? JSONValue(parsing: Array(data)), let list = document["vectors"]?.arrayValue
            else { continue }
            for (index, object) in list.enumerated() {
                guard let expand = object["expand"]?.objectValue, let members = object.objectValue else { continue }
                // One count for every placeholder (a template's input and expectation repeat them alike).
                let longest = expand.map { $0.value["text"]?.stringValue?.utf8.count ?? 1 }.max() ?? 1
                let fewer: [(key: String, value: JSONValue)] = expand.map { placeholder in
                    let given = Int(placeholder.value["times"]?.numberValue ?? 1)
                    let text = placeholder.value["text"] ?? ""
                    return (placeholder.key, ["text": text, "times": .number(Double(min(given, times(longest))))])
                }
                let rewritten = JSONValue.object(members.map { $0.key == "expand" ? ($0.key, .object(fewer)) : $0 })
                if let vector = try? Vector(decoding: JSONCursor(rewritten, file: file, path: "$.vectors[\(index)]")) {
                    out[vector.id] = vector
                }
            }
        }
        return out
    }
}
