import BackgroundCore
import FoundationEssentials

/// Reads `BGTaskSchedulerPermittedIdentifiers` and `UIBackgroundModes` from an Info.plist, XML or binary,
/// with the build variables in their values (`$(PRODUCT_BUNDLE_IDENTIFIER).refresh`) expanded.
///
/// Parsing goes through FoundationEssentials' `PropertyListDecoder`. An XML plist that declares a document
/// type with an internal subset or any entity is refused before parsing, so no entity is ever expanded
/// and nothing outside the file is read.
enum InfoPlistReader {
    static func read(
        _ path: String, variables: BuildVariables
    ) throws(InputError) -> (permittedIdentifiers: [String], backgroundModes: [String]) {
        let data = Data(try WholeFile.read(path, limit: 1 << 20, messages: WholeFile.Messages(
            missing: "no such file (named by the manifest's infoPlist)", directory: "is a directory, not an Info.plist",
            unreadable: { "cannot be read: \($0.description.lowercased())" }, tooLarge: "is larger than 1 MiB; refusing it (an Info.plist is a few kilobytes)")))
        if !data.starts(with: Array("bplist".utf8)) {
            let text = String(decoding: data, as: UTF8.self)
            if text.contains("<!ENTITY") || declaresInternalSubset(text) {
                throw InputError(
                    file: path,
                    message: "declares entities or a DOCTYPE internal subset; refusing it (an Info.plist needs neither)")
            }
        }
        do {
            let lists = try PropertyListDecoder().decode(BackgroundLists.self, from: data)
            return (
                try expand(lists.BGTaskSchedulerPermittedIdentifiers, "BGTaskSchedulerPermittedIdentifiers", path, variables),
                try expand(lists.UIBackgroundModes, "UIBackgroundModes", path, variables)
            )
        } catch let error as InputError {
            throw error
        } catch DecodingError.typeMismatch(_, let context) where !context.codingPath.isEmpty {
            throw InputError(file: path, place: .key(context.codingPath[0].stringValue), message: "expected an array of strings")
        } catch DecodingError.typeMismatch {
            throw InputError(file: path, message: "the top level is not a dictionary")
        } catch {
            throw InputError(file: path, message: "is not a property list (XML or binary)")
        }
    }

    /// The two keys read; any others are ignored.
    private struct BackgroundLists: Decodable {
        // swiftlint:disable identifier_name
        var BGTaskSchedulerPermittedIdentifiers: [String]?
        var UIBackgroundModes: [String]?
        // swiftlint:enable identifier_name
    }

    private static func expand(
        _ list: [String]?, _ key: String, _ path: String, _ variables: BuildVariables
    ) throws(InputError) -> [String] {
        var result: [String] = []
        for (index, item) in (list ?? []).enumerated() {
            result.append(try variables.expand(item, file: path, key: "\(key)[\(index)]"))
        }
        return result
    }

    /// True when a `<!DOCTYPE …>` declaration has a `[` internal subset.
    private static func declaresInternalSubset(_ text: String) -> Bool {
        guard let start = text.firstRange(of: "<!DOCTYPE") else { return false }
        let rest = text[start.upperBound...]
        let end = rest.firstIndex(of: ">") ?? rest.endIndex
        return rest[..<end].contains("[")
    }
}
