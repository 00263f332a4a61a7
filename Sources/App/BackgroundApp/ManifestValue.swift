public import BackgroundCore
import BackgroundDevice
import YAML

/// One value of a manifest with its place — the key path errors name and its line — and readers that
/// check it: the one way a ``ManifestSection`` reads YAML, so that every mode's messages read alike.
///
/// ```swift
/// let radius = try region.required("radius").positive()        // regions[0].radius: '0' is not a positive number of metres
/// let kind = try task.required("kind").choice(TaskKind.allCases, "task kind")
/// ```
/// Every reader throws an ``InputError`` naming the file, the line and the key.
public struct ManifestValue {
    let node: YAMLNode
    let document: ManifestDocument
    /// The value's key path as errors name it: `regions[0].lat`, `tasks.com.example.refresh.kind`; empty
    /// for the whole manifest.
    public let key: String
    /// The line of the key the value stands under (of the value itself for a list item).
    public let keyLine: Int

    init(node: YAMLNode, document: ManifestDocument, key: String, keyLine: Int? = nil) {
        self.node = node
        self.document = document
        self.key = key
        self.keyLine = keyLine ?? node.mark.line
    }

    /// The value's own line.
    public var line: Int { node.mark.line }

    /// An error at the value: `file:line: key: message`; `key` and `line` name another place.
    public func error(_ message: String, key: String? = nil, line: Int? = nil) -> InputError {
        InputError(file: document.file, place: .key(key ?? self.key, line: line ?? self.line), message: message)
    }

    // MARK: Structure

    /// The value as a mapping whose keys must be among `allowed`; a misspelt key gets the nearest one as a
    /// suggestion (`unknown key 'earliestBegn' (did you mean 'earliestBegin'?)`).
    public func mapping(allowed: [String]) throws(InputError) -> ManifestMapping {
        var result = ManifestMapping(key: key, line: line, file: document.file)
        for (name, value) in try entries() {
            guard allowed.contains(name) else {
                let hint = EditDistance.nearest(to: name, in: allowed).map { " (did you mean '\($0)'?)" }
                    ?? " (expected one of: \(allowed.joined(separator: ", ")))"
                throw error("unknown key '\(Self.shown(name))'\(hint)", key: value.key, line: value.keyLine)
            }
            result.values[name] = value
        }
        return result
    }

    /// The value as a mapping of any keys, in the manifest's order (`tasks:`, keyed by identifier).
    public func entries() throws(InputError) -> [(name: String, value: ManifestValue)] {
        let place = key.isEmpty ? "(top level)" : key
        guard case .mapping(let mapping, _) = node else { throw error("expected a mapping of keys to values", key: place) }
        var result: [(name: String, value: ManifestValue)] = []
        for (name, value) in mapping {
            guard case .scalar(let scalar) = name else {
                throw error("a key must be plain text", key: place, line: name.mark.line)
            }
            let path = key.isEmpty ? Self.shown(scalar.string) : "\(key).\(Self.shown(scalar.string))"
            result.append((scalar.string, ManifestValue(node: value, document: document, key: path, keyLine: name.mark.line)))
        }
        return result
    }

    /// The value as a list; its items are named `key[0]`, `key[1]`…
    public func list() throws(InputError) -> [ManifestValue] {
        guard case .sequence(let items, _) = node else { throw error("expected a list, such as [a, b]") }
        return items.enumerated().map { index, item in ManifestValue(node: item, document: document, key: "\(key)[\(index)]") }
    }

    /// An action (`onEnter:`, `significantChange:`): a mapping of the action keys the manifest's sections
    /// provide (``ManifestSection/actions``), at least one of them.
    public func action() throws(InputError) -> ManifestAction {
        try action(in: document.manifest)
    }

    /// An action read with `manifest` as the manifest read so far (a section whose own values its actions
    /// may name: a task's `onLaunch:` submitting another task).
    func action(in manifest: AppManifest) throws(InputError) -> ManifestAction {
        let names = document.actions.map(\.name)
        let action = try Self.action(of: try mapping(allowed: names), kinds: document.actions, in: manifest)
        guard !action.parts.isEmpty else {
            let needed = names.count == 2 ? "\(names[0]), \(names[1]) or both"
                : names.count == 1 ? names[0] : "at least one of \(names.joined(separator: ", "))"
            throw error("an action needs \(needed)")
        }
        return action
    }

