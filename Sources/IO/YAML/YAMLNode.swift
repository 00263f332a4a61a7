/// One node of a YAML document as libyaml's parser events compose it: a scalar's text, or a list or
/// mapping of nodes, each with the place it starts.
///
/// Nodes are composed, not resolved: a scalar is its text whatever its style or tag (`1`, `'1'` and `"1"`
/// are all the text `1`), and the reader of the document decides what the text means, so that every error
/// can name its line. An alias stands for the node its anchor named, as in the YAML text.
///
/// ```swift
/// let root = try YAMLNode.compose("app: com.example\ntasks: [a, b]\n")
/// if case .mapping(let pairs, _)? = root, case .scalar(let key) = pairs[0].key {
///     key.string      // "app"
///     key.mark.line   // 1
/// }
/// ```
package enum YAMLNode: Sendable {
    /// A single value.
    case scalar(Scalar)
    /// A list, with the place of its start (`[` or the first `-`).
    case sequence([YAMLNode], YAMLMark)
    /// A mapping's pairs in the order of the text, with the place of its start; keys are unique (see
    /// ``compose(_:depthLimit:)``).
    case mapping([(key: YAMLNode, value: YAMLNode)], YAMLMark)

    /// A scalar: its text (escapes and folding applied), the place it starts, and whether it was written
    /// plain, without quotes or a tag (`1`, not `'1'` or `!!str 1`): a reader that resolves types as YAML's
    /// core schema does (a plain `true`, `1`, `null`) needs to know.
    package struct Scalar: Sendable {
        package let string: String
        package let mark: YAMLMark
        package let isPlain: Bool
    }

    /// Where the node starts.
    package var mark: YAMLMark {
        switch self {
        case .scalar(let scalar): scalar.mark
        case .sequence(_, let mark), .mapping(_, let mark): mark
        }
    }

    /// The deepest lists and mappings may nest by default.
    package static let defaultDepthLimit = 1000

    /// Composes the one document of `text` (UTF-8 YAML 1.1, through libyaml), or nil when it has none
    /// (empty, or only comments).
    ///
    /// Refused with a ``YAMLError``: what libyaml refuses (bytes, syntax), a second document, an alias
    /// whose anchor is not defined before it, a mapping whose scalar keys are not unique, and lists and
    /// mappings nested deeper than `depthLimit` (composed without recursion, so any depth up to the limit
    /// is safe on any thread).
    package static func compose(_ text: String, depthLimit: Int = defaultDepthLimit) throws(YAMLError) -> YAMLNode? {
        var bytes = Array(text.utf8)
        guard !bytes.isEmpty else { return nil }
        return try bytes.withUnsafeMutableBufferPointer { buffer throws(YAMLError) in
            var composer = try YAMLComposer(input: UnsafeBufferPointer(buffer), depthLimit: depthLimit)
            return try composer.singleDocument()
        }
    }
}
