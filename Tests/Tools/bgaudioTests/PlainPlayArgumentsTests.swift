import ArgumentParser
import BackgroundCore
import CommandLineSupport
import Testing

@testable import bgaudio

/// `bgaudio play` read the plain way (``PlayRequest/init(plainArguments:)``, no ArgumentParser) against
/// ArgumentParser's reading of the same command line.
@Suite struct PlainPlayArgumentsTests {
    /// What command lines are made of: files, the options and their values, good and bad, and the words
    /// that ArgumentParser treats specially.
    static let files = ["a.wav", "b c.wav", "x=y.wav", "play", "help", "é.wav", "-", "--", "-x.wav", "", "1", "-1", " "]
    static let options = ["--device", "--volume", "--loop", "--start", "--format"]
    static let values = [
        "null", "default", "file:'/tmp/a=b.raw',raw", "hw:0,0", "0", "1", "0.5", "1e0", ".5", "nan", "inf", "-1", "-0.5", "2",
        "+1", " 1", "0x1", "1_0", "text", "jsonl", "TEXT", "", "--quiet", "-h", "=", "3153600000", "3153600001", "a.wav",
    ]
    static let odd = [
        "-h", "--help", "--version", "--", "-q", "--vol", "--quiet=1", "--quiet=", "--Device", "--device=", "--loop=",
        "--generate-completion-script", "--experimental-dump-help", "help", "info", "-1",
    ]

    /// A command line of `play` and up to six more parts: files, options with a separate or an attached
    /// value, `--quiet`, and now and then an odd word; one in twenty starts with something else.
    static func commandLine(_ random: inout SplitMix64) -> [String] {
        var words = [Int.random(in: 0..<20, using: &random) == 0 ? ["info", "Play", "--quiet", "help"].randomElement(using: &random)! : "play"]
        for _ in 0..<Int.random(in: 0...6, using: &random) {
            let option = options.randomElement(using: &random)!
            let value = values.randomElement(using: &random)!
            switch Int.random(in: 0..<12, using: &random) {
            case 0...3: words.append(files.randomElement(using: &random)!)
            case 4...6: words += [option, value]
            case 7...8: words.append("\(option)=\(value)")
            case 9...10: words.append("--quiet")
            default: words.append(odd.randomElement(using: &random)!)
            }
        }
        return words
    }

    @Test func whateverItAcceptsArgumentParserReadsAsTheSameRequest() {
        var random = SplitMix64(seed: 2026)
        var accepted = 0
        for _ in 0..<12_000 {
            let words = Self.commandLine(&random)
            guard let plain = PlayRequest(plainArguments: words) else { continue }
            accepted += 1
            do {
                let command = try BGAudio.parseAsRoot(words)
                #expect((command as? Play)?.request == plain, "\(words)")
            } catch {
                Issue.record("ArgumentParser refused \(words), which the plain reading took as \(plain): \(error)")
            }
        }
        // Enough of the generated command lines are plain for the comparison to mean something.
        #expect(accepted >= 500, "only \(accepted) command lines were read the plain way")
    }

    @Test(arguments: [
        ["play", "a.wav", "--device", "null", "--quiet"],
        ["play", "--device=file:'/tmp/out.raw',raw", "a.wav", "b.wav", "--volume", "0.5"],
        ["play", "loop.wav", "--loop", "-1", "--format", "jsonl"],
        ["play", "a.wav", "--loop=-1", "--start=1.5", "--format=text", "--quiet"],
    ])
    func theUsualSpellingsAreReadThePlainWay(words: [String]) throws {
        let plain = try #require(PlayRequest(plainArguments: words))
        #expect((try BGAudio.parseAsRoot(words) as? Play)?.request == plain)
    }

    @Test(arguments: [
        ["play"], ["play", "--help"], ["play", "-h", "a.wav"], ["play", "a.wav", "--version"], ["play", "--", "a.wav"],
        ["play", "a.wav", "--device", "null", "--device", "default"], ["play", "a.wav", "--quiet", "--quiet"],
        ["play", "a.wav", "--device"], ["play", "a.wav", "--volume", "-1"], ["play", "a.wav", "--volume", "2"],
        ["play", "a.wav", "--loop", "once"], ["play", "a.wav", "--format", "xml"], ["play", "a.wav", "--quiet=yes"],
        ["play", "a.wav", "--start", "nan"], ["play", "a.wav", "--device="], ["play", "-x.wav"], ["play", ""],
        ["info", "a.wav"], ["--quiet", "play", "a.wav"], ["play", "a.wav", "--generate-completion-script", "bash"],
    ])
    func everythingElseIsLeftToArgumentParser(words: [String]) {
        #expect(PlayRequest(plainArguments: words) == nil)
    }
}
