// JUnit XML, the dialect CI systems read (Jenkins, GitLab, GitHub annotations): one <testsuite> per
// level, one <testcase> per vector named by its id. Comparison failures are <failure>, breakages and
// errors of the target are <error>, unsupported vectors and known failures are <skipped>.

/// Writes the JUnit XML report.
public enum JUnitReport {
    /// Renders the report.
    public static func render(_ run: ConformanceRun) -> String {
        let all = run.results
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        out += "<testsuites name=\"\(escape(ReportText.generator)) \(escape(run.suite.version))\""
        out += counts(all) + " time=\"\(seconds(run.durationSeconds))\">\n"
        for (level, name) in ReportText.levels {
            let items = all.filter { $0.result.vector.level == level }
            guard !items.isEmpty else { continue }
            out += "  <testsuite name=\"\(name)\"" + counts(items)
            out += " time=\"\(seconds(items.reduce(0) { $0 + $1.durationSeconds }))\">\n"
            out += "    <properties>\n"
            for (key, value) in properties(run) {
                out += "      <property name=\"\(escape(key))\" value=\"\(escape(value))\"/>\n"
            }
            out += "    </properties>\n"
            for item in items { out += testcase(item) }
            out += "  </testsuite>\n"
        }
        out += "</testsuites>\n"
        return out
    }

    static func properties(_ run: ConformanceRun) -> [(String, String)] {
        [
            ("suite.version", run.suite.version), ("suite.manifestSHA256", run.suite.manifestSHA256),
            ("target.name", run.target.name), ("target.version", run.target.version), ("target.kind", run.targetKind),
            ("target.declaredChoices", ReportText.choices(run.declaredChoices)),
        ]
    }

    static func testcase(_ item: RunResult) -> String {
        let vector = item.result.vector
        var out = "    <testcase name=\"\(escape(vector.id)): \(escape(vector.summary))\""
        out += " classname=\"xcallback.\(vector.operation.rawValue)\" file=\"\(escape(vector.file))\""
        out += " time=\"\(seconds(item.durationSeconds))\""
        let body = escape(item.result.detail + "\ncite: " + ReportText.citations(vector))
        switch item.result.verdict {
        case .passed:
            return out + "/>\n"
        case .skipped(let reason, _):
            return out + ">\n      <skipped message=\"\(escape(reason ?? "unsupported"))\"/>\n    </testcase>\n"
        case .failed(let kind):
            if let known = item.knownFailure {
                return out + ">\n      <skipped message=\"known failure (\(escape(kind.rawValue))): \(escape(known.reason))\"/>\n    </testcase>\n"
            }
            let element = isError(kind) ? "error" : "failure"
            let message = escape(firstLine(item.result.detail))
            return out + ">\n      <\(element) type=\"\(kind.rawValue)\" message=\"\(message)\">\(body)</\(element)>\n    </testcase>\n"
        }
    }

    /// Whether a failure kind is the target breaking or erroring rather than answering wrongly.
    static func isError(_ kind: FailureKind) -> Bool {
        [.crashed, .timedOut, .unreadableAnswer, .errored].contains(kind)
    }

    static func counts(_ items: [RunResult]) -> String {
        var failures = 0
        var errors = 0
        var skipped = 0
        for item in items {
            switch item.result.verdict {
            case .passed: break
            case .skipped: skipped += 1
            case .failed(let kind):
                if item.knownFailure != nil { skipped += 1 } else if isError(kind) { errors += 1 } else { failures += 1 }
            }
        }
        return " tests=\"\(items.count)\" failures=\"\(failures)\" errors=\"\(errors)\" skipped=\"\(skipped)\""
    }

    static func firstLine(_ text: String) -> String {
        String(text.split(separator: "\n").first ?? "")
    }

    static func seconds(_ value: Double) -> String {
        let millis = Int((value * 1000).rounded())
        let fraction = String(millis % 1000)
        return "\(millis / 1000)." + String(repeating: "0", count: 3 - fraction.count) + fraction
    }

    /// Escapes text for XML attributes and content; characters XML 1.0 cannot hold become `\u{…}`.
    static func escape(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            case "\n": out += "&#10;"
            case "\t": out += "&#9;"
            case "\r": out += "&#13;"
            default:
                let value = scalar.value
                if value < 0x20 || (0xFFFE...0xFFFF).contains(value) {
                    out += "\\u{\(String(value, radix: 16))}"
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out
    }
}
