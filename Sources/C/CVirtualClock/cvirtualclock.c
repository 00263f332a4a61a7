#define _GNU_SOURCE
#include "cvirtualclock.h"
#include <dlfcn.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdlib.h>
#include <time.h>

// MARK: clock_gettime

typedef int (*clock_gettime_fn)(clockid_t, struct timespec *);

static _Atomic int64_t virtual_realtime = 0;
static _Atomic int virtual_on = 0;
static _Atomic(clock_gettime_fn) system_clock_gettime = NULL;

/// The definition of `name` that this file's own hides (the C library's, libdispatch's, CoreFoundation's).
static void *next(const char *name) {
    return dlsym(RTLD_NEXT, name);
}

static clock_gettime_fn system_clock(void) {
    clock_gettime_fn fn = atomic_load_explicit(&system_clock_gettime, memory_order_acquire);
    if (fn == NULL) {
        fn = (clock_gettime_fn)next("clock_gettime");
        atomic_store_explicit(&system_clock_gettime, fn, memory_order_release);
    }
    return fn;
}

// The device's monotonic clocks, for the app's code only: while a device runs, a caller the probe says is
// the app's code reads CLOCK_MONOTONIC and CLOCK_BOOTTIME as the machine's values at the device's start plus
// the virtual time elapsed since, so that a deadline it computes (`ContinuousClock.now + 20 s`,
// `DispatchTime.now() + 90`) lies exactly that far ahead on the device, however long the machine then takes
// to reach the `dispatch_after` that carries it.
static _Atomic int64_t virtual_start = 0;
static _Atomic int64_t monotonic_base = 0;
static _Atomic int64_t boottime_base = 0;
static _Atomic(bgkit_context_probe) app_probe = NULL;

static int64_t nanoseconds(struct timespec time) {
    return (int64_t)time.tv_sec * 1000000000 + time.tv_nsec;
}

static struct timespec timespec_of(int64_t nanoseconds) {
    return (struct timespec){.tv_sec = (time_t)(nanoseconds / 1000000000), .tv_nsec = (long)(nanoseconds % 1000000000)};
}

static int is_app_code(void) {
    bgkit_context_probe probe = atomic_load_explicit(&app_probe, memory_order_acquire);
    return probe != NULL && probe();
}

static int is_monotonic(clockid_t clock) {
    return clock == CLOCK_MONOTONIC || clock == CLOCK_MONOTONIC_COARSE || clock == CLOCK_MONOTONIC_RAW
        || clock == CLOCK_BOOTTIME;
}

/// The clock as the caller sees it: the device's for the app's code, the machine's otherwise.
static int read_clock(clockid_t clock, struct timespec *time) {
    if (atomic_load_explicit(&virtual_on, memory_order_acquire)) {
        int64_t now = atomic_load_explicit(&virtual_realtime, memory_order_acquire);
        if (clock == CLOCK_REALTIME || clock == CLOCK_REALTIME_COARSE) {
            *time = timespec_of(now);
            return 0;
        }
        if (is_monotonic(clock) && is_app_code()) {
            int64_t base = atomic_load_explicit(clock == CLOCK_BOOTTIME ? &boottime_base : &monotonic_base, memory_order_acquire);
            *time = timespec_of(base + now - atomic_load_explicit(&virtual_start, memory_order_acquire));
            return 0;
        }
    }
    return system_clock()(clock, time);
}

__attribute__((weak, visibility("default"))) int clock_gettime(clockid_t clock, struct timespec *time) {
    return read_clock(clock, time);
}

void bgkit_clock_start(int64_t nanoseconds_since_epoch, bgkit_context_probe probe) {
    struct timespec monotonic, boottime;
    system_clock()(CLOCK_MONOTONIC, &monotonic);
    system_clock()(CLOCK_BOOTTIME, &boottime);
    atomic_store_explicit(&monotonic_base, nanoseconds(monotonic), memory_order_release);
    atomic_store_explicit(&boottime_base, nanoseconds(boottime), memory_order_release);
    atomic_store_explicit(&virtual_start, nanoseconds_since_epoch, memory_order_release);
    atomic_store_explicit(&app_probe, probe, memory_order_release);
    bgkit_clock_set_realtime(nanoseconds_since_epoch);
}

void bgkit_clock_set_realtime(int64_t nanoseconds) {
    atomic_store_explicit(&virtual_realtime, nanoseconds, memory_order_release);
    atomic_store_explicit(&virtual_on, 1, memory_order_release);
}

void bgkit_clock_clear(void) {
    atomic_store_explicit(&virtual_on, 0, memory_order_release);
}

// MARK: The Swift runtime's hooks (swift/Runtime/Concurrency.h; they use the Swift calling convention)

typedef void *Job;
typedef __attribute__((swiftcall)) void (*enqueue_original)(Job job);

