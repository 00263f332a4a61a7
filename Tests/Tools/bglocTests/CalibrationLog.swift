import BackgroundTestKit
import Foundation
import Testing
import YAML

/// One real device's log of background refresh, from the corpus in Tests/Calibration (one YAML file a
/// log; docs/SCHEDULER.md#calibration-against-real-devices): where it was published, the lines quoted
/// from it, the bgkit manifest with the usage derived from it, and for each figure the log gives the real
/// range, the range bgkit gives today, and whether the two agree within the figure's tolerance.
struct CalibrationLog: CustomTestStringConvertible, Sendable {
    struct Figure: Sendable {
        var name: CalibrationFigure
        var real: ClosedRange<Double>
        var bgkit: ClosedRange<Double>
        var agrees: Bool
    }

    var file: String
    var source: String
    /// `log` (one device) or `statement` (a maintainer's account of many).
    var kind: String
    var device: String
    var quote: String
    var manifest: String
    var days: Int
    var figures: [Figure]
    /// Why bgkit is off, present exactly when a figure does not agree.
    var gap: String?

    var testDescription: String { file }

    static let folder = TestSupport.packageRoot + "/Tests/Calibration"

    static func all() throws -> [CalibrationLog] {
        try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".yaml") }.sorted()
            .map { try CalibrationLog(file: $0) }
    }

    init(file: String) throws {
        self.file = file
        let text = try String(contentsOfFile: Self.folder + "/" + file, encoding: .utf8)
        guard case .mapping(let pairs, _)? = try YAMLNode.compose(text) else { throw Problem(file, "not a mapping") }
        func node(_ key: String) -> YAMLNode? {
            pairs.first { if case .scalar(let name) = $0.key { name.string == key } else { false } }?.value
        }
        func string(_ key: String) throws -> String {
            guard case .scalar(let value)? = node(key) else { throw Problem(file, "no \(key)") }
            return value.string
        }
        source = try string("source")
        kind = try string("kind")
        device = try string("device")
        quote = try string("quote")
        manifest = try string("manifest")
        guard let days = Int(try string("days")) else { throw Problem(file, "days is not a number") }
        self.days = days
        gap = try? string("gap")
        guard case .mapping(let entries, _)? = node("figures") else { throw Problem(file, "no figures") }
        figures = try entries.map { entry in
            guard case .scalar(let key) = entry.key, let name = CalibrationFigure(rawValue: key.string),
                case .mapping(let fields, _) = entry.value
            else { throw Problem(file, "a figure is not one of \(CalibrationFigure.allCases)") }
            func field(_ name: String) -> YAMLNode? {
                fields.first { if case .scalar(let key) = $0.key { key.string == name } else { false } }?.value
            }
            func range(_ name: String) throws -> ClosedRange<Double> {
                guard case .sequence(let bounds, _)? = field(name), bounds.count == 2,
                    case .scalar(let low) = bounds[0], case .scalar(let high) = bounds[1],
                    let lower = Double(low.string), let upper = Double(high.string), lower <= upper
                else { throw Problem(file, "\(key.string).\(name) is not [LOW, HIGH]") }
                return lower...upper
            }
            guard case .scalar(let agrees)? = field("agrees"), ["true", "false"].contains(agrees.string) else {
                throw Problem(file, "\(key.string).agrees is not true or false")
            }
            return Figure(name: name, real: try range("real"), bgkit: try range("bgkit"), agrees: agrees.string == "true")
        }
    }

    struct Problem: Error, CustomStringConvertible {
        var description: String
        init(_ file: String, _ problem: String) { description = "Tests/Calibration/\(file): \(problem)" }
    }
}
