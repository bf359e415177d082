// Run-wide judgement of extra parameters: names a builder adds on its own to what it builds.
//
// A target may declare them (`ConformanceTarget.extraParameters`, the hello's `extraParameters`); the run
// also finds them, so that an adapter that does not know its library still gets one finding, not a hundred:
//   1. for every accepted answer to a build vector that expects one exact result (and is not tagged
//      `extra-parameters`), note the names the vector asked for and the names the built URL added unasked;
//   2. a name is an undeclared extra parameter when, for one build operation, every answer to a vector that
//      did not ask for it carries it, and there are at least `minimumAnswers` of them: a builder that adds
//      it always;
//   3. every failed build vector is judged again with the declared and the found names set aside; the vectors
//      tagged `extra-parameters` are not, so they judge the behaviour once, at `should`.
// Answers are observed as the run goes, before a report cuts long ones, so that a long URL can be judged again.

/// The parameters a target's builders add unasked, as declared and as found in one run.
public struct ExtraParameterBehaviour: Hashable, Sendable {
    /// The names the target declared.
    public var declared: [String]
    /// Names the target did not declare but added to every URL of one build operation.
    public var detected: [String]
    /// Vectors whose verdict changed once the names were set aside.
    public var rejudged: [String]

    /// Creates a behaviour.
    public init(declared: [String] = [], detected: [String] = [], rejudged: [String] = []) {
        self.declared = declared
        self.detected = detected
        self.rejudged = rejudged
    }

    /// Every name set aside: the declared ones, then the detected ones.
    public var all: [String] { declared + detected.filter { !declared.contains($0) } }
}

/// Finds undeclared extra parameters across a run and judges the build vectors with them set aside.
public struct ExtraParameterDetection: Sendable {
    /// The fewest answers of one build operation that can show a name is added to every URL.
    public static let minimumAnswers = 3

    /// The names the target declared.
    let declared: [String]
    /// The target's declared choices, which judging again uses as the first judging did.
    let choices: DeclaredChoices
    /// Per build operation, how many observed answers carried each name unasked.
    private var carrying: [Operation: [String: Int]] = [:]
    /// Per build operation, the observed answers (what each asked for), for the names seen later.
    private var askedSets: [Operation: [Set<String>]] = [:]
    /// Failed build results, whole, by their index in the run, for judging again.
    private var failed: [Int: VectorResult] = [:]

    /// Starts a detection for a target's declared extra parameters and choices.
    public init(declared: [String], choices: DeclaredChoices) {
        self.declared = declared
        self.choices = choices
    }

    /// Notes what one result, not yet cut for the report, shows; `index` is its place in the run's results.
    public mutating func observe(_ result: VectorResult, at index: Int) {
        let vector = result.vector
        guard vector.operation != .parse else { return }
        if result.verdict.failureKind != nil, case .accepted(.url) = result.answer { failed[index] = result }
        guard !vector.tags.contains(ExtraParameters.tag), let evidence = ExtraParameters.evidence(in: result.answer, to: vector)
        else { return }
        askedSets[vector.operation, default: []].append(evidence.asked)
        for name in evidence.unasked { carrying[vector.operation, default: [:]][name, default: 0] += 1 }
    }

    /// Finds the names added to every URL of a build operation and judges the failed build results again.
    ///
    /// - Parameter results: the run's results, in the order observed; those whose verdict changes are replaced.
    /// - Returns: the declared and detected names, and the vectors judged again.
    public func judge(_ results: inout [RunResult]) -> ExtraParameterBehaviour {
        var detected: [String] = []
        for operation in Operation.allCases {
            let answers = askedSets[operation] ?? []
            for (name, seen) in (carrying[operation] ?? [:]).sorted(by: { $0.key < $1.key }) {
                let eligible = answers.filter { !$0.contains(name) }.count
                guard eligible >= Self.minimumAnswers, seen == eligible, !declared.contains(name), !detected.contains(name)
                else { continue }
                detected.append(name)
            }
        }
        var behaviour = ExtraParameterBehaviour(declared: declared, detected: detected)
        guard !detected.isEmpty else { return behaviour }
        let extras = Set(behaviour.all)
        for (index, result) in failed.sorted(by: { $0.key < $1.key })
        where results.indices.contains(index) && results[index].result.verdict == result.verdict {
            let again = Evaluator.evaluate(result.vector, answer: result.answer, choices: choices, extraParameters: extras)
            guard again.verdict != result.verdict else { continue }
            results[index].result = again.bounded()
            behaviour.rejudged.append(result.vector.id)
        }
        return behaviour
    }
}
