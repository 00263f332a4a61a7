import BackgroundCore
import BackgroundDevice
import YAML

/// Turns manifest YAML into an ``AppManifest``, checking every key and value.
///
/// The YAML is composed to nodes (not decoded) so that every error can name its line. Keys are checked
/// against the keys each mapping allows; a misspelt one gets the nearest valid key as a suggestion.
struct ManifestParser {
    let file: String

    /// The sections read, in order.
    let sections: [any ManifestSection.Type]

    /// The core's top-level keys before the sections' keys, and after them, as error messages list them.
    static let leadingKeys = ["app", "backgroundModes", "permittedIdentifiers", "infoPlist", "buildSettings"]
    static let trailingKeys = ["lifecycle"]
    /// The core's key a lifecycle step may carry besides its kind's: the work held on leaving the foreground.
    static let backgroundTaskKey = "backgroundTask"

    /// The largest manifest read: a real one is a few kilobytes.
    static let sizeLimit = 1 << 20

    // MARK: Reading

    /// The text of the manifest at `path`.
    static func read(_ path: String) throws(InputError) -> String {
        let bytes = try WholeFile.read(path, limit: sizeLimit, messages: WholeFile.Messages(
            missing: "no such file", directory: "is a directory, not a manifest file", unreadable: { "cannot be read: \($0.description.lowercased())" },
            tooLarge: "is larger than 1 MiB; refusing it (a manifest is a few kilobytes: is it the right file?)"))
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
        let root: YAMLNode
        do {
            guard let node = try YAMLNode.compose(text) else {
                throw InputError(file: file, message: "the manifest is empty (it needs at least app: and tasks:)")
            }
            root = node
        } catch let error as InputError {
            throw error
        } catch let error as YAMLError {
            throw yamlError(error)
        } catch {
            throw InputError(file: file, message: "invalid YAML")
        }
        let document = ManifestDocument(file: file, sections: sections)
        let allowed = Self.leadingKeys + sections.flatMap { $0.keys } + Self.trailingKeys
        let top = try ManifestValue(node: root, document: document, key: "").mapping(allowed: allowed)
        var manifest = AppManifest(file: file, app: try Self.bundleIdentifier(top.required("app")))

        if let plist = top["infoPlist"] {
            for key in ["permittedIdentifiers", "backgroundModes"] {
                guard let value = top[key] else { continue }
                throw value.error("give either infoPlist or backgroundModes and permittedIdentifiers, not both", line: value.keyLine)
            }
            let path = try plist.path()
            manifest.infoPlist = path
            let variables = try buildVariables(top["buildSettings"], app: manifest.app)
            (manifest.permittedIdentifiers, manifest.backgroundModes) = try InfoPlistReader.read(path, variables: variables)
            try BackgroundModeNames.check(manifest.backgroundModes, plist: path)
        } else {
            if let settings = top["buildSettings"] {
                throw settings.error(
                    "buildSettings only expands the build variables of an infoPlist; give infoPlist or remove it",
                    line: settings.keyLine)
            }
            manifest.backgroundModes = try BackgroundModeNames.read(top["backgroundModes"])
            manifest.permittedIdentifiers = try top["permittedIdentifiers"]?.strings() ?? []
        }
        for section in sections {
            document.manifest = manifest
            manifest.sections[ObjectIdentifier(section)] = try section.init(top, in: manifest)
        }
        let kinds = sections.flatMap { $0.lifecycleSteps }
        for item in try top["lifecycle"]?.list() ?? [] {
            manifest.lifecycle.append(try lifecycleStep(item, in: manifest, actions: document.actions, kinds: kinds))
        }
        return manifest
    }

