/// Facts about the vector being run, visible to targets that pass them on (a `SubprocessTarget` sends the id).
public enum RunContext {
    /// The id of the vector whose operation is running, or `nil` outside a run.
    @TaskLocal public static var vectorID: String?
}
