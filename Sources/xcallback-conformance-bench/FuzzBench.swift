// Fuzz drivers in-process: executions per second of each published driver (module XCallbackFuzzing)
// over the seed corpus, beside an empty driver, with no libFuzzer and no coverage instrumentation.
//
// This is the drivers' own cost, an upper bound on what a libFuzzer binary can reach; the libFuzzer
// figures (instrumented binaries beside `fuzz-empty`, built the same way) come from the Fuzz/ package.

import Foundation
import XCallbackConformance
import XCallbackFuzzing

extension BenchRun {
    /// Runs the fuzz group.
    mutating func runFuzz() throws {
        let seeds = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../Corpus/seeds").standardized
        let limit = 4096
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: seeds.path)
        } catch {
            note("fuzz drivers not measured: cannot list \(seeds.path): \(error.localizedDescription)")
            return
        }
        var inputs: [[UInt8]] = []
        for name in names.sorted() {
            guard let data = FileManager.default.contents(atPath: seeds.appendingPathComponent(name).path),
                data.count <= limit
            else { continue }
            inputs.append(Array(data))
        }
        guard !inputs.isEmpty else {
            note("fuzz drivers not measured: no seeds under \(seeds.path)")
            return
        }
        if options.quick { inputs = Array(inputs.prefix(200)) }
        let bytes = inputs.reduce(0) { $0 + $1.count }
        note("fuzz drivers: \(inputs.count) seeds of at most \(limit) bytes from Corpus/seeds "
            + "(\(bytes / inputs.count) bytes on average), in-process, no libFuzzer, no coverage instrumentation")

        let empty = Workload(name: "empty driver (sums the input)", bytesPerCall: bytes, itemsPerCall: inputs.count) {
            var result = 0
            for input in inputs { result &+= input.count &+ Int(input.first ?? 0) }
            return result
        }
        let drivers: [any FuzzDriver] = [
            RobustnessDriver(), BuildRoundTripDriver(),
            DifferentialDriver(target: FoundationTarget(), normalisations: FoundationNormalisations.all),
        ]
        addExecRate(empty, measurer.measure(empty))
        for driver in drivers {
            let workload = Self.driverWorkload(driver, inputs, bytes)
            addExecRate(workload, measurer.measure(workload))
        }
    }

    /// Records executions per second and microseconds per execution.
    private mutating func addExecRate(_ workload: Workload, _ perCall: Summary) {
        let executions = Double(workload.itemsPerCall)
        add("fuzz", workload.name, "exec/s", Summary(perCall.samples.map { executions / $0 * 1e9 }))
    }

    /// A workload that runs every input through `driver` and counts the violations it reports.
    static func driverWorkload(_ driver: any FuzzDriver, _ inputs: [[UInt8]], _ bytes: Int) -> Workload {
        Workload(name: "\(driver.name) driver", bytesPerCall: bytes, itemsPerCall: inputs.count) {
            var result = 0
            for input in inputs {
                result &+= driver.failure(for: input) == nil ? 1 : 1000
            }
            return result
        }
    }
}
