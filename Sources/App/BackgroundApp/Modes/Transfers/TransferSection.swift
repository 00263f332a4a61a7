package import BackgroundCore
package import BackgroundTransfers

/// The transfers mode's part of the manifest: the background `session:` and the `server:` list that
/// scripts the emulated server; it gives actions their `upload:` and `download:` keys (CONTRACTS.md
/// section 5, docs/MANIFEST.md).
///
/// ```yaml
/// session: {id: com.example.tour.transfers, allowsExpensive: false, requestTimeout: 30s}
/// server:
///   - {url: "https://example.org/visits/*", answers: [{drop: 40000}, 503, 201]}
/// regions:
///   - id: museum
///     lat: 47.3769
///     lon: 8.5417
///     radius: 200
///     onEnter: {upload: {file: visits.log, to: "https://example.org/visits/museum.log"}}
/// ```
/// Without `session:` the session is `SessionConfiguration(identifier: "<app>.transfers")`, Apple's
/// defaults. Every URL is checked when the manifest is read (an action's must be `http` or `https` with a
/// host; a `server:` pattern must start with `http://` or `https://`), and so is a download's file, which
/// must lie inside the manifest's folder tree; an upload's file need not exist yet.
package struct TransferSection: ManifestSection {
    package static let keys = ["session", "server"]
    static let sessionKeys = [
        "id", "discretionary", "allowsCellular", "allowsExpensive", "allowsConstrained", "sendsLaunchEvents",
        "requestTimeout", "resourceTimeout",
    ]
    static let serverKeys = ["url", "answers", "size", "ranges", "bytesPerSecond"]
    static let uploadKeys = ["file", "to", "method", "expectedBytes", "earliestBegin"]
    static let downloadKeys = ["from", "to", "expectedBytes", "earliestBegin"]

    /// `upload:` and `download:`.
    package static var actions: [ManifestActionKind] {
        [
            ManifestActionKind("upload") { value, _ throws(InputError) in try upload(value) },
            ManifestActionKind("download") { value, _ throws(InputError) in try download(value) },
        ]
    }

    /// `session:`, or the default session of the app.
    package var session: SessionConfiguration
    /// `server:`, in the order given (the first entry that matches a URL wins).
    package var server: [ServerRule]

    package init(session: SessionConfiguration, server: [ServerRule] = []) {
        self.session = session
        self.server = server
    }

    package init(_ manifest: ManifestMapping, in partial: AppManifest) throws(InputError) {
        self.init(session: SessionConfiguration(identifier: partial.app + ".transfers"))
        if let node = manifest["session"] { session = try Self.session(node, app: partial.app) }
        for item in try manifest["server"]?.list() ?? [] { server.append(try Self.rule(item)) }
    }

    private static func session(_ value: ManifestValue, app: String) throws(InputError) -> SessionConfiguration {
        let f = try value.mapping(allowed: sessionKeys)
        var session = SessionConfiguration(identifier: app + ".transfers")
        if let id = f["id"] {
            let identifier = try id.string()
            guard !identifier.isEmpty,
                  !identifier.unicodeScalars.contains(where: { $0.properties.generalCategory == .control })
            else { throw id.error("'\(ManifestValue.shown(identifier))' is not a session identifier (it is empty or has control characters)") }
            session.identifier = identifier
        }
        if let n = f["discretionary"] { session.isDiscretionary = try n.bool() }
        if let n = f["allowsCellular"] { session.allowsCellularAccess = try n.bool() }
        if let n = f["allowsExpensive"] { session.allowsExpensiveNetworkAccess = try n.bool() }
        if let n = f["allowsConstrained"] { session.allowsConstrainedNetworkAccess = try n.bool() }
        if let n = f["sendsLaunchEvents"] { session.sessionSendsLaunchEvents = try n.bool() }
        if let n = f["requestTimeout"] { session.timeoutIntervalForRequest = try n.positiveDuration() }
        if let n = f["resourceTimeout"] { session.timeoutIntervalForResource = try n.positiveDuration() }
        return session
    }

    private static func rule(_ value: ManifestValue) throws(InputError) -> ServerRule {
        let f = try value.mapping(allowed: serverKeys)
        var rule = ServerRule(url: try f.required("url").webURLPattern())
        for item in try f["answers"]?.list() ?? [] { rule.answers.append(try answer(item)) }
        if let n = f["size"] { rule.size = try n.byteCount() }
        if let n = f["ranges"] { rule.ranges = try n.bool() }
        if let n = f["bytesPerSecond"] { rule.bytesPerSecond = try n.byteRate() }
        return rule
    }

    /// One of `answers:`: a status, `{drop: BYTES}`, `stall` or `refuse`.
    private static func answer(_ value: ManifestValue) throws(InputError) -> ServerRule.Answer {
        if value.isMapping {
            return .drop(afterBytes: try value.mapping(allowed: ["drop"]).required("drop").byteCount())
        }
        let text = try value.string()
        switch text {
        case "stall": return .stall
        case "refuse": return .refuse
        default:
            guard let status = Int(text), (100...599).contains(status) else {
                throw value.error("'\(ManifestValue.shown(text))' is not an answer "
                    + "(expected an HTTP status 100...599, stall, refuse or {drop: BYTES})")
            }
            return .status(status)
        }
    }

    private static func upload(_ value: ManifestValue) throws(InputError) -> ManifestUpload {
        let f = try value.mapping(allowed: uploadKeys)
        var upload = ManifestUpload(file: try f.required("file").absolutePath(), url: try f.required("to").webURL())
        if let n = f["method"] { upload.method = try n.choice(ManifestUpload.Method.allCases, "upload method") }
        if let n = f["expectedBytes"] { upload.expectedBytes = try n.byteCount() }
        if let n = f["earliestBegin"] { upload.earliestBegin = try n.duration() }
        return upload
    }

    private static func download(_ value: ManifestValue) throws(InputError) -> ManifestDownload {
        let f = try value.mapping(allowed: downloadKeys)
        var download = ManifestDownload(url: try f.required("from").webURL(), file: try f.required("to").pathInsideManifestFolder())
        if let n = f["expectedBytes"] { download.expectedBytes = try n.byteCount() }
        if let n = f["earliestBegin"] { download.earliestBegin = try n.duration() }
        return download
    }
}

extension AppManifest {
    /// `session:`, or the default session of the app; nil when the manifest was read without the
    /// ``TransferSection``.
    package var session: SessionConfiguration? { self[TransferSection.self]?.session }
    /// `server:`, in the order given.
    package var server: [ServerRule] { self[TransferSection.self]?.server ?? [] }
}

extension ManifestAction {
    /// `upload:`, a file to send.
    package var upload: ManifestUpload? { value("upload") }
    /// `download:`, a URL to fetch into a file.
    package var download: ManifestDownload? { value("download") }
}
