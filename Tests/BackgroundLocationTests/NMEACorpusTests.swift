import BackgroundCore
import BackgroundLocation
import BackgroundTestKit
import Foundation
import Testing

/// The fixes read from gpsd's own regression logs agree with gpsd's TPV reports (the `.chk` files).
///
/// gpsd reports one TPV per sentence, we report one fix per epoch: so every fix of ours must equal (same
/// time, same position within 1e-7°) the last TPV gpsd reported with mode 2 or 3 at that time, and every
/// such gpsd epoch must be one of ours. The principled differences, allowed and counted here (docs/TRACES.md):
/// - GPS week rollover: gpsd moves dates it thinks are a 1024-week GPS era too early forward by 1024 weeks
///   (april6_2019's RMC says 1999-08-22, gpsd reports 2019-04-07; bu353-glonass says 2014-05-26, gpsd,
///   judging by its own build date, reports 2034-01-09); we report the date the receiver sent, so times
///   match modulo 1024 weeks.
/// - Undated epochs: before the first RMC/ZDA date gpsd puts fixes on a guessed date (its build or start
///   date); we skip them and count them (`undatedEpochs`).
/// - gpsd reports a TPV from a sentence we skip as malformed (an RMC with the date `2208-1`), without a time.
/// - At a log's first fix gpsd is still learning the receiver's reporting cycle: it reports that epoch
///   without a time (mtk-3301) or as mode 1 (haicom-305N, whose GGA says quality 1 with 0 satellites while
///   RMC says valid and GSA says 2D); we report it, with the time its sentences carry.
/// - An epoch whose RMC says void (`V`) is no fix for us even when its GGA has a quality (garmin-geko201's
///   GGA quality 8, "simulation"); gpsd reports such positions without a time.
@Suite struct NMEACorpusTests {
    static let logs = [
        "april6_2019.log", "bu353-glonass.log", "garmin-geko201.log", "garmin17n.log", "haicom-305N.log", "mtk-3301.log",
        "nmea-fuzzy-cases.log", "nmea-rtk.log", "quectelLC79D.log", "sirfstarv-nmea.log", "telit-he910.log",
        "ublox-neo-m9n-nmea.log", "ublox-zed-f9p-nmea.log",
    ]
    static let rollover = Duration.seconds(1024 * 7 * 86_400)

    struct Position { let latitude: Double, longitude: Double }

    /// gpsd's TPVs with a fix and a time: time → the position of the last one at that time.
    static func gpsdEpochs(_ path: String) throws -> [SimTime: Position] {
        var epochs: [SimTime: Position] = [:]
        for line in try String(contentsOfFile: path, encoding: .utf8).split(whereSeparator: \.isNewline) where line.hasPrefix("{") {
            guard let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                  object["class"] as? String == "TPV", (object["mode"] as? Int ?? 0) >= 2,
                  let time = (object["time"] as? String).flatMap({ SimTime(rfc3339: $0) }),
                  let lat = object["lat"] as? Double, let lon = object["lon"] as? Double
            else { continue }
            epochs[time] = Position(latitude: lat, longitude: lon)
        }
        return epochs
    }

    @Test(.enabled(if: TestSupport.corpusTestsEnabled, "needs ../shared/testdata beside the package"), arguments: logs)
    func fixesAgreeWithGpsdTPVs(_ log: String) throws {
        let folder = try #require(TestSupport.sharedTestdata) + "/nmea"
        let gpsd = try Self.gpsdEpochs("\(folder)/\(log).chk")
        let (reader, fixes, _) = try NMEAReaderTests.read("\(folder)/\(log)")
        #expect(fixes.isEmpty == gpsd.isEmpty)
        var matched = Set<SimTime>()
        for (index, fix) in fixes.enumerated() {
            let time = try #require(fix.time)
            let candidates = [time, time + Self.rollover, time + Self.rollover + Self.rollover]
            guard let gpsdTime = candidates.first(where: { gpsd[$0] != nil }), let position = gpsd[gpsdTime] else {
                // At the first epoch gpsd is still learning the receiver's cycle (see above).
                #expect(index == 0, "\(log): our fix at \(time) matches no gpsd TPV")
                continue
            }
            matched.insert(gpsdTime)
            #expect(abs(position.latitude - fix.latitude) < 1e-7, "\(log) at \(time)")
            #expect(abs(position.longitude - fix.longitude) < 1e-7, "\(log) at \(time)")
        }
        guard let firstDate = fixes.first?.time else { return }
        let missed = Set(gpsd.keys).subtracting(matched)
        // Only epochs before the log's first date may be missing, and as many as we counted.
        let unexplained = missed.filter { $0 >= firstDate }
        #expect(unexplained.isEmpty, "\(log): gpsd epochs we did not report: \(unexplained.sorted())")
        #expect(missed.count <= reader.undatedEpochs, "\(log): \(missed.sorted())")
    }
}