extern void *swift_task_enqueueGlobal_hook;
extern void *swift_task_enqueueMainExecutor_hook;

static _Atomic uint64_t enqueued = 0;
static _Atomic(bgkit_delayed_work_sink) delayed_sink = NULL;
static _Atomic int installed = 0;

static __attribute__((swiftcall)) void enqueue_counted(Job job, enqueue_original original) {
    atomic_fetch_add_explicit(&enqueued, 1, memory_order_relaxed);
    original(job);
}

// While a device runs, every job on Swift's global executor but the device's own task (a nonisolated async
// function the app's code calls, a task it starts off the main actor, the hop of `Task.sleep`) runs on a
// thread of the pool, perhaps much later when the pool is busy: it is counted from its enqueueing until it
// has run, so that the device's time waits for it. (The runtime calls this hook after it has left the
// enqueueing task, so the app's task-locals cannot tell the app's jobs from others here.) It runs as the
// runtime's own global executor runs a job (swift/Runtime/Concurrency.h: `swift_job_run` on the generic
// executor), on libdispatch's default global queue.
typedef struct { void *identity; uintptr_t implementation; } serial_executor_ref;
extern __attribute__((swiftcall)) void swift_job_run(Job job, serial_executor_ref executor);
typedef void *(*dispatch_get_global_queue_fn)(long, unsigned long);
typedef void (*dispatch_async_f_fn)(void *, void *, void (*)(void *));

static _Atomic int64_t pool_jobs = 0;
static _Atomic(void *) device_task = NULL;

static void run_pool_job(void *job) {
    swift_job_run(job, (serial_executor_ref){NULL, 0});
    atomic_fetch_sub_explicit(&pool_jobs, 1, memory_order_acq_rel);
}

static __attribute__((swiftcall)) void enqueue_global(Job job, enqueue_original original) {
    atomic_fetch_add_explicit(&enqueued, 1, memory_order_relaxed);
    if (!atomic_load_explicit(&virtual_on, memory_order_acquire) || job == atomic_load_explicit(&device_task, memory_order_acquire)) {
        original(job);
        return;
    }
    static _Atomic(dispatch_get_global_queue_fn) get_queue = NULL;
    static _Atomic(dispatch_async_f_fn) async_f = NULL;
    if (atomic_load(&get_queue) == NULL) atomic_store(&get_queue, (dispatch_get_global_queue_fn)next("dispatch_get_global_queue"));
    if (atomic_load(&async_f) == NULL) atomic_store(&async_f, (dispatch_async_f_fn)next("dispatch_async_f"));
    atomic_fetch_add_explicit(&pool_jobs, 1, memory_order_acq_rel);
    atomic_load(&async_f)(atomic_load(&get_queue)(0x15 /* QOS_CLASS_DEFAULT */, 0), job, run_pool_job);
}

void bgkit_device_task_set(void *task) {
    atomic_store_explicit(&device_task, task, memory_order_release);
}

void bgkit_hooks_install(bgkit_delayed_work_sink sink) {
    atomic_store_explicit(&delayed_sink, sink, memory_order_release);
    int expected = 0;
    if (!atomic_compare_exchange_strong(&installed, &expected, 1)) return;
    swift_task_enqueueGlobal_hook = (void *)enqueue_global;
    swift_task_enqueueMainExecutor_hook = (void *)enqueue_counted;
}

int64_t bgkit_pool_jobs_running(void) {
    return atomic_load_explicit(&pool_jobs, memory_order_acquire);
}

uint64_t bgkit_enqueued_jobs(void) {
    return atomic_load_explicit(&enqueued, memory_order_relaxed);
}

// MARK: dispatch_after

typedef uint64_t dispatch_time_value;
typedef void *dispatch_queue_value;
typedef void (*dispatch_function)(void *);
typedef void (*dispatch_after_f_fn)(dispatch_time_value, dispatch_queue_value, void *, dispatch_function);
typedef void (*dispatch_after_fn)(dispatch_time_value, dispatch_queue_value, void *);
typedef void *(*block_copy_fn)(const void *);
typedef void (*block_release_fn)(const void *);
typedef void (*dispatch_retain_fn)(void *);

/// The start of a block's layout (the Blocks ABI): its invoke function takes the block.
struct block_layout {
    void *isa;
    int flags;
    int reserved;
    void (*invoke)(void *);
};

struct bgkit_delayed_work {
    dispatch_queue_value queue;
    void *context;
    dispatch_function function;
    void *block;
};

static _Atomic int64_t running_work = 0;

