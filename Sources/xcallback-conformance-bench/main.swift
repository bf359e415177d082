// xcallback-conformance-bench: how fast the reference, the runner and the subprocess protocol are,
// against what a user would otherwise use, as ratios measured side by side in one run.
//
// Exit status: 0 success, 1 a ratio out of its floor (`--check`), 64 usage error, 70 a setup failure.

import Foundation

let arguments = Array(CommandLine.arguments.dropFirst())
let options: BenchOptions
do {
    options = try BenchOptions.parse(arguments)
} catch {
    FileHandle.standardError.write(Data("xcallback-conformance-bench: \(error)\n\(BenchOptions.usage)\n".utf8))
    exit(64)
}
if options.help {
    print(BenchOptions.usage)
    exit(0)
}

var run = BenchRun(options: options)
if let workload = options.profile {
    do {
        print("sink: \(String(try run.profile(workload, iterations: options.profileIterations), radix: 16))")
        exit(0)
    } catch {
        FileHandle.standardError.write(Data("xcallback-conformance-bench: \(error)\n".utf8))
        exit(64)
    }
}
if let path = options.peerInputsPath {
    do {
        let inputs = try run.parseInputs()
        try PeerInputs.write([inputs.mix, inputs.vectors, inputs.long], to: path)
        exit(0)
    } catch {
        FileHandle.standardError.write(Data("xcallback-conformance-bench: \(error)\n".utf8))
        exit(70)
    }
}
// Every process the bench starts (the ada-url driver, the runner's targets) inherits the pin: CPUPinning.swift.
if !options.noPin, let cpu = CPUPinning.pinToCurrentCPU() {
    run.report.machine += "; the bench and the processes it starts pinned to CPU \(cpu) (--no-pin leaves them free)"
}
do {
    let floors = options.check ? try FloorsFile.load(from: options.floorsPath ?? FloorsFile.defaultPath) : nil
    for group in options.groups {
        FileHandle.standardError.write(Data("bench: \(group)...\n".utf8))
        switch group {
        case "parse": try run.runParse()
        case "build": try run.runBuild()
        case "scaling": try run.runScaling()
        case "runner": try run.runRunner()
        case "fuzz": try run.runFuzz()
        default: break
        }
    }
    if let floors {
        let peers: Set<String> = run.peerVersion == nil ? [] : ["ada-url"]
        run.report.checks = checkFloors(
            run.report.ratios, against: floors, measuredGroups: Set(options.groups), peers: peers)
    }
} catch {
    FileHandle.standardError.write(Data("xcallback-conformance-bench: \(error)\n".utf8))
    exit(70)
}
run.report.sink = String(run.measurer.sink.value, radix: 16)
do {
    if options.json || options.jsonOutputPath != nil {
        let json = try run.report.json()
        if let path = options.jsonOutputPath {
            try Data((json + "\n").utf8).write(to: URL(fileURLWithPath: path))
        }
        if options.json { print(json) }
    }
    if !options.json { print(run.report.table()) }
} catch {
    FileHandle.standardError.write(Data("xcallback-conformance-bench: cannot write the JSON result: \(error)\n".utf8))
    exit(70)
}
exit(run.report.checks.allSatisfy(\.passed) ? 0 : 1)
