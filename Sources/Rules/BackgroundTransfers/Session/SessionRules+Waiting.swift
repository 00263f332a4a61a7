import BackgroundCore
import BackgroundDevice

extension SessionRules {
    /// Whether the system starts a transfer at its discretion: the session is discretionary, or the transfer
    /// was created while the app was in the background (``backgroundTransfersAreDiscretionary``).
    func isDiscretionary(_ configuration: SessionConfiguration, createdInBackground: Bool) -> Bool {
        configuration.isDiscretionary || (backgroundTransfersAreDiscretionary && createdInBackground)
    }

    /// What holds a transfer at `now`, or nil when it may run, in order: its earliest begin, the resume rate
    /// limiter, the network (``NetworkPath``), and for a discretionary one the system's discretion — Wi-Fi
    /// and external power under the eager policy; under the realistic one the device's ``SystemDiscretion``
    /// (`discretion`, asked only then; nil under the eager policy): a critically low battery, Low Power Mode,
    /// and on cellular the data budget.
    func waitReason(
        earliestBegin: SimTime?, rateLimitedUntil: SimTime?, isDiscretionary: Bool, network: NetworkPath,
        configuration: SessionConfiguration, now: SimTime, discretion: () -> SystemDiscretion.Decision?
    ) -> TransferWaitReason? {
        if let begin = earliestBegin, now < begin { return .earliestBegin }
        if let until = rateLimitedUntil, now < until { return .rateLimited }
        if let reason = network.waitReason(configuration) { return reason }
        guard isDiscretionary else { return nil }
        guard let decision = discretion() else {
            return network.interface == .wifi && network.hasExternalPower ? nil : .discretionary
        }
        return decision.reason.map(TransferWaitReason.init)
    }

    /// When a transfer waiting for `reason` is looked at again: its earliest begin, the end of the rate
    /// limit, the moment the data budget can pay for it (the `discretion`'s time); nil for a hold that ends
    /// with a change of the device or the app, not at a known moment.
    static func wakeMoment(
        for reason: TransferWaitReason, earliestBegin: SimTime?, rateLimitedUntil: SimTime?,
        discretion: () -> SystemDiscretion.Decision?
    ) -> SimTime? {
        switch reason {
        case .earliestBegin: earliestBegin
        case .rateLimited: rateLimitedUntil
        case .budget: discretion()?.time
        default: nil
        }
    }
}
