import BackgroundApp
import BackgroundCore
import Testing

/// The user's manifest keys: `usage:`, `history:` and `population:` (CONTRACTS.md §8).
@Suite struct UsageSectionTests {
    static let day = Duration.seconds(86_400)

    @Test func readsEveryKey() throws {
        let m = try AppManifest(yaml: """
            app: com.example.news
            usage:
              - {at: "08:00", for: 5m, jitter: 15m}
              - {at: "12:30", for: 2m, days: [mon, tue, wed, thu, fri]}
              - {at: "21:00", for: 10m, every: 2d}
            history: 7d
            population:
              - {weight: 3, usage: [{at: "07:30", for: 5m, jitter: 30m}, {at: "19:00", for: 15m, jitter: 1h}]}
              - {weight: 0.5, usage: [{at: "20:00", for: 5m, every: 7d}]}
            """, file: "app.yaml")
        #expect(m.usage == [
            UsagePattern(at: .seconds(8 * 3600), for: .seconds(300), jitter: .seconds(900)),
            UsagePattern(at: .seconds(12 * 3600 + 1800), for: .seconds(120), days: [.mon, .tue, .wed, .thu, .fri]),
            UsagePattern(at: .seconds(21 * 3600), for: .seconds(600), every: 2),
        ])
        #expect(m.history == Self.day * 7)
        #expect(m.population == [
            PopulationProfile(weight: 3, usage: [
                UsagePattern(at: .seconds(7 * 3600 + 1800), for: .seconds(300), jitter: .seconds(1800)),
                UsagePattern(at: .seconds(19 * 3600), for: .seconds(900), jitter: .seconds(3600)),
            ]),
            PopulationProfile(weight: 0.5, usage: [UsagePattern(at: .seconds(20 * 3600), for: .seconds(300), every: 7)]),
        ])
    }

    @Test func withoutTheKeysThereIsNoUsageAndFourteenDaysOfHistory() throws {
        let m = try AppManifest(yaml: "app: com.example.news\n", file: "app.yaml")
        #expect(m.usage.isEmpty)
        #expect(m.population.isEmpty)
        #expect(m.history == Self.day * 14)
    }

    @Test func daysAndEveryChooseTheDays() {
        // 1970-01-05 (day 4) was a Monday; day 9 a Saturday.
        #expect(Weekday(ofDay: 4) == .mon && Weekday(ofDay: 9) == .sat && Weekday(ofDay: -1) == .wed)
        let weekdays = UsagePattern(at: .zero, for: .seconds(60), days: [.mon, .tue, .wed, .thu, .fri])
        #expect(weekdays.isScheduled(onDay: 4, firstDay: 0))
        #expect(!weekdays.isScheduled(onDay: 9, firstDay: 0))
        let everyOther = UsagePattern(at: .zero, for: .seconds(60), every: 2)
        #expect((0..<6).map { everyOther.isScheduled(onDay: 100 + $0, firstDay: 101) } == [false, true, false, true, false, true])
        #expect(everyOther.isScheduled(onDay: 97, firstDay: 101))  // history: every other day backwards too
    }

    /// Each read as `m.yaml` after an `app:` line, with AppManifestTests' one-line check.
    static let cases: [AppManifestTests.ErrorCase] = [
        AppManifestTests.ErrorCase(name: "a bad time", yaml: "app: com.example.news\nusage:\n  - {at: \"25:00\", for: 5m}",
             expected: "m.yaml:3: usage[0].at: '25:00' is not a time of day (expected HH:MM from 00:00 to 23:59, such as \"08:00\")"),
        AppManifestTests.ErrorCase(name: "a time without minutes", yaml: "app: com.example.news\nusage:\n  - {at: \"8\", for: 5m}",
             expected: "m.yaml:3: usage[0].at: '8' is not a time of day (expected HH:MM from 00:00 to 23:59, such as \"08:00\")"),
        AppManifestTests.ErrorCase(name: "an unknown day", yaml: "app: com.example.news\nusage:\n  - {at: \"08:00\", for: 5m, days: [mon, tues]}",
             expected: "m.yaml:3: usage[0].days[1]: unknown day 'tues' (expected mon, tue, wed, thu, fri, sat or sun)"),
        AppManifestTests.ErrorCase(name: "no days", yaml: "app: com.example.news\nusage:\n  - {at: \"08:00\", for: 5m, days: []}",
             expected: "m.yaml:3: usage[0].days: days is empty: name at least one day (mon, tue, wed, thu, fri, sat, sun), or leave it out for every day"),
        AppManifestTests.ErrorCase(name: "a misspelt key", yaml: "app: com.example.news\nusage:\n  - {at: \"08:00\", for: 5m, jiter: 15m}",
             expected: "m.yaml:3: usage[0].jiter: unknown key 'jiter' (did you mean 'jitter'?)"),
        AppManifestTests.ErrorCase(name: "no for", yaml: "app: com.example.news\nusage:\n  - {at: \"08:00\"}",
             expected: "m.yaml:3: usage[0].for: missing key 'for'"),
        AppManifestTests.ErrorCase(name: "for of zero", yaml: "app: com.example.news\nusage:\n  - {at: \"08:00\", for: 0s}",
             expected: "m.yaml:3: usage[0].for: for must be longer than 0s"),
        AppManifestTests.ErrorCase(name: "every of part of a day", yaml: "app: com.example.news\nusage:\n  - {at: \"08:00\", for: 5m, every: 36h}",
             expected: "m.yaml:3: usage[0].every: '36h' is not a whole number of days (expected 1d or more, such as 2d or 7d)"),
        AppManifestTests.ErrorCase(name: "a jitter of a day", yaml: "app: com.example.news\nusage:\n  - {at: \"08:00\", for: 5m, jitter: 1d}",
             expected: "m.yaml:3: usage[0].jitter: jitter is at most 12h (an open stays within a day of its time)"),
        AppManifestTests.ErrorCase(name: "a history of two years", yaml: "app: com.example.news\nhistory: 730d",
             expected: "m.yaml:2: history: history is at most 365d (a year of usage)"),
        AppManifestTests.ErrorCase(name: "a negative weight", yaml: "app: com.example.news\npopulation:\n  - {weight: -1, usage: []}",
             expected: "m.yaml:3: population[0].weight: '-1' is not a weight (expected a positive number, such as 3)"),
        AppManifestTests.ErrorCase(name: "a profile without usage", yaml: "app: com.example.news\npopulation:\n  - {weight: 1}",
             expected: "m.yaml:3: population[0].usage: missing key 'usage'"),
        AppManifestTests.ErrorCase(name: "a misspelt profile key", yaml: "app: com.example.news\npopulation:\n  - {wieght: 1, usage: []}",
             expected: "m.yaml:3: population[0].wieght: unknown key 'wieght' (did you mean 'weight'?)"),
        AppManifestTests.ErrorCase(name: "a bad time in a profile", yaml: "app: com.example.news\npopulation:\n  - {weight: 1, usage: [{at: \"7:30\", for: 5m}]}",
             expected: "m.yaml:3: population[0].usage[0].at: '7:30' is not a time of day (expected HH:MM from 00:00 to 23:59, such as \"08:00\")"),
        AppManifestTests.ErrorCase(name: "a misspelt top-level key", yaml: "app: com.example.news\nusgae: []",
             expected: "m.yaml:2: usgae: unknown key 'usgae' (did you mean 'usage'?)"),
    ]

    @Test(arguments: cases)
    func refusesWithOneClearError(_ c: AppManifestTests.ErrorCase) {
        AppManifestTests.expectOneLineError(c)
    }
}
