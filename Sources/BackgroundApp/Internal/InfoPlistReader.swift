import BackgroundCore
import Foundation

/// Reads `BGTaskSchedulerPermittedIdentifiers` and `UIBackgroundModes` from an Info.plist, XML or binary,
/// with the build variables in their values (`$(PRODUCT_BUNDLE_IDENTIFIER).refresh`) expanded.
///
/// Parsing goes through Foundation's `PropertyListSerialization`. An XML plist that declares a document
/// type with an internal subset or any entity is refused before parsing, so no entity is ever expanded
/// and nothing outside the file is read.
enum InfoPlistReader {
    static func read(
        _ path: String, variables: BuildVariables
    ) throws(InputError) -> (permittedIdentifiers: [String], backgroundModes: [String]) {
        let data: Data
        do {
            data = Data(try BoundedFile.read(path, limit: 1 << 20))
        } catch {
            switch error {
            case .missing: throw InputError(file: path, message: "no such file (named by the manifest's infoPlist)")
            case .directory: throw InputError(file: path, message: "is a directory, not an Info.plist")
            case .unreadable(let reason): throw InputError(file: path, message: "cannot be read: \(reason)")
            case .tooLarge: throw InputError(file: path, message: "is larger than 1 MiB; refusing it (an Info.plist is a few kilobytes)")
            }
        }
        if !data.starts(with: Array("bplist".utf8)) {
            let text = String(decoding: data, as: UTF8.self)
            if text.contains("<!ENTITY") || declaresInternalSubset(text) {
                throw InputError(
                    file: path,
                    message: "declares entities or a DOCTYPE internal subset; refusing it (an Info.plist needs neither)")
            }
        }
        let object: Any
        do {
            object = try PropertyListSerialization.propertyList(from: data, options: [], format: nil)
        } catch {
            throw InputError(file: path, message: "is not a property list (XML or binary)")
        }
        guard let root = object as? [String: Any] else {
            throw InputError(file: path, message: "the top level is not a dictionary")
        }
        return (
            try strings(root, "BGTaskSchedulerPermittedIdentifiers", path, variables),
            try strings(root, "UIBackgroundModes", path, variables)
        )
    }

    private static func strings(
        _ root: [String: Any], _ key: String, _ path: String, _ variables: BuildVariables
    ) throws(InputError) -> [String] {
        guard let value = root[key] else { return [] }
        guard let list = value as? [String] else {
            throw InputError(file: path, place: .key(key), message: "expected an array of strings")
        }
        var result: [String] = []
        for (index, item) in list.enumerated() {
            result.append(try variables.expand(item, file: path, key: "\(key)[\(index)]"))
        }
        return result
    }

    /// True when a `<!DOCTYPE …>` declaration has a `[` internal subset.
    private static func declaresInternalSubset(_ text: String) -> Bool {
        guard let start = text.range(of: "<!DOCTYPE") else { return false }
        let rest = text[start.upperBound...]
        let end = rest.firstIndex(of: ">") ?? rest.endIndex
        return rest[..<end].contains("[")
    }
}
