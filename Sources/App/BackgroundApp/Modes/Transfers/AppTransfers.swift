package import BackgroundCore
package import BackgroundDevice
package import BackgroundTransfers

/// An app's background session, as a manifest describes it: the session of its `session:` key, the
/// network its device conditions give, and the transfers its `upload:` and `download:` actions create.
///
/// ``TransferMode`` hosts one inside an ``EmulatedApp`` (with the app's lifecycle: wakes, relaunches).
///
/// ```swift
/// let transfers = AppTransfers(
///     manifest: manifest, engine: engine, timeline: timeline,
///     attempts: SimulatedTransfers(engine: engine, server: manifest.server), appState: .background)
/// transfers.update(conditions: device.conditions)
/// transfers.perform(action)          // its upload: and download:, if any
/// ```
package final class AppTransfers {
    package let session: BackgroundSession
    private let engine: EventEngine
    private let timeline: Timeline

    /// The session of `manifest` (its `session:`, or `<app>.transfers` with Apple's defaults), performing
    /// its attempts with `attempts`, keeping pending transfers in `store`, asking the device's `discretion`;
    /// the app is in `appState`.
    package init(
        manifest: AppManifest, engine: EventEngine, timeline: Timeline, attempts: any TransferAttempts,
        store: (any TransferStore)? = nil, rules: SessionRules = SessionRules(), discretion: SystemDiscretion? = nil,
        appState: LifecycleState
    ) {
        self.engine = engine
        self.timeline = timeline
        session = BackgroundSession(
            configuration: manifest.session ?? SessionConfiguration(identifier: manifest.app + ".transfers"), engine: engine,
            timeline: timeline, attempts: attempts, store: store, rules: rules, discretion: discretion, appState: appState)
    }

    /// The device's conditions changed: the session sees the network they describe.
    package func update(conditions: DeviceConditions) {
        session.update(network: NetworkPath(conditions))
    }

    /// Creates the transfers of `action`'s `upload:` and `download:` (an `earliestBegin:` counts from now);
    /// one the session cannot keep is an `error` event.
    package func perform(_ action: ManifestAction) {
        if let upload = action.upload {
            let request = SessionRequest(
                url: upload.url, method: upload.method.rawValue, earliestBeginDate: upload.earliestBegin.map { engine.now + $0 },
                countOfBytesClientExpectsToSend: upload.expectedBytes)
            create { () throws(SessionError) in try session.uploadTask(with: request, fromFile: upload.file) }
        }
        if let download = action.download {
            let request = SessionRequest(
                url: download.url, earliestBeginDate: download.earliestBegin.map { engine.now + $0 },
                countOfBytesClientExpectsToReceive: download.expectedBytes)
            create { () throws(SessionError) in try session.downloadTask(with: request, to: download.file) }
        }
    }

    private func create(_ task: () throws(SessionError) -> Int) {
        do throws(SessionError) {
            _ = try task()
        } catch {
            timeline.record(.error(message: "the transfer was not created: \(error.message)", code: "transfer"))
        }
    }
}
