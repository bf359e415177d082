// How the fuzzing loop keeps to the operations a target declares.
//
// An input's first byte selects its operation (`Operation(differentialInput:)`): 0x01 build-request,
// 0x02 build-callback, anything else a URL to parse.
// 1. The starting corpus keeps only inputs of declared operations (the built-in seeds when none is left).
// 2. A mutation keeps the operation: a URL goes to `NestedMutator` and never comes back starting with
//    0x01 or 0x02; a build case keeps its first byte: half the time one field of the request or response it
//    decodes to is changed (`BuildCaseMutator`), half the time its payload (the `RequestGenerator` choices) is
//    byte-mutated, one to three times.
// 3. A crossover of two URLs grafts a layer of one into the other (`NestedMutator.crossOver`); a crossover
//    involving a build case splices the two payloads and takes either parent's operation, so a URL's
//    bytes can become a build case's choices and the other way round. Both parents are in the corpus,
//    so the child's operation is a declared one.

import XCallbackConformanceCore
import XCallbackFuzzing

extension FuzzEngine {
    /// The inputs the run starts from: `initial`'s inputs of declared operations and claimed roles, or the
    /// built-in seeds of them when `initial` has none.
    func startingCorpus(_ initial: [[UInt8]]) -> [[UInt8]] {
        let kept = initial.filter(claims)
        guard kept.isEmpty else { return kept }
        let seeds = Self.builtInSeeds(vectors: configuration.vectors, roles: configuration.roles, maxLength: configuration.maxLength)
        return seeds.filter(claims)
    }

    /// Whether the target declares `input`'s operation and claims its role.
    func claims(_ input: [UInt8]) -> Bool {
        guard configuration.operations.contains(Operation(differentialInput: input)) else { return false }
        return configuration.roles.map { $0.contains(FuzzSeed(input: input).role) } ?? true
    }

    /// A new input from `parent`: a mutation of it, or with `other`, a crossover of the two. A mutation that gives
    /// an input of a role the target does not claim (a URL whose scheme or authority a decoder is not asked about)
    /// is made again with the next seed, four times at most, then `parent` itself is taken.
    func offspring(of parent: Entry, crossedWith other: Entry?, seed: UInt32, byteMutator: NestedMutator.ByteMutator) -> [UInt8] {
        for attempt in 0..<5 {
            let child = Self.offspring(
                of: parent.bytes, tree: parent.tree, crossedWith: other.map { ($0.bytes, $0.tree) }, seed: seed &+ UInt32(attempt),
                maxLength: configuration.maxLength, byteMutator: byteMutator)
            if configuration.roles == nil || claims(child) { return child }
        }
        return parent.bytes
    }

    /// A new input from `parent` (whose layers are `tree`, or decoded here when nil): a mutation, which keeps
    /// the operation, or with `other`, a crossover, which takes the operation of one of the two.
    public static func offspring(
        of parent: [UInt8], tree: NestedLayer?, crossedWith other: (bytes: [UInt8], tree: NestedLayer?)?, seed: UInt32, maxLength: Int,
        byteMutator: NestedMutator.ByteMutator
    ) -> [UInt8] {
        let operation = Operation(differentialInput: parent)
        guard let other else {
            if operation == .parse {
                return asParseInput(NestedMutator.mutate(parent, tree: tree, maxSize: maxLength, seed: seed, byteMutator: byteMutator))
            }
            var rng = SplitMix64(seed: UInt64(seed) ^ 0x5851_F42D_4C95_7F2D)
            // Half the time a field of the decoded case, half the time the bytes behind its first byte.
            if rng.oneIn(2) { return BuildCaseMutator.mutate(parent, maxSize: maxLength, seed: seed, byteMutator: byteMutator) }
            var payload = Array(parent.dropFirst())
            for _ in 0...rng.below(3) { byteMutator(&payload, maxLength - 1) }
            return [parent[0]] + payload
        }
        if operation == .parse, Operation(differentialInput: other.bytes) == .parse {
            return asParseInput(NestedMutator.crossOver(parent, tree: tree, other.bytes, tree: other.tree, maxSize: maxLength, seed: seed))
        }
        var rng = SplitMix64(seed: UInt64(seed) ^ 0xC2B2_AE3D_27D4_EB4F)
        let head = payload(of: parent)
        let tail = payload(of: other.bytes)
        let spliced = Array(head.prefix(rng.below(head.count + 1)) + tail.suffix(rng.below(tail.count + 1)))
        let first = rng.oneIn(2) ? parent : other.bytes
        switch Operation(differentialInput: first) {
        case .parse: return asParseInput(Array(spliced.prefix(maxLength)))
        default: return [first[0]] + spliced.prefix(maxLength - 1)
        }
    }

