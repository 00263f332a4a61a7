import BackgroundApp
import BackgroundCore
import BackgroundDevice
import BackgroundPushes
import JSON
import BackgroundTestKit
import Foundation
import Testing

/// Background pushes in the emulated app on virtual time, one test per rule (docs/PUSH.md).
@Suite struct PushModeTests {
    /// An app `com.example.news` with a refresh task, the given manifest lines after them, run for `length`.
    final class Run {
        let folder: TemporaryFolder
        let engine = EventEngine(start: .defaultStart)
        let timeline: Timeline
        let app: EmulatedApp

        init(
            _ lines: String, modes: String = "remote-notification, fetch", transfers: Bool = false,
            configure: (inout EmulatedApp.Configuration) -> Void = { _ in }
        ) throws {
            folder = try TemporaryFolder()
            let yaml = """
                app: com.example.news
                backgroundModes: [\(modes)]
                permittedIdentifiers: [com.example.refresh]
                tasks:
                  com.example.refresh: {kind: refresh, work: 2s}
                \(lines)
                """
            let manifest = try AppManifest(yaml: yaml, file: folder.path + "/app.yaml")
            timeline = Timeline(engine: engine, keepingEvents: true)
            var configuration = EmulatedApp.Configuration()
            configure(&configuration)
            app = try EmulatedApp(
                manifest: manifest, engine: engine, timeline: timeline,
                modes: AppRecipe.standard.makeModes(AppRecipe.Options()).filter { transfers || !($0 is TransferMode) },
                configuration: configuration)
        }

        /// Runs for `length` from the start; every event but `conditions` as "SECONDS name detail".
        func events(for length: Duration = .seconds(7_200)) -> [String] {
            app.start()
            engine.run(until: engine.now + length)
            return timeline.events.compactMap { event in
                event.kind.name == "conditions" ? nil
                    : "\(Int((event.time - .defaultStart).seconds))s \(event.kind.name) \(event.kind.textDetail)"
            }
        }
    }

    static let push = "{aps: {content-available: 1}}"

    @Test func aPushWakesTheSuspendedAppUntilItsHandlerCompletes() throws {
        let events = try Run("""
            pushes: [{at: 2m, payload: \(Self.push)}]
            onPush: {work: 5s, result: noData}
            lifecycle: [{at: 10s, app: suspended}]
            """).events()
        #expect(events.contains { $0.hasPrefix("10s lifecycle suspended") })
        let received = try #require(events.firstIndex(of: "120s push.received 1"))
        #expect(events[received + 1] == "120s lifecycle background (push 1)")
        let completed = try #require(events.firstIndex(of: "125s push.completed 1 noData"))
        #expect(events[completed + 1] == "125s lifecycle suspended (push 1: the app called the completion handler)")
    }

    @Test func aPushLaunchesTheTerminatedAppIntoTheBackground() throws {
        let events = try Run("""
            pushes: [{at: 2m, payload: \(Self.push)}]
            lifecycle: [{at: 10s, app: terminated}]
            """).events()
        let received = try #require(events.firstIndex(of: "120s push.received 1"))
        #expect(events[received + 1] == "120s lifecycle background (relaunched: push 1)")
        #expect(events.contains("120s push.completed 1 newData"))
    }

    @Test func aHandlerPastTheWindowGetsTheAppTerminated() throws {
        let lines = """
            pushes: [{at: 2m, payload: \(Self.push)}]
            onPush: {work: 45s}
            lifecycle: [{at: 10s, app: suspended}]
            """
        let events = try Run(lines).events()
        #expect(events.contains("150s lifecycle terminated (push 1: the app did not call the completion handler within 30s)"))
        #expect(!events.contains { $0.contains("push.completed") })
        // The window is the emulator's choice, and configurable.
        let longer = try Run(lines) { $0.pushes.completionWindow = .seconds(60) }.events()
        #expect(longer.contains("165s push.completed 1 newData"))
        #expect(!longer.contains { $0.contains("terminated") })
    }

    @Test func withoutTheRemoteNotificationModeEveryPushIsRejected() throws {
        let events = try Run("pushes: [{at: 1m, payload: \(Self.push)}, {at: 2m, payload: \(Self.push)}]", modes: "fetch").events()
        #expect(events.contains("60s push.rejected 1 notPermitted"))
        #expect(events.contains("120s push.rejected 2 notPermitted"))
        #expect(events.filter { $0.contains(" error ") && $0.contains("remote-notification") }.count == 1)
        #expect(!events.contains { $0.contains("push.received") })
    }

