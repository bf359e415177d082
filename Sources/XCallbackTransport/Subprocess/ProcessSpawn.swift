// Launching a target with `posix_spawn(2)` instead of Foundation's `Process`, so the runner owns every
// descriptor and every wait: the pipes are close-on-exec in the runner, the child leads a process group
// of its own (so its descendants can be killed with it), and exit is observed with `waitpid(WNOHANG)`,
// never through a pipe or socket that a descendant could keep open.

import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Why a target program could not be launched.
struct SpawnError: Error, CustomStringConvertible {
    /// What failed, in words.
    let description: String

    init(_ what: String, errno code: Int32) {
        if code == EMFILE || code == ENFILE {
            var limit = rlimit()
            #if canImport(Glibc)
                getrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limit)
            #else
                getrlimit(RLIMIT_NOFILE, &limit)
            #endif
            description = "\(what): the runner has run out of file descriptors (the limit is \(limit.rlim_cur)); "
                + "raise it with 'ulimit -n'"
        } else {
            description = "\(what): \(String(cString: strerror(code)))"
        }
    }
}

/// Serialises making pipes and spawning, so one launch never inherits another launch's pipe ends.
let spawnLock = NSLock()

/// One end pair of a pipe, both close-on-exec.
struct PipeDescriptors {
    let read: Int32
    let write: Int32

    init() throws(SpawnError) {
        var ends: [Int32] = [-1, -1]
        // Callers hold `spawnLock`, so no target launched by another connection inherits an end
        // between `pipe` and `fcntl`.
        guard pipe(&ends) == 0 else { throw SpawnError("cannot create a pipe", errno: errno) }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        read = ends[0]
        write = ends[1]
    }
}

/// Spawns `executable` with its stdin, stdout and stderr on the given descriptors, leading a new process group.
///
/// The child gets the default disposition of SIGPIPE, SIGINT and SIGTERM back, since ignored signals
/// survive `exec` and the runner ignores SIGPIPE.
func spawnProcessGroupLeader(
    executable: String, arguments: [String], environment: [String: String]?, stdin: Int32, stdout: Int32, stderr: Int32
) throws(SpawnError) -> pid_t {
    #if canImport(Darwin)
        var actions: posix_spawn_file_actions_t? = nil
        var attributes: posix_spawnattr_t? = nil
    #else
        var actions = posix_spawn_file_actions_t()
        var attributes = posix_spawnattr_t()
    #endif
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_adddup2(&actions, stdin, 0)
    posix_spawn_file_actions_adddup2(&actions, stdout, 1)
    posix_spawn_file_actions_adddup2(&actions, stderr, 2)
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var defaults = sigset_t()
    sigemptyset(&defaults)
    for signal in [SIGPIPE, SIGINT, SIGTERM] { sigaddset(&defaults, signal) }
    posix_spawnattr_setsigdefault(&attributes, &defaults)
    var unblocked = sigset_t()
    sigemptyset(&unblocked)
    posix_spawnattr_setsigmask(&attributes, &unblocked)
    posix_spawnattr_setpgroup(&attributes, 0)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))

    let argv = ([executable] + arguments).map { strdup($0) } + [nil]
    defer { for word in argv { free(word) } }
    let envp: [UnsafeMutablePointer<CChar>?]? = environment.map { $0.map { strdup("\($0.key)=\($0.value)") } + [nil] }
    defer { for entry in envp ?? [] { free(entry) } }

    var pid: pid_t = 0
    let status = argv.withUnsafeBufferPointer { argvBuffer in
        if let envp {
            return envp.withUnsafeBufferPointer { envBuffer in
                posix_spawn(&pid, executable, &actions, &attributes, argvBuffer.baseAddress!, envBuffer.baseAddress!)
            }
        }
        return posix_spawn(&pid, executable, &actions, &attributes, argvBuffer.baseAddress!, environ)
    }
    guard status == 0 else { throw SpawnError("cannot launch \(executable)", errno: status) }
    return pid
}

/// How a reaped process ended, in words: `exited with status 3`, `was killed by signal 9 (SIGKILL)`.
func describeWaitStatus(_ status: Int32) -> String {
    let signal = status & 0x7f
    if signal == 0 { return "exited with status \((status >> 8) & 0xff)" }
    let names: [Int32: String] = [
        SIGHUP: "SIGHUP", SIGINT: "SIGINT", SIGQUIT: "SIGQUIT", SIGILL: "SIGILL", SIGTRAP: "SIGTRAP", SIGABRT: "SIGABRT",
        SIGBUS: "SIGBUS", SIGFPE: "SIGFPE", SIGKILL: "SIGKILL", SIGSEGV: "SIGSEGV", SIGPIPE: "SIGPIPE", SIGTERM: "SIGTERM",
    ]
    return "was killed by signal \(signal)" + (names[signal].map { " (\($0))" } ?? "")
}
