package import BackgroundCore
import BackgroundPushes

/// The pushes mode's part of the manifest: the `pushes:` timeline (what the server sends through APNs)
/// and `onPush:`, what the app does with a push (CONTRACTS.md section 6, docs/MANIFEST.md, docs/PUSH.md).
///
/// ```yaml
/// backgroundModes: [remote-notification]
/// pushes:
///   - {at: 10m, payload: push/sync.apns}
///   - {at: 12m, payload: {aps: {content-available: 1}, action: sync}, priority: 5, pushType: background}
/// onPush: {work: 5s, result: newData, submit: com.example.refresh}
/// ```
/// Reading the manifest refuses only a payload file that cannot be read or is not a JSON object (naming
/// the file, line, column and byte), or an inline payload that is not a mapping. Everything else is taken
/// as iOS takes it when the push is sent (``PushDelivery``): a notification is `push.displayed`, a payload
/// APNs would refuse (no `aps`, too large, `priority:` or `pushType:` that do not fit it) is
/// `push.rejected`. As with `xcrun simctl push BUNDLE FILE`, the manifest's `app` is the target: a file's
/// other `"Simulator Target Bundle"` is noted in the timeline (``PushMode``), not refused.
package struct PushSection: ManifestSection {
    package static let keys = ["pushes", "onPush"]
    static let pushKeys = ["at", "payload", "priority", "pushType", "expiration", "every", "jitter"]
    /// The shortest `every:`: a minute (the emulator's choice; APNs' advice is two or three an hour).
    static let shortestPeriod = Duration.seconds(60)
    static let handlerKeys = ["work", "result", "run"]

    /// `pushes:`, in the order given.
    package var pushes: [ManifestPush]
    /// `onPush:`, or the default handler (`work: 0s, result: newData`, no action).
    package var onPush: PushHandler

    package init(pushes: [ManifestPush] = [], onPush: PushHandler = PushHandler()) {
        self.pushes = pushes
        self.onPush = onPush
    }

    package init(_ manifest: ManifestMapping, in partial: AppManifest) throws(InputError) {
        self.init()
        for item in try manifest["pushes"]?.list() ?? [] { pushes.append(try Self.push(item)) }
        if let node = manifest["onPush"] { onPush = try Self.handler(node) }
    }

    private static func push(_ value: ManifestValue) throws(InputError) -> ManifestPush {
        let f = try value.mapping(allowed: pushKeys)
        var headers = PushHeaders()
        if let n = f["priority"] { headers.priority = try n.integer(in: 0...10) }
        if let n = f["pushType"] {
            headers.pushType = try n.string()
            guard headers.pushType?.isEmpty == false else { throw n.error("the push type is empty (expected alert, background or voip)") }
        }
        // `at` may be left out of a repeating push: it starts at the first launch.
        let at = f["every"] == nil ? try f.required("at") : f["at"]
        var push = ManifestPush(offset: try at?.duration() ?? .zero, payload: try payload(f.required("payload")), headers: headers)
        if let n = f["expiration"] { push.expiresAfter = try n.string() == "0" ? .zero : try n.duration() }
        if let n = f["every"] {
            let every = try n.duration()
            guard every >= shortestPeriod else { throw n.error("every is at least 1m (a push a minute)") }
            push.every = every
        }
        if let n = f["jitter"] {
            guard let every = push.every else { throw n.error("jitter belongs to a repeating push: give every too", line: n.keyLine) }
            push.jitter = try n.duration()
            guard push.jitter * 2 <= every else { throw n.error("jitter is at most half of every, so that the pushes stay in order") }
        }
        return push
    }

    /// A payload file (relative to the manifest's folder) or an inline mapping; only one that is not a JSON
    /// object is refused here.
    private static func payload(_ value: ManifestValue) throws(InputError) -> PushPayload {
        let payload: PushPayload
        if value.isMapping {
            let json = try value.jsonValue()
            do throws(PushPayloadError) {
                payload = try PushPayload(value: json, file: value.key)
            } catch {
                throw value.error(error.input.message)
            }
        } else {
            let path = try value.path()
            do throws(PushPayloadError) {
                payload = try PushPayload.read(path: path)
            } catch {
                // A problem inside the file names its byte or key; one with the whole file (missing,
                // unreadable) names the manifest's line that gives it too.
                guard case .none = error.input.place else { throw error.input }
                throw value.error(error.input.description)
            }
        }
        return payload
    }

    private static func handler(_ value: ManifestValue) throws(InputError) -> PushHandler {
        let (f, action) = try value.mappingWithAction(besides: handlerKeys)
        var handler = PushHandler(action: action)
        if let run = f["run"] {
            for key in ["work", "result"] {
                guard let other = f[key] else { continue }
                throw other.error("give either run (a command, whose exit status is the result) or work and result, not both", line: other.keyLine)
            }
            let command = try run.string()
            guard !command.isEmpty else { throw run.error("the command is empty") }
            handler.work = .command(command)
        } else {
            let work = try f["work"]?.duration() ?? .zero
            let result = try f["result"]?.choice(PushFetchResult.allCases, "push result") ?? .newData
            handler.work = .simulated(work, result: result)
        }
        return handler
    }
}

extension AppManifest {
    /// `pushes:`, in the order given; empty when the manifest was read without the ``PushSection``.
    package var pushes: [ManifestPush] { self[PushSection.self]?.pushes ?? [] }
}