    @Test func headersAPNsRefusesAreRejectedWhenSent() throws {
        let events = try Run("""
            pushes:
              - {at: 1m, payload: \(Self.push), priority: 10}
              - {at: 2m, payload: \(Self.push), pushType: alert}
            """).events()
        #expect(events.contains("60s push.rejected 1 badPriority"))
        #expect(events.contains("120s push.rejected 2 badPushType"))
    }

    @Test func aFourthPushInAnHourIsThrottledThenDelivered() throws {
        let pushes = (1...4).map { "  - {at: \($0)m, payload: \(Self.push)}" }.joined(separator: "\n")
        let events = try Run("pushes:\n\(pushes)").events()
        #expect(events.filter { $0.contains("push.received") } == [
            "60s push.received 1", "120s push.received 2", "180s push.received 3", "3660s push.received 4",
        ])
        #expect(events.contains("240s push.throttled 4"))
    }

    @Test func aNewerPushReplacesTheOneHeldBack() throws {
        let pushes = (1...5).map { "  - {at: \($0)m, payload: \(Self.push)}" }.joined(separator: "\n")
        let events = try Run("pushes:\n\(pushes)").events()
        #expect(events.contains("300s push.coalesced 4 by 5"))
        #expect(events.contains("300s push.throttled 5"))
        #expect(events.contains("3660s push.received 5"))
        #expect(!events.contains("3660s push.received 4"))
    }

    @Test func offlineAPNsKeepsTheLatestUntilTheDeviceIsBack() throws {
        let events = try Run("""
            conditions:
              - {at: 30s, network: none}
              - {at: 10m, network: wifi}
            pushes: [{at: 1m, payload: \(Self.push)}, {at: 2m, payload: \(Self.push)}]
            """).events()
        #expect(events.contains("120s push.coalesced 1 by 2"))
        #expect(events.filter { $0.contains("push.received") } == ["600s push.received 2"])
    }

    @Test func anExpiredPushIsDropped() throws {
        let events = try Run("""
            conditions:
              - {at: 30s, network: none}
              - {at: 10m, network: wifi}
            pushes: [{at: 1m, payload: \(Self.push), expiration: 5m}]
            """).events()
        #expect(events.contains("360s push.dropped 1 expired"))
        #expect(!events.contains { $0.contains("push.received") })
    }

    @Test func aForceQuitDropsPushesUntilTheUserOpensTheApp() throws {
        let events = try Run("""
            pushes: [{at: 1m, payload: \(Self.push)}, {at: 3m, payload: \(Self.push)}]
            lifecycle:
              - {at: 30s, app: forceQuit}
              - {at: 2m, app: foreground}
            """).events()
        #expect(events.contains("60s push.dropped 1 forceQuit"))
        #expect(events.contains("180s push.received 2"))
    }

    @Test func afterARebootPushesWaitForTheFirstUnlock() throws {
        let events = try Run("""
            pushes: [{at: 1m, payload: \(Self.push)}]
            lifecycle:
              - {at: 30s, device: reboot}
              - {at: 5m, device: unlock}
            """).events()
        let reboot = try #require(events.firstIndex(of: "30s device reboot"))
        #expect(events[reboot + 1] == "30s lifecycle terminated (the device restarted)")
        #expect(!events.contains { $0.hasPrefix("60s push") })
        #expect(events.contains("300s device unlock"))
        let received = try #require(events.firstIndex(of: "300s push.received 1"))
        #expect(events[received + 1] == "300s lifecycle background (relaunched: push 1)")
    }

    /// The force quit persists across a restart (Apple DTS, thread 15808) unless `rebootLiftsForceQuit`.
    @Test func aRebootLiftsAForceQuitOnlyWhenConfigured() throws {
        let lines = """
            pushes: [{at: 1m, payload: \(Self.push)}]
            lifecycle:
              - {at: 10s, app: forceQuit}
              - {at: 20s, device: reboot}
              - {at: 30s, device: unlock}
            """
        #expect(try Run(lines).events().contains("60s push.dropped 1 forceQuit"))
        #expect(try Run(lines) { $0.rebootLiftsForceQuit = true }.events().contains("60s push.received 1"))
    }

    /// After a force quit the background session relaunches the app no more; a restart lifts that too when
    /// configured so (`rebootLiftsForceQuit`): an upload the push handler creates after the restart wakes the
    /// app for its session's events.
    @Test func aRebootLiftsTheSessionsBlockOnRelaunches() throws {
        let run = try Run("""
            conditions: [{at: 0s, idle: true, power: charging}]
            server: [{url: "https://example.org/*", answers: [201]}]
            pushes: [{at: 1m, payload: \(Self.push)}]
            onPush: {upload: {file: visits.log, to: "https://example.org/visits.log"}}
            lifecycle:
              - {at: 10s, app: forceQuit}
              - {at: 20s, device: reboot}
              - {at: 30s, device: unlock}
            """, transfers: true) { $0.rebootLiftsForceQuit = true }
        _ = try run.folder.write("visits.log", "a visit\n")
        let events = run.events()
        #expect(events.contains("60s push.received 1"))
        #expect(events.contains { $0.contains("transfer.completed 1") })
        #expect(events.contains { $0.contains("lifecycle background (session.events com.example.news.transfers)") }, "\(events)")
    }

    @Test func everyModeHearsTheDevice() throws {
        final class Listener: BackgroundMode {
            var heard: [DeviceEvent] = []
            func attach(to app: EmulatedApp) throws(InputError) {}
            func deviceDidChange(_ event: DeviceEvent) { heard.append(event) }
        }
        let listener = Listener()
        let engine = EventEngine(start: .defaultStart)
        let timeline = Timeline(engine: engine)
        let manifest = try AppManifest(yaml: """
            app: x
            lifecycle: [{at: 1m, device: lock}, {at: 2m, device: unlock}, {at: 3m, device: reboot}]
            """, file: "app.yaml")
        let app = try EmulatedApp(manifest: manifest, engine: engine, timeline: timeline, modes: [listener])
        app.start()
        engine.run(until: engine.now + .seconds(600))
        #expect(listener.heard == [.lock, .unlock, .reboot])
        #expect(app.lifecycle.state == .terminated)
    }

    /// An inline payload's plain scalars are typed by YAML's core schema; quoted ones stay text.
    @Test func anInlinePayloadKeepsYAMLsTypes() throws {
        let manifest = try AppManifest(yaml: """
            app: x
            backgroundModes: [remote-notification]
            pushes: [{at: 1m, payload: {aps: {content-available: 1}, n: 1.5, s: '42', t: true, z: null, w: 1e3x}}]
            """, file: "app.yaml")
        #expect(manifest.pushes.first?.payload.userInfo.description
            == #"{"aps":{"content-available":1},"n":1.5,"s":"42","t":true,"z":null,"w":"1e3x"}"#)
        #expect(throws: InputError.self) {
            try AppManifest(yaml: "app: x\npushes: [{at: 1m, payload: {aps: {content-available: 1}, big: 1e999}}]\n", file: "app.yaml")
        }
    }

    @Test func onPushActionsAreCarriedOutWhenThePushArrives() throws {
        let events = try Run("""
            pushes: [{at: 2m, payload: \(Self.push)}]
            onPush: {work: 5s, submit: com.example.refresh}
            """).events()
        let received = try #require(events.firstIndex(of: "120s push.received 1"))
        let submitted = try #require(events.firstIndex { $0.hasPrefix("120s task.submitted com.example.refresh") })
        #expect(received < submitted)
        #expect(events.contains { $0.contains("task.launched com.example.refresh") })
    }

    @Test(arguments: [("exit 0", "newData", false), ("exit 1", "failed", false), ("exit 3", "noData", false), ("exit 7", "failed", true)])
    func aCommandsExitStatusIsItsResult(_ command: String, _ result: String, _ reported: Bool) throws {
        let run = try Run("""
            pushes: [{at: 2m, payload: {aps: {content-available: 1}, id: 42}}]
            onPush: {run: "test \\"$BG_PUSH $BG_PAYLOAD\\" = '1 {\\"aps\\":{\\"content-available\\":1},\\"id\\":42}' && \(command)"}
            """)
        let events = run.events()
        #expect(events.contains("120s push.completed 1 \(result)"))
        #expect(events.contains { $0.contains("status 7") } == reported)
    }

    @Test func aCommandPastTheWindowIsStoppedAndTheAppTerminated() throws {
        let run = try Run("""
            pushes: [{at: 2m, payload: \(Self.push)}]
            onPush: {run: "sleep 10"}
            """) { configuration in
            configuration.pushes.completionWindow = .seconds(1)
            configuration.commands.killGrace = .milliseconds(100)
        }
        let events = run.events()
        #expect(events.contains("120s error push 1: the command ran past the 1s to call the completion handler and was stopped [pushCommand]"))
        #expect(events.contains("121s lifecycle terminated (push 1: the app did not call the completion handler within 1s)"))
        #expect(!events.contains { $0.contains("push.completed") })
    }

    @Test func aRebootDropsThePushTheDeviceHeldBack() throws {
        let pushes = (1...4).map { "  - {at: \($0)m, payload: \(Self.push)}" }.joined(separator: "\n")
        let events = try Run("pushes:\n\(pushes)\nlifecycle: [{at: 10m, device: reboot}, {at: 11m, device: unlock}]").events()
        #expect(events.contains("240s push.throttled 4"))
        #expect(events.contains("600s push.dropped 4 reboot"))
        #expect(!events.contains { $0.contains("push.received 4") })
    }

    @Test func sendDeliversAtTheEnginesNow() throws {
        let run = try Run("")
        _ = run.events(for: .seconds(60))
        let mode = try #require(run.app.mode(PushMode.self))
        let payload = try PushPayload(bytes: Array(#"{"aps":{"content-available":1}}"#.utf8), file: "t.apns")
        #expect(mode.send(payload, headers: PushHeaders()) == 1)
        #expect(mode.send(payload, headers: PushHeaders(priority: 10)) == 2)
        run.engine.run(until: run.engine.now + .seconds(60))
        let names = run.timeline.events.map { "\($0.kind.name) \($0.kind.textDetail)" }
        #expect(names.contains("push.received 1"))
        #expect(names.contains("push.rejected 2 badPriority"))
    }

    // MARK: Bad input

    /// Every well-formed payload is taken as iOS takes it: a notification is shown (`push.displayed`), with
    /// content-available it wakes the app too, other aps keys pass, and what APNs refuses is `push.rejected`
    /// when sent, not a manifest that fails to load.
    @Test func everyWellFormedPayloadIsTakenAsIOSTakesIt() throws {
        let run = try Run("""
            pushes:
              - {at: 1m, payload: {aps: {alert: {title: Hi}, sound: default, category: c, thread-id: t, mutable-content: 1}}}
              - {at: 2m, payload: {aps: {content-available: 1, alert: hi, interruption-level: passive}}}
              - {at: 3m, payload: {Simulator Target Bundle: com.example.other, aps: {content-available: 1}}}
              - {at: 4m, payload: {no: aps}}
              - {at: 5m, payload: {aps: {content-available: 1}, pad: "\(String(repeating: "x", count: 5000))"}}
              - {at: 6m, payload: {aps: {alert: hi}}, pushType: background}
            """)
        let events = run.events(for: .seconds(600))
        #expect(events.contains("60s push.displayed 1"))
        #expect(!events.contains("60s push.received 1"))
        #expect(events.contains("120s push.displayed 2"))
        #expect(events.contains("120s push.received 2"))
        #expect(events.contains("180s error push 3: pushes[2].payload names 'com.example.other' as its Simulator Target Bundle; as with `xcrun simctl push com.example.news FILE`, it goes to this app, 'com.example.news' [otherTargetBundle]"), "\(events)")
        #expect(events.contains("180s push.received 3"))
        #expect(events.contains("240s push.rejected 4 badPayload"))
        #expect(events.contains("300s push.rejected 5 payloadTooLarge"))
        #expect(events.contains("360s push.rejected 6 badPushType"))
    }

    /// PKPushType.voIP: a VoIP push launches the app, which must report an incoming call to CallKit, or is
    /// terminated; after repeated failures the system stops delivering VoIP pushes to it.
    @Test func aVoIPPushMustBeReportedAsACall() throws {
        let voip = (1...5).map { "  - {at: \($0)m, payload: {aps: {}}, pushType: voip}" }.joined(separator: "\n")
        let reported = try Run("pushes:\n\(voip)\nonVoIPPush: {reportCall: true, work: 2s}\nlifecycle: [{at: 10s, app: suspended}]",
                               modes: "voip").events(for: .seconds(600))
        #expect(reported.contains("60s push.received 1"))
        #expect(reported.contains("62s lifecycle suspended (VoIP push 1: the app reported an incoming call to CallKit)"), "\(reported)")
        #expect(reported.contains("300s push.received 5"), "VoIP pushes are not held by the background budget")
        let unreported = try Run("pushes:\n\(voip)\nonVoIPPush: {reportCall: false, work: 2s}", modes: "voip").events(for: .seconds(600))
        #expect(unreported.contains("62s lifecycle terminated (VoIP push 1: the app did not report an incoming call to CallKit)"), "\(unreported)")
        #expect(unreported.contains("180s push.received 3"))
        #expect(unreported.contains("240s push.dropped 4 voipCallNotReported"), "\(unreported)")
        #expect(unreported.contains("300s push.dropped 5 voipCallNotReported"))
    }

    @Test func aVoIPPushNeedsTheVoIPMode() throws {
        let events = try Run("pushes: [{at: 1m, payload: {aps: {}}, pushType: voip}]").events(for: .seconds(600))
        #expect(events.contains("60s push.rejected 1 notPermitted"))
        #expect(!events.contains { $0.contains("push.received") })
    }

    @Test func aPayloadFileOfAnotherAppIsSentToThisOne() throws {
        let folder = try TemporaryFolder()
        _ = try folder.write("other.apns", #"{"Simulator Target Bundle":"com.example.other","aps":{"content-available":1}}"#)
        let manifest = try AppManifest(yaml: """
            app: x
            backgroundModes: [remote-notification]
            pushes: [{at: 1m, payload: other.apns}]
            """, file: folder.path + "/app.yaml")
        #expect(manifest.pushes.first?.payload.targetBundle == "com.example.other")
    }

    @Test func aBadPayloadFileNamesTheFileAndByte() throws {
        let folder = try TemporaryFolder()
        let file = try folder.write("sync.apns", #"{"aps": {"content-available": 1}"#)
        let error = #expect(throws: InputError.self) {
            try AppManifest(yaml: """
                app: x
                backgroundModes: [remote-notification]
                pushes: [{at: 1m, payload: sync.apns}]
                """, file: folder.path + "/app.yaml")
        }
        #expect(error?.description.hasPrefix("\(file):1:33: byte 32: ") == true)
    }

    @Test(arguments: [
        ("pushes: [{at: 1m}]", "app.yaml:4: pushes[0].payload: missing key 'payload'"),
        ("pushes: [{at: 1m, payload: {aps: {content-available: 1}}, priorty: 5}]", "app.yaml:4: pushes[0].priorty: unknown key 'priorty' (did you mean 'priority'?)"),
        ("onPush: {work: 5s, result: someData}", "app.yaml:4: onPush.result: unknown push result 'someData' (expected newData, noData or failed)"),
        ("onPush: {run: ./sync.sh, result: newData}", "app.yaml:4: onPush.result: give either run (a command, whose exit status is the result) or work and result, not both"),
        ("onPush: {work: 5s, submit: com.example.nope}", "app.yaml:4: onPush.submit: task 'com.example.nope' is not declared under tasks"),
        ("lifecycle: [{at: 1m, device: restart}]", "app.yaml:4: lifecycle[0].device: unknown device event 'restart' (expected reboot, unlock or lock)"),
        ("lifecycle: [{at: 1m, app: background, device: lock}]", "app.yaml:4: lifecycle[0]: a lifecycle step does one thing: give one of app, device, not both"),
        ("lifecycle: [{at: 1m}]", "app.yaml:4: lifecycle[0]: a lifecycle step needs one of app, device, simulateLaunch, simulateExpiration, audio or extension"),
    ])
    func badKeysAreOneClearError(_ line: String, _ expected: String) throws {
        let error = #expect(throws: InputError.self) {
            try AppManifest(yaml: "app: x\nbackgroundModes: [remote-notification]\npermittedIdentifiers: []\n\(line)\n", file: "app.yaml")
        }
        #expect(error?.description == expected)
    }
}