    /// `app:`, checked as Apple checks a bundle identifier: letters, digits, hyphens and periods, with no
    /// empty part (`com.example.app`).
    private static func bundleIdentifier(_ value: ManifestValue) throws(InputError) -> String {
        let text = try value.string()
        let allowed = text.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "-" || $0 == ".") }
        guard allowed, !text.isEmpty, !text.split(separator: ".", omittingEmptySubsequences: false).contains(where: \.isEmpty) else {
            throw value.error(
                "'\(ManifestValue.shown(text))' is not a bundle identifier (letters, digits, hyphens and periods, "
                    + "such as com.example.app)")
        }
        return text
    }

    /// One step of `lifecycle:`: `at` and the key of one step kind (the core's `app`, `device` and
    /// `extension`, and the sections' `kinds`), with `backgroundTask` on `app: background` and action keys
    /// where the kind takes them (`app: foreground`, `extension`).
    private func lifecycleStep(
        _ item: ManifestValue, in manifest: AppManifest, actions: [ManifestActionKind], kinds: [LifecycleStepKind]
    ) throws(InputError) -> ManifestLifecycleStep {
        let all = LifecycleStepKind.leading + kinds + LifecycleStepKind.trailing
        let options = Array(Set(all.flatMap(\.options))).sorted()
        let allowed = ["at"] + LifecycleStepKind.leading.map(\.key) + [Self.backgroundTaskKey] + kinds.map(\.key)
            + LifecycleStepKind.trailing.map(\.key) + options + actions.map(\.name)
        for (name, value) in try item.entries() where !allowed.contains(name) {
            let hint = EditDistance.nearest(to: name, in: allowed).map { "did you mean '\($0)'? " } ?? ""
            throw value.error(
                "unknown lifecycle step key '\(ManifestValue.shown(name))' (\(hint)a step takes \(allowed.joined(separator: ", ")))",
                line: value.keyLine)
        }
        let fields = try item.mapping(allowed: allowed)
        let given = all.filter { fields[$0.key] != nil }
        guard given.count == 1, let kind = given.first, let value = fields[kind.key] else {
            let keys = all.map(\.key)
            throw item.error(given.isEmpty
                ? "a lifecycle step needs one of \(keys.dropLast().joined(separator: ", ")) or \(keys.last ?? "")"
                : "a lifecycle step does one thing: give one of \(given.map(\.key).joined(separator: ", ")), not both")
        }
        for name in options where !kind.options.contains(name) {
            guard let given = fields[name] else { continue }
            let owners = all.filter { $0.options.contains(name) }.map { "\($0.key):" }.joined(separator: " or ")
            throw given.error("\(name): belongs to a step of \(owners), not of \(kind.key):", line: given.keyLine)
        }
        let read = try kind.read(value, fields, manifest)
        var step = ManifestLifecycleStep(offset: try fields.required("at").duration(), change: ManifestLifecycleStep.Change(kind, read))
        if let work = fields[Self.backgroundTaskKey] {
            guard step.change == .state(.background) else {
                throw work.error(
                    "backgroundTask: is the work the app holds as it leaves the foreground: give it on an app: background step",
                    line: work.keyLine)
            }
            step.backgroundTask = try work.duration()
        }
        var action = ManifestAction()
        for part in actions {
            guard let given = fields[part.name] else { continue }
            guard kind.takesAction(read) else {
                throw given.error(
                    "\(part.name): on a lifecycle step is the user's tap in the app: give it on an app: foreground step (or an extension: step)",
                    line: given.keyLine)
            }
            action.parts[part.name] = try part.read(given, manifest)
        }
        if !action.parts.isEmpty { step.action = action }
        return step
    }

    /// The build variables an Info.plist may use: `buildSettings:`, a mapping of names to texts, and
    /// `PRODUCT_BUNDLE_IDENTIFIER`, which is `app`.
    private func buildVariables(_ settings: ManifestValue?, app: String) throws(InputError) -> BuildVariables {
        var values = [BuildVariables.bundleIdentifier: app]
        for (name, value) in try settings?.entries() ?? [] {
            guard BuildVariables.isName(name) else {
                throw value.error(
                    "'\(ManifestValue.shown(name))' is not a build setting's name (letters, digits and _, as in MARKETING_VERSION)",
                    line: value.keyLine)
            }
            guard name != BuildVariables.bundleIdentifier else {
                throw value.error("\(name) is the manifest's app: give it there", line: value.keyLine)
            }
            values[name] = try value.string()
        }
        return BuildVariables(values: values)
    }

    /// One line, naming the place, for a YAML error.
    private func yamlError(_ error: YAMLError) -> InputError {
        func oneLine(_ text: String) -> String {
            text.split(whereSeparator: \.isNewline).joined(separator: " ")
        }
        switch error {
        case .syntax(let problem, let context, let mark):
            let while_ = context.map { " \(oneLine($0))" } ?? ""
            return InputError(file: file, place: .line(mark.line, column: mark.column), message: "invalid YAML: \(oneLine(problem))\(while_)")
        case .reader(let problem, let offset):
            return InputError(file: file, place: .byte(offset), message: "invalid YAML: \(oneLine(problem))")
        case .duplicateKeys(let duplicates, let mark):
            return InputError(
                file: file, place: .line(mark.line, column: mark.column),
                message: "duplicate key \(duplicates.map { "'\(ManifestValue.shown($0))'" }.joined(separator: ", "))")
        case .tooDeep(let limit, let mark):
            return InputError(
                file: file, place: .line(mark.line, column: mark.column),
                message: "lists and mappings nest too deeply (the YAML parser stops at about \(limit) levels); refusing it")
        case .memory:
            return InputError(file: file, message: "invalid YAML: Memory error")
        }
    }
}
