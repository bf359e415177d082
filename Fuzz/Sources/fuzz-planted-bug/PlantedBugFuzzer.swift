// Fuzz target `fuzz-planted-bug`: measurement fixture; crashes only on the planted three-level nested shape.
// Built with -DFUZZING it is a libFuzzer binary; a plain build is a replay runner for files and folders.

import FuzzSupport
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
