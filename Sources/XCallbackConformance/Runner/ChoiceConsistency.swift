// Run-wide judgement of undeclared choice points (Vectors/README.md, "Levels").
//
// One vector at a time, an answer to an implementation-defined vector passes when it matches the outcome of
// any allowed value of an undeclared choice point. Across the run, the answers to all vectors of one point
// must agree on one value: a parser that keeps `%zz` in a value but rejects it in the action is neither
// `invalid-escape=reject` nor `literal`. So, for every undeclared point:
//   1. collect the values each passing answer is consistent with;
//   2. the value the target behaved as is the one most answers are consistent with (ties: the point's order);
//   3. every answer not consistent with it fails as `inconsistent-choice`, scored at `implementation-defined` (each
//      answer is an allowed value, and no SHOULD sentence or written harm asks one value everywhere: issue 37), and
//      names the vectors that showed the value the target behaved as and none of the values this answer showed.

/// The value a target behaved as on one undeclared choice point, and the vectors that contradict it.
public struct ChoiceBehaviour: Hashable, Sendable {
    /// The choice point.
    public var point: ChoicePoint
    /// The value most answers were consistent with.
    public var value: String
    /// Vectors whose answer is consistent with `value`.
    public var showing: [String]
    /// Vectors whose answer is not consistent with `value`; each fails at `implementation-defined`.
    public var contradicting: [String]
}

/// Judges undeclared choice points across a whole run.
public enum ChoiceConsistency {
    /// How many vector ids a failure's detail lists before it says "and N more".
    static let listed = 8

    /// Finds the value each undeclared point behaved as and fails the answers that contradict it.
    ///
    /// - Parameter results: one run's results; contradicting ones become `inconsistent-choice` failures at
    ///   `implementation-defined`.
    /// - Returns: one behaviour per undeclared point that at least one passing answer gave evidence for.
    public static func judge(_ results: inout [RunResult]) -> [ChoiceBehaviour] {
        var byPoint: [ChoicePoint: [Int]] = [:]
        for index in results.indices {
            guard results[index].result.verdict == .passed, let evidence = results[index].result.evidence else { continue }
            byPoint[evidence.point, default: []].append(index)
        }
        var behaviours: [ChoiceBehaviour] = []
        for (point, indices) in byPoint.sorted(by: { $0.key < $1.key }) {
            let order = point.allowedValues ?? []
            var support: [String: Int] = [:]
            for index in indices {
                for value in results[index].result.evidence?.values ?? [] { support[value, default: 0] += 1 }
            }
            let value = order.max { (support[$0] ?? 0, -order.firstIndex(of: $0)!) < (support[$1] ?? 0, -order.firstIndex(of: $1)!) }
                ?? order[0]
            let showing = indices.filter { results[$0].result.evidence?.values.contains(value) ?? false }
            let contradicting = indices.filter { !(results[$0].result.evidence?.values.contains(value) ?? true) }
            for index in contradicting {
                let shown = results[index].result.evidence?.values ?? []
                let against = showing.filter { other in
                    !(results[other].result.evidence?.values.contains { shown.contains($0) } ?? true)
                }.map { results[$0].id }
                results[index].result.verdict = .failed(.inconsistentChoice)
                results[index].result.level = .implementationDefined
                results[index].result.matched = nil
                results[index].result.detail =
                    "\(point) is undeclared and the run behaved as \(point)=\(value) (\(list(against.isEmpty ? showing.map { results[$0].id } : against))); this answer "
                    + "matches only " + shown.map { "\(point)=\($0)" }.joined(separator: " or ")
                    + ". Declare the point, or answer every vector of it the same way"
            }
            behaviours.append(
                ChoiceBehaviour(
                    point: point, value: value, showing: showing.map { results[$0].id },
                    contradicting: contradicting.map { results[$0].id }))
        }
        return behaviours
    }

    /// `XCU-A, XCU-B and 3 more`.
    static func list(_ ids: [String]) -> String {
        let head = ids.prefix(listed).joined(separator: ", ")
        return ids.count > listed ? "\(head) and \(ids.count - listed) more" : head
    }
}
