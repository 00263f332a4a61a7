import BackgroundApp
import BackgroundCore
import BackgroundDevice
import BackgroundScheduler
import BackgroundTestKit
import BackgroundTransfers
import Foundation
import Testing

/// The transfers mode's manifest keys: `session:`, `server:`, the `upload:`/`download:` actions, and the
/// `expensive`/`lowDataMode` conditions keys (CONTRACTS.md section 5).
@Suite struct TransferSectionTests {
    static let full = """
        app: com.example.tour
        session:
          id: com.example.tour.uploads
          discretionary: true
          allowsCellular: false
          allowsExpensive: off
          allowsConstrained: no
          sendsLaunchEvents: false
          requestTimeout: 30s
          resourceTimeout: 2d
        server:
          - url: "https://example.org/visits/*"
            answers: [{drop: 40000}, 503, stall, refuse, 201]
            bytesPerSecond: 5000
          - {url: "http://example.org/tours/*", size: 250000, ranges: false}
        conditions:
          - {at: 0s, network: cellular, expensive: false, lowDataMode: true}
        regions:
          - id: museum
            lat: 47.3769
            lon: 8.5417
            radius: 200
            onEnter: {upload: {file: visits.log, to: "https://example.org/visits/museum.log", method: POST, expectedBytes: 1200, earliestBegin: 5m}}
            onExit: {download: {from: "https://example.org/tours/next.json", to: cache/next.json, expectedBytes: 0, earliestBegin: 0s}}
        significantChange: {upload: {file: /var/log/app.log, to: "HTTP://example.org/log"}, download: {from: "https://example.org/x", to: x}}
        """

    /// Transfer paths are absolute: relative ones are resolved against the manifest's folder, then the
    /// current folder (a transfer outlives the run in the state database).
    static let here = FileManager.default.currentDirectoryPath