    /// A mapping of the keys `others` and of action keys (`onPush: {work: 5s, submit: …}`): the mapping,
    /// and the action of its action keys, nil when it has none.
    public func mappingWithAction(besides others: [String]) throws(InputError) -> (fields: ManifestMapping, action: ManifestAction?) {
        let fields = try mapping(allowed: others + document.actions.map(\.name))
        let action = try Self.action(of: fields, kinds: document.actions, in: document.manifest)
        return (fields, action.parts.isEmpty ? nil : action)
    }

    /// The action of the action keys among `fields`.
    private static func action(
        of fields: ManifestMapping, kinds: [ManifestActionKind], in manifest: AppManifest
    ) throws(InputError) -> ManifestAction {
        var action = ManifestAction()
        for kind in kinds {
            guard let value = fields[kind.name] else { continue }
            action.parts[kind.name] = try kind.read(value, manifest)
        }
        return action
    }

    // MARK: Scalars

    /// The value as text.
    public func string() throws(InputError) -> String {
        guard case .scalar(let scalar) = node else { throw error("expected a single value, not a list or mapping") }
        return scalar.string
    }

    /// The value as a list of texts.
    public func strings() throws(InputError) -> [String] {
        var result: [String] = []
        for item in try list() { result.append(try item.string()) }
        return result
    }

    /// The value as a path, relative to the manifest's folder unless absolute.
    public func path() throws(InputError) -> String {
        document.resolve(try string())
    }

    /// The value as a duration (`15m`, `2h30m`), at most 100 years.
    public func duration() throws(InputError) -> Duration {
        let text = try string()
        guard let value = DurationSyntax.parse(text) else {
            throw error("'\(Self.shown(text))' is not a duration (expected a number with a unit s, m, h or d, such as 15m or 2h30m)")
        }
        guard value <= SimCalendar.longest else { throw error("'\(Self.shown(text))' is longer than 100 years (36500d)") }
        return value
    }

    /// The value as yes or no: `true`, `on`, `yes`, `false`, `off`, `no`.
    public func bool() throws(InputError) -> Bool {
        let text = try string()
        switch text.lowercased() {
        case "true", "on", "yes": return true
        case "false", "off", "no": return false
        default: throw error("'\(Self.shown(text))' is not a yes/no value (expected true, false, yes, no, on or off)")
        }
    }

    /// The value as a whole number in `range`.
    public func integer(in range: ClosedRange<Int>) throws(InputError) -> Int {
        let text = try string()
        guard let value = Int(text), range.contains(value) else {
            throw error("'\(Self.shown(text))' is not a whole number in \(range.lowerBound)...\(range.upperBound)")
        }
        return value
    }

    /// The value as a number in `range`.
    public func number(in range: ClosedRange<Double>) throws(InputError) -> Double {
        let text = try string()
        guard let value = Double(text), range.contains(value) else {
            throw error("'\(Self.shown(text))' is not a number in \(Int(range.lowerBound))...\(Int(range.upperBound))")
        }
        return value
    }

    /// The value as a positive number of metres.
    public func positive() throws(InputError) -> Double {
        let text = try string()
        guard let value = Double(text), value.isFinite, value > 0 else {
            throw error("'\(Self.shown(text))' is not a positive number of metres")
        }
        return value
    }

    /// The value as one of `cases`; `what` names the kind of value in the error
    /// (`unknown task kind 'refesh' (expected refresh, processing or continued)`).
    public func choice<T: RawRepresentable<String>>(_ cases: [T], _ what: String) throws(InputError) -> T {
        let text = try string()
        guard let value = T(rawValue: text), cases.contains(where: { $0.rawValue == text }) else {
            let names = cases.map(\.rawValue)
            let list = names.count < 3 ? names.joined(separator: " or ")
                : names.dropLast().joined(separator: ", ") + " or " + names.last!
            throw error("unknown \(what) '\(Self.shown(text))' (expected \(list))")
        }
        return value
    }

    // MARK: Limits

    /// The largest value or key shown in an error message, in characters.
    static let shownLimit = 60

    /// `text` as an error message shows it: at most ``shownLimit`` characters.
    public static func shown(_ text: String) -> String {
        text.count <= shownLimit ? text : text.prefix(shownLimit) + "…"
    }
}
