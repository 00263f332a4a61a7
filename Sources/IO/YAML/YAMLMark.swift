/// A place in YAML text: a line and a column, both from 1, the column counted in characters (Unicode
/// scalars) as libyaml counts it.
public struct YAMLMark: Hashable, Sendable, CustomStringConvertible {
    public let line: Int
    public let column: Int

    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    /// `line:column`.
    public var description: String { "\(line):\(column)" }
}