    @Test func readsEveryKey() throws {
        let m = try AppManifest(yaml: Self.full, file: "tour/app.yaml")
        #expect(m.session == SessionConfiguration(
            identifier: "com.example.tour.uploads", isDiscretionary: true, sessionSendsLaunchEvents: false,
            allowsCellularAccess: false, allowsExpensiveNetworkAccess: false, allowsConstrainedNetworkAccess: false,
            timeoutIntervalForRequest: .seconds(30), timeoutIntervalForResource: .seconds(2 * 86_400)))
        #expect(m.server == [
            ServerRule(url: "https://example.org/visits/*",
                       answers: [.drop(afterBytes: 40000), .status(503), .stall, .refuse, .status(201)], bytesPerSecond: 5000),
            ServerRule(url: "http://example.org/tours/*", size: 250_000, ranges: false),
        ])
        #expect(m.conditions == [
            .init(offset: .zero, change: ConditionsChange(network: .cellular, expensive: false, lowDataMode: true)),
        ])
        let museum = try #require(m.regions.first)
        #expect(museum.onEnter?.upload == ManifestUpload(
            file: Self.here + "/tour/visits.log", url: "https://example.org/visits/museum.log", method: .post, expectedBytes: 1200,
            earliestBegin: .seconds(300)))
        #expect(museum.onEnter?.download == nil)
        #expect(museum.onExit?.download == ManifestDownload(
            url: "https://example.org/tours/next.json", file: Self.here + "/tour/cache/next.json", expectedBytes: 0, earliestBegin: .zero))
        #expect(m.significantChange?.upload == ManifestUpload(file: "/var/log/app.log", url: "HTTP://example.org/log"))
        #expect(m.significantChange?.download == ManifestDownload(url: "https://example.org/x", file: Self.here + "/tour/x"))
    }

    @Test func defaults() throws {
        let m = try AppManifest(yaml: "app: com.example.tour\nserver:\n  - {url: \"https://*\"}\n", file: "app.yaml")
        #expect(m.session == SessionConfiguration(identifier: "com.example.tour.transfers"))
        let session = try #require(m.session)
        #expect(!session.isDiscretionary && session.sessionSendsLaunchEvents && session.allowsCellularAccess
            && session.allowsExpensiveNetworkAccess && session.allowsConstrainedNetworkAccess)
        #expect(session.timeoutIntervalForRequest == .seconds(60) && session.timeoutIntervalForResource == .seconds(604_800))
        #expect(m.server == [ServerRule(url: "https://*", answers: [], size: 65_536, ranges: true, bytesPerSecond: nil)])
        let upload = try AppManifest(
            yaml: "app: x\nsignificantChange: {upload: {file: a, to: \"https://h/a\"}}\n", file: "app.yaml").significantChange?.upload
        #expect(upload == ManifestUpload(file: Self.here + "/a", url: "https://h/a", method: .put, expectedBytes: nil, earliestBegin: nil))
        #expect(try AppManifest(yaml: "app: x\nsession: {}\n", file: "app.yaml").session?.identifier == "x.transfers")
    }

    @Test func transfersStandWithTheOtherActionKeys() throws {
        let yaml = """
            app: x
            tasks:
              t: {kind: refresh}
            regions:
              - {id: r, lat: 1, lon: 2, radius: 3, onEnter: {submit: t, play: a.wav, upload: {file: f, to: "https://h/f"}}}
            """
        let action = try #require(try AppManifest(yaml: yaml, file: "app.yaml").regions.first?.onEnter)
        #expect(action.submit == "t" && action.play == "a.wav" && action.upload?.file == Self.here + "/f" && action.download == nil)
        // Read without the transfers section, the keys are unknown.
        #expect(throws: InputError.self) {
            try AppManifest(yaml: yaml, file: "app.yaml", sections: [TaskSection.self, LocationSection.self, AudioSection.self])
        }
    }

    @Test func aTaskCarriesItsTransfersInOnLaunch() throws {
        let yaml = """
            app: x
            tasks:
              a: {kind: processing, onLaunch: {upload: {file: v.log, to: "https://h/v"}, submit: b}}
              b: {kind: refresh, onLaunch: {download: {from: "https://h/n", to: n.json}}}
              c: {kind: refresh}
            """
        let m = try AppManifest(yaml: yaml, file: "t/app.yaml")
        #expect(m.task("a")?.onLaunch?.upload == ManifestUpload(file: Self.here + "/t/v.log", url: "https://h/v"))
        #expect(m.task("a")?.onLaunch?.submit == "b", "a task declared after it")
        #expect(m.task("b")?.onLaunch?.download == ManifestDownload(url: "https://h/n", file: Self.here + "/t/n.json"))
        #expect(m.task("c")?.onLaunch == nil)
    }

    @Test func theAudioTourUploadsTheVisitLogAtEachStop() throws {
        let tour = TestSupport.packageRoot + "/Examples/AudioTour"
        let m = try AppManifest(contentsOf: tour + "/app.yaml")
        #expect(m.session?.identifier == "com.example.audiotour.visits")
        #expect(m.server.first?.answers == [.drop(afterBytes: 10), .status(201)])
        #expect(m.regions.map(\.id) == ["lindenhof", "stpeter", "fraumuenster"])
        for region in m.regions {
            #expect(region.onEnter?.upload == ManifestUpload(
                file: tour + "/visits.log", url: "https://example.org/audiotour/visits/\(region.id).log"))
            #expect(region.onEnter?.play == tour + "/audio/\(region.id).wav" && region.onEnter?.submit == nil)
        }
        let log = try #require(FileManager.default.contents(atPath: tour + "/visits.log"))
        #expect(log.count > 10, "the visit log is longer than the server's first drop")
    }

    @Test func aMissingUploadFileIsNoLoadError() throws {
        let folder = try TemporaryFolder()
        let path = try folder.write("app.yaml", "app: x\nsignificantChange: {upload: {file: later.log, to: \"https://h/l\"}}\n")
        #expect(try AppManifest(contentsOf: path).significantChange?.upload?.file == folder.path + "/later.log")
    }

    // MARK: Errors

    typealias ErrorCase = AppManifestTests.ErrorCase

    static let action = "app: x\nsignificantChange: "

    static let errors: [ErrorCase] = [
        ErrorCase(name: "misspelt session key", yaml: "app: x\nsession:\n  allowsCelular: false\n",
                  expected: "m.yaml:3: session.allowsCelular: unknown key 'allowsCelular' (did you mean 'allowsCellular'?)"),
        ErrorCase(name: "session key far from any", yaml: "app: x\nsession: {zzzzzzzz: 1}\n",
                  expected: "m.yaml:2: session.zzzzzzzz: unknown key 'zzzzzzzz' (expected one of: id, discretionary, allowsCellular, allowsExpensive, allowsConstrained, sendsLaunchEvents, requestTimeout, resourceTimeout)"),
        ErrorCase(name: "misspelt top-level session", yaml: "app: x\nsesion: {}\n",
                  expected: "m.yaml:2: sesion: unknown key 'sesion' (did you mean 'session'?)"),
        ErrorCase(name: "session not a mapping", yaml: "app: x\nsession: on\n",
                  expected: "m.yaml:2: session: expected a mapping of keys to values"),
        ErrorCase(name: "empty session id", yaml: "app: x\nsession: {id: \"\"}\n",
                  expected: "m.yaml:2: session.id: '' is not a session identifier (it is empty or has control characters)"),
        ErrorCase(name: "session id not text", yaml: "app: x\nsession: {id: [a]}\n",
                  expected: "m.yaml:2: session.id: expected a single value, not a list or mapping"),
        ErrorCase(name: "bad yes/no", yaml: "app: x\nsession:\n  discretionary: sometimes\n",
                  expected: "m.yaml:3: session.discretionary: 'sometimes' is not a yes/no value (expected true, false, yes, no, on or off)"),
        ErrorCase(name: "bad timeout", yaml: "app: x\nsession:\n  requestTimeout: 60\n",
                  expected: "m.yaml:3: session.requestTimeout: '60' is not a duration (expected a number with a unit s, m, h or d"),
        ErrorCase(name: "zero timeout", yaml: "app: x\nsession:\n  resourceTimeout: 0s\n",
                  expected: "m.yaml:3: session.resourceTimeout: '0s' is not a duration longer than zero"),
        ErrorCase(name: "server not a list", yaml: "app: x\nserver: {url: \"https://h\"}\n",
                  expected: "m.yaml:2: server: expected a list"),
        ErrorCase(name: "misspelt server key", yaml: "app: x\nserver:\n  - {url: \"https://h\", answer: [200]}\n",
                  expected: "m.yaml:3: server[0].answer: unknown key 'answer' (did you mean 'answers'?)"),
        ErrorCase(name: "server url missing", yaml: "app: x\nserver:\n  - {size: 5}\n",
                  expected: "m.yaml:3: server[0].url: missing key 'url'"),
        ErrorCase(name: "server url not http", yaml: "app: x\nserver:\n  - {url: \"ftp://h/*\"}\n",
                  expected: "m.yaml:3: server[0].url: 'ftp://h/*' is not an http or https URL pattern (such as https://example.org/visits/*)"),
        ErrorCase(name: "server url scheme alone", yaml: "app: x\nserver:\n  - {url: \"https://\"}\n",
                  expected: "m.yaml:3: server[0].url: 'https://' is not an http or https URL pattern"),
        ErrorCase(name: "server url with a space", yaml: "app: x\nserver:\n  - {url: \"https://h/a b\"}\n",
                  expected: "m.yaml:3: server[0].url: 'https://h/a b' is not an http or https URL pattern"),
        ErrorCase(name: "answers not a list", yaml: "app: x\nserver:\n  - {url: \"https://h\", answers: 200}\n",
                  expected: "m.yaml:3: server[0].answers: expected a list"),
        ErrorCase(name: "status out of range", yaml: "app: x\nserver:\n  - {url: \"https://h\", answers: [200, 600]}\n",
                  expected: "m.yaml:3: server[0].answers[1]: '600' is not an answer (expected an HTTP status 100...599, stall, refuse or {drop: BYTES})"),
        ErrorCase(name: "unknown answer word", yaml: "app: x\nserver:\n  - {url: \"https://h\", answers: [stal]}\n",
                  expected: "m.yaml:3: server[0].answers[0]: 'stal' is not an answer"),
        ErrorCase(name: "answer a list", yaml: "app: x\nserver:\n  - {url: \"https://h\", answers: [[200]]}\n",
                  expected: "m.yaml:3: server[0].answers[0]: expected a single value, not a list or mapping"),
        ErrorCase(name: "negative drop", yaml: "app: x\nserver:\n  - {url: \"https://h\", answers: [{drop: -1}]}\n",
                  expected: "m.yaml:3: server[0].answers[0].drop: '-1' is not a number of bytes (a whole number, 0 or more, such as 250000)"),
        ErrorCase(name: "misspelt drop", yaml: "app: x\nserver:\n  - {url: \"https://h\", answers: [{dorp: 5}]}\n",
                  expected: "m.yaml:3: server[0].answers[0].dorp: unknown key 'dorp' (did you mean 'drop'?)"),
        ErrorCase(name: "empty drop mapping", yaml: "app: x\nserver:\n  - {url: \"https://h\", answers: [{}]}\n",
                  expected: "m.yaml:3: server[0].answers[0].drop: missing key 'drop'"),
        ErrorCase(name: "size in kilobytes", yaml: "app: x\nserver:\n  - {url: \"https://h\", size: 250KB}\n",
                  expected: "m.yaml:3: server[0].size: '250KB' is not a number of bytes"),
        ErrorCase(name: "ranges not yes/no", yaml: "app: x\nserver:\n  - {url: \"https://h\", ranges: 5}\n",
                  expected: "m.yaml:3: server[0].ranges: '5' is not a yes/no value"),
        ErrorCase(name: "zero rate", yaml: "app: x\nserver:\n  - {url: \"https://h\", bytesPerSecond: 0}\n",
                  expected: "m.yaml:3: server[0].bytesPerSecond: '0' is not a positive whole number of bytes per second"),
        ErrorCase(name: "upload not a mapping", yaml: action + "{upload: visits.log}\n",
                  expected: "m.yaml:2: significantChange.upload: expected a mapping of keys to values"),
        ErrorCase(name: "misspelt upload key", yaml: action + "{upload: {file: a, to: \"https://h\", mehtod: PUT}}\n",
                  expected: "m.yaml:2: significantChange.upload.mehtod: unknown key 'mehtod' (did you mean 'method'?)"),
        ErrorCase(name: "upload file missing", yaml: action + "{upload: {to: \"https://h\"}}\n",
                  expected: "m.yaml:2: significantChange.upload.file: missing key 'file'"),
        ErrorCase(name: "upload to missing", yaml: action + "{upload: {file: a}}\n",
                  expected: "m.yaml:2: significantChange.upload.to: missing key 'to'"),
        ErrorCase(name: "upload to a file URL", yaml: action + "{upload: {file: a, to: \"file:///tmp/a\"}}\n",
                  expected: "m.yaml:2: significantChange.upload.to: 'file:///tmp/a' is not an http or https URL (such as https://example.org/file)"),
        ErrorCase(name: "upload to no scheme", yaml: action + "{upload: {file: a, to: example.org/a}}\n",
                  expected: "m.yaml:2: significantChange.upload.to: 'example.org/a' is not an http or https URL"),
        ErrorCase(name: "upload to no host", yaml: action + "{upload: {file: a, to: \"https:///a\"}}\n",
                  expected: "m.yaml:2: significantChange.upload.to: 'https:///a' is not an http or https URL"),
        ErrorCase(name: "upload with GET", yaml: action + "{upload: {file: a, to: \"https://h\", method: GET}}\n",
                  expected: "m.yaml:2: significantChange.upload.method: unknown upload method 'GET' (expected PUT or POST)"),
        ErrorCase(name: "negative expectedBytes", yaml: action + "{upload: {file: a, to: \"https://h\", expectedBytes: -5}}\n",
                  expected: "m.yaml:2: significantChange.upload.expectedBytes: '-5' is not a number of bytes"),
        ErrorCase(name: "bad earliestBegin", yaml: action + "{upload: {file: a, to: \"https://h\", earliestBegin: later}}\n",
                  expected: "m.yaml:2: significantChange.upload.earliestBegin: 'later' is not a duration"),
        ErrorCase(name: "misspelt download key", yaml: action + "{download: {form: \"https://h\", to: a}}\n",
                  expected: "m.yaml:2: significantChange.download.form: unknown key 'form' (did you mean 'from'?)"),
        ErrorCase(name: "download from missing", yaml: action + "{download: {to: a}}\n",
                  expected: "m.yaml:2: significantChange.download.from: missing key 'from'"),
        ErrorCase(name: "download to missing", yaml: action + "{download: {from: \"https://h\"}}\n",
                  expected: "m.yaml:2: significantChange.download.to: missing key 'to'"),
        ErrorCase(name: "download from not http", yaml: action + "{download: {from: \"gopher://h\", to: a}}\n",
                  expected: "m.yaml:2: significantChange.download.from: 'gopher://h' is not an http or https URL"),
        ErrorCase(name: "download above the folder", yaml: action + "{download: {from: \"https://h\", to: ../a}}\n",
                  expected: "significantChange.download.to: '../a' is outside the manifest's folder ("),
        ErrorCase(name: "download to an absolute path", yaml: action + "{download: {from: \"https://h\", to: /etc/passwd}}\n",
                  expected: "significantChange.download.to: '/etc/passwd' is outside the manifest's folder ("),
        ErrorCase(name: "download to the folder itself", yaml: action + "{download: {from: \"https://h\", to: .}}\n",
                  expected: "significantChange.download.to: '.' is outside the manifest's folder ("),
        ErrorCase(name: "region onExit download", yaml: "app: x\nregions:\n  - {id: r, lat: 1, lon: 2, radius: 3, onExit: {download: {from: x, to: a}}}\n",
                  expected: "m.yaml:3: regions[0].onExit.download.from: 'x' is not an http or https URL"),
        ErrorCase(name: "task onLaunch upload", yaml: "app: x\ntasks:\n  a:\n    kind: refresh\n    onLaunch: {upload: {file: f, to: \"https:h\"}}\n",
                  expected: "m.yaml:5: tasks.a.onLaunch.upload.to: 'https:h' is not an http or https URL"),
        ErrorCase(name: "task onLaunch undeclared submit", yaml: "app: x\ntasks:\n  a: {kind: refresh, onLaunch: {submit: bb}}\n  b: {kind: refresh}\n",
                  expected: "m.yaml:3: tasks.a.onLaunch.submit: task 'bb' is not declared under tasks (did you mean 'b'?)"),
        ErrorCase(name: "task onLaunch empty", yaml: "app: x\ntasks:\n  a: {kind: refresh, onLaunch: {}}\n",
                  expected: "m.yaml:3: tasks.a.onLaunch: an action needs at least one of submit, cancel, play, upload, download"),
        ErrorCase(name: "misspelt onLaunch", yaml: "app: x\ntasks:\n  a: {kind: refresh, onLaunh: {}}\n",
                  expected: "m.yaml:3: tasks.a.onLaunh: unknown key 'onLaunh' (did you mean 'onLaunch'?)"),
        ErrorCase(name: "misspelt conditions key", yaml: "app: x\nconditions:\n  - {at: 0s, expensiv: true}\n",
                  expected: "m.yaml:3: conditions[0].expensiv: unknown key 'expensiv' (did you mean 'expensive'?)"),
        ErrorCase(name: "bad lowDataMode", yaml: "app: x\nconditions:\n  - {at: 0s, lowDataMode: 1}\n",
                  expected: "m.yaml:3: conditions[0].lowDataMode: '1' is not a yes/no value"),
    ]

    @Test(arguments: errors)
    func reportsTheFileLineAndKey(_ c: ErrorCase) {
        AppManifestTests.expectOneLineError(c)
    }

    // MARK: The folder tree

    /// Loads a manifest whose only download writes to `to`, in `folder/tour/app.yaml`.
    private func download(to: String, in folder: TemporaryFolder) throws -> String? {
        let path = try folder.write("tour/app.yaml", "app: x\nsignificantChange: {download: {from: \"https://h/a\", to: \"\(to)\"}}\n")
        return try AppManifest(contentsOf: path).significantChange?.download?.file
    }

    @Test func aDownloadMayWriteAnywhereBelowTheManifestsFolder() throws {
        let folder = try TemporaryFolder()
        let tour = folder.path + "/tour"
        try FileManager.default.createDirectory(atPath: tour + "/real", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: tour + "/inside", withDestinationPath: "real")
        #expect(try download(to: "cache/deep/next.json", in: folder) == tour + "/cache/deep/next.json")
        #expect(try download(to: "cache/../next.json", in: folder) == tour + "/next.json")
        #expect(try download(to: "inside/next.json", in: folder) == tour + "/real/next.json", "the path checked is the path written")
        #expect(try download(to: tour + "/next.json", in: folder) == tour + "/next.json")
        #expect(try download(to: "../tour/next.json", in: folder) == tour + "/next.json")
    }

    @Test(arguments: [
        "../next.json", "cache/../../next.json", "out/next.json", "out/../../next.json", "dangling/next.json",
        "up/next.json", "loop/next.json",
    ])
    func aDownloadOutsideTheFolderTreeIsRefused(_ to: String) throws {
        let folder = try TemporaryFolder()
        let tour = folder.path + "/tour"
        try FileManager.default.createDirectory(atPath: tour, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: folder.path + "/elsewhere", withIntermediateDirectories: true)
        let links = ["out": folder.path + "/elsewhere", "dangling": "../missing", "up": "..", "loop": "loop"]
        for (name, destination) in links {
            try FileManager.default.createSymbolicLink(atPath: tour + "/" + name, withDestinationPath: destination)
        }
        #expect {
            try download(to: to, in: folder)
        } throws: { error in
            let text = (error as? InputError)?.description ?? ""
            let expected = to.hasPrefix("loop") ? "'\(to)' goes through too many symbolic links"
                : "tour/app.yaml:2: significantChange.download.to: '\(to)' is outside the manifest's folder (\(tour)): "
                + "a download may only write below the folder that holds the manifest"
            guard text.hasSuffix(expected) else {
                Issue.record("got: \(text)")
                return false
            }
            return true
        }
    }
}
