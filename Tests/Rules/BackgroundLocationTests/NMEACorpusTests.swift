import BackgroundCore
import BackgroundLocation
import BackgroundTestKit
import Foundation
import Testing

/// The fixes read from gpsd's own regression logs agree with gpsd's TPV reports (the `.chk` files).
///
/// gpsd reports a TPV per reporting cycle (more while it learns the cycle), we report one fix per epoch: so
/// every fix of ours must equal (same time, same position within 1e-7°) gpsd's last mode-2/3 TPV of that
/// epoch, and every such gpsd epoch must be one of ours, in order (a receiver's clock may step back and
/// repeat times: humminbird-M37). The principled differences, allowed and counted here (docs/TRACES.md):
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
/// - Epochs gpsd never closes: gpsd reports a cycle when the sentence it learned to be the cycle's last
///   arrives; a cycle without it (cut short by a splice or the log's end, or a receiver skipping that
///   sentence once) gets no TPV at all. We report it; `unclosedEpochs` counts them per log.
/// - When the time of day steps back, gpsd takes it for midnight and moves the date a day on until the next
///   RMC (bt451, two recordings of one day spliced); we keep the date the epoch's own ZDA carries.
/// - Positions to different precision in one epoch (ac12: GGA 2037.72792, RMC 2037.7279): gpsd reports the
///   cycle's last sentence's, we report GGA's, so they agree to the coarser one's last digit (`tolerance`).
/// - Sentences without a checksum (hp58534a sends none): gpsd uses them, we skip and report each (a line
///   without its checksum cannot be told from one cut short).
@Suite struct NMEACorpusTests {
    /// Paths under the shared testdata: the first corpus (`nmea/`) and 20 more receivers (`more/nmea/`).
    static let logs = [
        "april6_2019.log", "bu353-glonass.log", "garmin-geko201.log", "garmin17n.log", "haicom-305N.log", "mtk-3301.log",
        "nmea-fuzzy-cases.log", "nmea-rtk.log", "quectelLC79D.log", "sirfstarv-nmea.log", "telit-he910.log",
        "ublox-neo-m9n-nmea.log", "ublox-zed-f9p-nmea.log",
    ].map { "nmea/" + $0 } + [
        "ac12.log", "beidou-gb.log", "bt451.log", "ch-4711.log", "eXplorist210.log", "garmin25lp.log", "garmin48.log",
        "gp-320fw-2019-04-06-overflow.log", "gpsdf.log", "hemi.log", "holux-gm-210.log", "humminbird-M37.log",
        "iTrek.log", "magellan-ec10.log", "navika-100-fix.log", "quectel.log", "skytraq-dgps.log", "tnt-revolution.log",
        "ublox-lea-4h.log",
    ].map { "more/nmea/" + $0 }
    static let rollover = Duration.seconds(1024 * 7 * 86_400)
    /// Our fixes of epochs gpsd never closed, per log (see above); every other log has none.
    static let unclosedEpochs = [
        "more/nmea/bt451.log": 2,  // 15:25:08.5 (cut short by the splice), 14:33:08.5 (by the log's end)
        "more/nmea/garmin48.log": 1,  // 22:53:09, its first GLL-only epoch, while gpsd learns the cycle
        "more/nmea/gp-320fw-2019-04-06-overflow.log": 1,  // 23:57:26, the one cycle without the GLL that ends the others
        "more/nmea/humminbird-M37.log": 2,  // 19:41:02 and :04, its first GLL and GGA epochs, while gpsd learns the cycle
    ]
    /// Position tolerance in degrees where the sentences of an epoch differ in precision (see above).
    static let tolerance = ["more/nmea/ac12.log": 1e-4 / 60]  // RMC's last digit of minutes

    struct Position { let latitude: Double, longitude: Double }

    /// gpsd's report of one log.
    struct GpsdReport {
        /// TPVs with a fix and a time, consecutive ones at one time merged (the last wins): time → the
        /// positions of the epochs at that time, in file order.
        var epochs: [SimTime: [Position]] = [:]
        /// The times of every TPV, with a fix or not.
        var times: Set<SimTime> = []
        var isEmpty: Bool { epochs.isEmpty }
    }

