/// Why YAML text could not be composed, with its place; ``YAMLNode/compose(_:depthLimit:)`` throws it.
///
/// The problem and context texts are libyaml's own (`did not find expected ',' or ']'`, `while parsing a
/// flow sequence`), so that a message reads the same whatever reads the YAML.
package enum YAMLError: Error, Equatable, Sendable {
    /// A byte libyaml's reader refused (`control characters are not allowed`), at a byte offset from 0.
    case reader(problem: String, offset: Int)
    /// A scanner, parser or composer error at `mark`, with what was being done (`while parsing a block
    /// mapping`) when libyaml says.
    case syntax(problem: String, context: String?, mark: YAMLMark)
    /// Keys that appear more than once in one mapping (sorted), at the first appearance of the first.
    case duplicateKeys([String], mark: YAMLMark)
    /// Lists and mappings nested deeper than `limit`, at the first that is too deep.
    case tooDeep(limit: Int, mark: YAMLMark)
    /// libyaml ran out of memory.
    case memory
}
