// The vectors whose faults the differential driver cannot grade at the vector's own level, each with the
// reason: another vector grades a fault with the same signature (rule and traits) at another level.

enum FindingLevelExceptions {
    /// Exceptions by vector id.
    static let all: [String: String] = [:]
}
