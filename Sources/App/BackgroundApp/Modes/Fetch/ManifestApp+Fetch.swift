import BackgroundCore
package import BackgroundPushes

extension ManifestApp {
    /// `backgroundFetch:`: works `work:`, then calls the completion handler with `result:`.
    package func application(_ app: EmulatedApp, performFetchWithCompletionHandler completionHandler: @escaping (PushFetchResult) -> Void) {
        let section = app.manifest[FetchSection.self] ?? FetchSection()
        fetchWork = app.engine.schedule(after: section.work) { [unowned self] in
            fetchWork = nil
            completionHandler(section.result)
        }
    }
}
