import BackgroundCore
import BackgroundDevice
import BackgroundTransfers
import Testing

/// Discretionary transfers under the device's discretion (`SystemDiscretion`, `--policy realistic`)
/// on virtual time, with simulated attempts: created in the background, 1 MB each.
extension BackgroundSessionTests {
    static func realistic(cellularBytesPerDay: Int64 = 50_000_000) -> SystemDiscretion {
        var configuration = SystemDiscretion.Configuration()
        configuration.cellularBytesPerDay = cellularBytesPerDay
        return SystemDiscretion(policy: .realistic(seed: 0), configuration: configuration)
    }

    @Test func aBackgroundTransferGoesOnWiFiOnBatteryWithoutWaitingForPower() throws {
        let fixture = SessionFixture(discretion: Self.realistic(), network: NetworkPath(.wifi), appState: .background)
        let id = try fixture.session.uploadTask(with: SessionRequest(url: url), fromFile: file)
        #expect(fixture.lines("transfer.started") == ["0s transfer.started \(id)"])
        #expect(fixture.lines("transfer.waiting").isEmpty)
    }

    @Test func aCriticallyLowBatteryAndLowPowerModeHoldItEachVisibleAndChargingLiftsIt() throws {
        let fixture = SessionFixture(
            discretion: Self.realistic(), network: NetworkPath(.wifi, batteryCriticallyLow: true), appState: .background)
        let id = try fixture.session.uploadTask(with: SessionRequest(url: url), fromFile: file)
        fixture.engine.advance(by: .seconds(60))
        fixture.session.update(network: NetworkPath(.wifi, lowPowerMode: true))
        fixture.engine.advance(by: .seconds(60))
        fixture.session.update(network: NetworkPath(.wifi, externalPower: true, lowPowerMode: true))
        fixture.engine.advance(by: .seconds(60))
        #expect(fixture.lines("transfer.started").isEmpty)
        fixture.session.update(network: NetworkPath(.wifi, externalPower: true))
        #expect(fixture.lines("transfer.waiting") == [
            "0s transfer.waiting \(id) waiting: lowBattery", "60s transfer.waiting \(id) waiting: lowPowerMode",
        ])
        #expect(fixture.lines("transfer.started") == ["180s transfer.started \(id)"])
    }

    @Test func aRunningTransferIsNotInterruptedWhenTheBatteryRunsLow() throws {
        let fixture = SessionFixture(discretion: Self.realistic(), network: NetworkPath(.wifi), appState: .background)
        let id = try fixture.session.uploadTask(with: SessionRequest(url: url), fromFile: file)
        fixture.session.update(network: NetworkPath(.wifi, batteryCriticallyLow: true))
        fixture.engine.run()
        #expect(fixture.lines("transfer.retrying").isEmpty)
        #expect(fixture.lines("transfer.completed").count == 1 && fixture.lines("transfer.started") == ["0s transfer.started \(id)"])
    }

    @Test func onCellularTheDailyDataBudgetSpacesThemAndWiFiIsFree() throws {
        // 2.5 MB a day: two uploads of 1 MB at once, the third when 0.5 MB has refilled (0.2 of a day).
        let fixture = SessionFixture(discretion: Self.realistic(cellularBytesPerDay: 2_500_000), network: NetworkPath(.cellular), appState: .background)
        let ids = try (1...3).map { _ in try fixture.session.uploadTask(with: SessionRequest(url: url), fromFile: file) }
        fixture.engine.run()
        #expect(fixture.lines("transfer.started") == [
            "0s transfer.started \(ids[0])", "0s transfer.started \(ids[1])", "17280s transfer.started \(ids[2])",
        ])
        #expect(fixture.lines("transfer.waiting") == ["0s transfer.waiting \(ids[2]) waiting: budget"])
        // The bucket is nearly empty again; on Wi-Fi a fourth goes at once, on cellular it waits.
        let fourth = try fixture.session.uploadTask(with: SessionRequest(url: url), fromFile: file)
        #expect(fixture.lines("transfer.waiting").last == "17281s transfer.waiting \(fourth) waiting: budget")
        fixture.session.update(network: NetworkPath(.wifi))
        #expect(fixture.lines("transfer.started").last == "17281s transfer.started \(fourth)")
    }

    @Test func aTransferLargerThanTheDailyBudgetWaitsForWiFi() throws {
        let fixture = SessionFixture(discretion: Self.realistic(cellularBytesPerDay: 999_999), network: NetworkPath(.cellular), appState: .background)
        let id = try fixture.session.uploadTask(with: SessionRequest(url: url), fromFile: file)
        fixture.engine.advance(by: .seconds(3 * 86_400))
        #expect(fixture.lines("transfer.started").isEmpty)
        #expect(fixture.lines("transfer.waiting") == ["0s transfer.waiting \(id) waiting: budget"])
        fixture.session.update(network: NetworkPath(.wifi))
        #expect(fixture.lines("transfer.started") == ["259200s transfer.started \(id)"])
    }

    @Test func aForegroundTransferIsNotDiscretionaryAndPaysNoBudget() throws {
        let fixture = SessionFixture(discretion: Self.realistic(cellularBytesPerDay: 1), network: NetworkPath(.cellular, batteryCriticallyLow: true))
        let id = try fixture.session.uploadTask(with: SessionRequest(url: url), fromFile: file)
        #expect(fixture.lines("transfer.started") == ["0s transfer.started \(id)"])
    }
}
