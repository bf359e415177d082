// Fuzz target `fuzz-planted-bug-mutator`: the planted bug with the structure-aware nested mutator (MutatorHooks).
// Built with -DFUZZING it is a libFuzzer binary; a plain build is a replay runner for files and folders.

import FuzzSupport
import MutatorHooks
import XCallbackFuzzing

let driver = PlantedBugDriver()

/// libFuzzer's entry point: one input per call.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    driver.run(data, size)
    return 0
}

#if !FUZZING
/// Replays the files named on the command line through `fuzzOneInput`.
@main enum Replay { static func main() { FuzzReplay.run(fuzzOneInput) } }
#endif
