import XCallbackURL

// A JSON report read back as vector results, so that the fault model can name the faults of a run made before it
// existed (report format 2) or elsewhere: the matrix rejudges the committed library results this way. An answer the
// report kept only as a digest, and a detail it cut, are diagnosed from what is left.

/// The results of a stored JSON report, rebuilt from its answers and the suite's vectors.
public enum StoredReport {
    /// The judged results of `report` (passed and failed; skipped and not-applicable ones are left out), each with
    /// the suite's vector of its id; ids the suite does not hold are left out.
    public static func results(of report: JSONValue, suite: VectorSuite) -> [VectorResult] {
        let vectors = Dictionary(suite.vectors.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        var out: [VectorResult] = []
        for result in report["results"]?.arrayValue ?? [] {
            guard let id = result["id"]?.stringValue, let vector = vectors[id], let verdictName = result["verdict"]?.stringValue
            else { continue }
            let verdict: Verdict
            switch verdictName {
            case "passed": verdict = .passed
            case "failed": verdict = .failed(FailureKind(rawValue: result["failureKind"]?.stringValue ?? "wrong-result"))
            default: continue
            }
            let level = (result["scoredLevel"]?.stringValue ?? result["level"]?.stringValue).flatMap(Level.init(rawValue:))
            var read = VectorResult(
                vector: vector, verdict: verdict, answer: answer(result["answer"], operation: vector.operation),
                detail: result["detail"]?.stringValue ?? "", matched: result["matched"]?.stringValue, level: level)
            // An answer kept as a digest, or cut for committing (Tests/Implementations/tools/provenance.py), cannot be
            // compared again: the faults the run named from the whole answer stand.
            if isPartial(read.answer, stored: result["answer"]), let faults = storedFaults(result["faults"]), !faults.isEmpty {
                read.faultCandidates = [faults]
            }
            out.append(read)
        }
        return out
    }

    /// The note `provenance.py` puts where it cuts a long string of a committed report.
    static let cutNote = " more characters cut for the committed results]"

    /// Whether a stored answer is less than the whole answer: a digest, or a string cut for committing.
    static func isPartial(_ answer: TargetAnswer<ObservedResult>, stored: JSONValue?) -> Bool {
        if case .accepted(.digest) = answer { return true }
        return stored?.compactText.contains(cutNote) ?? false
    }

    /// The faults a report stored for one result (`Fault`'s fields), or `nil` when one does not read.
    static func storedFaults(_ json: JSONValue?) -> [Fault]? {
        guard let items = json?.arrayValue else { return nil }
        var faults: [Fault] = []
        for item in items {
            guard let role = item["role"]?.stringValue.map(TargetRole.init(rawValue:)),
                let transformation = item["transformation"]?.stringValue,
                let level = item["level"]?.stringValue.flatMap(Level.init(rawValue:))
            else { return nil }
            faults.append(Fault(
                role: role, transformation: FaultTransformation(rawValue: transformation), qualifier: item["qualifier"]?.stringValue,
                fields: (item["fields"]?.arrayValue ?? []).compactMap(\.stringValue).map(FaultField.init(rawValue:)), level: level,
                withinRule: item["withinRule"]?.boolValue ?? true))
        }
        return faults
    }

    /// The declared choices of the report's target.
    public static func choices(of report: JSONValue) -> DeclaredChoices {
        var values: [ChoicePoint: String] = [:]
        for member in report["target"]?["declaredChoices"]?.objectValue ?? [] {
            if let value = member.value.stringValue { values[ChoicePoint(rawValue: member.key)] = value }
        }
        return DeclaredChoices(values)
    }

    /// The parameters the report's target added unasked, declared and detected.
    public static func extraParameters(of report: JSONValue) -> Set<String> {
        let extras = report["target"]?["extraParameters"]
        return Set(((extras?["declared"]?.arrayValue ?? []) + (extras?["detected"]?.arrayValue ?? [])).compactMap(\.stringValue))
    }

    /// A stored answer (`TargetAnswer.canonicalJSON`) read back.
    static func answer(_ json: JSONValue?, operation: Operation) -> TargetAnswer<ObservedResult> {
        guard let json else { return .unsupported(reason: "no answer stored", issueURL: nil) }
        if let accepted = json["accepted"] {
            if let truncated = accepted["truncated"] {
                return .accepted(.digest(ObservedDigest(
                    prefix: truncated["prefix"]?.stringValue ?? "", bytes: Int(truncated["bytes"]?.numberValue ?? 0),
                    sha256: truncated["sha256"]?.stringValue ?? "")))
            }
            if let url = accepted["url"]?.stringValue { return .accepted(.url(url)) }
            if let request = try? XCallbackRequest(canonical: JSONCursor(accepted, file: "report")) {
                return .accepted(.request(request))
            }
            return .errored("an accepted answer the report does not hold whole")
        }
        if let rejected = json["rejected"] {
            return .rejected(
                category: rejected["category"]?.stringValue.map(RejectionCategory.init(rawValue:)),
                message: rejected["message"]?.stringValue)
        }
        if let errored = json["errored"]?.stringValue { return .errored(errored) }
        if let broken = json["broken"] {
            return .broken(TargetBreakage(
                BreakageKind(rawValue: broken["kind"]?.stringValue ?? "crashed"), broken["detail"]?.stringValue ?? ""))
        }
        return .unsupported(reason: json["skipped"]?["reason"]?.stringValue, issueURL: nil)
    }
}
