/// A place in YAML text: a line and a column, both from 1, the column counted in characters (Unicode
/// scalars) as libyaml counts it.
package struct YAMLMark: Hashable, Sendable, CustomStringConvertible {
    package let line: Int
    package let column: Int

    package init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    /// `line:column`.
    package var description: String { "\(line):\(column)" }
}
