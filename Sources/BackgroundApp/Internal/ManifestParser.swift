import BackgroundCore
import BackgroundTasks
import Foundation
import Yams

/// Turns manifest YAML into an ``AppManifest``, checking every key and value.
///
/// The YAML is composed to nodes (not decoded) so that every error can name its line. Keys are checked
/// against the keys each mapping allows; a misspelt one gets the nearest valid key as a suggestion.
struct ManifestParser {
    let file: String

    static let topKeys = [
        "app", "backgroundModes", "permittedIdentifiers", "infoPlist", "tasks", "submitAtLaunch", "conditions",
        "regions", "significantChange", "audio", "lifecycle",
    ]
    static let taskKeys = ["kind", "earliestBegin", "work", "run", "resubmit", "requiresNetwork", "requiresExternalPower"]
    static let conditionKeys = ["at", "network", "power", "battery", "idle", "lowPower", "backgroundRefresh"]
    static let regionKeys = ["id", "lat", "lon", "radius", "onEnter", "onExit"]
    static let actionKeys = ["submit", "play"]
    static let audioKeys = ["category", "device"]
    static let lifecycleKeys = ["at", "app"]

    /// A mapping's entries by key, with the line of each key.
    struct Fields {
        let path: String
        let line: Int
        var values: [String: (node: Node, line: Int)] = [:]

        func key(_ name: String) -> String { path.isEmpty ? name : "\(path).\(name)" }
        subscript(_ name: String) -> Node? { values[name]?.node }
    }

    /// The largest manifest read: a real one is a few kilobytes.
    static let sizeLimit = 1 << 20
    /// The largest value or key shown in an error message, in characters.
    static let shownLimit = 60
    /// The longest duration a manifest may give: 100 years, so that no time on the emulator's clock
    /// (which ends in 2262) overflows.
    static let durationLimit = Duration.seconds(36_500 * 86_400)

    // MARK: Reading

    /// The text of the manifest at `path`.
    static func read(_ path: String) throws(InputError) -> String {
        let bytes: [UInt8]
        do {
            bytes = try BoundedFile.read(path, limit: sizeLimit)
        } catch {
            switch error {
            case .missing: throw InputError(file: path, message: "no such file")
            case .directory: throw InputError(file: path, message: "is a directory, not a manifest file")
            case .unreadable(let reason): throw InputError(file: path, message: "cannot be read: \(reason)")
            case .tooLarge:
                throw InputError(file: path, message: "is larger than 1 MiB; refusing it (a manifest is a few kilobytes: is it the right file?)")
            }
        }
        if let text = String(validating: bytes, as: UTF8.self) { return text }
        // Not UTF-8: find the first bad byte to name it (the slow path runs only for bad files).
        var iterator = bytes.makeIterator()
        var parser = Unicode.UTF8.ForwardParser()
        var offset = 0
        while case .valid(let scalar) = parser.parseScalar(from: &iterator) { offset += scalar.count }
        throw InputError(file: path, place: .byte(offset), message: "is not UTF-8 text (a manifest is YAML text)")
    }

    // MARK: Parsing

