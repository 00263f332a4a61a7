import BackgroundCore

/// Xcode build variables in an Info.plist's values: `$(NAME)` and `${NAME}`, as real apps commit them
/// (`$(PRODUCT_BUNDLE_IDENTIFIER).refresh`).
///
/// `PRODUCT_BUNDLE_IDENTIFIER` is the manifest's `app:`; every other name comes from its `buildSettings:`.
/// Values are taken as written, not expanded again. Xcode's modifiers (`$(NAME:rfc1034identifier)`),
/// nested references (`$(A_$(B))`) and `$$` do not occur in the permitted identifiers or background modes
/// of real apps' Info.plists (`../shared/testdata/more/plist/`), so they are refused with a clear error
/// rather than guessed at. A `$` not followed by `(` or `{` is kept as it is.
struct BuildVariables {
    /// The variable `app:` gives.
    static let bundleIdentifier = "PRODUCT_BUNDLE_IDENTIFIER"

    /// Values by name, `PRODUCT_BUNDLE_IDENTIFIER` among them.
    let values: [String: String]

    /// True when `name` can name a build setting: a letter or `_`, then letters, digits and `_`.
    static func isName(_ name: some StringProtocol) -> Bool {
        guard let first = name.unicodeScalars.first, first == "_" || isLetter(first)
        else { return false }
        return name.unicodeScalars.allSatisfy { $0 == "_" || isLetter($0) || ("0"..."9").contains($0) }
    }

    private static func isLetter(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
    }

    /// `text` with every variable replaced by its value; the error names `file` and `key`, the value's
    /// key path in the plist (`BGTaskSchedulerPermittedIdentifiers[2]`).
    func expand(_ text: String, file: String, key: String) throws(InputError) -> String {
        var result = ""
        var rest = Substring(text)
        while let dollar = rest.firstIndex(of: "$") {
            result += rest[..<dollar]
            let opener = rest.index(after: dollar)
            guard opener < rest.endIndex, rest[opener] == "(" || rest[opener] == "{" else {
                result.append("$")
                rest = rest[opener...]
                continue
            }
            let closer: Character = rest[opener] == "(" ? ")" : "}"
            let shown = "$" + String(rest[opener])
            let body = rest[rest.index(after: opener)...]
            guard let end = body.firstIndex(of: closer) else {
                throw InputError(
                    file: file, place: .key(key),
                    message: "'\(text)' has an unterminated '\(shown)' (a build variable is written \(shown)NAME\(closer))")
            }
            let name = body[..<end]
            guard Self.isName(name) else {
                let what = name.contains(":") ? "uses a build-setting modifier, which bgkit does not apply"
                    : "is not a build variable bgkit reads (a name of letters, digits and _)"
                throw InputError(
                    file: file, place: .key(key),
                    message: "'\(shown)\(name)\(closer)' in '\(text)' \(what); write the value out in the Info.plist")
            }
            guard let value = values[String(name)] else {
                let near = EditDistance.nearest(to: String(name), in: values.keys.sorted())
                    .map { " (did you mean '\($0)'?)" } ?? ""
                throw InputError(
                    file: file, place: .key(key),
                    message: "unknown build variable '\(shown)\(name)\(closer)'\(near); "
                        + "give its value under the manifest's buildSettings: (\(name): VALUE)")
            }
            result += value
            rest = body[body.index(after: end)...]
        }
        return result + rest
    }
}
