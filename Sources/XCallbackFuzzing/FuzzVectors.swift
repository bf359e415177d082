// The vectors a fuzzer knows: every vector's input is a seed (`VectorSeeds`), and the vectors' grades of every
// fault are the levels of its findings (`FaultTable`). Loaded once; a table is learnt once per set of
// declarations, beside a fuzz run from its start or at its first judgement, whichever asks first (`Memo`).

import Foundation
import Synchronization
import XCallbackConformanceCore

/// A loaded vector set, with the fault tables learnt from it.
public final class FuzzVectors: Sendable {
    /// Every vector, in the suite's order.
    public let vectors: [Vector]
    /// The suite's rules, whose fields say which faults lie within the rule a finding is graded by.
    public let rules: [String: VectorRule]
    /// The directory the vectors were loaded from, when they were (for the full text of generated inputs).
    public let directory: URL?
    private let tables = Memo<TableKey, FaultTable>()
    /// Each vector's claims by the declarations relevant to it, so that a table for other declarations learns
    /// again only from the vectors they change.
    private let learnt = Memo<ClaimsKey, FaultTable.VectorClaims>()

    struct ClaimsKey: Hashable, Sendable {
        var index: Int
        var choices: DeclaredChoices
        var extraParameters: [String]
    }

    struct TableKey: Hashable, Sendable {
        var choices: DeclaredChoices
        var extraParameters: [String]
        var roles: Set<TargetRole>?
    }

    /// The vectors the fault tables learn from: generated inputs expanded again to about 16 KB, which keeps a
    /// long input long (over 8 KiB) and grades it as its vector does, at a sixtieth of the cost of 1 MB. Made on
    /// first use, as the tables are.
    public var graded: [Vector] {
        gradedVectors.value(0) {
            let shorter = VectorSeeds.shortened(vectors, directory: directory) { max(1, 16_384 / max($0, 1)) }
            return vectors.map { shorter[$0.id] ?? $0 }
        }
    }
    private let gradedVectors = Memo<Int, [Vector]>()
    /// The seeds by roles and longest input, made once each (`seeds(roles:maxLength:)`).
    private let seedsMade = Memo<SeedsKey, [FuzzSeed]>()

    struct SeedsKey: Hashable, Sendable {
        var roles: Set<TargetRole>?
        var maxLength: Int
    }

    /// Vectors given as values (`directory` is where they came from, if anywhere).
    public init(vectors: [Vector], directory: URL? = nil, rules: [String: VectorRule] = [:]) {
        self.vectors = vectors
        self.rules = rules
        self.directory = directory
    }

    /// Loads and checks a vectors directory.
    ///
    /// - Throws: `VectorLoadError` naming the file, the JSON path and what was expected.
    public convenience init(directory: URL) throws(VectorLoadError) {
        let suite = try VectorSuite(directory: directory)
        self.init(vectors: suite.vectors, directory: directory, rules: suite.rules)
    }

    /// The vectors of `directory`, loaded once per process (with their tables): a process that runs several
    /// fuzz runs on one directory learns each table once.
    public static func loaded(directory: URL) throws(VectorLoadError) -> FuzzVectors {
        let path = directory.standardizedFileURL.path
        if let known = loadedByPath.withLock({ $0[path] }) { return known }
        let vectors = try FuzzVectors(directory: directory)
        return loadedByPath.withLock { loaded in
            if let first = loaded[path] { return first }
            loaded[path] = vectors
            return vectors
        }
    }

    private static let loadedByPath = Mutex<[String: FuzzVectors]>([:])

    /// The vectors bundled with this package; a binary without them stops with the loader's message.
    public static let bundled: FuzzVectors = {
        do {
            return try loaded(directory: try VectorSuite.bundledDirectory())
        } catch {
            fatalError("the fuzzer grades findings by the vectors and cannot load them: \(error)")
        }
    }()

    /// The seeds of every vector of `roles` (nil: every role), each at most `maxLength` bytes; made once per process.
    public func seeds(roles: Set<TargetRole>? = nil, maxLength: Int) -> [FuzzSeed] {
        seedsMade.value(SeedsKey(roles: roles, maxLength: maxLength)) {
            VectorSeeds.seeds(of: vectors.filter { roles?.contains($0.role) ?? true }, directory: directory, maxLength: maxLength)
        }
    }

    /// The fault table for a target with these declarations and roles (nil: every role), learnt on first use.
    public func table(choices: DeclaredChoices, extraParameters: [String] = [], roles: Set<TargetRole>? = nil) -> FaultTable {
        let extra = extraParameters.sorted()
        // Learnt under the key's own lock: a driver that asks while another learns it waits for that learning.
        return tables.value(TableKey(choices: choices, extraParameters: extra, roles: roles)) {
            let claims = graded.enumerated().filter { roles?.contains($0.element.role) ?? true }.map { index, vector in
                learnt.value(ClaimsKey(index: index, choices: FaultTable.relevantChoices(of: vector, in: choices), extraParameters: extra)) {
                    FaultTable.claims(of: vector, choices: choices, extraParameters: extraParameters)
                }
            }
            return FaultTable(learnt: claims)
        }
    }
}