    func parse(_ text: String) throws(InputError) -> AppManifest {
        guard text.utf8.count <= Self.sizeLimit else {
            throw InputError(file: file, message: "is larger than 1 MiB; refusing it (a manifest is a few kilobytes)")
        }
        if let (line, column, alias) = YAMLAliasScan.firstAlias(in: text) {
            throw InputError(
                file: file, place: .line(line, column: column),
                message: "'\(alias)' is a YAML alias; a manifest may not use aliases, which can expand without bound "
                    + "(write the value out, or quote it if it is text)")
        }
        let root: Node
        do {
            guard let node = try Yams.compose(yaml: text) else {
                throw InputError(file: file, message: "the manifest is empty (it needs at least app: and tasks:)")
            }
            root = node
        } catch let error as InputError {
            throw error
        } catch let error as YamlError {
            throw yamlError(error)
        } catch {
            throw InputError(file: file, message: "invalid YAML")
        }
        let top = try fields(root, path: "", allowed: Self.topKeys)
        var manifest = AppManifest(file: file, app: try string(required(top, "app"), top.key("app")))

        if let plist = top["infoPlist"] {
            for key in ["permittedIdentifiers", "backgroundModes"] where top[key] != nil {
                throw error(top.key(key), top.values[key]!.line,
                            "give either infoPlist or backgroundModes and permittedIdentifiers, not both")
            }
            let path = resolve(try string(plist, "infoPlist"))
            manifest.infoPlist = path
            (manifest.permittedIdentifiers, manifest.backgroundModes) = try InfoPlistReader.read(path)
        } else {
            manifest.backgroundModes = try top["backgroundModes"].map { node throws(InputError) in
                try strings(node, "backgroundModes")
            } ?? []
            manifest.permittedIdentifiers = try top["permittedIdentifiers"].map { node throws(InputError) in
                try strings(node, "permittedIdentifiers")
            } ?? []
        }

        if let tasks = top["tasks"] {
            for (key, value, line) in try orderedMapping(tasks, path: "tasks") {
                manifest.tasks.append(try task(key, value, line: line))
            }
        }
        let declared = Set(manifest.tasks.map(\.identifier))
        if let node = top["submitAtLaunch"] {
            for (index, item) in try sequence(node, "submitAtLaunch").enumerated() {
                let key = "submitAtLaunch[\(index)]"
                manifest.submitAtLaunch.append(try reference(try string(item, key), key, line(item), declared))
            }
        }
        if let node = top["conditions"] {
            for (index, item) in try sequence(node, "conditions").enumerated() {
                manifest.conditions.append(try condition(item, path: "conditions[\(index)]"))
            }
        }
        if let node = top["regions"] {
            var ids = Set<String>()
            for (index, item) in try sequence(node, "regions").enumerated() {
                let region = try region(item, path: "regions[\(index)]", declared: declared)
                guard ids.insert(region.id).inserted else {
                    throw error("regions[\(index)].id", line(item), "region '\(shown(region.id))' is declared twice")
                }
                manifest.regions.append(region)
            }
        }
        if let node = top["significantChange"] {
            manifest.significantChange = try action(node, path: "significantChange", declared: declared)
        }
        if let node = top["audio"] {
            let audio = try fields(node, path: "audio", allowed: Self.audioKeys)
            manifest.audio = ManifestAudio(
                category: try audio["category"].map { node throws(InputError) in
                    try choice(node, audio.key("category"), ManifestAudio.Category.allCases, "audio category")
                } ?? .soloAmbient,
                device: try audio["device"].map { node throws(InputError) in try string(node, audio.key("device")) }
                    ?? "default")
        }
        if let node = top["lifecycle"] {
            for (index, item) in try sequence(node, "lifecycle").enumerated() {
                let step = try fields(item, path: "lifecycle[\(index)]", allowed: Self.lifecycleKeys)
                manifest.lifecycle.append(ManifestLifecycleStep(
                    offset: try duration(required(step, "at"), step.key("at")),
                    state: try choice(required(step, "app"), step.key("app"),
                                      [LifecycleState.foreground, .background, .suspended, .terminated], "app state")))
            }
        }
        return manifest
    }

