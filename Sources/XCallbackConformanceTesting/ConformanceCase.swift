import Foundation
import XCallbackConformance

/// One vector as a test case: its id names the case, and it carries the text of its citations for failure messages.
public struct ConformanceCase: Sendable, CustomStringConvertible {
    /// The vector.
    public var vector: Vector
    /// The vector's citation anchors, resolved from the suite's `citations.json`.
    public var citations: [Citation]
    /// The vector's rule from the suite's `rules.json`, whose fields say which faults lie within it.
    public var rule: VectorRule?

    /// Creates a case.
    public init(vector: Vector, citations: [Citation], rule: VectorRule? = nil) {
        self.vector = vector
        self.citations = citations
        self.rule = rule
    }

    /// The vector id, such as `XCU-7K3P`.
    public var description: String { vector.id }

    /// Every vector of the bundled suite (or of `directory`), optionally narrowed by `selection`, as test cases.
    ///
    /// Load with `try`, never `try?`: an empty argument list makes Swift Testing skip the test silently.
    /// - Throws: a `VectorLoadError` naming the file, the JSON path and what was expected.
    public static func all(
        directory: URL? = nil, selection: VectorSelection = VectorSelection()
    ) throws(VectorLoadError) -> [ConformanceCase] {
        let suite: VectorSuite
        if let directory {
            suite = try VectorSuite(directory: directory)
        } else {
            suite = try VectorSuite.bundled()
        }
        return cases(of: suite, selection: selection)
    }

    /// The vectors that apply to `target` (those of the roles it claims) from the bundled suite or `directory`, as
    /// test cases: what `@Test(arguments:)` should be given, so that the test list holds no vector the target never
    /// takes on. A vector of another role handed to `expectConformance` is recorded as an issue, never as a pass.
    ///
    /// - Throws: a `VectorLoadError` naming the file, the JSON path and what was expected.
    public static func all(
        for target: some ConformanceTarget, directory: URL? = nil, selection: VectorSelection = VectorSelection()
    ) throws(VectorLoadError) -> [ConformanceCase] {
        try all(directory: directory, selection: selection).filter { target.claims($0.vector.role) }
    }

    /// The selected vectors of a loaded suite as test cases.
    public static func cases(of suite: VectorSuite, selection: VectorSelection = VectorSelection()) -> [ConformanceCase] {
        selection.apply(to: suite.vectors).map { vector in
            ConformanceCase(
                vector: vector, citations: vector.citations.compactMap { suite.citations[$0] }, rule: suite.rules[vector.rule])
        }
    }
}

/// The judgement of one case against one target, as a test framework reports it.
public struct ConformanceCheck: Sendable {
    /// The evaluator's result.
    public var result: VectorResult
    /// The known-failure entry for the vector, if the list has one.
    public var knownFailure: KnownFailures.Entry?

    /// Runs `testCase` on `target`, unless it tests a role the target does not claim: then it is not sent.
    public init(_ target: some ConformanceTarget, _ testCase: ConformanceCase, knownFailures: KnownFailures = KnownFailures()) {
        let vector = testCase.vector
        result = target.claims(vector.role)
            ? RunContext.$vectorID.withValue(vector.id) { Evaluator.run(vector, on: target) } : .notApplicable(vector)
        result = FaultModel.scored(
            result, choices: target.declaredChoices, extraParameters: Set(target.extraParameters), ruleFields: testCase.rule?.fields)
        self.targetName = target.identity.name
        knownFailure = knownFailures.entry(for: testCase.vector.id)
        self.testCase = testCase
    }

    /// The case that was run.
    public var testCase: ConformanceCase
    /// The name of the target, for the message of a case that does not apply to it.
    var targetName: String

    /// What the framework should record: nothing, a failure, an expected (known) failure, or a stale known-failure entry.
    public enum Outcome: Sendable, Equatable {
        /// Passed or skipped.
        case fine
        /// Failed and not listed, or listed with a different kind.
        case failure(String)
        /// Failed as listed in the known failures.
        case knownFailure(String)
        /// Listed as a known failure but did not fail.
        case staleKnownFailure(String)
        /// The case tests a role the target does not claim: it was not run, and it is no pass.
        case notApplicable(String)
    }

    /// What to record.
    public var outcome: Outcome {
        if result.verdict == .notApplicable {
            let vector = testCase.vector
            return .notApplicable(
                "\(vector.id) is not applicable to \(targetName): it tests the role \(vector.role), which the target does not "
                    + "claim, so it was not run; load the cases with ConformanceCase.all(for:) to leave such vectors out")
        }
        switch (result.verdict.failureKind, knownFailure) {
        case (nil, nil): return .fine
        case (nil, let entry?):
            return .staleKnownFailure(
                "\(testCase.vector.id) is listed as a known failure (\(entry.kind)) but \(result.verdict.name); remove the entry")
        case (let kind?, let entry?) where entry.kind == kind:
            return .knownFailure(message + "\nknown failure: \(entry.reason)")
        case (let kind?, let entry?):
            return .failure(message + "\nlisted as a known failure of kind \(entry.kind), but failed as \(kind)")
        case (_?, nil):
            return .failure(message)
        }
    }

    /// The readable difference: the vector, what was expected, what the target did, why it differs, and the citations.
    public var message: String {
        let vector = testCase.vector
        var out = "\(vector.id) (\(vector.level.rawValue), \(vector.operation.rawValue)) failed as "
        out += "\(result.verdict.failureKind?.rawValue ?? "?"): \(vector.summary)\n"
        out += "  expected: \(vector.expectation.canonicalJSON.compactText)\n"
        out += "  actual:   \(result.answer.summary)\n"
        out += "  why:      " + result.detail.replacingOccurrences(of: "\n", with: "\n            ") + "\n"
        for fault in result.faults {
            out += "  fault:    \(fault.line)"
                + (fault.withinRule ? "" : " (outside the vector's rule \(vector.rule))") + "\n"
        }
        for citation in testCase.citations {
            out += "  cite:     [\(citation.id)] \(citation.source)" + (citation.section.map { ", \($0)" } ?? "")
            if let quote = citation.quote { out += ": “\(quote)”" }
            if let note = citation.note { out += " (silent: \(note))" }
            out += "\n"
        }
        return out
    }
}
