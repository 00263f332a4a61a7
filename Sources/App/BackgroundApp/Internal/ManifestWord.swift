/// A word of a closed list read with ``ManifestValue/choice(_:_:)``: an entitlement, a continued task's
/// `resources:`.
struct ManifestWord: RawRepresentable {
    var rawValue: String
}
