// Runner overhead: vectors per second for the whole suite in-process against the reference, over the
// persistent subprocess protocol against a minimal Swift target (`xcallback-conformance serve`) and the
// Python example adapter, and beside a baseline that starts one process per vector (as toml-test does).
//
// The runner's own cost per vector is the in-process run minus the reference's own work on the same
// inputs (`Evaluator.ask` alone), divided by the number of vectors.

import Foundation
import XCallbackConformance
import XCallbackURL

extension BenchRun {
    /// Runs the runner group.
    mutating func runRunner() throws {
        guard let suite = loadVectorsOrNote() else { return }
        let count = suite.vectors.count
        // One warm-up call; the persistent side of a pair repeats to fill a sample, a process per vector doesn't.
        // (Quick: 7 samples and 24 vectors per process; with 3 and 12, the Python ratio's medians over three runs
        // on an idle machine spread by 16%, 4% after. The Swift ratio's still spread by up to 19%: RESULTS.md.)
        let plan = MeasurementPlan(warmupSeconds: 0.001, sampleSeconds: options.quick ? 0.02 : 0.2,
                                   samples: options.quick ? 7 : 21)
        // The runner waits on targets in other processes: wall time on both sides of every comparison here.
        let slow = Measurer(plan: plan, sink: measurer.sink, clock: .wall)
        var local = measurer
        local.clock = .wall

        // 1. In-process: the full runner against the reference, and the reference's own work alone.
        let reference = ReferenceTarget()
        let inProcess = Self.runWorkload("in-process runner, reference (\(count) vectors)", suite, reference)
        let targetAlone = Workload(name: "reference alone (Evaluator.ask)", bytesPerCall: 0, itemsPerCall: count) {
            var result = 0
            for vector in suite.vectors {
                if case .accepted = Evaluator.ask(reference, vector.input) { result &+= 1 }
            }
            return result
        }
        let inProcessPair = local.compare(targetAlone, inProcess)
        addRate(inProcess, inProcessPair.b)
        recordPerVector("in-process", ConformanceRunner().run(suite, against: reference))
        let ownCost = Summary(zip(inProcessPair.a.samples, inProcessPair.b.samples).map { ($1 - $0) / Double(count) / 1000 })
        add("runner", "runner's own cost (in-process minus reference alone)", "µs/vector", ownCost)

        // 2. Persistent subprocess targets, and 3. one process per vector on a subset of the same vectors.
        // The per-process comparison is about the cost per exchange, so it leaves out the few stress vectors
        // (inputs over 4 KB) whose own work would hide it; the whole-suite figures above keep them.
        var ordinary = suite
        ordinary.vectors = suite.vectors.filter { Self.inputSize($0.input) <= 4096 }
        let subset = Self.spread(ordinary, count: perProcessVectors)
        for (label, key, commandLine, subsetSize) in subprocessTargets() {
            let persistent: SubprocessTarget
            do {
                persistent = try SubprocessTarget(commandLine: commandLine)
            } catch {
                note("\(label) target not measured: \(error)")
                continue
            }
            if let problem = persistent.startupProblem {
                note("\(label) target not measured: \(problem.kind.rawValue): \(problem.detail)")
                continue
            }
            defer { persistent.stop() }
            let whole = Self.runWorkload("persistent subprocess, \(label) (\(count) vectors)", suite, persistent)
            let wholeTime = slow.measure(whole)
            addRate(whole, wholeTime)
            let protocolCost = Summary(wholeTime.samples.map { ($0 - inProcessPair.b.median) / Double(count) / 1000 })
            add("runner", "protocol cost, \(label) (persistent minus in-process)", "µs/vector", protocolCost)
            recordPerVector(label, ConformanceRunner().run(suite, against: persistent))

            var configuration = SubprocessConfiguration()
            configuration.mode = .processPerRequest
            let small = Self.spread(subset, count: subsetSize)
            let fresh: SubprocessTarget
            do {
                fresh = try SubprocessTarget(commandLine: commandLine, configuration: configuration)
            } catch {
                note("\(label) process-per-vector baseline not measured: \(error)")
                continue
            }
            let subsetCount = small.vectors.count
            let pair = slow.compare(
                Self.runWorkload("persistent, \(label) (\(subsetCount)-vector subset)", small, persistent),
                Self.runWorkload("one process per vector, \(label) (\(subsetCount)-vector subset)", small, fresh))
            addRate(Self.runWorkload("persistent, \(label) (\(subsetCount)-vector subset)", small, persistent), pair.a)
            addRate(Self.runWorkload("one process per vector, \(label) (\(subsetCount)-vector subset)", small, fresh),
                    pair.b)
            add(RatioResult(
                id: "runner.\(key).persistent-speedup",
                description: "one-process-per-vector time / persistent-protocol time, \(label), "
                    + "same \(subsetCount) vectors",
                goal: 50, pair.ratio))
        }
    }

