import BackgroundCore
import Testing

@Suite struct DurationSyntaxTests {
    @Test func parsesUnitsAndCombinations() {
        #expect(DurationSyntax.parse("4s") == .seconds(4))
        #expect(DurationSyntax.parse("15m") == .seconds(900))
        #expect(DurationSyntax.parse("2h3m") == .seconds(7380))
        #expect(DurationSyntax.parse("1d") == .seconds(86_400))
        #expect(DurationSyntax.parse("1.5s") == .milliseconds(1500))
        #expect(DurationSyntax.parse("0s") == .zero)
    }

    @Test(arguments: ["", "15", "m", "3x", "1m2h", "1h1h", "-5s", "1..5s", "5 s"])
    func rejectsWhatIsNotADuration(_ text: String) {
        #expect(DurationSyntax.parse(text) == nil)
    }

    @Test func formatsLargestUnitsFirst() {
        #expect(DurationSyntax.format(.seconds(7380)) == "2h3m")
        #expect(DurationSyntax.format(.seconds(90_000)) == "1d1h")
        #expect(DurationSyntax.format(.milliseconds(500)) == "0.5s")
        #expect(DurationSyntax.format(.zero) == "0s")
    }
}
