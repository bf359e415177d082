// What a run certifies, role by role (Vectors/README.md, "Roles"). A role is certified when the target claims it,
// its operation is certified, and at least one of its selected vectors was judged; the profile on the certificate,
// the badge and the matrix is named from the certified roles (`TargetProfile`), so that a target that claims decode
// alone is a `decoder`, never a `receiver`.

/// One role's standing in a run: certified, or why not.
public struct RoleCoverage: Hashable, Sendable {
    /// The role.
    public var role: TargetRole
    /// Whether the run certifies it: claimed, its operation certified, and at least one of its vectors judged.
    public var certified: Bool
    /// Why it is not certified (`not claimed`, `every vector was skipped`, its operation's note), or `nil`.
    public var note: String?

    /// Creates a coverage entry.
    public init(role: TargetRole, certified: Bool, note: String? = nil) {
        self.role = role
        self.certified = certified
        self.note = note
    }
}

extension ConformanceRunner {
    /// The roles `results` cover, in role order, given the coverage of their operations.
    static func roleCoverage(of results: [RunResult], operations: [OperationCoverage]) -> [RoleCoverage] {
        let roles = Set(results.map(\.result.vector.role)).sorted()
        return roles.map { role in
            let items = results.filter { $0.result.vector.role == role }
            if items.allSatisfy({ $0.result.verdict == .notApplicable }) {
                return RoleCoverage(role: role, certified: false, note: "not claimed")
            }
            if let operation = operations.first(where: { $0.operation == role.operation }), !operation.certified {
                return RoleCoverage(role: role, certified: false, note: operation.note)
            }
            return items.contains { $0.result.verdict.isJudged }
                ? RoleCoverage(role: role, certified: true)
                : RoleCoverage(role: role, certified: false, note: "every vector was skipped")
        }
    }
}

extension ConformanceRun {
    /// The roles the run certifies, in role order.
    public var certifiedRoles: [TargetRole] { roles.filter(\.certified).map(\.role) }

    /// The profile the run certifies, named from its certified roles: `receiver`, `decoder`, `request builder`, …
    public var profile: [TargetProfile] { TargetProfile.profiles(of: certifiedRoles) }

    /// The profile as reports print it: `receiver, request builder`, or `none`.
    public var profileText: String {
        profile.isEmpty ? "none" : profile.map(\.rawValue).joined(separator: ", ")
    }
}

extension ReportText {
    /// `certified profile: decoder (roles: decode); not certified: recognise (not claimed)`.
    static func profileLine(_ run: ConformanceRun) -> String { "certified profile: \(run.profileText) " + roleDetails(run) }

    /// `(roles: decode); not certified: recognise (not claimed)`: the certified roles and why the others are not.
    static func roleDetails(_ run: ConformanceRun) -> String {
        let roles = run.certifiedRoles.map(\.rawValue)
        var out = "(roles: " + (roles.isEmpty ? "none" : roles.joined(separator: ", ")) + ")"
        let others = run.roles.filter { !$0.certified }
        if !others.isEmpty {
            out += "; not certified: " + others.map { "\($0.role) (\($0.note ?? "not certified"))" }.joined(separator: ", ")
        }
        return out
    }
}
