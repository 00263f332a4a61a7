// Apple's BackgroundTasks framework, its Swift surface on the emulated device (CONTRACTS §11): the requests,
// the tasks and `BGTaskScheduler.shared`, with Apple's spellings. Foundation comes with it, as with Apple's.
@_exported import Foundation
@_exported import EmulatedFoundation  // Darwin's time constants (NSEC_PER_SEC…), which Linux's Foundation lacks
