/// The VoIP pushes whose handler runs and has not reported its call yet, which PushKit hands in and CallKit's
/// `reportNewIncomingCall` takes out (the oldest first): how the two Apple-named modules, which do not know
/// each other, as Apple's do not, meet on the emulated device. Main queue only.
package enum EmulatedCallReports {
    private nonisolated(unsafe) static var pending: [(push: Int, report: () -> Void)] = []
    private nonisolated(unsafe) static var handed = 0

    /// A VoIP push was handed to the app's code: `report` tells the system that its call was reported. The
    /// number returned names it to ``finished(_:)``.
    package static func expect(_ report: @escaping () -> Void) -> Int {
        handed += 1
        pending.append((handed, report))
        return handed
    }

    /// The app reported an incoming call: the oldest push whose handler runs without one has it.
    package static func reported() {
        guard !pending.isEmpty else { return }
        pending.removeFirst().report()
    }

    /// Push `push`'s handler completed: a call reported later is not its.
    package static func finished(_ push: Int) {
        pending.removeAll { $0.push == push }
    }

    /// The app's process ended: nothing waits.
    package static func reset() {
        pending = []
    }
}
