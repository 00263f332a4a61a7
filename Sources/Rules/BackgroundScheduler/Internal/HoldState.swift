import BackgroundDevice

/// What decides whether a pending request is held (``TaskWaitReason``), read from the scheduler once per
/// evaluation, so that the evaluation of every pending request reads these values and not the
/// scheduler's properties one by one.
struct HoldState {
    // The device and the user: its conditions, the kinds held after a force quit, the wait for the first
    // unlock, and a free place for a continued task.
    var conditions: DeviceConditions, heldKinds: Set<TaskKind>, isWaitingForFirstUnlock: Bool, hasContinuedPlace: Bool
    // The system's discretion, under the realistic policy only: on battery below the critical level, the app
    // used within the processing usage window, opened within the usage window.
    var isRealistic: Bool, isBatteryCritical: Bool, wasUsedRecently: Bool, wasOpenedRecently: Bool

    /// Why `request` may not launch, its earliest begin aside (nil: it may), in the order docs/SCHEDULER.md
    /// gives ("Why a task waits").
    func reason(for request: TaskRequest) -> TaskWaitReason? {
        let kind = request.kind
        if kind != .continued {
            if isWaitingForFirstUnlock { return .beforeFirstUnlock }
            if !conditions.backgroundRefresh { return .backgroundRefreshOff }
        }
        if heldKinds.contains(kind) { return .forceQuit }
        if kind == .refresh, conditions.lowPower { return .lowPowerMode }
        if isRealistic, kind != .continued, isBatteryCritical { return .lowBattery }
        if !conditionsAllow(request) { return .conditions }
        guard isRealistic else { return nil }
        if kind == .processing, !wasUsedRecently { return .appUsage }
        if kind == .refresh, !wasOpenedRecently { return .appUsage }
        return nil
    }

    /// True when the conditions let a task of this request run (earliest begin aside): a continued task
    /// needs a free place among the running ones.
    func conditionsAllow(_ request: TaskRequest) -> Bool {
        switch request.parameters {
        case .continued:
            return hasContinuedPlace
        case .processing(let processing):
            return conditions.backgroundRefresh && conditions.idle
                && (!processing.requiresNetworkConnectivity || conditions.network != .none)
                && (!processing.requiresExternalPower || conditions.power.isExternal)
        case .refresh:
            return conditions.backgroundRefresh && !conditions.lowPower
        }
    }
}
