/// What decides whether a pending request is held (``TaskWaitReason``), read from the scheduler once per
/// evaluation, so that the evaluation of every pending request reads these values and not the
/// scheduler's properties one by one.
struct HoldState {
    var conditions: DeviceConditions
    var heldKinds: Set<TaskKind>
    var isWaitingForFirstUnlock: Bool
    /// Whether the realistic policy is on: the system's discretion holds requests too.
    var isRealistic: Bool
    /// On battery below the critical level (realistic policy).
    var isBatteryCritical: Bool
    /// The app was used within the processing usage window (realistic policy).
    var wasUsedRecently: Bool
    /// The user opened the app within the discretion's usage window (realistic policy).
    var wasOpenedRecently: Bool
    /// Fewer continued tasks run than may.
    var hasContinuedPlace: Bool

    /// Why `request` may not launch, its earliest begin aside (nil: it may), in the order docs/SCHEDULER.md
    /// gives ("Why a task waits").
    func reason(for request: BGTaskRequest) -> TaskWaitReason? {
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
    func conditionsAllow(_ request: BGTaskRequest) -> Bool {
        switch request {
        case is BGContinuedProcessingTaskRequest:
            return hasContinuedPlace
        case let processing as BGProcessingTaskRequest:
            return conditions.backgroundRefresh && conditions.idle
                && (!processing.requiresNetworkConnectivity || conditions.network != .none)
                && (!processing.requiresExternalPower || conditions.power.isExternal)
        default:
            return conditions.backgroundRefresh && !conditions.lowPower
        }
    }
}
