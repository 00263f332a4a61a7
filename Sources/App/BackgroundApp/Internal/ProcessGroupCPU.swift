import Glibc

/// The CPU time of a process group, from /proc: the user and system time of every process in the group,
/// with that of the children they have reaped (`utime`, `stime`, `cutime`, `cstime` of /proc/PID/stat).
///
/// The total only grows (``sample()`` keeps the largest seen), since a process whose parent outside the
/// group reaps it takes its time with it. ``check(at:)`` measures it against a ``CPULimit`` over a sliding
/// window of wall-clock time, sampling at most every ``interval``.
struct ProcessGroupCPU {
    let group: pid_t
    let limit: CPULimit
    /// How often the group's time is read (a scan of /proc).
    static let interval = Duration.milliseconds(100)
    private var largest: Duration = .zero
    /// (when, CPU time) samples within the window, oldest first; the first is the group's start.
    private var samples: [(at: ContinuousClock.Instant, cpu: Duration)]
    private static let ticksPerSecond = Double(sysconf(Int32(_SC_CLK_TCK)))

    init(group: pid_t, limit: CPULimit, started: ContinuousClock.Instant) {
        self.group = group
        self.limit = limit
        samples = [(started, .zero)]
    }

    /// The share of one CPU the group used over the limit's window when it used more than the limit
    /// allows within the last window (from its start, while younger than one), else nil.
    mutating func check(at now: ContinuousClock.Instant) -> Double? {
        guard let last = samples.last, now - last.at >= Self.interval else { return nil }
        let cpu = sample()
        // The baseline is the latest sample at least a window old, or the start.
        while samples.count > 1, now - samples[1].at >= limit.window { samples.removeFirst() }
        let used = cpu - samples[0].cpu
        samples.append((now, cpu))
        return used > limit.allowance ? used / limit.window : nil
    }

    /// The group's CPU time now.
    mutating func sample() -> Duration {
        var ticks: Int64 = 0
        if let directory = opendir("/proc") {
            defer { closedir(directory) }
            while let entry = readdir(directory) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
                guard let pid = Int32(name), let stat = Self.contents(of: "/proc/\(pid)/stat") else { continue }
                ticks += Self.groupTicks(stat, group: group) ?? 0
            }
        }
        let total = Duration.seconds(Double(ticks) / Self.ticksPerSecond)
        largest = max(largest, total)
        return largest
    }

    /// The process's CPU ticks (its own and its reaped children's) when it is in `group`. The fields after
    /// the command name, which is in parentheses and may hold anything, are: state, ppid, pgrp, …,
    /// utime (14th of the line), stime, cutime, cstime.
    static func groupTicks(_ stat: String, group: pid_t) -> Int64? {
        guard let close = stat.lastIndex(of: ")") else { return nil }
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        guard fields.count > 14, Int32(fields[2]) == group else { return nil }
        return fields[11...14].reduce(Int64(0)) { $0 + (Int64($1) ?? 0) }
    }

    private static func contents(of path: String) -> String? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var buffer = [UInt8](repeating: 0, count: 1024)
        let count = Glibc.read(fd, &buffer, buffer.count)
        return count > 0 ? String(decoding: buffer[..<count], as: UTF8.self) : nil
    }
}
