import CYAML

/// Composes nodes from libyaml's parser events, without recursion: the lists and mappings being read are
/// a stack of frames, so the depth is bounded by `depthLimit` and not by a thread's stack.
///
/// Owns one `yaml_parser_t` (deleted with the composer); the input must outlive it.
struct YAMLComposer: ~Copyable {
    private let parser: UnsafeMutablePointer<yaml_parser_t>
    private let depthLimit: Int
    /// The node each anchor named, the latest for an anchor given twice (as YAML says).
    private var anchors: [String: YAMLNode] = [:]

    /// A list or mapping being read: where it starts, its anchor and its items so far (a mapping's keys
    /// and values alternate).
    private struct Frame {
        let isMapping: Bool
        let mark: YAMLMark
        let anchor: String?
        var items: [YAMLNode] = []
    }

    init(input: UnsafeBufferPointer<UInt8>, depthLimit: Int) throws(YAMLError) {
        parser = .allocate(capacity: 1)
        guard yaml_parser_initialize(parser) == 1 else {
            parser.deallocate()
            throw .memory
        }
        yaml_parser_set_encoding(parser, YAML_UTF8_ENCODING)
        yaml_parser_set_input_string(parser, input.baseAddress, input.count)
        self.depthLimit = depthLimit
    }

    deinit {
        yaml_parser_delete(parser)
        parser.deallocate()
    }

    /// The stream's one document, or nil when it has none.
    mutating func singleDocument() throws(YAMLError) -> YAMLNode? {
        try expect(YAML_STREAM_START_EVENT)
        var event = try next()
        defer { yaml_event_delete(&event) }
        if event.type == YAML_STREAM_END_EVENT { return nil }
        let root = try document()
        var after = try next()
        defer { yaml_event_delete(&after) }
        guard after.type == YAML_STREAM_END_EVENT else {
            throw .syntax(problem: "but found another document", context: "expected a single document in the stream", mark: Self.mark(after.start_mark))
        }
        return root
    }

    // MARK: Events

    /// The next event; the caller deletes it.
    private mutating func next() throws(YAMLError) -> yaml_event_t {
        var event = yaml_event_t()
        guard yaml_parser_parse(parser, &event) == 1 else { throw error() }
        return event
    }

    private mutating func expect(_ type: yaml_event_type_t) throws(YAMLError) {
        var event = try next()
        defer { yaml_event_delete(&event) }
        precondition(event.type == type, "libyaml sent event \(event.type.rawValue), not \(type.rawValue)")
    }

    /// The parser's error, as libyaml describes it.
    private func error() -> YAMLError {
        let problem = parser.pointee.problem.map { String(cString: $0) } ?? "unknown error"
        switch parser.pointee.error {
        case YAML_MEMORY_ERROR:
            return .memory
        case YAML_READER_ERROR:
            return .reader(problem: problem, offset: parser.pointee.problem_offset)
        default:
            return .syntax(
                problem: problem, context: parser.pointee.context.map { String(cString: $0) },
                mark: Self.mark(parser.pointee.problem_mark))
        }
    }

    // MARK: Composing

    /// The nodes of one document, from the event after its start to its end.
    private mutating func document() throws(YAMLError) -> YAMLNode {
        var stack: [Frame] = []
        while true {
            var event = try next()
            defer { yaml_event_delete(&event) }
            var node: YAMLNode
            switch event.type {
            case YAML_SCALAR_EVENT:
                let scalar = event.data.scalar
                node = .scalar(YAMLNode.Scalar(
                    string: String(decoding: UnsafeBufferPointer(start: scalar.value, count: scalar.length), as: UTF8.self),
                    mark: Self.mark(event.start_mark), isPlain: scalar.plain_implicit != 0))
                register(Self.text(scalar.anchor), node)
            case YAML_ALIAS_EVENT:
                let name = Self.text(event.data.alias.anchor) ?? ""
                guard let target = anchors[name] else {
                    throw .syntax(problem: "found undefined alias", context: nil, mark: Self.mark(event.start_mark))
                }
                node = target
            case YAML_SEQUENCE_START_EVENT, YAML_MAPPING_START_EVENT:
                guard stack.count < depthLimit else { throw .tooDeep(limit: depthLimit, mark: Self.mark(event.start_mark)) }
                let isMapping = event.type == YAML_MAPPING_START_EVENT
                let anchor = isMapping ? event.data.mapping_start.anchor : event.data.sequence_start.anchor
                stack.append(Frame(isMapping: isMapping, mark: Self.mark(event.start_mark), anchor: Self.text(anchor)))
                continue
            case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
                let frame = stack.removeLast()
                if frame.isMapping {
                    let pairs = stride(from: 0, to: frame.items.count, by: 2).map { (key: frame.items[$0], value: frame.items[$0 + 1]) }
                    try Self.checkUniqueKeys(pairs)
                    node = .mapping(pairs, frame.mark)
                } else {
                    node = .sequence(frame.items, frame.mark)
                }
                register(frame.anchor, node)
            default:
                preconditionFailure("libyaml sent event \(event.type.rawValue) inside a document")
            }
            guard !stack.isEmpty else {
                try expect(YAML_DOCUMENT_END_EVENT)
                return node
            }
            stack[stack.count - 1].items.append(node)
        }
    }

    private mutating func register(_ anchor: String?, _ node: YAMLNode) {
        if let anchor { anchors[anchor] = node }
    }

    /// Refuses a mapping whose scalar keys are not unique; other keys (lists, mappings) are left to the
    /// reader, which can name them better.
    private static func checkUniqueKeys(_ pairs: [(key: YAMLNode, value: YAMLNode)]) throws(YAMLError) {
        var first: [String: YAMLMark] = [:]
        var repeated: Set<String> = []
        for case (.scalar(let key), _) in pairs {
            if first[key.string] == nil { first[key.string] = key.mark } else { repeated.insert(key.string) }
        }
        guard let lowest = repeated.min(), let mark = first[lowest] else { return }
        throw .duplicateKeys(repeated.sorted(), mark: mark)
    }

    // MARK: C values

    private static func mark(_ mark: yaml_mark_t) -> YAMLMark {
        YAMLMark(line: mark.line + 1, column: mark.column + 1)
    }

    private static func text(_ pointer: UnsafeMutablePointer<yaml_char_t>?) -> String? {
        pointer.map { String(cString: $0) }
    }
}
