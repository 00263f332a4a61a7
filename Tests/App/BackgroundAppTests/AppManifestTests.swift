import BackgroundApp
import BackgroundCore
import BackgroundDevice
import BackgroundScheduler
import BackgroundTestKit
import Foundation
import Testing

@Suite struct AppManifestTests {
    static let full = """
        app: com.example.tour
        backgroundModes: [fetch, processing, location, audio]
        permittedIdentifiers: [com.example.tour.refresh, com.example.tour.upload]
        tasks:
          com.example.tour.refresh:
            kind: refresh
            earliestBegin: 15m
            work: 4s
            resubmit: true
          com.example.tour.upload:
            kind: processing
            requiresNetwork: true
            requiresExternalPower: false
            run: "curl -T stats.json https://example.com"
        submitAtLaunch: [com.example.tour.refresh]
        conditions:
          - {at: 0s, network: wifi, power: battery, battery: 80, idle: false, lowPower: false, backgroundRefresh: on}
          - {at: 2h, network: none}
          - {at: 6h, power: charging, idle: true}
        regions:
          - id: museum
            lat: 47.3769
            lon: 8.5417
            radius: 200
            onEnter: {submit: com.example.tour.upload, play: audio/museum.wav}
            onExit: {submit: com.example.tour.refresh}
        significantChange: {submit: com.example.tour.refresh}
        audio: {category: playback, device: "null"}
        lifecycle:
          - {at: 0s, app: foreground}
          - {at: 2m, app: background}
        """

