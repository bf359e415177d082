// Code shared by every fuzz executable: the libFuzzer initialisation hook, the replay runner used when
// libFuzzer is not linked, and the glue that lets the structure-aware mutator call `LLVMFuzzerMutate`.

import Foundation
import XCallbackFuzzing

#if FUZZING
import CLibFuzzer
#endif

#if FUZZING && os(Linux)
import Glibc

/// Runs before libFuzzer installs its signal handlers: gives SIGILL/SIGTRAP (Swift traps) back to the
/// default action, since libFuzzer keeps an existing handler (the Swift backtracer's) and would then
/// never see the crash. SIGSEGV/SIGBUS stay with ASan. Use with `SWIFT_BACKTRACE=enable=no`.
@_cdecl("LLVMFuzzerInitialize")
public func fuzzInitialize(
    _ argc: UnsafeMutablePointer<CInt>?, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>?
) -> CInt {
    for sig in [SIGILL, SIGTRAP] { signal(sig, SIG_DFL) }
    return 0
}
#endif

/// Replays files through a fuzz entry point when libFuzzer is not linked (plain `swift build`).
public enum FuzzReplay {
    /// Replays the files and folders named on the command line through `entry`, then exits with the status.
    public static func run(_ entry: (UnsafePointer<UInt8>?, Int) -> CInt) -> Never {
        let status = main(arguments: Array(CommandLine.arguments.dropFirst())) { bytes in
            _ = bytes.withUnsafeBufferPointer { entry($0.baseAddress, $0.count) }
        }
        exit(status)
    }

    /// Runs `body` on every file named in `arguments` (directories are walked, sorted by name); returns the exit status.
    public static func main(arguments: [String], _ body: ([UInt8]) -> Void) -> Int32 {
        let paths = arguments.filter { !$0.hasPrefix("-") }
        guard !paths.isEmpty else {
            FileHandle.standardError.write(Data("usage: \(CommandLine.arguments[0]) FILE_OR_DIR...\n".utf8))
            return 64
        }
        var count = 0
        for path in paths {
            for file in files(at: path) {
                guard let data = FileManager.default.contents(atPath: file) else {
                    FileHandle.standardError.write(Data("cannot read \(file)\n".utf8))
                    return 66
                }
                FileHandle.standardError.write(Data("replaying \(file)\n".utf8))
                body(Array(data))
                count += 1
            }
        }
        FileHandle.standardError.write(Data("replayed \(count) inputs, no failure\n".utf8))
        return 0
    }

    /// The regular files at `path`: itself, or the files under it sorted by path.
    static func files(at path: String) -> [String] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue else {
            return [path]
        }
        let names = (try? FileManager.default.subpathsOfDirectory(atPath: path)) ?? []
        return names.sorted().map { path + "/" + $0 }.filter { file in
            var dir: ObjCBool = false
            return FileManager.default.fileExists(atPath: file, isDirectory: &dir) && !dir.boolValue
        }
    }
}

/// The byte mutator the structure-aware mutator uses: libFuzzer's own in fuzz builds, a seeded one otherwise.
public enum FuzzByteMutator {
    #if FUZZING
    /// Mutates `bytes` with `LLVMFuzzerMutate`, keeping at most `maxSize` bytes.
    public static func libFuzzer(_ bytes: inout [UInt8], _ maxSize: Int) {
        let size = bytes.count
        let capacity = max(maxSize, size, 1)
        bytes.append(contentsOf: repeatElement(0, count: capacity - size))
        let newSize = bytes.withUnsafeMutableBufferPointer { LLVMFuzzerMutate($0.baseAddress!, size, capacity) }
        bytes.removeLast(bytes.count - min(newSize, bytes.count))
    }
    #endif

    /// Runs the nested mutator on libFuzzer's buffer; returns the new size.
    public static func mutate(_ data: UnsafeMutablePointer<UInt8>?, _ size: Int, _ maxSize: Int, _ seed: UInt32) -> Int {
        guard let data, maxSize > 0 else { return 0 }
        let input = Array(UnsafeBufferPointer(start: data, count: size))
        #if FUZZING
        let output = NestedMutator.mutate(input, maxSize: maxSize, seed: seed, byteMutator: libFuzzer)
        #else
        let output = NestedMutator.mutate(input, maxSize: maxSize, seed: seed, byteMutator: NestedMutator.simpleByteMutator(seed: UInt64(seed)))
        #endif
        let count = min(output.count, maxSize)
        output.withUnsafeBufferPointer { data.update(from: $0.baseAddress!, count: count) }
        return count
    }

    /// Runs the nested cross-over on libFuzzer's buffers; returns the output size.
    public static func crossOver(
        _ data1: UnsafePointer<UInt8>?, _ size1: Int, _ data2: UnsafePointer<UInt8>?, _ size2: Int,
        _ out: UnsafeMutablePointer<UInt8>?, _ maxOutSize: Int, _ seed: UInt32
    ) -> Int {
        guard let out, maxOutSize > 0 else { return 0 }
        let first = data1.map { Array(UnsafeBufferPointer(start: $0, count: size1)) } ?? []
        let second = data2.map { Array(UnsafeBufferPointer(start: $0, count: size2)) } ?? []
        let output = NestedMutator.crossOver(first, second, maxSize: maxOutSize, seed: seed)
        let count = min(output.count, maxOutSize)
        output.withUnsafeBufferPointer { buffer in
            if count > 0 { out.update(from: buffer.baseAddress!, count: count) }
        }
        return count
    }
}

/// Writes `text` and a newline to standard error.
public func fuzzLog(_ text: String) {
    FileHandle.standardError.write(Data((text + "\n").utf8))
}