/// The delay until `when` on its clock, or -1 when it is not a delay the sink can take (a wall time, or for
/// ever). libdispatch's encoding: bit 63 clear, uptime (CLOCK_MONOTONIC); bits 63 and 62 set, a wall time;
/// bit 63 alone, monotonic time (CLOCK_BOOTTIME: Swift's ContinuousClock); the rest is nanoseconds.
static int64_t delay_until(dispatch_time_value when) {
    if (when == ~0ull) return -1;  // DISPATCH_TIME_FOREVER
    int boottime = (when >> 63) != 0;
    if (boottime && ((when >> 62) & 1)) return -1;  // a wall time
    int64_t deadline = (int64_t)(when & ~(1ull << 63));
    if (deadline == 0) return 0;  // DISPATCH_TIME_NOW
    struct timespec now;
    read_clock(boottime ? CLOCK_BOOTTIME : CLOCK_MONOTONIC, &now);
    int64_t delay = deadline - nanoseconds(now);
    return delay < 0 ? 0 : delay;
}

static int offer(dispatch_time_value when, dispatch_queue_value queue, void *context, dispatch_function function, void *block) {
    bgkit_delayed_work_sink sink = atomic_load_explicit(&delayed_sink, memory_order_acquire);
    if (sink == NULL) return 0;
    int64_t delay = delay_until(when);
    if (delay < 0) return 0;
    struct bgkit_delayed_work *work = malloc(sizeof *work);
    if (work == NULL) return 0;
    work->queue = queue;
    work->context = context;
    work->function = function;
    work->block = block;
    if (sink(delay, work)) {
        ((dispatch_retain_fn)next("dispatch_retain"))(queue);
        if (block != NULL) work->block = ((block_copy_fn)next("_Block_copy"))(block);
        return 1;
    }
    free(work);
    return 0;
}

__attribute__((weak, visibility("default"))) void dispatch_after_f(
    dispatch_time_value when, dispatch_queue_value queue, void *context, dispatch_function function) {
    static _Atomic(dispatch_after_f_fn) real = NULL;
    if (offer(when, queue, context, function, NULL)) return;
    if (atomic_load(&real) == NULL) atomic_store(&real, (dispatch_after_f_fn)next("dispatch_after_f"));
    atomic_load(&real)(when, queue, context, function);
}

__attribute__((weak, visibility("default"))) void dispatch_after(dispatch_time_value when, dispatch_queue_value queue, void *block) {
    static _Atomic(dispatch_after_fn) real = NULL;
    if (offer(when, queue, NULL, NULL, block)) return;
    if (atomic_load(&real) == NULL) atomic_store(&real, (dispatch_after_fn)next("dispatch_after"));
    atomic_load(&real)(when, queue, block);
}

static void run_work(void *argument) {
    struct bgkit_delayed_work *work = argument;
    if (work->block != NULL) {
        ((struct block_layout *)work->block)->invoke(work->block);
        ((block_release_fn)next("_Block_release"))(work->block);
    } else {
        work->function(work->context);
    }
    ((dispatch_retain_fn)next("dispatch_release"))(work->queue);
    free(work);
    atomic_fetch_sub_explicit(&running_work, 1, memory_order_acq_rel);
}

void bgkit_delayed_work_submit(bgkit_delayed_work *work) {
    atomic_fetch_add_explicit(&running_work, 1, memory_order_acq_rel);
    ((dispatch_async_f_fn)next("dispatch_async_f"))(work->queue, work, run_work);
}

int64_t bgkit_delayed_work_running(void) {
    return atomic_load_explicit(&running_work, memory_order_acquire);
}

// MARK: CFRunLoopAddTimer

typedef void (*run_loop_add_timer_fn)(void *, void *, const void *);

/// CFRunLoopTimerContext's layout (CFRunLoop.h).
struct timer_context {
    long version;
    void *info;
    const void *(*retain)(const void *);
    void (*release)(const void *);
    const void *(*copy_description)(const void *);
};

typedef void (*timer_get_context_fn)(void *, struct timer_context *);

static _Atomic(bgkit_timer_sink) timer_sink = NULL;

void bgkit_timer_sink_set(bgkit_timer_sink sink) {
    atomic_store_explicit(&timer_sink, sink, memory_order_release);
}

void *bgkit_timer_info(void *timer) {
    struct timer_context context = {0};
    ((timer_get_context_fn)next("CFRunLoopTimerGetContext"))(timer, &context);
    return context.info;
}

__attribute__((weak, visibility("default"))) void CFRunLoopAddTimer(void *run_loop, void *timer, const void *mode) {
    static _Atomic(run_loop_add_timer_fn) real = NULL;
    bgkit_timer_sink sink = atomic_load_explicit(&timer_sink, memory_order_acquire);
    if (sink != NULL && timer != NULL && sink(timer)) return;
    if (atomic_load(&real) == NULL) atomic_store(&real, (run_loop_add_timer_fn)next("CFRunLoopAddTimer"));
    atomic_load(&real)(run_loop, timer, mode);
}