    @Test func readsEveryKey() throws {
        let m = try AppManifest(yaml: Self.full, file: "tour/app.yaml")
        #expect(m.app == "com.example.tour")
        #expect(m.backgroundModes == ["fetch", "processing", "location", "audio"])
        #expect(m.permittedIdentifiers == ["com.example.tour.refresh", "com.example.tour.upload"])
        #expect(m.tasks == [
            ManifestTask(identifier: "com.example.tour.refresh", kind: .refresh, earliestBegin: .seconds(900),
                         work: .simulated(.seconds(4)), resubmit: true, line: 5),
            ManifestTask(identifier: "com.example.tour.upload", kind: .processing,
                         work: .command("curl -T stats.json https://example.com"), requiresNetwork: true, line: 10),
        ])
        #expect(m.submitAtLaunch == ["com.example.tour.refresh"])
        #expect(m.conditions == [
            .init(offset: .zero, change: ConditionsChange(network: .wifi, power: .battery, battery: 80, idle: false,
                                                          lowPower: false, backgroundRefresh: true)),
            .init(offset: .seconds(7200), change: ConditionsChange(network: DeviceConditions.Network.none)),
            .init(offset: .seconds(21_600), change: ConditionsChange(power: .charging, idle: true)),
        ])
        #expect(m.regions == [ManifestRegion(
            id: "museum", latitude: 47.3769, longitude: 8.5417, radius: 200,
            onEnter: ManifestAction(["submit": "com.example.tour.upload", "play": "tour/audio/museum.wav"]),
            onExit: ManifestAction(["submit": "com.example.tour.refresh"]))])
        #expect(m.significantChange == ManifestAction(["submit": "com.example.tour.refresh"]))
        #expect(m.audio == ManifestAudio(category: .playback, device: "null"))
        #expect(m.lifecycle == [ManifestLifecycleStep(offset: .zero, state: .foreground),
                                ManifestLifecycleStep(offset: .seconds(120), state: .background)])
    }

    @Test func theExampleManifestIsValid() throws {
        let m = try AppManifest(contentsOf: TestSupport.packageRoot + "/Examples/DailyRefresh/app.yaml")
        #expect(m.tasks.map(\.kind) == [.refresh, .processing])
        #expect(m.tasks.last?.requiresExternalPower == true)
        #expect(m.conditions.contains { $0.change.power == .charging && $0.change.idle == true })
    }

    @Test func conditionsTakeTimesOfDayAndBatteryRates() throws {
        let m = try AppManifest(yaml: """
            app: x
            conditions:
              - {at: 0s, battery: 80}
              - {at: "07:00", power: battery, drain: 5%/h}
              - {at: 23:00, power: charging, charge: 20%/h}
              - {at: 2h, network: none}
            """, file: "m.yaml")
        #expect(m.conditions.map(\.moment) == [.offset(.zero), .daily(.seconds(7 * 3600)), .daily(.seconds(23 * 3600)), .offset(.seconds(7200))])
        #expect(m.conditions[1].change == ConditionsChange(power: .battery, drain: BatteryRate(hundredthsPerHour: 500)))
        #expect(m.conditions[2].change.charge == BatteryRate(hundredthsPerHour: 2000))
    }

    // MARK: Info.plist

    static let plistXML = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        <dict>
            <key>BGTaskSchedulerPermittedIdentifiers</key>
            <array><string>com.example.a</string><string>com.example.b</string></array>
            <key>UIBackgroundModes</key>
            <array><string>fetch</string></array>
        </dict>
        </plist>
        """

    @Test(arguments: ["xml", "binary"])
    func readsTheListsFromAnInfoPlist(format: String) throws {
        let folder = try TemporaryFolder()
        if format == "xml" {
            try folder.write("ios/Info.plist", Self.plistXML)
        } else {
            let object: [String: Any] = [
                "BGTaskSchedulerPermittedIdentifiers": ["com.example.a", "com.example.b"], "UIBackgroundModes": ["fetch"],
            ]
            try folder.write("ios/Info.plist", PropertyListSerialization.data(fromPropertyList: object, format: .binary, options: 0))
        }
        let file = try folder.write("app.yaml", "app: x\ninfoPlist: ios/Info.plist\n")
        let m = try AppManifest(contentsOf: file)
        #expect(m.permittedIdentifiers == ["com.example.a", "com.example.b"])
        #expect(m.backgroundModes == ["fetch"])
        #expect(m.infoPlist == folder.path + "/ios/Info.plist")
    }

    struct PlistCase: CustomTestStringConvertible, Sendable {
        let name: String
        let contents: String?
        let message: String
        var testDescription: String { name }
    }

    static let badPlists: [PlistCase] = [
        PlistCase(name: "entity declaration", contents: """
            <?xml version="1.0"?>
            <!DOCTYPE plist [<!ENTITY x "com.example.a">]>
            <plist version="1.0"><dict><key>UIBackgroundModes</key><array><string>&x;</string></array></dict></plist>
            """, message: "declares entities or a DOCTYPE internal subset"),
        PlistCase(name: "internal subset without entity", contents: """
            <?xml version="1.0"?>
            <!DOCTYPE plist [<!ELEMENT plist ANY>]>
            <plist version="1.0"><dict/></plist>
            """, message: "declares entities or a DOCTYPE internal subset"),
        PlistCase(name: "not a plist", contents: "<?xml version=\"1.0\"?><plist><dict><key>a</key>", message: "is not a property list"),
        PlistCase(name: "an array at the top", contents: """
            <?xml version="1.0"?><plist version="1.0"><array/></plist>
            """, message: "the top level is not a dictionary"),
        PlistCase(name: "modes not strings", contents: """
            <?xml version="1.0"?><plist version="1.0"><dict><key>UIBackgroundModes</key><string>fetch</string></dict></plist>
            """, message: "UIBackgroundModes: expected an array of strings"),
        PlistCase(name: "missing", contents: nil, message: "no such file"),
        PlistCase(name: "unknown variable", contents: plist(identifiers: ["plain", "$(GRUOP).a"]),
                  message: "BGTaskSchedulerPermittedIdentifiers[1]: unknown build variable '$(GRUOP)' (did you mean 'GROUP'?); "
                      + "give its value under the manifest's buildSettings: (GRUOP: VALUE)"),
        PlistCase(name: "unknown variable, braces", contents: plist(identifiers: ["plain", "${TEAM}.a"]),
                  message: "BGTaskSchedulerPermittedIdentifiers[1]: unknown build variable '${TEAM}'; "
                      + "give its value under the manifest's buildSettings: (TEAM: VALUE)"),
        PlistCase(name: "unterminated", contents: plist(identifiers: ["plain", "$(PRODUCT_BUNDLE_IDENTIFIER.refresh"]),
                  message: "BGTaskSchedulerPermittedIdentifiers[1]: '$(PRODUCT_BUNDLE_IDENTIFIER.refresh' has an unterminated '$(' "
                      + "(a build variable is written $(NAME))"),
        PlistCase(name: "modifier", contents: plist(identifiers: ["plain", "$(PRODUCT_NAME:rfc1034identifier).a"]),
                  message: "BGTaskSchedulerPermittedIdentifiers[1]: '$(PRODUCT_NAME:rfc1034identifier)' in "
                      + "'$(PRODUCT_NAME:rfc1034identifier).a' uses a build-setting modifier, which bgkit does not apply; "
                      + "write the value out in the Info.plist"),
        PlistCase(name: "nested", contents: plist(identifiers: ["plain", "$(A_$(GROUP)).a"]),
                  message: "BGTaskSchedulerPermittedIdentifiers[1]: '$(A_$(GROUP)' in '$(A_$(GROUP)).a' is not a build variable"),
    ]

    @Test(arguments: badPlists)
    func rejectsABadInfoPlist(_ c: PlistCase) throws {
        let folder = try TemporaryFolder()
        if let contents = c.contents { try folder.write("Info.plist", contents) }
        let file = try folder.write("app.yaml", "app: x\ninfoPlist: Info.plist\nbuildSettings: {GROUP: g, MODE: fetch}\n")
        #expect {
            try AppManifest(contentsOf: file)
        } throws: { error in
            let error = error as? InputError
            return error?.file == folder.path + "/Info.plist" && error?.description.contains(c.message) == true
                && error?.description.contains("\n") == false
        }
    }

    // MARK: Build variables

    /// An Info.plist whose permitted identifiers are `identifiers`, with `fetch`.
    static func plist(identifiers: [String]) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0">
        <dict>
            <key>BGTaskSchedulerPermittedIdentifiers</key>
            <array>\(identifiers.map { "<string>\($0)</string>" }.joined())</array>
            <key>UIBackgroundModes</key>
            <array><string>$(MODE)</string></array>
        </dict>
        </plist>
        """
    }

    @Test func expandsTheBuildVariablesOfAnInfoPlist() throws {
        let folder = try TemporaryFolder()
        try folder.write("Info.plist", Self.plist(identifiers: [
            "$(PRODUCT_BUNDLE_IDENTIFIER).refresh", "${PRODUCT_BUNDLE_IDENTIFIER}.sync", "$(GROUP)-$(GROUP).$x",
            "$(PRODUCT_BUNDLE_IDENTIFIER).continued.*",
        ]))
        let file = try folder.write("app.yaml", """
            app: com.example.app
            infoPlist: Info.plist
            buildSettings:
              GROUP: group.example
              MODE: fetch
            """)
        let m = try AppManifest(contentsOf: file)
        #expect(m.permittedIdentifiers == [
            "com.example.app.refresh", "com.example.app.sync", "group.example-group.example.$x", "com.example.app.continued.*",
        ])
        #expect(m.backgroundModes == ["fetch"])
    }

    // MARK: Errors

    struct ErrorCase: CustomTestStringConvertible, Sendable {
        let name: String
        let yaml: String
        let expected: String
        var testDescription: String { name }
    }

    static let errors: [ErrorCase] = [
        ErrorCase(name: "misspelt top-level key", yaml: "app: x\ntaks: {}\n",
                  expected: "m.yaml:2: taks: unknown key 'taks' (did you mean 'tasks'?)"),
        ErrorCase(name: "misspelt task key", yaml: "app: x\ntasks:\n  a:\n    kind: refresh\n    earliestBegn: 5m\n",
                  expected: "m.yaml:5: tasks.a.earliestBegn: unknown key 'earliestBegn' (did you mean 'earliestBegin'?)"),
        ErrorCase(name: "unknown key far from any", yaml: "app: x\nzzzzzzzz: 1\n",
                  expected: "m.yaml:2: zzzzzzzz: unknown key 'zzzzzzzz' (expected one of: app, backgroundModes,"),
        ErrorCase(name: "unknown task kind", yaml: "app: x\ntasks:\n  a: {kind: refesh}\n",
                  expected: "m.yaml:3: tasks.a.kind: unknown task kind 'refesh' (expected refresh, processing or continued)"),
        ErrorCase(name: "missing kind", yaml: "app: x\ntasks:\n  a: {work: 4s}\n",
                  expected: "m.yaml:3: tasks.a.kind: missing key 'kind'"),
        ErrorCase(name: "bad duration", yaml: "app: x\ntasks:\n  a:\n    kind: refresh\n    work: 4 seconds\n",
                  expected: "m.yaml:5: tasks.a.work: '4 seconds' is not a duration"),
        ErrorCase(name: "bad conditions duration", yaml: "app: x\nconditions:\n  - {at: soon}\n",
                  expected: "m.yaml:3: conditions[0].at: 'soon' is not a duration"),
        ErrorCase(name: "unknown network", yaml: "app: x\nconditions:\n  - {at: 0s, network: 5g}\n",
                  expected: "m.yaml:3: conditions[0].network: unknown network '5g' (expected none, wifi or cellular)"),
        ErrorCase(name: "unknown power", yaml: "app: x\nconditions:\n  - {at: 0s, power: solar}\n",
                  expected: "conditions[0].power: unknown power source 'solar' (expected battery, charging or full)"),
        ErrorCase(name: "battery out of range", yaml: "app: x\nconditions:\n  - {at: 0s, battery: 120}\n",
                  expected: "conditions[0].battery: '120' is not a whole number in 0...100"),
        ErrorCase(name: "bad yes/no", yaml: "app: x\nconditions:\n  - {at: 0s, idle: maybe}\n",
                  expected: "conditions[0].idle: 'maybe' is not a yes/no value"),
        ErrorCase(name: "bad time of day", yaml: "app: x\nconditions:\n  - {at: \"24:00\", power: charging}\n",
                  expected: "m.yaml:3: conditions[0].at: '24:00' is not a time of day (expected HH:MM from 00:00 to 23:59, such as \"08:00\")"),
        ErrorCase(name: "time of day without its leading zero", yaml: "app: x\nconditions:\n  - {at: \"7:30\"}\n",
                  expected: "m.yaml:3: conditions[0].at: '7:30' is not a time of day"),
        ErrorCase(name: "battery rate without a unit", yaml: "app: x\nconditions:\n  - {at: \"07:00\", drain: 5}\n",
                  expected: "m.yaml:3: conditions[0].drain: '5' is not a battery rate (expected percent per hour, such as 5%/h or 0.5%/h)"),
        ErrorCase(name: "battery rate out of range", yaml: "app: x\nconditions:\n  - {at: 0s}\n  - {at: \"23:00\", charge: 150%/h}\n",
                  expected: "m.yaml:4: conditions[1].charge: '150%/h' is faster than 100%/h (a full battery in an hour): give a rate from 0%/h to 100%/h"),
        ErrorCase(name: "drain on the entry that plugs in", yaml: "app: x\nconditions:\n  - {at: \"23:00\", power: charging, drain: 5%/h}\n",
                  expected: "m.yaml:3: conditions[0].drain: drain contradicts power: charging on the same entry: the battery drains on battery power; give drain on the entry that unplugs it (power: battery), or on an entry without power"),
        ErrorCase(name: "charge on the entry that unplugs", yaml: "app: x\nconditions:\n  - {at: \"07:00\", power: battery, charge: 20%/h}\n",
                  expected: "conditions[0].charge: charge contradicts power: battery on the same entry"),
        ErrorCase(name: "undeclared submitAtLaunch", yaml: "app: x\ntasks:\n  abc: {kind: refresh}\nsubmitAtLaunch: [abd]\n",
                  expected: "m.yaml:4: submitAtLaunch[0]: task 'abd' is not declared under tasks (did you mean 'abc'?)"),
        ErrorCase(name: "undeclared onEnter.submit",
                  yaml: "app: x\nregions:\n  - id: r\n    lat: 1\n    lon: 2\n    radius: 3\n    onEnter: {submit: nope}\n",
                  expected: "m.yaml:7: regions[0].onEnter.submit: task 'nope' is not declared under tasks"),
        ErrorCase(name: "undeclared significantChange.submit", yaml: "app: x\nsignificantChange: {submit: nope}\n",
                  expected: "m.yaml:2: significantChange.submit: task 'nope' is not declared under tasks"),
        ErrorCase(name: "empty action", yaml: "app: x\nsignificantChange: {}\n",
                  expected: "significantChange: an action needs at least one of submit, cancel, play, upload, download"),
        ErrorCase(name: "latitude out of range", yaml: "app: x\nregions:\n  - {id: r, lat: 91, lon: 0, radius: 5}\n",
                  expected: "regions[0].lat: '91' is not a number in -90...90"),
        ErrorCase(name: "zero radius", yaml: "app: x\nregions:\n  - {id: r, lat: 1, lon: 0, radius: 0}\n",
                  expected: "regions[0].radius: '0' is not a positive number of metres"),
        ErrorCase(name: "duplicate region", yaml: "app: x\nregions:\n  - {id: r, lat: 1, lon: 0, radius: 1}\n  - {id: r, lat: 1, lon: 0, radius: 1}\n",
                  expected: "regions[1].id: region 'r' is declared twice"),
        ErrorCase(name: "unknown audio category", yaml: "app: x\naudio: {category: loud}\n",
                  expected: "audio.category: unknown audio category 'loud'"),
        ErrorCase(name: "unknown lifecycle state", yaml: "app: x\nlifecycle:\n  - {at: 0s, app: asleep}\n",
                  expected: "lifecycle[0].app: unknown app state 'asleep' (expected foreground, background, suspended, terminated or forceQuit)"),
        ErrorCase(name: "misspelt lifecycle key", yaml: "app: x\nlifecycle:\n  - {at: 0s, app: foreground}\n  - {at: 1m, appp: background}\n",
                  expected: "m.yaml:4: lifecycle[1].appp: unknown lifecycle step key 'appp' (did you mean 'app'? a step takes at, app, device, backgroundTask, simulateLaunch, simulateExpiration, audio, extension, command, for, shouldResume, submit, cancel, play, upload, download)"),
        ErrorCase(name: "unknown lifecycle key", yaml: "app: x\nlifecycle:\n  - {at: 0s, devise: reboot}\n",
                  expected: "m.yaml:3: lifecycle[0].devise: unknown lifecycle step key 'devise' (did you mean 'device'? a step takes at, app, device, backgroundTask, simulateLaunch"),
        ErrorCase(name: "unknown device event", yaml: "app: x\nlifecycle:\n  - {at: 0s, device: reboooot}\n",
                  expected: "m.yaml:3: lifecycle[0].device: unknown device event 'reboooot' (expected reboot, unlock or lock)"),
        ErrorCase(name: "lifecycle step without a change", yaml: "app: x\nlifecycle:\n  - {at: 0s}\n",
                  expected: "m.yaml:3: lifecycle[0]: a lifecycle step needs one of app, device, simulateLaunch, simulateExpiration, audio or extension"),
        ErrorCase(name: "an audio step's option on another step", yaml: "app: x\nlifecycle:\n  - {at: 0s, app: foreground, for: 45s}\n",
                  expected: "m.yaml:3: lifecycle[0].for: for: belongs to a step of audio:, not of app:"),
        ErrorCase(name: "lifecycle step with two changes", yaml: "app: x\nlifecycle:\n  - {at: 0s, app: foreground, simulateLaunch: a}\n",
                  expected: "lifecycle[0]: a lifecycle step does one thing: give one of app, simulateLaunch, not both"),
        ErrorCase(name: "backgroundTask off the background", yaml: "app: x\nlifecycle:\n  - {at: 0s, app: foreground,\n     backgroundTask: 45s}\n",
                  expected: "m.yaml:4: lifecycle[0].backgroundTask: backgroundTask: is the work the app holds as it leaves the foreground: give it on an app: background step"),
        ErrorCase(name: "action off the foreground",
                  yaml: "app: x\ntasks:\n  a: {kind: refresh}\nlifecycle:\n  - {at: 0s, app: background,\n     submit: a}\n",
                  expected: "m.yaml:6: lifecycle[0].submit: submit: on a lifecycle step is the user's tap in the app: give it on an app: foreground step (or an extension: step)"),
        ErrorCase(name: "action on a debugger step",
                  yaml: "app: x\ntasks:\n  a: {kind: refresh}\nlifecycle:\n  - {at: 0s, simulateLaunch: a, submit: a}\n",
                  expected: "m.yaml:5: lifecycle[0].submit: submit: on a lifecycle step is the user's tap in the app: give it on an app: foreground step (or an extension: step)"),
        ErrorCase(name: "undeclared lifecycle submit", yaml: "app: x\nlifecycle:\n  - {at: 0s, app: foreground, submit: nope}\n",
                  expected: "m.yaml:3: lifecycle[0].submit: task 'nope' is not declared under tasks"),
        ErrorCase(name: "work and run", yaml: "app: x\ntasks:\n  a: {kind: refresh, work: 1s, run: ls}\n",
                  expected: "tasks.a.run: give either work (simulated) or run (a command), not both"),
        ErrorCase(name: "power requirement on a refresh", yaml: "app: x\ntasks:\n  a: {kind: refresh, requiresExternalPower: true}\n",
                  expected: "tasks.a.requiresExternalPower: only processing tasks take requiresExternalPower"),
        ErrorCase(name: "infoPlist and lists", yaml: "app: x\ninfoPlist: I.plist\nbackgroundModes: [fetch]\n",
                  expected: "m.yaml:3: backgroundModes: give either infoPlist or backgroundModes and permittedIdentifiers"),
        ErrorCase(name: "buildSettings not a mapping", yaml: "app: x\ninfoPlist: I.plist\nbuildSettings: [A, B]\n",
                  expected: "m.yaml:3: buildSettings: expected a mapping of keys to values"),
        ErrorCase(name: "buildSettings value not text", yaml: "app: x\ninfoPlist: I.plist\nbuildSettings:\n  A: {b: c}\n",
                  expected: "m.yaml:4: buildSettings.A: expected a single value, not a list or mapping"),
        ErrorCase(name: "buildSettings bad name", yaml: "app: x\ninfoPlist: I.plist\nbuildSettings: {A-B: c}\n",
                  expected: "m.yaml:3: buildSettings.A-B: 'A-B' is not a build setting's name"),
        ErrorCase(name: "buildSettings bundle identifier", yaml: "app: x\ninfoPlist: I.plist\nbuildSettings: {PRODUCT_BUNDLE_IDENTIFIER: y}\n",
                  expected: "m.yaml:3: buildSettings.PRODUCT_BUNDLE_IDENTIFIER: PRODUCT_BUNDLE_IDENTIFIER is the manifest's app: give it there"),
        ErrorCase(name: "buildSettings without infoPlist", yaml: "app: x\nbuildSettings: {A: b}\n",
                  expected: "m.yaml:2: buildSettings: buildSettings only expands the build variables of an infoPlist"),
        ErrorCase(name: "misspelt buildSettings", yaml: "app: x\nbuildSetings: {A: b}\n",
                  expected: "m.yaml:2: buildSetings: unknown key 'buildSetings' (did you mean 'buildSettings'?)"),
        ErrorCase(name: "list expected", yaml: "app: x\nbackgroundModes: fetch\n",
                  expected: "m.yaml:2: backgroundModes: expected a list"),
        ErrorCase(name: "missing app", yaml: "tasks: {}\n", expected: "m.yaml:1: app: missing key 'app'"),
        ErrorCase(name: "not a mapping", yaml: "- a\n- b\n", expected: "(top level): expected a mapping"),
        ErrorCase(name: "empty", yaml: "", expected: "m.yaml: the manifest is empty"),
        ErrorCase(name: "invalid YAML", yaml: "app: x\ntasks: [a\n", expected: "m.yaml:3:1: invalid YAML: did not find expected"),
        ErrorCase(name: "duplicate key", yaml: "app: x\napp: y\n", expected: "duplicate key 'app'"),
    ]

    @Test func lifecycleStepsCarryBackgroundTasksTapsAndTheDebuggersCommands() throws {
        let m = try AppManifest(yaml: """
            app: x
            tasks:
              job: {kind: processing}
            lifecycle:
              - {at: 5m, app: background, backgroundTask: 45s}
              - {at: 30m, app: foreground, submit: job}
              - {at: 2h, simulateLaunch: job}
              - {at: 2h1m, simulateExpiration: job}
            """, file: "m.yaml")
        #expect(m.lifecycle == [
            ManifestLifecycleStep(offset: .seconds(300), change: .state(.background), backgroundTask: .seconds(45)),
            ManifestLifecycleStep(offset: .seconds(1800), change: .state(.foreground), action: ManifestAction(["submit": "job"])),
            ManifestLifecycleStep(offset: .seconds(7200), change: .simulateLaunch("job")),
            ManifestLifecycleStep(offset: .seconds(7260), change: .simulateExpiration("job")),
        ])
        #expect(m.lifecycle[1].action?.submit == "job")
    }

    @Test(arguments: errors)
    func reportsTheFileLineAndKey(_ c: ErrorCase) {
        Self.expectOneLineError(c)
    }

    /// Expects reading `c.yaml` as `m.yaml` to fail with one line that contains `c.expected`.
    static func expectOneLineError(_ c: ErrorCase) {
        #expect {
            try AppManifest(yaml: c.yaml, file: "m.yaml")
        } throws: { error in
            let text = (error as? InputError)?.description ?? ""
            guard text.contains(c.expected), !text.contains("\n") else {
                Issue.record("got: \(text)")
                return false
            }
            return true
        }
    }

    @Test func missingFileAndDirectory() throws {
        let folder = try TemporaryFolder()
        #expect(throws: InputError(file: folder.path + "/none.yaml", message: "no such file")) {
            try AppManifest(contentsOf: folder.path + "/none.yaml")
        }
        #expect(throws: InputError(file: folder.path, message: "is a directory, not a manifest file")) {
            try AppManifest(contentsOf: folder.path)
        }
    }
}