    private func task(_ identifier: String, _ node: Node, line taskLine: Int) throws(InputError) -> ManifestTask {
        guard !identifier.isEmpty, !identifier.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
            throw error("tasks", taskLine, "'\(shown(identifier))' is not a task identifier (it is empty or has control characters)")
        }
        let f = try fields(node, path: "tasks.\(shown(identifier))", allowed: Self.taskKeys)
        let kind = try choice(required(f, "kind"), f.key("kind"), TaskKind.allCases, "task kind")
        var task = ManifestTask(identifier: identifier, kind: kind, line: taskLine)
        if let node = f["earliestBegin"] { task.earliestBegin = try duration(node, f.key("earliestBegin")) }
        if let work = f["work"] {
            if f["run"] != nil {
                throw error(f.key("run"), f.values["run"]!.line, "give either work (simulated) or run (a command), not both")
            }
            task.work = .simulated(try duration(work, f.key("work")))
        } else if let run = f["run"] {
            let command = try string(run, f.key("run"))
            guard !command.isEmpty else { throw error(f.key("run"), line(run), "the command is empty") }
            task.work = .command(command)
        }
        if let node = f["resubmit"] { task.resubmit = try bool(node, f.key("resubmit")) }
        for key in ["requiresNetwork", "requiresExternalPower"] {
            guard let node = f[key] else { continue }
            guard kind == .processing else {
                throw error(f.key(key), f.values[key]!.line, "only processing tasks take \(key)")
            }
            let value = try bool(node, f.key(key))
            if key == "requiresNetwork" { task.requiresNetwork = value } else { task.requiresExternalPower = value }
        }
        return task
    }

    private func condition(_ node: Node, path: String) throws(InputError) -> ScriptedConditions.Entry {
        let f = try fields(node, path: path, allowed: Self.conditionKeys)
        var change = ConditionsChange()
        if let n = f["network"] { change.network = try choice(n, f.key("network"), DeviceConditions.Network.allCases, "network") }
        if let n = f["power"] { change.power = try choice(n, f.key("power"), DeviceConditions.Power.allCases, "power source") }
        if let n = f["battery"] { change.battery = try integer(n, f.key("battery"), in: 0...100) }
        if let n = f["idle"] { change.idle = try bool(n, f.key("idle")) }
        if let n = f["lowPower"] { change.lowPower = try bool(n, f.key("lowPower")) }
        if let n = f["backgroundRefresh"] { change.backgroundRefresh = try bool(n, f.key("backgroundRefresh")) }
        return ScriptedConditions.Entry(offset: try duration(required(f, "at"), f.key("at")), change: change)
    }

    private func region(_ node: Node, path: String, declared: Set<String>) throws(InputError) -> ManifestRegion {
        let f = try fields(node, path: path, allowed: Self.regionKeys)
        let id = try string(required(f, "id"), f.key("id"))
        guard !id.isEmpty else { throw error(f.key("id"), f.values["id"]!.line, "the region id is empty") }
        return ManifestRegion(
            id: id,
            latitude: try number(required(f, "lat"), f.key("lat"), in: -90...90),
            longitude: try number(required(f, "lon"), f.key("lon"), in: -180...180),
            radius: try positive(required(f, "radius"), f.key("radius")),
            onEnter: try f["onEnter"].map { n throws(InputError) in try action(n, path: f.key("onEnter"), declared: declared) },
            onExit: try f["onExit"].map { n throws(InputError) in try action(n, path: f.key("onExit"), declared: declared) })
    }

    private func action(_ node: Node, path: String, declared: Set<String>) throws(InputError) -> ManifestAction {
        let f = try fields(node, path: path, allowed: Self.actionKeys)
        var action = ManifestAction()
        if let n = f["submit"] {
            action.submit = try reference(try string(n, f.key("submit")), f.key("submit"), line(n), declared)
        }
        if let n = f["play"] { action.play = resolve(try string(n, f.key("play"))) }
        guard action.submit != nil || action.play != nil else {
            throw error(path, f.line, "an action needs submit, play or both")
        }
        return action
    }

    // MARK: Values

    private func fields(_ node: Node, path: String, allowed: [String]) throws(InputError) -> Fields {
        var result = Fields(path: path, line: line(node))
        for (key, value, keyLine) in try orderedMapping(node, path: path) {
            guard allowed.contains(key) else {
                let hint = EditDistance.nearest(to: key, in: allowed).map { " (did you mean '\($0)'?)" }
                    ?? " (expected one of: \(allowed.joined(separator: ", ")))"
                throw error(result.key(shown(key)), keyLine, "unknown key '\(shown(key))'\(hint)")
            }
            result.values[key] = (value, keyLine)
        }
        return result
    }

    private func orderedMapping(_ node: Node, path: String) throws(InputError) -> [(String, Node, Int)] {
        guard case .mapping(let mapping) = node else {
            throw error(path.isEmpty ? "(top level)" : path, line(node), "expected a mapping of keys to values")
        }
        var result: [(String, Node, Int)] = []
        for (key, value) in mapping {
            guard case .scalar(let scalar) = key else {
                throw error(path.isEmpty ? "(top level)" : path, line(key), "a key must be plain text")
            }
            result.append((scalar.string, value, line(key)))
        }
        return result
    }

    private func required(_ f: Fields, _ name: String) throws(InputError) -> Node {
        guard let node = f[name] else { throw error(f.key(name), f.line, "missing key '\(name)'") }
        return node
    }

    private func sequence(_ node: Node, _ key: String) throws(InputError) -> [Node] {
        guard case .sequence(let items) = node else { throw error(key, line(node), "expected a list, such as [a, b]") }
        return Array(items)
    }

    private func string(_ node: Node, _ key: String) throws(InputError) -> String {
        guard case .scalar(let scalar) = node else { throw error(key, line(node), "expected a single value, not a list or mapping") }
        return scalar.string
    }

    private func strings(_ node: Node, _ key: String) throws(InputError) -> [String] {
        var result: [String] = []
        for (index, item) in try sequence(node, key).enumerated() {
            result.append(try string(item, "\(key)[\(index)]"))
        }
        return result
    }

    private func duration(_ node: Node, _ key: String) throws(InputError) -> Duration {
        let text = try string(node, key)
        guard let value = DurationSyntax.parse(text) else {
            throw error(key, line(node), "'\(shown(text))' is not a duration (expected a number with a unit s, m, h or d, such as 15m or 2h30m)")
        }
        guard value <= Self.durationLimit else {
            throw error(key, line(node), "'\(shown(text))' is longer than 100 years (36500d)")
        }
        return value
    }

    private func bool(_ node: Node, _ key: String) throws(InputError) -> Bool {
        let text = try string(node, key)
        switch text.lowercased() {
        case "true", "on", "yes": return true
        case "false", "off", "no": return false
        default: throw error(key, line(node), "'\(shown(text))' is not a yes/no value (expected true, false, on or off)")
        }
    }

    private func integer(_ node: Node, _ key: String, in range: ClosedRange<Int>) throws(InputError) -> Int {
        let text = try string(node, key)
        guard let value = Int(text), range.contains(value) else {
            throw error(key, line(node), "'\(shown(text))' is not a whole number in \(range.lowerBound)...\(range.upperBound)")
        }
        return value
    }

    private func number(_ node: Node, _ key: String, in range: ClosedRange<Double>) throws(InputError) -> Double {
        let text = try string(node, key)
        guard let value = Double(text), range.contains(value) else {
            throw error(key, line(node), "'\(shown(text))' is not a number in \(Int(range.lowerBound))...\(Int(range.upperBound))")
        }
        return value
    }

    private func positive(_ node: Node, _ key: String) throws(InputError) -> Double {
        let text = try string(node, key)
        guard let value = Double(text), value.isFinite, value > 0 else {
            throw error(key, line(node), "'\(shown(text))' is not a positive number of metres")
        }
        return value
    }

    private func choice<T: RawRepresentable<String>>(
        _ node: Node, _ key: String, _ cases: [T], _ what: String
    ) throws(InputError) -> T {
        let text = try string(node, key)
        guard let value = T(rawValue: text), cases.contains(where: { $0.rawValue == text }) else {
            let names = cases.map(\.rawValue)
            let list = names.count == 2 ? "\(names[0]) or \(names[1])"
                : names.dropLast().joined(separator: ", ") + " or " + names.last!
            throw error(key, line(node), "unknown \(what) '\(shown(text))' (expected \(list))")
        }
        return value
    }

    private func reference(_ identifier: String, _ key: String, _ line: Int, _ declared: Set<String>) throws(InputError) -> String {
        guard declared.contains(identifier) else {
            let hint = EditDistance.nearest(to: identifier, in: declared.sorted()).map { " (did you mean '\($0)'?)" } ?? ""
            throw error(key, line, "task '\(shown(identifier))' is not declared under tasks\(hint)")
        }
        return identifier
    }

    /// `text` as an error message shows it: at most ``shownLimit`` characters.
    private func shown(_ text: String) -> String {
        text.count <= Self.shownLimit ? text : text.prefix(Self.shownLimit) + "…"
    }

    // MARK: Places

    private func line(_ node: Node) -> Int { node.mark?.line ?? 1 }

    private func error(_ key: String, _ line: Int, _ message: String) -> InputError {
        InputError(file: file, place: .key(key, line: line), message: message)
    }

    /// `path` relative to the manifest's folder, unless absolute.
    private func resolve(_ path: String) -> String {
        guard !path.hasPrefix("/") else { return path }
        let folder = (file as NSString).deletingLastPathComponent
        return folder.isEmpty ? path : folder + "/" + path
    }

    /// One line, naming the place, for a Yams error.
    private func yamlError(_ error: YamlError) -> InputError {
        func oneLine(_ text: String) -> String {
            text.split(whereSeparator: \.isNewline).joined(separator: " ")
        }
        switch error {
        case .scanner(let context, let problem, let mark, _), .parser(let context, let problem, let mark, _),
             .composer(let context, let problem, let mark, _):
            let place = InputError.Place.line(mark.line, column: mark.column)
            if problem.contains("Maximum nesting level") {
                return InputError(file: file, place: place, message: "lists and mappings nest too deeply (the YAML parser stops at about 1000 levels); refusing it")
            }
            let while_ = context.map { " \(oneLine($0.text))" } ?? ""
            return InputError(file: file, place: place, message: "invalid YAML: \(oneLine(problem))\(while_)")
        case .reader(let problem, let offset, _, _):
            return InputError(file: file, place: offset.map { .byte($0) } ?? .none, message: "invalid YAML: \(oneLine(problem))")
        case .duplicatedKeysInMapping(let duplicates, let context):
            return InputError(
                file: file, place: .line(context.mark.line, column: context.mark.column),
                message: "duplicate key \(duplicates.map { "'\(shown($0))'" }.joined(separator: ", "))")
        default:
            return InputError(file: file, message: "invalid YAML: \(oneLine(error.description))")
        }
    }
}
