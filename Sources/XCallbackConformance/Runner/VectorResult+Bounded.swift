// What the runner keeps of a vector once it is judged. A target may answer every request with a megabyte
// of legal parameters; keeping each answer whole until the report is written made a run of 83 such vectors
// peak at 2.7 GB. Once judged, an answer larger than the report limit is kept as a digest (prefix, size,
// SHA-256), and long texts are cut the way reports cut them, so memory per vector is bounded.

extension VectorResult {
    /// Room left after a cut text's prefix for its `… truncated: N bytes in all, sha256 …` line, so a report's own
    /// cap (`ReportText.keptBytes`) never cuts a text a second time.
    static let truncationLineRoom = 256

    /// This result with its answer and texts cut to what a report keeps; the verdict is unchanged.
    func bounded() -> VectorResult {
        var copy = self
        copy.detail = Self.cut(detail)
        switch answer {
        case .accepted(let observed):
            if let digest = ReportText.digest(of: observed.canonicalJSON) { copy.answer = .accepted(.digest(digest)) }
        case .rejected(let category, let message):
            copy.answer = .rejected(category: category, message: message.map(Self.cut))
        case .unsupported(let reason, let issueURL):
            copy.answer = .unsupported(reason: reason.map(Self.cut), issueURL: issueURL.map(Self.cut))
        case .errored(let message):
            copy.answer = .errored(Self.cut(message))
        case .broken(let breakage):
            copy.answer = .broken(TargetBreakage(breakage.kind, Self.cut(breakage.detail)))
        }
        return copy
    }

    private static func cut(_ text: String) -> String {
        ReportText.capped(text, keeping: ReportText.keptBytes - truncationLineRoom)
    }
}
