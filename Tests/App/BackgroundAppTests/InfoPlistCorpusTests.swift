import BackgroundApp
import BackgroundCore
import BackgroundScheduler
import BackgroundTestKit
import Foundation
import Testing

/// The 17 real apps' Info.plists of `../shared/testdata/more/plist/`, unmodified, each load through a
/// manifest's `infoPlist:`, and every permitted task identifier they declare is submitted and launches on
/// virtual time.
@Suite struct InfoPlistCorpusTests {
    /// One Info.plist and the manifest's `app:` for it: the bundle identifier its
    /// `$(PRODUCT_BUNDLE_IDENTIFIER)` stands for. None of the corpus's plists uses another build variable in
    /// the values bgkit reads (only in others, such as `CFBundleVersion`), so none needs `buildSettings:`.
    struct CorpusFile: CustomTestStringConvertible, Sendable {
        let name: String
        let app: String
        var testDescription: String { name }
    }

    static let files = [
        CorpusFile(name: "Automattic_pocket-casts-ios__podcasts-Info.plist", app: "au.com.shiftyjelly.podcasts"),
        CorpusFile(name: "Dimillian_IceCubesApp__Info.plist", app: "com.thomasricouard.IceCubesApp"),
        CorpusFile(name: "Ranchero-Software_NetNewsWire__Info.plist", app: "com.ranchero.NetNewsWire-iOS"),
        CorpusFile(name: "corona-warn-app_cwa-app-ios__Info.plist", app: "de.rki.coronawarnapp"),
        CorpusFile(name: "duckduckgo_iOS__Info.plist", app: "com.duckduckgo.mobile.ios"),
        CorpusFile(name: "element-hq_element-x-ios__Info.plist", app: "io.element.elementx"),
        CorpusFile(name: "fluttercommunity_flutter_workmanager__Info.plist", app: "dev.fluttercommunity.workmanagerExample"),
        CorpusFile(name: "home-assistant_iOS__Info.plist", app: "io.robbie.HomeAssistant"),
        CorpusFile(name: "jellyfin_Swiftfin__Info.plist", app: "org.jellyfin.swiftfin"),
        CorpusFile(name: "kiwix_kiwix-apple__Info.plist", app: "self.Kiwix"),
        CorpusFile(name: "mastodon_mastodon-ios__Info.plist", app: "org.joinmastodon.app"),
        CorpusFile(name: "mozilla-mobile_firefox-ios__Info.plist", app: "org.mozilla.ios.Firefox"),
        CorpusFile(name: "openhab_openhab-ios__openHAB-Info.plist", app: "org.openhab.app"),
        CorpusFile(name: "owntracks_ios__OwnTracks-Info.plist", app: "org.mqttitude.MQTTitude"),
        CorpusFile(name: "traccar_traccar-client-ios__TraccarClient-Info.plist", app: "org.traccar.client"),
        CorpusFile(name: "transistorsoft_react-native-background-geolocation__Info.plist", app: "com.transistorsoft.backgroundgeolocation"),
        CorpusFile(name: "wikimedia_wikipedia-ios__Wikipedia-Info.plist", app: "org.wikimedia.wikipedia"),
    ]

    /// The corpus holds exactly the files the table names, so that a file added there is not left untested.
    @Test(.enabled(if: TestSupport.corpusTestsEnabled, "needs ../shared/testdata beside the package"))
    func theTableNamesEveryCorpusFile() throws {
        let folder = try #require(TestSupport.sharedTestdata) + "/more/plist"
        let names = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
        #expect(names == Self.files.map(\.name).sorted())
    }

    /// The raw lists, read here without bgkit, with `$(PRODUCT_BUNDLE_IDENTIFIER)` replaced by `app`.
    private func expectedLists(_ path: String, app: String) throws -> (identifiers: [String], modes: [String]) {
        let data = try #require(FileManager.default.contents(atPath: path))
        let root = try #require(try PropertyListSerialization.propertyList(from: data, format: nil) as? [String: Any])
        func list(_ key: String) -> [String] {
            ((root[key] as? [String]) ?? []).map { $0.replacingOccurrences(of: "$(PRODUCT_BUNDLE_IDENTIFIER)", with: app) }
        }
        return (list("BGTaskSchedulerPermittedIdentifiers"), list("UIBackgroundModes"))
    }

    @Test(.enabled(if: TestSupport.corpusTestsEnabled, "needs ../shared/testdata beside the package"), arguments: files)
    func loadsAndLaunchesItsPermittedTasks(_ file: CorpusFile) throws {
        let path = try #require(TestSupport.sharedTestdata) + "/more/plist/" + file.name
        let expected = try expectedLists(path, app: file.app)
        let folder = try TemporaryFolder()
        let plain = try AppManifest(contentsOf: folder.write("plain.yaml", "app: \(file.app)\ninfoPlist: '\(path)'\n"))
        #expect(plain.permittedIdentifiers == expected.identifiers)
        #expect(plain.backgroundModes == expected.modes)
        #expect(!(plain.permittedIdentifiers + plain.backgroundModes).contains { $0.contains("$(") || $0.contains("${") })

        // Continued-processing wildcards (`prefix.*`, iOS 26) are kept as written; each is submitted as a
        // continued task named under it (`prefix.corpus`), from the foreground, as the user's tap would.
        let wildcards = plain.permittedIdentifiers.filter { $0.hasSuffix(".*") }
        #expect(wildcards == expected.identifiers.filter { $0.hasSuffix(".*") })
        let identifiers = plain.permittedIdentifiers.filter { !$0.hasSuffix(".*") }
        let continued = wildcards.map { String($0.dropLast()) + "corpus" }
        guard !identifiers.isEmpty || !continued.isEmpty else { return }

        // Each identifier as a refresh task when the app has `fetch`, a processing task when it has
        // `processing`, alternating when it has both, so that both kinds launch. All are registered, and
        // each is submitted in a run of its own: iOS keeps only one refresh request pending.
        let fetch = plain.backgroundModes.contains("fetch"), processing = plain.backgroundModes.contains("processing")
        try #require(identifiers.isEmpty || fetch || processing, "\(file.name) permits tasks without fetch or processing")
        let tasks = identifiers.enumerated().map { index, identifier in
            let kind = !processing || (fetch && index % 2 == 0) ? "refresh" : "processing"
            return "  '\(identifier)': {kind: \(kind), work: 5s}"
        } + continued.map { "  '\($0)': {kind: continued, title: Corpus, work: 5m, progressEvery: 30s}" }
        for identifier in identifiers + continued {
            let manifest = try AppManifest(contentsOf: folder.write("app.yaml", """
                app: \(file.app)
                infoPlist: '\(path)'
                tasks:
                \(tasks.joined(separator: "\n"))
                submitAtLaunch: ['\(identifier)']
                conditions:
                  - {at: 0s, idle: true, power: charging}
                """))
            #expect(try launches(manifest) == [identifier])
        }
    }

    /// The tasks launched in a day of the app's run.
    private func launches(_ manifest: AppManifest) throws -> [String] {
        let engine = EventEngine(start: .defaultStart)
        let timeline = Timeline(engine: engine, keepingEvents: true)
        // In the foreground, where a continued task is submitted.
        try runTasksOnly(manifest, on: engine, timeline: timeline, for: .seconds(24 * 3600), launch: .byUser)
        var launched: [String] = []
        for case let record as TaskRecord in timeline.events.map(\.kind) {
            switch record.change {
            case .launched: launched.append(record.task)
            case .rejected(let error, _): Issue.record("\(record.task) rejected: \(error)")
            default: break
            }
        }
        return launched
    }
}
