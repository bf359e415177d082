// SIGINT and SIGTERM during a run: the handler only records the signal; the runner asks before each
// vector, stops the target, writes the report of what ran (marked incomplete) and exits 130 or 143.
// A second signal more than a second after the first gets the default action, so a user can always
// force the tool to quit; one sooner is the same stop again (`timeout` sends its signal twice at once,
// to the tool and to the tool's process group).

import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Records SIGINT and SIGTERM for the run command instead of dying at once.
enum StopSignals {
    /// The signal received, or 0.
    static let received = Atomic<Int32>(0)
    /// When the first signal arrived, in nanoseconds of the monotonic clock.
    static let receivedAt = Atomic<Int64>(0)

    /// Installs the handlers, and unblocks both signals in case the tool was started with them blocked.
    static func install() {
        received.store(0, ordering: .relaxed)
        var set = sigset_t()
        sigemptyset(&set)
        sigaddset(&set, SIGINT)
        sigaddset(&set, SIGTERM)
        pthread_sigmask(SIG_UNBLOCK, &set, nil)
        for signalNumber in [SIGINT, SIGTERM] {
            // Only async-signal-safe calls: clock_gettime, signal, raise, and lock-free atomics.
            _ = signal(signalNumber) { number in
                var now = timespec()
                clock_gettime(CLOCK_MONOTONIC, &now)
                let nanoseconds = Int64(now.tv_sec) * 1_000_000_000 + Int64(now.tv_nsec)
                if StopSignals.received.load(ordering: .relaxed) == 0 {
                    StopSignals.receivedAt.store(nanoseconds, ordering: .relaxed)
                    StopSignals.received.store(number, ordering: .relaxed)
                } else if nanoseconds - StopSignals.receivedAt.load(ordering: .relaxed) > 1_000_000_000 {
                    _ = signal(number, SIG_DFL)
                    _ = raise(number)
                }
            }
        }
    }

    /// Puts the default actions back.
    static func uninstall() {
        _ = signal(SIGINT, SIG_DFL)
        _ = signal(SIGTERM, SIG_DFL)
    }

    /// Whether a stop signal arrived.
    @Sendable static func isStopping() -> Bool { received.load(ordering: .relaxed) != 0 }

    /// Why the run should stop (`interrupted by SIGINT`), or `nil`.
    static func stopReason() -> String? {
        switch received.load(ordering: .relaxed) {
        case 0: nil
        case SIGINT: "interrupted by SIGINT"
        case SIGTERM: "terminated by SIGTERM"
        case let other: "stopped by signal \(other)"
        }
    }

    /// The exit status for the signal received, or `nil` when none was.
    static func exitStatus() -> Int32? {
        switch received.load(ordering: .relaxed) {
        case 0: nil
        case SIGINT: ExitStatus.interrupted
        default: ExitStatus.terminated
        }
    }
}
