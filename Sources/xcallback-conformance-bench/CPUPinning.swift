// Keeping the bench, and every process it starts, on one CPU.
//
// The processes the bench times beside its own work (the ada-url driver, the subprocess targets of the runner
// group) sleep while the bench times its side of a round, and were woken on whichever CPU the scheduler chose:
// often the other one, idle until then, whose first milliseconds run slower. On the development machine's two
// virtual CPUs, ada-url's samples of the realistic mix spread by 18% to 55% (iqr) when free and 2% to 14% when
// pinned, and the medians of `runner.python.persistent-speedup` of three runs by 11% free and 3% pinned
// (RESULTS.md). Pinned, the processes take turns on one warm CPU, as the bench's own workloads do in one
// thread. The mask is the calling thread's, which a process started from it inherits. Linux only; elsewhere
// nothing is pinned.

import Foundation

/// Pinning the calling thread to the CPU it runs on.
enum CPUPinning {
    /// Pins the calling thread (and every process it starts from now on) to the CPU it is running on and
    /// returns that CPU, or returns `nil` when that cannot be done here.
    static func pinToCurrentCPU() -> Int? {
        guard let calls = AffinityCalls.load() else { return nil }
        let cpu = Int(calls.currentCPU())
        // 1024 bits, the size of glibc's `cpu_set_t`.
        var only = [UInt8](repeating: 0, count: 128)
        guard cpu >= 0, cpu < only.count * 8 else { return nil }
        only[cpu / 8] = 1 << UInt8(cpu % 8)
        guard calls.setAffinity(0, only.count, &only) == 0 else { return nil }
        return cpu
    }
}

/// glibc's `sched_getcpu` and `sched_setaffinity`, looked up at run time: the `Glibc` module
/// declares them only under `_GNU_SOURCE`, which it is not built with.
private struct AffinityCalls {
    typealias CurrentCPU = @convention(c) () -> Int32
    typealias Affinity = @convention(c) (Int32, Int, UnsafeMutableRawPointer) -> Int32

    let currentCPU: CurrentCPU
    let setAffinity: Affinity

    /// The two calls, or `nil` where the C library has none of them (not Linux with glibc).
    static func load() -> AffinityCalls? {
        #if os(Linux)
        guard let library = dlopen(nil, RTLD_NOW),
            let current = dlsym(library, "sched_getcpu"),
            let set = dlsym(library, "sched_setaffinity")
        else { return nil }
        return AffinityCalls(
            currentCPU: unsafeBitCast(current, to: CurrentCPU.self),
            setAffinity: unsafeBitCast(set, to: Affinity.self))
        #else
        return nil
        #endif
    }
}
