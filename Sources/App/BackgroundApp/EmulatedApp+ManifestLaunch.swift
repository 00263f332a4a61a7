extension EmulatedApp.Configuration {
    /// Launches the app as a run of `manifest` does (`bgtask simulate`, its `--users`, an `EmulatedPopulation`):
    /// with `usage:`, at the user's first open (a push before it launches the app into the background, as on
    /// iOS); with neither `usage:` nor `pushes:`, kept running in the background (nobody opens it); otherwise
    /// by the user at the start. `lifecycle:` steps never change it (CONTRACTS.md §12): they act on the app
    /// launched so.
    public mutating func chooseLaunch(for manifest: AppManifest) {
        if !manifest.usage.isEmpty {
            launch = .atFirstOpen
        } else if manifest.pushes.isEmpty {
            launch = .keptInBackground
        }
    }
}
