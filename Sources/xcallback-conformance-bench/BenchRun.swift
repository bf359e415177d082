// The state one run carries from group to group: options, the measurer, and the report being filled.

import Foundation
import XCallbackConformance

/// One run of the bench tool.
struct BenchRun {
    /// The parsed command line.
    var options: BenchOptions
    /// Times workloads; shared sink.
    var measurer: Measurer
    /// Filled in as groups run.
    var report: BenchReport
    /// The vectors, loaded once by the first group that needs them.
    var vectorSuite: VectorSuite?
    /// Whether loading the vectors failed already (and was noted).
    var vectorLoadFailed = false
    /// The peer that was measured ("ada-url 4.0.0"), or `nil` when it was not.
    var peerVersion: String?

    /// Starts a run for the given options.
    init(options: BenchOptions) {
        self.options = options
        measurer = Measurer(plan: options.quick ? .quick : .full, sink: Sink())
        report = BenchReport(
            mode: options.quick ? "quick" : "full",
            date: ISO8601DateFormatter().string(from: Date()),
            machine: BenchRun.machineDescription())
        #if DEBUG
        report.notes.append("DEBUG BUILD: figures are not meaningful; run with `swift run -c release`")
        #endif
    }

    /// Records a timed figure.
    mutating func add(_ group: String, _ name: String, _ unit: String, distribution: Bool = false, _ summary: Summary) {
        report.rows.append(ResultRow(group: group, name: name, unit: unit, distribution: distribution, summary))
    }

    /// Records a ratio.
    mutating func add(_ ratio: RatioResult) {
        report.ratios.append(ratio)
    }

    /// Records a note (something skipped, or how an input set was made).
    mutating func note(_ text: String) {
        report.notes.append(text)
    }

    /// Records ns per URL, ns per byte and MB/s for a workload timed at `perCall` nanoseconds per call.
    mutating func addThroughput(_ group: String, _ name: String, _ workload: Workload, _ perCall: Summary) {
        if workload.itemsPerCall > 0 {
            add(group, name, "ns/URL", perCall.scaled(by: 1 / Double(workload.itemsPerCall)))
        }
        if workload.bytesPerCall > 0 {
            add(group, name, "ns/byte", perCall.scaled(by: 1 / Double(workload.bytesPerCall)))
            // MB/s = bytes / ns * 1000, per sample (the reciprocal turns the slowest sample into the lowest rate).
            let bytes = Double(workload.bytesPerCall)
            let rate = Summary(perCall.samples.map { bytes / $0 * 1000 })
            add(group, name, "MB/s", rate)
        }
    }

    /// The kernel, release and architecture from uname, and the number of processors.
    static func machineDescription() -> String {
        var name = utsname()
        uname(&name)
        func field<T>(_ value: T) -> String {
            withUnsafeBytes(of: value) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
        }
        let processors = ProcessInfo.processInfo.activeProcessorCount
        return "\(field(name.sysname)) \(field(name.release)) \(field(name.machine)), \(processors) processors"
    }
}
