import BackgroundApp
import BackgroundCore
import BackgroundPushes
import BackgroundTestKit
import Testing

/// The app's notification service extension (`notificationService:`): an alert push with
/// `mutable-content: 1` is shown after the extension's work, or with its original content when the time
/// limit comes first (docs/PUSH.md, docs/IOS-RULES.md).
@Suite struct NotificationServiceTests {
    typealias Run = PushModeTests.Run

    static let mutableAlert = "{aps: {alert: {title: New photo}, mutable-content: 1}}"

    @Test func theModifiedContentShowsWhenTheExtensionEndsInTime() throws {
        // No background mode: the extension is its own process, and the app stays terminated.
        let events = try Run("""
            pushes: [{at: 1m, payload: \(Self.mutableAlert)}]
            notificationService: {work: 3s}
            lifecycle: [{at: 10s, app: terminated}]
            """, modes: "fetch").events()
        let launched = try #require(events.firstIndex(of: "60s notificationService.launched 1"))
        #expect(Array(events[launched...].prefix(3)) == [
            "60s notificationService.launched 1", "63s notificationService.completed 1", "63s push.displayed 1 modified",
        ])
        #expect(!events.contains { $0.contains("push.received") || $0.contains("relaunched") })
    }

    @Test func workOfExactlyTheLimitIsInTime() throws {
        let events = try Run("""
            pushes: [{at: 1m, payload: \(Self.mutableAlert)}]
            notificationService: {work: 30s}
            """).events()
        #expect(events.contains("90s push.displayed 1 modified"))
        #expect(!events.contains { $0.contains("expired") })
    }

    @Test func pastTheLimitTheOriginalContentShowsWithTheReason() throws {
        let lines = """
            pushes: [{at: 1m, payload: \(Self.mutableAlert)}]
            notificationService: {work: 45s}
            """
        let events = try Run(lines).events()
        let expired = try #require(events.firstIndex(of: "90s notificationService.expired 1 timeLimit"))
        #expect(events[expired + 1] == "90s push.displayed 1 original")
        #expect(!events.contains { $0.contains("notificationService.completed") || $0.contains("modified") })
        // The limit is the emulator's choice, and configurable.
        let longer = try Run(lines) { $0.pushes.serviceExtensionTimeLimit = .seconds(60) }.events()
        #expect(longer.contains("105s push.displayed 1 modified"))
    }

    @Test(arguments: [
        // Not mutable: shown at once.
        "{aps: {alert: {title: Hi}}}",
        // Sound or badge alone are never modified.
        "{aps: {sound: default, mutable-content: 1}}",
        // mutable-content must be the number 1.
        "{aps: {alert: Hi, mutable-content: 0}}",
    ])
    func otherNotificationsShowAtOnce(_ payload: String) throws {
        let events = try Run("""
            pushes: [{at: 1m, payload: \(payload)}]
            notificationService: {work: 3s}
            """).events()
        #expect(events.contains("60s push.displayed 1"))
        #expect(!events.contains { $0.contains("notificationService") })
    }

    @Test func withoutAnExtensionAMutableAlertShowsAtOnce() throws {
        let events = try Run("pushes: [{at: 1m, payload: \(Self.mutableAlert)}]").events()
        #expect(events.contains("60s push.displayed 1"))
        #expect(!events.contains { $0.contains("notificationService") })
    }

    @Test func aMutableAlertThatWakesTheAppAlsoRunsItsHandler() throws {
        let events = try Run("""
            pushes: [{at: 1m, payload: {aps: {alert: Hi, mutable-content: 1, content-available: 1}}}]
            notificationService: {work: 2s}
            onPush: {work: 5s}
            """).events()
        #expect(events.contains("60s push.received 1"))
        #expect(events.contains("62s push.displayed 1 modified"))
        #expect(events.contains("65s push.completed 1 newData"))
    }

    @Test(arguments: [
        ("notificationService: {work: 3s, limit: 40s}", "app.yaml:4: notificationService.limit: unknown key 'limit'"),
        ("notificationService: {work: soon}", "app.yaml:4: notificationService.work: "),
        ("notificationService: 3s", "app.yaml:4: notificationService: "),
    ])
    func badInputNamesTheFileTheKeyAndTheProblem(_ line: String, _ expected: String) throws {
        let error = #expect(throws: InputError.self) {
            try AppManifest(yaml: "app: x\nbackgroundModes: [remote-notification]\npermittedIdentifiers: []\n\(line)\n", file: "app.yaml")
        }
        #expect(error?.description.hasPrefix(expected) == true, "\(error?.description ?? "no error")")
    }
}
