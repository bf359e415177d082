#if canImport(Testing)
    import Testing
    import XCallbackConformance

    extension ConformanceCase: CustomTestStringConvertible {
        /// The vector id, which names the test case in Swift Testing's output.
        public var testDescription: String { vector.id }
    }

    /// Checks one vector against `target` in a Swift Testing test, recording a readable issue when it fails.
    ///
    /// ```swift
    /// @Test(arguments: try ConformanceCase.all(for: MyParser()))
    /// func myParserConforms(_ vector: ConformanceCase) {
    ///     expectConformance(of: MyParser(), vector)
    /// }
    /// ```
    /// A vector listed in `knownFailures` that fails as listed is recorded as a known issue; one that no
    /// longer fails is recorded as an issue, so the list stays honest. A vector of a role the target does not
    /// claim is not run and is recorded as an issue saying so: it must not read as a pass, and
    /// `ConformanceCase.all(for:)` leaves such vectors out of the test list.
    public func expectConformance(
        of target: some ConformanceTarget, _ vector: ConformanceCase, knownFailures: KnownFailures = KnownFailures(),
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let check = ConformanceCheck(target, vector, knownFailures: knownFailures)
        switch check.outcome {
        case .fine:
            break
        case .failure(let message), .staleKnownFailure(let message), .notApplicable(let message):
            Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
        case .knownFailure(let message):
            withKnownIssue {
                Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
            }
        }
    }

    /// Runs every vector that applies to `target` and records one issue that sums up its faults by level, when it has
    /// any: the line to read first in a run whose per-vector cases print many issues.
    ///
    /// ```swift
    /// @Test func myParserHasNoFaults() throws {
    ///     try expectNoFaults(of: MyParser())
    /// }
    /// ```
    /// - Throws: a `VectorLoadError` when the bundled suite cannot be loaded.
    public func expectNoFaults(
        of target: some ConformanceTarget, knownFailures: KnownFailures = KnownFailures(),
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let summary = try FaultSummary(of: target, knownFailures: knownFailures)
        if !summary.isEmpty { Issue.record(Comment(rawValue: summary.text), sourceLocation: sourceLocation) }
    }
#endif
