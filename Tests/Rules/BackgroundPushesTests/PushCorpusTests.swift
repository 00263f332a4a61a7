import BackgroundCore
import BackgroundPushes
import BackgroundTestKit
import Foundation
import Testing

/// Every real payload file of Corpus/ (38 files from public repositories, SOURCES.md) is taken as iOS takes
/// it, sent as `xcrun simctl push` sends it (no headers: the push type and priority by content): a
/// notification shown, the app woken, APNs' refusal, or — for the files with trailing commas, which are not
/// RFC 8259 JSON — an error at the line, column and byte of the comma.
@Suite struct PushCorpusTests {
    enum Outcome: Hashable, Sendable {
        case displayed
        case wakes
        case displayedAndWakes
        case rejected(PushPayloadError.Code)
        /// Not JSON: the place (`line:column: byte N`) and the problem.
        case notJSON(String)
    }

    static let folder = TestSupport.packageRoot + "/Tests/Rules/BackgroundPushesTests/Corpus/"

    static let expected: [String: Outcome] = [
        "andes-push.apns": .notJSON("8:9: byte 291: a comma before '}'"),
        "carecall-payload.apns": .displayed,
        "chatbegruenung-push.apns": .displayed,
        "datadome-test.apns": .displayed,
        "eatbreakfirst-test.apns": .displayed,
        "fintech-push.apns": .displayed,
        "halfactive-test.apns": .displayed,
        "hotwire-test.apns": .notJSON("8:8: byte 219: a comma before '}'"),   // alert + content-available, were it JSON
        "isnoops-push.apns": .displayed,
        "karltruck-push.apns": .displayed,
        "kmptaskmanager-push.apns": .wakes,
        "letustudy-push.apns": .displayed,
        "mastersapp-payload.apns": .displayed,
        "match42-push.apns": .notJSON("7:9: byte 320: a comma before '}'"),
        "mauisamples-payload.apns": .displayed,   // its content-available is inside alert, not aps: no wake
        "nawatech-test.apns": .notJSON("7:5: byte 164: a comma before '}'"),
        "nexago-payload.apns": .displayed,
        "notificationtosimulator-example.apns": .displayed,
        "pegelwatch-notification.apns": .rejected(.badPayload),   // no aps at all
        "pentia-payload.apns": .displayed,
        "pndemo-push.apns": .displayed,
        "pushestutorial-payload.apns": .displayed,
        "pushtest-payload.apns": .displayed,
        "pushtestapnsfile-test.apns": .notJSON("11:5: byte 247: a comma before '}'"),
        "republik-notification.apns": .displayed,
        "richnotifications-example.apns": .displayed,
        "rocketchat-push.apns": .displayed,
        "shiga-payload.apns": .notJSON("7:10: byte 137: a comma before '}'"),
        "simulatorpush-test.apns": .displayed,
        "snapyr-payload.apns": .displayed,
        "soaringearth-payload.apns": .displayed,
        "swizzling-payload.apns": .displayed,
        "travelbuddy-push.apns": .displayed,
        "udo-test.apns": .displayed,
        "uitest-sample.apns": .displayed,
        "urbanlife-payload.apns": .displayed,
        "weareopensource-example.apns": .notJSON("11:1: byte 293: a comma before '}'"),
        "xcconfig-payload.apns": .displayed,
    ]

    static var names: [String] { expected.keys.sorted() }

    @Test func everyFileHasAnExpectationAndASource() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.folder).filter { $0.hasSuffix(".apns") }
        #expect(files.sorted() == Self.names)
        #expect(files.count >= 30)
        let sources = try String(contentsOfFile: Self.folder + "SOURCES.md", encoding: .utf8)
        for name in files { #expect(sources.contains("| \(name) | ["), "\(name) has no source in SOURCES.md") }
    }

    @Test(arguments: names) func takenAsIOSTakesIt(_ name: String) throws {
        let path = Self.folder + name
        let outcome: Outcome
        do {
            let payload = try PushPayload.read(path: path)
            do {
                let delivery = try PushDelivery(payload: payload, headers: PushHeaders())
                outcome = switch (delivery.displaysNotification, delivery.wakesApp) {
                case (true, true): .displayedAndWakes
                case (true, false): .displayed
                default: .wakes
                }
                #expect(delivery.priority == (delivery.displaysNotification ? 10 : 5))
            } catch {
                outcome = .rejected(error.code)
            }
        } catch {
            #expect(error.code == .badPayload)
            let text = error.description
            let prefix = "\(path):"
            #expect(text.hasPrefix(prefix) && text.hasSuffix("(RFC 8259)"), "\(text)")
            let place = text.dropFirst(prefix.count).prefix { $0 != ";" }
            outcome = .notJSON(String(place))
        }
        #expect(outcome == Self.expected[name])
    }
}