    static func gpsdReport(_ path: String) throws -> GpsdReport {
        var report = GpsdReport()
        var last: SimTime?
        for line in try String(contentsOfFile: path, encoding: .utf8).split(whereSeparator: \.isNewline) where line.hasPrefix("{") {
            guard let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                  object["class"] as? String == "TPV",
                  let time = (object["time"] as? String).flatMap({ SimTime(rfc3339: $0) })
            else { continue }
            report.times.insert(time)
            guard (object["mode"] as? Int ?? 0) >= 2, let lat = object["lat"] as? Double, let lon = object["lon"] as? Double
            else { continue }
            let position = Position(latitude: lat, longitude: lon)
            if time == last {
                report.epochs[time]![report.epochs[time]!.count - 1] = position
            } else {
                report.epochs[time, default: []].append(position)
            }
            last = time
        }
        return report
    }

    @Test(.enabled(if: TestSupport.corpusTestsEnabled, "needs ../shared/testdata beside the package"), arguments: logs)
    func fixesAgreeWithGpsdTPVs(_ log: String) throws {
        let path = try #require(TestSupport.sharedTestdata) + "/" + log
        var gpsd = try Self.gpsdReport(path + ".chk")
        let (reader, fixes, _) = try NMEAReaderTests.read(path)
        #expect(fixes.isEmpty == gpsd.isEmpty)
        let tolerance = Self.tolerance[log] ?? 1e-7
        var unclosed: [SimTime] = []
        for (index, fix) in fixes.enumerated() {
            let time = try #require(fix.time)
            var candidates = [time, time + Self.rollover, time + Self.rollover + Self.rollover]
            if index > 0, let previous = fixes[index - 1].time, previous > time {
                candidates += candidates.map { $0 + .seconds(86_400) }  // gpsd's midnight guess (see above)
            }
            guard let gpsdTime = candidates.first(where: { gpsd.epochs[$0]?.isEmpty == false }) else {
                // At the first epoch gpsd is still learning the receiver's cycle (see above).
                guard index > 0 else { continue }
                #expect(!candidates.contains(where: gpsd.times.contains), "\(log): our fix at \(time) matches no gpsd TPV with a fix")
                unclosed.append(time)
                continue
            }
            let position = gpsd.epochs[gpsdTime]!.removeFirst()
            #expect(abs(position.latitude - fix.latitude) < tolerance, "\(log) at \(time)")
            #expect(abs(position.longitude - fix.longitude) < tolerance, "\(log) at \(time)")
        }
        #expect(unclosed.count == Self.unclosedEpochs[log, default: 0], "\(log): our fixes gpsd reported nothing at: \(unclosed)")
        guard let firstDate = fixes.first?.time else { return }
        let missed = gpsd.epochs.filter { !$0.value.isEmpty }.map(\.key)
        // Only epochs before the log's first date may be missing, and as many as we counted.
        let unexplained = missed.filter { $0 >= firstDate }
        #expect(unexplained.isEmpty, "\(log): gpsd epochs we did not report: \(unexplained.sorted())")
        #expect(missed.count <= reader.undatedEpochs, "\(log): \(missed.sorted())")
    }

    /// hp58534a (an HP 58534A time reference) sends no checksums: gpsd reads its fixes, we skip and report
    /// every sentence, so a replay of it fails with a clear error rather than trusting unchecked lines.
    @Test(.enabled(if: TestSupport.corpusTestsEnabled, "needs ../shared/testdata beside the package"))
    func sentencesWithoutChecksumsAreSkippedWhereGpsdReadsThem() throws {
        let path = try #require(TestSupport.sharedTestdata) + "/more/nmea/hp58534a.log"
        let gpsd = try Self.gpsdReport(path + ".chk")
        let (reader, fixes, skipped) = try NMEAReaderTests.read(path)
        #expect(!gpsd.isEmpty)
        #expect(fixes.isEmpty)
        #expect(reader.sentences == 0)
        #expect(reader.uncheckedSentences == 13)
        #expect(skipped.count == 13)
        #expect(skipped.allSatisfy { $0.description.hasSuffix("an NMEA sentence without a checksum (*HH), skipped") })
    }
}
