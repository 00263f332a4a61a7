// The device's clock for the app's code in a test process (BackgroundTestKit's EmulatedDevice): imported
// only by BackgroundTestKit.
//
// - `clock_gettime` is defined here, so that the test executable, which links this object, exports it and
//   the shared libraries' calls (libFoundationEssentials' `Date()`, libFoundation's `Timer`) resolve to it,
//   as libfaketime's preloaded one does. While a virtual time is set, CLOCK_REALTIME (and its coarse form)
//   reads it, and for the app's code the monotonic clocks move with it; every other clock and caller, and
//   every clock the rest of the time, is the C library's.
// - The Swift runtime's enqueue hooks: jobs enqueued on the global and main executors are counted, and those
//   on the global executor while a device runs until they have run (the device lets time move on only once
//   the count stands still and none is left to run).
// - `dispatch_after_f` and `dispatch_after` are defined here too, as `clock_gettime` is: Swift's executors
//   on Linux put a `Task.sleep` through `dispatch_after_f`, and `DispatchQueue.asyncAfter` calls
//   `dispatch_after`. A sink may take the delayed work (the app's), and hands it back to its queue later,
//   on the device's clock; what it does not take waits on the machine's clock.
// - `CFRunLoopAddTimer` is defined here too: Foundation's `Timer.scheduledTimer` and `RunLoop.add(_:forMode:)`
//   call it (through libFoundation's PLT), so a sink may take a timer the app schedules and fire it on the
//   device's clock; what it does not take goes to the run loop as before.
// All four are weak: a program linked with a static libdispatch (`--static-swift-stdlib`, as `make release`
// links bgkit-bench) keeps libdispatch's own, and nothing is interposed there.
#ifndef CVIRTUALCLOCK_H
#define CVIRTUALCLOCK_H

#include <stdint.h>

/// Whether the calling thread runs the app's code.
typedef int (*bgkit_context_probe)(void);

/// A device starts at `nanoseconds_since_epoch`: CLOCK_REALTIME reads it, and for a caller `probe` says is the
/// app's code, CLOCK_MONOTONIC and CLOCK_BOOTTIME read their values now plus the virtual time elapsed since.
void bgkit_clock_start(int64_t nanoseconds_since_epoch, bgkit_context_probe probe);
/// Sets CLOCK_REALTIME to `nanoseconds` since the epoch, until `bgkit_clock_clear`.
void bgkit_clock_set_realtime(int64_t nanoseconds);
/// CLOCK_REALTIME is the machine's again.
void bgkit_clock_clear(void);

/// Work delayed with `dispatch_after(_f)`: its queue, and a function and context (a block is copied and
/// called through its invoke function).
typedef struct bgkit_delayed_work bgkit_delayed_work;

/// Takes work delayed by `delay_nanoseconds`: returns 1 when it took it (and hands it back later with
/// `bgkit_delayed_work_submit`), 0 to let it wait on the machine's clock.
typedef int (*bgkit_delayed_work_sink)(int64_t delay_nanoseconds, bgkit_delayed_work *work);

/// Installs the runtime hooks (once; later calls only change the sink). A nil sink leaves every delay real.
void bgkit_hooks_install(bgkit_delayed_work_sink sink);
/// Jobs enqueued on the global and main executors since the hooks were installed (Swift 6.3 on Linux puts
/// the main actor's jobs through the global hook as well).
uint64_t bgkit_enqueued_jobs(void);
/// Jobs put on the global executor while a device runs (but the device's own task's) that have not
/// finished running yet.
int64_t bgkit_pool_jobs_running(void);
/// The device's own task (the test's, which steps the engine), whose jobs are never counted.
void bgkit_device_task_set(void *task);
/// Hands taken work to its queue now (it then runs as soon as the queue takes it).
void bgkit_delayed_work_submit(bgkit_delayed_work *work);
/// Work handed back by `bgkit_delayed_work_submit` that has not finished running yet.
int64_t bgkit_delayed_work_running(void);

/// Takes a timer added to a run loop (`CFRunLoopTimerRef`): returns 1 when it took it (the run loop never
/// sees it), 0 to add it to the run loop as asked.
typedef int (*bgkit_timer_sink)(void *timer);
/// Sets the sink of timers (nil: every timer goes to its run loop).
void bgkit_timer_sink_set(bgkit_timer_sink sink);
/// The `info` of a timer's context: for a Foundation `Timer`, an unretained reference to it.
void *bgkit_timer_info(void *timer);

#endif
