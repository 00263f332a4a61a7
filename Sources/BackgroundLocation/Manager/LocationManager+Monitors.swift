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