    /// The bytes after the operation's first byte for a build case; a URL's own bytes.
    static func payload(of input: [UInt8]) -> ArraySlice<UInt8> {
        Operation(differentialInput: input) == .parse ? input[...] : input.dropFirst()
    }

    /// `input` as a URL to parse: leading 0x01 and 0x02 bytes (which would select a build) removed.
    static func asParseInput(_ input: [UInt8]) -> [UInt8] {
        let kept = input.drop { $0 == DifferentialInput.buildRequestByte || $0 == DifferentialInput.buildCallbackByte }
        return kept.isEmpty ? Array("a".utf8) : Array(kept)
    }

    /// The layers a build case is not decoded into: it is mutated byte by byte.
    static var emptyTree: NestedLayer { NestedLayer(decoding: "") }

    /// The bytes whose layers give an input's shape: a URL's own, or the URL the reference builds from a
    /// build case (nothing when the reference refuses it).
    static func shapedBytes(of input: [UInt8]) -> [UInt8] {
        guard Operation(differentialInput: input) != .parse else { return input }
        if case .accepted(let url)? = DifferentialDriver<ReferenceTarget>.referenceBuild(of: input) { return Array(url.utf8) }
        return []
    }
}

extension FuzzSummary {
    /// Distinct findings by the operation of their input.
    public var findingsByOperation: [Operation: Int] {
        var counts: [Operation: Int] = [:]
        for finding in findings { counts[Operation(differentialInput: finding.failure.input), default: 0] += 1 }
        return counts
    }
}

extension FuzzSummary {
    /// The summary's lines by operation, for every job's summaries and the distinct `findings` of all jobs:
    /// `  build-request    60003 executions  1 finding(s)`, and `  build-callback   not declared by the target`.
    package static func operationLines(_ summaries: [FuzzSummary], findings: [FuzzFinding], declared: Set<Operation>) -> String {
        var lines = ""
        for operation in Operation.allCases {
            let name = operation.rawValue.padding(toLength: 16, withPad: " ", startingAt: 0)
            guard declared.contains(operation) else {
                lines += "  \(name) not declared by the target: not fuzzed\n"
                continue
            }
            let executions = summaries.reduce(0) { $0 + ($1.executionsByOperation[operation] ?? 0) }
            let found = findings.filter { Operation(differentialInput: $0.failure.input) == operation }.count
            lines += "  \(name) \(executions) executions  \(found) finding(s)\n"
        }
        return lines
    }
}

/// The corpus's positions by operation, so that each operation in the corpus is mutated as often as the others.
struct OperationIndex {
    /// Positions of the corpus's inputs of each operation, in `Operation.allCases` order (empty ones kept).
    private var positions: [[Int]] = Operation.allCases.map { _ in [] }

    /// Indexes `corpus`.
    init(_ corpus: [[UInt8]]) {
        for (position, input) in corpus.enumerated() { add(input, at: position) }
    }

    /// Records that the corpus holds `input` at `position`.
    mutating func add(_ input: [UInt8], at position: Int) {
        let operation = Operation(differentialInput: input)
        positions[Operation.allCases.firstIndex(of: operation) ?? 0].append(position)
    }

    /// A corpus position: an operation the corpus holds, uniformly, then one of its inputs, uniformly.
    func pick(_ rng: inout SplitMix64) -> Int {
        let held = positions.filter { !$0.isEmpty }
        let chosen = held[rng.below(held.count)]
        return chosen[rng.below(chosen.count)]
    }
}
