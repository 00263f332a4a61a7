// Apple's Combine, the part an iOS app's background services use (CONTRACTS §14, "Around the handlers"):
// publishers, subscribers and demand, subjects, `@Published` and `ObservableObject`, the common operators, the
// schedulers of Dispatch, RunLoop and OperationQueue, and Foundation's `NotificationCenter` and `Timer`
// publishers, with Apple's spellings and semantics. Timed work goes through Foundation's `Timer` and Dispatch's
// `asyncAfter`, which the emulated device runs on its clock. Foundation comes with it, as with bgkit's other
// Apple-named modules.
@_exported import Foundation
