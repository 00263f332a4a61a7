package import AppControl
package import BackgroundApp
package import BackgroundCore

extension ControlServer {
    /// Makes the server a source of `run` answering `app`'s control verbs (every mode's), on the engine's
    /// owner: `bgloc live --app`'s control socket.
    package func add(to run: LiveRun, app: EmulatedApp) {
        add(to: run, verbs: app.controlVerbs.mapValues { verb in
            Verb(shape: verb.argument) { request in
                switch request.argument {
                case .name(let name): verb.perform(name, [])
                case .payload(let bytes): verb.perform("", bytes)
                }
            }
        })
    }
}
