// Darwin's time constants (<sys/time.h>, <dispatch/time.h>), which an iOS app's code reaches through Foundation
// and Linux's Glibc and Foundation do not declare: every Apple-named module re-exports this module for them.

/// Nanoseconds per second: 1,000,000,000, as Darwin's (`UInt64`).
public let NSEC_PER_SEC: UInt64 = 1_000_000_000
/// Nanoseconds per millisecond: 1,000,000.
public let NSEC_PER_MSEC: UInt64 = 1_000_000
/// Microseconds per second: 1,000,000.
public let USEC_PER_SEC: UInt64 = 1_000_000
/// Nanoseconds per microsecond: 1,000.
public let NSEC_PER_USEC: UInt64 = 1_000
