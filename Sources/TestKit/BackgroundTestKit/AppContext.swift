/// Whether the running task is the app's code on the emulated device: set around the device's calls into the
/// app, and inherited by the `Task`s the app starts there, so that their `Task.sleep`s run on the device's
/// clock while the test's own tasks keep the machine's.
enum AppContext {
    @TaskLocal static var isAppCode = false
}