    /// The subprocess targets to measure: label, ratio key, command line, size of the per-process subset.
    private func subprocessTargets() -> [(String, String, String, Int)] {
        let here = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        let cli = options.cliPath ?? here.appendingPathComponent("xcallback-conformance").path
        // The adapter beside the vectors in use, else the one in this source tree.
        let sourceTree = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../Vectors").standardized
        let candidates = [vectorSuite?.directory, sourceTree].compactMap {
            $0?.appendingPathComponent("protocol/example_adapter.py").path
        }
        let adapter = options.adapterPath
            ?? candidates.first { FileManager.default.fileExists(atPath: $0) } ?? candidates[candidates.count - 1]
        return [
            ("Swift serve", "swift", TargetCommand([cli, "serve"]).description, perProcessVectors),
            ("Python adapter", "python", TargetCommand([Self.realInterpreter(options.python), adapter]).description,
             perProcessVectors / 2),
        ]
    }

    /// How many vectors the one-process-per-vector comparison takes (the Python adapter, slower to start, half).
    private var perProcessVectors: Int { options.quick ? 24 : 40 }

    /// The interpreter's own path (`sys.executable`), so a version-manager shim (pyenv) in front of
    /// `python3` doesn't add its start-up time to every process of the one-process-per-vector baseline.
    static func realInterpreter(_ python: String) -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [python, "-c", "import sys; print(sys.executable)"]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            return python
        }
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let path = String(decoding: output, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        return process.terminationStatus == 0 && !path.isEmpty ? path : python
    }

    /// Records the distribution of per-vector times of one run (the runner's own clock around each vector),
    /// and notes the vectors that take the largest share, since a few large inputs can dominate the suite.
    private mutating func recordPerVector(_ label: String, _ run: ConformanceRun) {
        let times = run.results.map { $0.durationSeconds * 1e6 }
        add("runner", "per-vector time, \(label) (one run)", "µs/vector", distribution: true, Summary(times))
        let total = times.reduce(0, +)
        let slowest = zip(run.results.map(\.id), times).sorted { $0.1 > $1.1 }.prefix(3)
        let share = total > 0 ? slowest.reduce(0) { $0 + $1.1 } / total * 100 : 0
        note(String(format: "%@: the 3 slowest vectors take %.0f%% of the run: ", label, share)
            + slowest.map { String(format: "%@ %.0f µs", $0.0, $0.1) }.joined(separator: ", "))
    }

    /// Records vectors per second for a whole-run workload.
    private mutating func addRate(_ workload: Workload, _ perCall: Summary) {
        let vectors = Double(workload.itemsPerCall)
        add("runner", workload.name, "vectors/s",
            Summary(perCall.samples.map { vectors / $0 * 1e9 }))
    }

    /// A workload that runs the whole suite against `target` with the conformance runner.
    static func runWorkload(_ name: String, _ suite: VectorSuite, _ target: some ConformanceTarget) -> Workload {
        Workload(name: name, bytesPerCall: 0, itemsPerCall: suite.vectors.count) {
            let run = ConformanceRunner().run(suite, against: target)
            return run.results.count &+ run.problems.count
        }
    }

    /// The bytes of text a vector's input carries (URL, names and values), to tell stress vectors apart.
    static func inputSize(_ input: VectorInput) -> Int {
        func size(_ parameters: [XCallbackParameter]) -> Int {
            parameters.reduce(0) { $0 + $1.name.utf8.count + ($1.value?.utf8.count ?? 0) }
        }
        switch input {
        case .parseText(let url): return url.utf8.count
        case .parseBytes(let bytes): return bytes.count
        case .buildRequest(let request):
            return [request.source, request.success, request.error, request.cancel]
                .reduce(request.action.utf8.count) { $0 + ($1?.utf8.count ?? 0) } + size(request.parameters)
        case .buildCallback(let response):
            return response.callbackURL.utf8.count + (response.source?.utf8.count ?? 0) + size(response.parameters)
        }
    }

    /// A copy of `suite` with `count` vectors taken at even steps, so every vector file is represented.
    static func spread(_ suite: VectorSuite, count: Int) -> VectorSuite {
        var copy = suite
        guard suite.vectors.count > count, count > 0 else { return copy }
        let step = Double(suite.vectors.count) / Double(count)
        copy.vectors = (0..<count).map { suite.vectors[Int(Double($0) * step)] }
        return copy
    }
}
