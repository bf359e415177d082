// Fuzz target `fuzz-empty`: does nothing; its exec/s is the ceiling of this machine for targets built the same way.
// Built with -DFUZZING it is a libFuzzer binary; a plain build is a replay runner for files and folders.

import FuzzSupport

/// libFuzzer's entry point: one input per call.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    _ = (data, size)
    return 0
}

#if !FUZZING
/// Replays the files named on the command line through `fuzzOneInput`.
@main enum Replay { static func main() { FuzzReplay.run(fuzzOneInput) } }
#endif
