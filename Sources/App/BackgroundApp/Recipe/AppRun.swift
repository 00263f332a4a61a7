package import BackgroundCore

/// One run of an emulated app, the one value every command makes its app with: the recipe, the manifest
/// (read once), the run's options (each mode's keyed by type), the code the app runs (nil: the manifest's),
/// and who listens — the sinks of the timeline (printers, the report, a user's tally, a test's keeper),
/// attached before anything is recorded, and who follows the app once made. `bgtask simulate`, each user of
/// a population (`--users`), `bgloc replay --app` and `bgloc live --app` run through it; each then drives
/// the engine as its input demands (virtual time to `--for`, a trace, gpsd and the control socket).
///
/// ```swift
/// var run = try AppRun(recipe: .standard, contentsOf: "app.yaml", options: options)
/// run.sinks.append { TimelinePrinter(format: .text).attach(to: $0) }
/// let engine = EventEngine(start: .defaultStart)
/// let app = try run.start(on: engine, timeline: run.timeline(on: engine))   // made, followed, launched
/// ```
package struct AppRun {
    package var recipe: AppRecipe
    /// The manifest, read once with the recipe's sections.
    package var manifest: AppManifest
    package var options: AppRecipe.Options
    /// The app's code; nil runs the manifest's handlers (``ManifestApp``).
    package var code: (any AppCode)?
    /// Attached to the run's timeline before anything is recorded, in order.
    package var sinks: [(Timeline) -> Void] = []
    /// Told of the app once it is made, before it starts, in order.
    package var followers: [(EmulatedApp) -> Void] = []

    package init(recipe: AppRecipe, manifest: AppManifest, options: AppRecipe.Options = AppRecipe.Options(), code: (any AppCode)? = nil) {
        self.recipe = recipe
        self.manifest = manifest
        self.options = options
        self.code = code
    }

    /// The run of the manifest at `path`, read with the recipe's sections.
    ///
    /// - Throws: ``InputError`` naming the file, the line and the key.
    package init(recipe: AppRecipe, contentsOf path: String, options: AppRecipe.Options = AppRecipe.Options()) throws(InputError) {
        self.init(recipe: recipe, manifest: try recipe.manifest(contentsOf: path), options: options)
    }

    /// The run's timeline on `engine`, with the sinks attached.
    package func timeline(on engine: EventEngine) -> Timeline {
        let timeline = Timeline(engine: engine)
        for sink in sinks { sink(timeline) }
        return timeline
    }

    /// The run's app on `engine` and `timeline` (the run's: ``timeline(on:)``), made with the recipe's modes
    /// and the run's options, followed, and started (``EmulatedApp/start()``).
    ///
    /// - Throws: ``InputError`` when a mode cannot be attached or the commands' log cannot be opened.
    package func start(on engine: EventEngine, timeline: Timeline) throws(InputError) -> EmulatedApp {
        let app = try recipe.app(manifest, engine: engine, timeline: timeline, options: options, code: code)
        for follower in followers { follower(app) }
        app.start()
        return app
    }
}
