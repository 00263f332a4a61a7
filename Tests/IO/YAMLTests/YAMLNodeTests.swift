import Testing
import YAML

/// `YAMLNode.compose` on libyaml: the nodes and their places, anchors and aliases, and every refusal with
/// libyaml's own texts.
@Suite struct YAMLNodeTests {
    /// The scalar texts of a list, or of a mapping's keys and values in turn.
    static func texts(_ node: YAMLNode?) -> [String] {
        switch node {
        case .scalar(let scalar)?: [scalar.string]
        case .sequence(let items, _)?: items.flatMap { texts($0) }
        case .mapping(let pairs, _)?: pairs.flatMap { texts($0.key) + texts($0.value) }
        case nil: []
        }
    }

    @Test func composesNodesWithTheirLinesAndColumns() throws {
        let root = try YAMLNode.compose("# a comment\napp: x\ntasks:\n  - 'a b'\n  - {k: \"v\\n\"}\n")
        guard case .mapping(let pairs, let mark)? = root else { Issue.record("not a mapping: \(String(describing: root))"); return }
        #expect(mark == YAMLMark(line: 2, column: 1))
        #expect(pairs.map(\.key.mark) == [YAMLMark(line: 2, column: 1), YAMLMark(line: 3, column: 1)])
        #expect(pairs[0].value.mark == YAMLMark(line: 2, column: 6))
        guard case .sequence(let items, let listMark) = pairs[1].value else { Issue.record("not a list"); return }
        #expect(listMark == YAMLMark(line: 4, column: 3))
        #expect(items.map(\.mark) == [YAMLMark(line: 4, column: 5), YAMLMark(line: 5, column: 5)])
        #expect(Self.texts(root) == ["app", "x", "tasks", "a b", "k", "v\n"])
    }

    @Test func anAliasIsTheNodeItsAnchorNamed() throws {
        let root = try YAMLNode.compose("a: &x [1, 2]\nb: *x\nc: &x 3\nd: *x\n")
        #expect(Self.texts(root) == ["a", "1", "2", "b", "1", "2", "c", "3", "d", "3"])
    }

    @Test func nothingButCommentsIsNoDocument() throws {
        #expect(try YAMLNode.compose("") == nil)
        #expect(try YAMLNode.compose("# only\n\n") == nil)
        #expect(Self.texts(try YAMLNode.compose("---\n")) == [""])
    }

    @Test func nestingIsBoundedWithoutRecursion() throws {
        #expect(Self.texts(try YAMLNode.compose("[[[x]]]", depthLimit: 3)) == ["x"])
        #expect(throws: YAMLError.tooDeep(limit: 3, mark: YAMLMark(line: 1, column: 4))) {
            try YAMLNode.compose("[[[[x]]]]", depthLimit: 3)
        }
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        #expect(throws: YAMLError.tooDeep(limit: 1000, mark: YAMLMark(line: 1, column: 1001))) { try YAMLNode.compose(deep) }
    }

    struct Refused: CustomTestStringConvertible, Sendable {
        let name: String
        let text: String
        let error: YAMLError
        var testDescription: String { name }
    }

    static let refused: [Refused] = [
        Refused(name: "a flow list left open", text: "app: x\ntasks: [a\n",
                error: .syntax(problem: "did not find expected ',' or ']'", context: "while parsing a flow sequence",
                               mark: YAMLMark(line: 3, column: 1))),
        Refused(name: "a control character", text: "app: x\u{1}\n", error: .reader(problem: "control characters are not allowed", offset: 6)),
        Refused(name: "keys twice, sorted, at the first's first place", text: "b: 1\na: 2\nb: 3\na: 4\n",
                error: .duplicateKeys(["a", "b"], mark: YAMLMark(line: 2, column: 1))),
        Refused(name: "a key twice in any style", text: "{k: 1, 'k': 2}", error: .duplicateKeys(["k"], mark: YAMLMark(line: 1, column: 2))),
        Refused(name: "an alias before its anchor", text: "a: *x\nb: &x 1\n",
                error: .syntax(problem: "found undefined alias", context: nil, mark: YAMLMark(line: 1, column: 4))),
        Refused(name: "two documents", text: "a: 1\n---\nb: 2\n",
                error: .syntax(problem: "but found another document", context: "expected a single document in the stream",
                               mark: YAMLMark(line: 2, column: 1))),
    ]

    @Test(arguments: refused)
    func refusesWithLibyamlsWords(_ c: Refused) {
        #expect(throws: c.error) { try YAMLNode.compose(c.text) }
    }
}
