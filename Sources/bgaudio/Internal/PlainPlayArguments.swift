import ArgumentParser
import CommandLineSupport

extension PlayRequest {
    /// `bgaudio play` in its plain spellings, read without ArgumentParser: `play`, then the files, each of
    /// `--device`, `--volume`, `--loop`, `--start` and `--format` at most once as `--name value` or
    /// `--name=value`, and `--quiet`, in any order. Anything else gives nil, and ArgumentParser reads the
    /// command line as usual, with its help and its messages: help, a short or unknown option, `--`, an
    /// option given twice, a missing value or one that starts with `-` (but `--loop -1`), a value that does
    /// not convert, a request that ``validate()`` refuses.
    ///
    /// Why it exists: ArgumentParser learns the commands' options by reflection on every start, about two
    /// thirds of the instructions of a short `play` and 2 ms of CPU (docs/PERFORMANCE.md, "Audio"). The
    /// values convert with the very `ExpressibleByArgument` initializers ArgumentParser uses, and
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
            let name = String(token[..<(equals ?? token.endIndex)])
            guard !given.contains(name) else { return nil }
            given.append(name)
            if name == "--quiet" {
                guard equals == nil else { return nil }
                request.quiet = true
                continue
            }
            let value: String
            if let equals {
                value = String(token[token.index(after: equals)...])
            } else {
                // ArgumentParser takes the next word as the value unless it looks like an option; `--loop`
                // takes it whatever it is (`parsing: .unconditional`, for `--loop -1`).
                guard let next = rest.popFirst(), name == "--loop" || !next.hasPrefix("-") else { return nil }
                value = next
            }
            guard !value.isEmpty, request.set(name, to: value) else { return nil }
        }
        guard (try? request.validate()) != nil else { return nil }
        self = request
    }

    /// Sets one option from its text, converted as ArgumentParser converts it; false if it does not convert.
    private mutating func set(_ option: String, to value: String) -> Bool {
        switch option {
        case "--device":
            device = value
        case "--volume":
            guard let volume = Double(argument: value) else { return false }
            self.volume = volume
        case "--loop":
            guard let loop = Int(argument: value) else { return false }
            self.loop = loop
        case "--start":
            guard let start = Double(argument: value) else { return false }
            self.start = start
        case "--format":
            guard let format = TimelineFormat(argument: value) else { return false }
            self.format = format
        default:
            return false
        }
        return true
    }
}
