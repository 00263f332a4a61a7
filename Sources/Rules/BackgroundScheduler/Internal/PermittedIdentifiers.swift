/// The app's `BGTaskSchedulerPermittedIdentifiers`: exact identifiers, and the wildcards (`prefix.*`,
/// iOS 26) that permit continued processing tasks named `prefix.` and a name.
struct PermittedIdentifiers {
    let exact: Set<String>
    /// The prefixes of the wildcards, with their dot (`com.example.export.`).
    let prefixes: [String]

    init(_ identifiers: Set<String>) {
        exact = identifiers
        prefixes = identifiers.filter { $0.count > 2 && $0.hasSuffix(".*") }.map { String($0.dropLast()) }.sorted()
    }

    /// The wildcard (`prefix.*`) that permits `identifier`: its prefix and a non-empty name; nil when none does.
    func wildcard(permitting identifier: String) -> String? {
        prefixes.first { identifier.hasPrefix($0) && identifier.count > $0.count }.map { $0 + "*" }
    }

    /// Whether `identifier` may be registered: an exact identifier, a wildcard itself, or a name under one.
    func allowsRegistration(of identifier: String) -> Bool {
        exact.contains(identifier) || wildcard(permitting: identifier) != nil
    }

    /// Whether a handler for `identifier` may be registered after launch: only continued tasks' (a
    /// wildcard, or a name under one).
    func isContinued(_ identifier: String) -> Bool {
        (identifier.hasSuffix(".*") && exact.contains(identifier)) || wildcard(permitting: identifier) != nil
    }
}
