/// A call the app's code hands the system from whichever thread it runs on (a handler's `completion`), to be
/// run on the main queue (``EmulatedSystem/post(_:)``), where the emulator keeps its state.
package final class MainQueueCall: @unchecked Sendable {
    package let body: () -> Void

    package init(_ body: @escaping () -> Void) {
        self.body = body
    }
}
