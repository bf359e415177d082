// Run-wide judgement of extra parameters: names a builder adds on its own to what it builds.
//
// A target may declare them (`ConformanceTarget.extraParameters`, the hello's `extraParameters`); the run
// also finds them, so that an adapter that does not know its library still gets one finding, not a hundred:
//   1. for every accepted answer to a build vector that expects one exact result (and is not tagged
//      `extra-parameters`), collect the names the built URL carries that the vector did not ask for;
//   2. a name is an undeclared extra parameter when, for one build operation, it is in every such answer,
//      and there are at least `minimumAnswers` of them: a builder that adds it always;
//   3. every build vector is judged again with the declared and the found names set aside; the vectors
//      tagged `extra-parameters` are not, so they judge the behaviour once, at `should`.

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
public enum ExtraParameterDetection {
    /// The fewest answers of one build operation that can show a name is added to every URL.
    public static let minimumAnswers = 3

    /// Finds the names added to every URL of a build operation and re-judges the results with them set aside.
    ///
    /// - Parameters:
    ///   - results: one run's results; build results judged again when a detected name changes their verdict.
    ///   - declared: the target's declared extra parameters.
    ///   - choices: the target's declared choices, which the re-judging uses as the first judging did.
    public static func judge(_ results: inout [RunResult], declared: [String], choices: DeclaredChoices)
        -> ExtraParameterBehaviour
    {
        var answers: [Operation: Int] = [:]
        var carrying: [Operation: [String: Int]] = [:]
        for item in results where !item.result.vector.tags.contains(ExtraParameters.tag) {
            let operation = item.result.vector.operation
            guard operation != .parse, let names = ExtraParameters.unasked(in: item.result.answer, to: item.result.vector)
            else { continue }
            answers[operation, default: 0] += 1
            for name in names { carrying[operation, default: [:]][name, default: 0] += 1 }
        }
        var detected: [String] = []
        for operation in Operation.allCases {
            guard let count = answers[operation], count >= minimumAnswers else { continue }
            for (name, seen) in (carrying[operation] ?? [:]).sorted(by: { $0.key < $1.key })
            where seen == count && !declared.contains(name) && !detected.contains(name) {
                detected.append(name)
            }
        }
        var behaviour = ExtraParameterBehaviour(declared: declared, detected: detected)
        guard !detected.isEmpty else { return behaviour }
        let extras = Set(behaviour.all)
        for index in results.indices {
            let result = results[index].result
            guard result.vector.operation != .parse, result.verdict.failureKind != nil,
                case .accepted(.url) = result.answer
            else { continue }
            let again = Evaluator.evaluate(result.vector, answer: result.answer, choices: choices, extraParameters: extras)
            guard again.verdict != result.verdict else { continue }
            results[index].result = again
            behaviour.rejudged.append(result.vector.id)
        }
        return behaviour
    }
}
