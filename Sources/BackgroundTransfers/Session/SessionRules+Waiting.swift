import BackgroundCore

extension SessionRules {
    /// Whether the system starts a transfer at its discretion: the session is discretionary, or the transfer
    /// was created while the app was in the background (``backgroundTransfersAreDiscretionary``).
    func isDiscretionary(_ configuration: SessionConfiguration, createdInBackground: Bool) -> Bool {
        configuration.isDiscretionary || (backgroundTransfersAreDiscretionary && createdInBackground)
    }

    /// What holds a transfer at `now`, or nil when it may run, in order: its earliest begin, the resume rate
    /// limiter, the network (``NetworkPath``), and for a discretionary one the system's discretion — Wi-Fi
    /// and external power under the eager policy; under the realistic one (``discretion``) a critically low
    /// battery, Low Power Mode, and on cellular the data budget (`cellularTime`: when it can pay for the
    /// transfer, asked only then).
    func waitReason(
        earliestBegin: SimTime?, rateLimitedUntil: SimTime?, isDiscretionary: Bool, network: NetworkPath,
        configuration: SessionConfiguration, now: SimTime, cellularTime: () -> SimTime?
    ) -> TransferWaitReason? {
        if let begin = earliestBegin, now < begin { return .earliestBegin }
        if let until = rateLimitedUntil, now < until { return .rateLimited }
        if let reason = network.waitReason(configuration) { return reason }
        guard isDiscretionary else { return nil }
        guard discretion != nil else { return network.interface == .wifi && network.hasExternalPower ? nil : .discretionary }
        if network.isBatteryCriticallyLow { return .lowBattery }
        if network.isLowPowerMode { return .lowPowerMode }
        if network.interface == .cellular, cellularTime() != now { return .budget }
        return nil
    }

    /// When a transfer waiting for `reason` is looked at again: its earliest begin, the end of the rate
    /// limit, the moment the data budget can pay for it (`cellularTime`); nil for a hold that ends with a
    /// change of the device or the app, not at a known moment.
    static func wakeMoment(
        for reason: TransferWaitReason, earliestBegin: SimTime?, rateLimitedUntil: SimTime?, cellularTime: () -> SimTime?
    ) -> SimTime? {
        switch reason {
        case .earliestBegin: earliestBegin
        case .rateLimited: rateLimitedUntil
        case .budget: cellularTime()
        default: nil
        }
    }
}
