package import BackgroundCore
package import BackgroundDevice
import BackgroundScheduler

/// The tasks mode's part of the manifest: `tasks:`, `submitAtLaunch:`, the device `conditions:`
/// timeline and the app's `entitlements:`; it gives actions their `submit:` key (CONTRACTS.md sections
/// 4 and 6, docs/MANIFEST.md).
///
/// ```yaml
/// tasks:
///   com.example.tour.refresh: {kind: refresh, earliestBegin: 15m, work: 4s, resubmit: true}
///   com.example.tour.upload: {kind: processing, onLaunch: {upload: {file: visits.log, to: "https://example.org/v"}}}
/// submitAtLaunch: [com.example.tour.refresh]
/// conditions:
///   - {at: 0s, network: wifi, power: battery}
///   - {at: "07:00", power: battery, battery: 100, drain: 5%/h}   # every day
///   - {at: "23:00", power: charging, charge: 20%/h}
/// ```
package struct TaskSection: ManifestSection {
    package static let keys = ["tasks", "submitAtLaunch", "conditions", "entitlements"]
    static let taskKeys = [
        "kind", "earliestBegin", "work", "run", "resubmit", "requiresNetwork", "requiresExternalPower", "onLaunch",
        "title", "strategy", "resources", "progressEvery", "onExpiration", "register",
    ]
    /// The entitlements a manifest may name: `gpu`, Background GPU Access.
    static let knownEntitlements = ["gpu"]
    static let conditionKeys = [
        "at", "network", "power", "battery", "idle", "lowPower", "backgroundRefresh", "expensive", "lowDataMode", "drain", "charge",
    ]

    /// `submit:` names a declared task; `cancel:` a declared continued task, which the user cancels in
    /// the system's interface.
    package static var actions: [ManifestActionKind] {
        [
            ManifestActionKind("submit") { value, partial throws(InputError) in
                try reference(value, declared: Set(partial.tasks.map(\.identifier)))
            },
            ManifestActionKind("cancel") { value, partial throws(InputError) in
                let identifier = try reference(value, declared: Set(partial.tasks.map(\.identifier)))
                guard partial.task(identifier)?.kind == .continued else {
                    throw value.error("task '\(ManifestValue.shown(identifier))' is not a continued task: the user cancels only continued tasks")
                }
                return identifier
            },
        ]
    }

    /// `tasks:`, in the order declared.
    package var tasks: [ManifestTask]
    /// `submitAtLaunch:`, identifiers of declared tasks.
    package var submitAtLaunch: [String]
    /// `conditions:`, the device-state timeline.
    package var conditions: [ScriptedConditions.Entry]
    /// `entitlements:`, the app's entitlements (`gpu`: Background GPU Access).
    package var entitlements: [String] = []

    /// The declared task with `identifier`.
    package func task(_ identifier: String) -> ManifestTask? {
        tasks.first { $0.identifier == identifier }
    }

    package init(tasks: [ManifestTask] = [], submitAtLaunch: [String] = [], conditions: [ScriptedConditions.Entry] = []) {
        self.tasks = tasks
        self.submitAtLaunch = submitAtLaunch
        self.conditions = conditions
    }

    package init(_ manifest: ManifestMapping, in partial: AppManifest) throws(InputError) {
        self.init()
        var launches: [(index: Int, action: ManifestValue)] = []
        if let node = manifest["tasks"] {
            for (identifier, value) in try node.entries() {
                let (task, onLaunch) = try Self.task(identifier, value, in: node, permitted: partial.permittedIdentifiers)
                if let onLaunch { launches.append((tasks.count, onLaunch)) }
                tasks.append(task)
            }
        }
        // After every task is declared, so that an onLaunch may submit any of them.
        var declaring = partial
        declaring[TaskSection.self] = self
        for (index, action) in launches { tasks[index].onLaunch = try action.action(in: declaring) }
        let declared = Set(tasks.map(\.identifier))
        for item in try manifest["submitAtLaunch"]?.list() ?? [] {
            submitAtLaunch.append(try Self.reference(item, declared: declared))
        }
        for item in try manifest["conditions"]?.list() ?? [] { conditions.append(try Self.condition(item)) }
        for item in try manifest["entitlements"]?.list() ?? [] {
            entitlements.append(try item.choice(Self.knownEntitlements.map { ManifestWord(rawValue: $0) }, "entitlement").rawValue)
        }
    }

    /// The task under `identifier`, and its `onLaunch:` action to read once every task is declared.
    private static func task(
        _ identifier: String, _ value: ManifestValue, in tasks: ManifestValue, permitted: [String]
    ) throws(InputError) -> (ManifestTask, onLaunch: ManifestValue?) {
        guard !identifier.isEmpty, !identifier.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
            throw tasks.error("'\(ManifestValue.shown(identifier))' is not a task identifier (it is empty or has control characters)",
                              line: value.keyLine)
        }
        let f = try value.mapping(allowed: taskKeys)
        let kind = try f.required("kind").choice(TaskKind.allCases, "task kind")
        var task = ManifestTask(identifier: identifier, kind: kind, line: value.keyLine)
        if let node = f["earliestBegin"] { task.earliestBegin = try node.duration() }
        if let work = f["work"] {
            if let run = f["run"] { throw run.error("give either work (simulated) or run (a command), not both", line: run.keyLine) }
            task.work = .simulated(try work.duration())
        } else if let run = f["run"] {
            let command = try run.string()
            guard !command.isEmpty else { throw run.error("the command is empty") }
            task.work = .command(command)
        }
        if let node = f["resubmit"] { task.resubmit = try node.bool() }
        if let node = f["onExpiration"] { task.onExpiration = try node.choice(ManifestTask.ExpirationResponse.allCases, "expiration response") }
        if let node = f["register"] { task.register = try node.choice(ManifestTask.Registration.allCases, "registration") }
        for key in ["requiresNetwork", "requiresExternalPower"] {
            guard let node = f[key] else { continue }
            guard kind == .processing else { throw node.error("only processing tasks take \(key)", line: node.keyLine) }
            let value = try node.bool()
            if key == "requiresNetwork" { task.requiresNetwork = value } else { task.requiresExternalPower = value }
        }
        for key in ["title", "strategy", "resources", "progressEvery"] {
            guard let node = f[key], kind != .continued else { continue }
            throw node.error("only continued tasks take \(key)", line: node.keyLine)
        }
        if kind == .continued { try continued(&task, f, in: value, permitted: permitted) }
        return (task, f["onLaunch"])
    }

    /// A continued task's keys, and its identifier under a wildcard permit (`prefix.*`).
    private static func continued(
        _ task: inout ManifestTask, _ f: ManifestMapping, in value: ManifestValue, permitted: [String]
    ) throws(InputError) {
        let identifier = task.identifier
        let wildcards = permitted.filter { $0.count > 2 && $0.hasSuffix(".*") }
        if let wildcard = wildcards.first(where: { identifier + "*" == $0 || identifier == $0 }) {
            throw value.error("a continued task is named by its wildcard's prefix and a name after it: write '\(wildcard.dropLast())export1', not '\(ManifestValue.shown(identifier))'", line: value.keyLine)
        }
        if !wildcards.contains(where: { identifier.hasPrefix($0.dropLast()) }) {
            let wildcard = TaskRequest.Continued.wildcard(permitting: identifier)
            throw value.error("continued task '\(ManifestValue.shown(identifier))' has no wildcard permit: add '\(ManifestValue.shown(wildcard))' to permittedIdentifiers (BGTaskSchedulerPermittedIdentifiers)", line: value.keyLine)
        }
        if let node = f["title"] { task.title = try node.string() }
        if let node = f["strategy"] {
            task.strategy = try node.choice(TaskRequest.Continued.SubmissionStrategy.allCases, "strategy")
        }
        if let node = f["resources"] {
            task.requiresGPU = try node.choice([ManifestWord(rawValue: "default"), ManifestWord(rawValue: "gpu")], "resources").rawValue == "gpu"
        }
        if let node = f["progressEvery"] {
            let every = try node.duration()
            guard every > .zero else { throw node.error("progressEvery must be longer than 0s (or leave it out: no progress)") }
            task.progressEvery = every
        }
    }

    /// One `conditions:` entry: `at` a duration from the start, or a time of day (`"23:00"`, every day).
    private static func condition(_ value: ManifestValue) throws(InputError) -> ScriptedConditions.Entry {
        let f = try value.mapping(allowed: conditionKeys)
        var change = ConditionsChange()
        if let n = f["network"] { change.network = try n.choice(DeviceConditions.Network.allCases, "network") }
        if let n = f["power"] { change.power = try n.choice(DeviceConditions.Power.allCases, "power source") }
        if let n = f["battery"] { change.battery = try n.integer(in: 0...100) }
        if let n = f["idle"] { change.idle = try n.bool() }
        if let n = f["lowPower"] { change.lowPower = try n.bool() }
        if let n = f["backgroundRefresh"] { change.backgroundRefresh = try n.bool() }
        if let n = f["expensive"] { change.expensive = try n.bool() }
        if let n = f["lowDataMode"] { change.lowDataMode = try n.bool() }
        if let n = f["drain"] { change.drain = try rate(n) }
        if let n = f["charge"] { change.charge = try rate(n) }
        if let power = change.power, let n = power == .battery ? f["charge"] : f["drain"] {
            let (key, fits) = power == .battery ? ("charge", "the entry that plugs it in (power: charging)") : ("drain", "the entry that unplugs it (power: battery)")
            throw n.error("\(key) contradicts power: \(power.rawValue) on the same entry: the battery \(key == "drain" ? "drains on battery power" : "charges while charging"); give \(key) on \(fits), or on an entry without power", line: n.keyLine)
        }
        let at = try f.required("at")
        guard try at.string().contains(":") else { return ScriptedConditions.Entry(offset: try at.duration(), change: change) }
        return ScriptedConditions.Entry(daily: try at.timeOfDay(), change: change)
    }

    /// A battery rate, `N%/h` from 0 to 100 %/h.
    private static func rate(_ value: ManifestValue) throws(InputError) -> BatteryRate {
        let text = try value.string()
        guard let rate = BatteryRate(parsing: text) else {
            throw value.error("'\(ManifestValue.shown(text))' is not a battery rate (expected percent per hour, such as 5%/h or 0.5%/h)")
        }
        guard rate.hundredthsPerHour <= BatteryRate.maximum.hundredthsPerHour else {
            throw value.error("'\(ManifestValue.shown(text))' is faster than \(BatteryRate.maximum) (a full battery in an hour): give a rate from 0%/h to \(BatteryRate.maximum)")
        }
        return rate
    }

    /// `value` as the identifier of a declared task.
    private static func reference(_ value: ManifestValue, declared: Set<String>) throws(InputError) -> String {
        let identifier = try value.string()
        guard declared.contains(identifier) else {
            let hint = EditDistance.nearest(to: identifier, in: declared.sorted()).map { " (did you mean '\($0)'?)" } ?? ""
            throw value.error("task '\(ManifestValue.shown(identifier))' is not declared under tasks\(hint)")
        }
        return identifier
    }
}

extension AppManifest {
    /// `tasks:`, in the order declared.
    package var tasks: [ManifestTask] { self[TaskSection.self]?.tasks ?? [] }
    /// `submitAtLaunch:`, identifiers of declared tasks.
    package var submitAtLaunch: [String] { self[TaskSection.self]?.submitAtLaunch ?? [] }
    /// `conditions:`, the device-state timeline.
    package var conditions: [ScriptedConditions.Entry] { self[TaskSection.self]?.conditions ?? [] }
    /// `entitlements:`, the app's entitlements.
    package var entitlements: [String] { self[TaskSection.self]?.entitlements ?? [] }

    /// The declared task with `identifier`.
    package func task(_ identifier: String) -> ManifestTask? {
        self[TaskSection.self]?.task(identifier)
    }
}

extension ManifestAction {
    /// `submit:`, a declared task to submit.
    package var submit: String? { value("submit") }
    /// `cancel:`, a declared continued task the user cancels.
    package var cancel: String? { value("cancel") }
}
