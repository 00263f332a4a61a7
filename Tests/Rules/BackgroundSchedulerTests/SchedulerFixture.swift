import BackgroundCore
import BackgroundDevice
import BackgroundScheduler

/// An engine, a keeping timeline and a scheduler with the usual identifiers, for the scheduler's tests.
final class SchedulerFixture {
    static let refresh = "com.example.refresh"
    static let upload = "com.example.upload"

    let engine: EventEngine
    let timeline: Timeline
    let scheduler: TaskScheduler

    init(
        conditions: [ScriptedConditions.Entry] = [], initial: DeviceConditions = DeviceConditions(),
        permitted: [String] = [refresh, upload], modes: [String] = ["fetch", "processing"],
        discretion: SystemDiscretion.Configuration = SystemDiscretion.Configuration(),
        configure: (inout TaskScheduler.Configuration) -> Void = { _ in }
    ) throws {
        engine = EventEngine(start: .defaultStart)
        timeline = Timeline(engine: engine, keepingEvents: true)
        var configuration = TaskScheduler.Configuration()
        configure(&configuration)
        scheduler = try TaskScheduler(
            engine: engine, timeline: timeline, permittedIdentifiers: permitted, backgroundModes: modes,
            conditions: ScriptedConditions(initial: initial, conditions), configuration: configuration,
            discretion: SystemDiscretion(policy: configuration.policy, configuration: discretion))
    }

    /// Registers handlers that complete after `work` (never when nil) and finishes launching.
    func launchApp(work: Duration? = .seconds(4), onLaunch: @escaping (LaunchedTask) -> Void = { _ in }) {
        for identifier in scheduler.permittedIdentifiers.sorted() {
            scheduler.register(forTaskWithIdentifier: identifier, using: nil) { [engine] task in
                onLaunch(task)
                if let work {
                    let id = engine.schedule(after: work) { task.setTaskCompleted(success: true) }
                    // Weak: no engine-task cycle. The handler stops the work and completes, as Apple advises.
                    task.expirationHandler = { [weak engine, weak task] in
                        engine?.cancel(id)
                        task?.setTaskCompleted(success: false)
                    }
                }
            }
        }
        scheduler.finishLaunching()
    }

    func refreshRequest(after delay: Duration? = nil) -> TaskRequest {
        TaskRequest(refresh: Self.refresh, earliestBeginDate: delay.map { engine.now + $0 })
    }

    func uploadRequest(network: Bool = false, power: Bool = false, identifier: String = upload) -> TaskRequest {
        TaskRequest(processing: identifier, requiresNetworkConnectivity: network, requiresExternalPower: power)
    }

    /// `start + offset`.
    func at(_ offset: Duration) -> SimTime { SimTime.defaultStart + offset }

    /// The task events (no conditions), as (offset in seconds from the start, name, task).
    var taskEvents: [String] {
        timeline.events.compactMap { event in
            let offset = Int((event.time - .defaultStart).seconds)
            switch event.kind {
            case let r as TaskRecord:
                switch r.change {
                case .submitted: return "\(offset) submitted \(r.task)"
                case .rejected(let error, _): return "\(offset) rejected \(r.task) \(error)"
                case .waiting(let reason): return "\(offset) waiting \(r.task) \(reason)"
                case .launched: return "\(offset) launched \(r.task)"
                case .progress(let completed, let total): return "\(offset) progress \(r.task) \(completed)/\(total)"
                case .expired: return "\(offset) expired \(r.task)"
                case .completed(let success): return "\(offset) completed \(r.task) \(success)"
                }
            case let r as ErrorRecord: return "\(offset) error \(r.code ?? "") \(r.message)"
            default: return nil
            }
        }
    }

    /// Seconds from the start at which `task` launched.
    func launches(of task: String) -> [Int] {
        timeline.events.compactMap { event in
            guard let record = event.kind as? TaskRecord, record.task == task, case .launched = record.change else { return nil }
            return Int((event.time - .defaultStart).seconds)
        }
    }
}
