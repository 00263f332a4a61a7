import BackgroundCore

extension LocationManager {
    /// The service of the monitor `name`, made (from the store's record, if any) the first time.
    func monitorService(named name: String) -> MonitorService {
        if let service = monitorServices[name] { return service }
        let service = MonitorService(name: name, manager: self, stored: storedMonitors[name])
        storedMonitors[name] = nil
        monitorServices[name] = service
        observers.append(service)
        return service
    }

    /// Adds `listener`, told of each monitor event (the monitor's name and the event) as it is recorded,
    /// whether or not a monitor of that name is open: how the emulator wakes or relaunches the app for it, as
    /// iOS does for CLMonitor's events, beside the monitor's own ``LocationMonitor/events``.
    public func addMonitorEventListener(_ listener: @escaping (_ monitor: String, _ event: LocationMonitor.Event) -> Void) {
        monitorEventListeners.append(listener)
    }

    /// How many conditions the app's monitors watch together (``LocationManagerConfiguration/conditionLimit``).
    var watchedConditionCount: Int { monitorServices.values.reduce(0) { $0 + $1.watchedCount } }

    /// Reads the store and starts watching every monitor it holds, before any is opened.
    func restoreMonitors() {
        guard let monitorStore else { return }
        do {
            storedMonitors = try monitorStore.load()
            monitorPersistenceFailed = false
        } catch {
            failPersistence(error)
        }
        for name in storedMonitors.keys.sorted() { _ = monitorService(named: name) }
    }

    /// Writes a monitor to the store; a failure is reported once and marks later events.
    func saveMonitor(_ monitor: StoredMonitor, name: String) {
        guard let monitorStore else { return }
        do {
            try monitorStore.save(monitor, name: name)
        } catch {
            failPersistence(error)
        }
    }

    private func failPersistence(_ error: any Error) {
        guard !monitorPersistenceFailed else { return }
        monitorPersistenceFailed = true
        timeline.record(.error(
            message: "the monitor store failed (\(error)); conditions are watched but not kept across relaunches",
            code: "persistenceUnavailable"))
    }
}
