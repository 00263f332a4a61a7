
extension PlayRequest {
    /// `bgaudio play` in its plain spellings, read without ArgumentParser: `play`, then the files, each
    /// option of ``PlayOptions`` at most once as `--name value` or `--name=value` (a flag as `--name`), in
    /// any order. Anything else gives nil, and ArgumentParser reads the
    /// command line as usual, with its help and its messages: help, a short or unknown option, `--`, an
    /// option given twice, a missing value or one that starts with `-` (but `--loop -1`), a value that does
    /// not convert, a request that ``validate()`` refuses.
    ///
    /// Why it exists: ArgumentParser learns the commands' options by reflection on every start, about two
    /// thirds of the instructions of a short `play` and 2 ms of CPU (docs/PERFORMANCE.md, "Audio"). The
    /// options are the very declarations ``Play`` is built from, the values convert with the same
    /// `ExpressibleByArgument` initializers ArgumentParser uses, and
    /// `PlainPlayArgumentsTests` checks on thousands of generated command lines that whatever this accepts,
    /// ArgumentParser reads as the same request.
    init?(plainArguments arguments: some Collection<String>) {
        guard arguments.first == "play" else { return nil }
        var request = PlayRequest(files: [])
        var given: [String] = []
        var rest = arguments.dropFirst()
        while let token = rest.popFirst() {
            guard token.hasPrefix("-") else {
                guard !token.isEmpty else { return nil }
                request.files.append(token)
                continue
            }
            let equals = token.firstIndex(of: "=")
            let name = token[..<(equals ?? token.endIndex)]
            guard !given.contains(where: { $0 == name }), let option = PlayOptions.plain(name) else {
                return nil
            }
            given.append(String(name))
            let value: String
            if option.isFlag {
                guard equals == nil else { return nil }
                value = ""
            } else if let equals {
                value = String(token[token.index(after: equals)...])
                guard !value.isEmpty else { return nil }
            } else {
                // ArgumentParser takes the next word as the value unless it looks like an option; `--loop`
                // takes it whatever it is (`parsing: .unconditional`, for `--loop -1`).
                guard let next = rest.popFirst(), !next.isEmpty, option.takesDashValues || !next.hasPrefix("-") else { return nil }
                value = next
            }
            guard option.set(&request, value) else { return nil }
        }
        guard (try? request.validate()) != nil else { return nil }
        self = request
    }
}
