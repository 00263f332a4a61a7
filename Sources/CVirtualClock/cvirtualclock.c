#define _GNU_SOURCE
#include "cvirtualclock.h"
#include <dlfcn.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <time.h>

// MARK: clock_gettime

typedef int (*clock_gettime_fn)(clockid_t, struct timespec *);

static _Atomic int64_t virtual_realtime = 0;
static _Atomic int virtual_on = 0;
static _Atomic(clock_gettime_fn) system_clock_gettime = NULL;

static clock_gettime_fn system_clock(void) {
    clock_gettime_fn fn = atomic_load_explicit(&system_clock_gettime, memory_order_acquire);
    if (fn == NULL) {
        fn = (clock_gettime_fn)dlsym(RTLD_NEXT, "clock_gettime");
        atomic_store_explicit(&system_clock_gettime, fn, memory_order_release);
    }
    return fn;
}

__attribute__((weak, visibility("default"))) int clock_gettime(clockid_t clock, struct timespec *time) {
    if ((clock == CLOCK_REALTIME || clock == CLOCK_REALTIME_COARSE)
        && atomic_load_explicit(&virtual_on, memory_order_acquire)) {
        int64_t now = atomic_load_explicit(&virtual_realtime, memory_order_acquire);
        time->tv_sec = (time_t)(now / 1000000000);
        time->tv_nsec = (long)(now % 1000000000);
        return 0;
    }
    return system_clock()(clock, time);
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


void bgkit_hooks_install(bgkit_delayed_work_sink sink) {
    atomic_store_explicit(&delayed_sink, sink, memory_order_release);
    int expected = 0;
    if (!atomic_compare_exchange_strong(&installed, &expected, 1)) return;
    swift_task_enqueueGlobal_hook = (void *)enqueue_counted;
    swift_task_enqueueMainExecutor_hook = (void *)enqueue_counted;
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
typedef void (*dispatch_async_f_fn)(dispatch_queue_value, void *, dispatch_function);
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

static void *next(const char *name) {
    return dlsym(RTLD_NEXT, name);
}

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
    system_clock()(boottime ? CLOCK_BOOTTIME : CLOCK_MONOTONIC, &now);
    int64_t delay = deadline - ((int64_t)now.tv_sec * 1000000000 + now.tv_nsec);
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
