import BackgroundCore

extension TransferRules {
    /// What happened, as the rules hear of it. An event that stops running attempts (a network change, a
    /// force quit, the deadline, a cancel) carries what the stopped attempts left: the façade stops the
    /// attempts the rules name (``TransferRules/interrupted(by:at:)``, ``TransferRules/runningIDs``) first.
    enum Event {
        /// Transfers a store kept from an earlier run, with an upload's file size as it is now.
        case restored([(pending: PendingTransfer, uploadSize: Int64?)])
        /// The app created a task (already written to the store when accepted); `uploadSize` is nil for a
        /// download, and for an upload whose file cannot be read.
        case created(PendingTransfer, isData: Bool, uploadSize: Int64?)
        /// The device's network changed; `resumes`: what the interrupted attempts left.
        case networkChanged(NetworkPath, resumes: [Int: ResumePoint])
        /// The app moved to a state (its data tasks' attempts are stopped first when it leaves running).
        case appChanged(LifecycleState)
        /// The user force-quit the app; `resumes`: what the stopped attempts left.
        case forceQuit(resumes: [Int: ResumePoint])
        /// The device restarted.
        case deviceRestarted
        /// A transfer's look-again moment came (the end of a hold or of a backoff).
        case timerFired(Int)
        /// A transfer's `timeoutIntervalForResource` passed; `resume`: what its stopped attempt left.
        case deadlinePassed(Int, resume: ResumePoint?)
        /// The app cancelled a transfer; `resume`: what its stopped attempt left.
        case cancelled(Int, resume: ResumePoint?)
        /// The transport started a transfer's attempt, from `offset` bytes of a download kept from before.
        case attemptStarted(Int, offset: Int64)
        /// The transport's outcome of a transfer's attempt.
        case attemptFinished(Int, Result<TransferResponse, TransportError>)
        /// The moment after a transfer ended while the app did not run (``Action/askForApp``).
        case launchDue
    }

    /// What the façade does, in order: each case is one effect, its reasons in its payload. The cases that
    /// carry a whole transfer or attempt are boxed (`indirect`: one allocation each, and only with a store
    /// or at a start or an end), so that an action is small to copy into the list and out of it.
    enum Action: Hashable {
        /// Write the transfer to the store (then forget again what the store failed to forget).
        indirect case save(PendingTransfer)
        /// Record a `transfer.*` event: created, waiting for a reason, started, retrying for a reason.
        case record(TransferRecord)
        /// Begin the attempt on the transport (the transfer starts).
        indirect case start(TransferAttempt)
        /// Look at the transfer again at the moment (the end of a hold, or of a retry's backoff), replacing
        /// the look set before.
        case lookAgain(transfer: Int, at: SimTime)
        /// Fail the transfer at the moment unless it ends first (`timeoutIntervalForResource`).
        case setDeadline(transfer: Int, at: SimTime)
        /// The transfer ended: cancel its timers, write its outcome (`kept`; nil for a data task, or with no
        /// store), record `transfer.completed` or `transfer.failed` with its error.
        indirect case end(transfer: Int, kept: PendingTransfer?, TransferRecord)
        /// Deliver a delegate call to the app's listeners.
        case deliver(SessionEvent)
        /// The app had the ended transfers' events: the store forgets them (and what it failed to forget).
        case forget([Int])
        /// Ask for the app after whatever else ends at this moment (``Event/launchDue``), so that one launch
        /// delivers them all.
        case askForApp
        /// Wake (`relaunch` false) or relaunch the app for its events: `session.events`, then
        /// ``SessionEvent/launchApp(relaunch:)``.
        case launchApp(relaunch: Bool)
        /// Pay `bytes` of cellular data, what the event's starts and ends of discretionary transfers used,
        /// out of the device's data budget (``SystemDiscretion/spendCellular(_:at:)``) at the moment. At most
        /// one, first in the list: the device's budget is as the rules left it before an effect (an attempt
        /// that reports at once, a delegate call) can bring the next event.
        case spendCellular(bytes: Int64)
    }
}
