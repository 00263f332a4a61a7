#if DEBUG
import BackgroundLocation
import Glibc
import Testing
@testable import GPSDLocation

/// The system-call boundary, with the socket calls scripted through the mocking seam.
@Suite struct GPSDErrorTests {
    @Test func readRetriesInterruptedCalls() throws {
        let driver = MockingDriver([.open: [.success(7)], .recv: [.failure(errno: EINTR), .failure(errno: EINTR), .success(42)]])
        try driver.run {
            var connection = try GPSDConnection.open(host: "localhost", port: "2947").get()
            _ = try connection.read()
            connection.close()
        }
        #expect(driver.calls == [.open, .recv, .recv, .recv, .close])
    }

    @Test func readCanLeaveInterruptionsToTheCaller() throws {
        let driver = MockingDriver([.open: [.success(7)], .recv: [.failure(errno: EINTR)]])
        let error = driver.run {
            var connection = try! GPSDConnection.open(host: "localhost", port: "2947").get()
            let error = #expect(throws: GPSDError.self) { try connection.read(retryOnInterrupt: false) }
            connection.close()
            return error
        }
        #expect(error?.code == .interrupted)
    }

    @Test func aReportLongerThanTheBufferEndsTheConnection() {
        // A whole buffer without a newline: the report cannot be read, and is not waited for any longer.
        let driver = MockingDriver([.open: [.success(7)], .recv: [.success(CInt(GPSDConnection.lineCapacity))]])
        let results = driver.run {
            var connection = try! GPSDConnection.open(host: "localhost", port: "2947").get()
            let results = [connection._read(), connection._read()]
            connection.close()
            return results
        }
        guard case .success(.other) = results[0] else { Issue.record("a part of a report is no report yet: \(results[0])"); return }
        #expect(throws: GPSDError(code: .reportTooLong, function: "recv")) { try results[1].get() }
        #expect(GPSDError(code: .reportTooLong, function: "recv").description == "recv failed: gpsd sent a report longer than 8 KiB")
        #expect(driver.calls == [.open, .recv, .close])
    }

    struct Case: CustomTestStringConvertible, Sendable {
        var testDescription: String
        var outcome: MockingDriver.Outcome
        var code: GPSDError.Code
        var description: String
    }

    @Test(arguments: [
        Case(testDescription: "recv returns 0: gpsd closed the connection", outcome: .success(0), code: .connectionClosed,
             description: "recv failed: connection closed by gpsd"),
        Case(testDescription: "ECONNRESET", outcome: .failure(errno: ECONNRESET), code: .connectionReset,
             description: "recv failed: Connection reset by peer"),
        Case(testDescription: "ETIMEDOUT", outcome: .failure(errno: ETIMEDOUT), code: GPSDError.Code(rawValue: ETIMEDOUT),
             description: "recv failed: Connection timed out"),
    ])
    func readFailureIsMapped(_ test: Case) {
        let driver = MockingDriver([.open: [.success(7)], .recv: [test.outcome]])
        let result = driver.run {
            var connection = try! GPSDConnection.open(host: "localhost", port: "2947").get()
            let result = connection._read()
            connection.close()
            return result
        }
        guard case .failure(let error) = result else { Issue.record("expected a failure"); return }
        #expect(error.code == test.code)
        #expect(error.function == "recv")
        #expect(error.description == test.description)
    }

    @Test func openFailureCarriesLibgpsWords() throws {
        let driver = MockingDriver([.open: [.failure(errno: GPSDError.Code.unknownHost.rawValue)]])
        let failure: GPSDError? = driver.run {
            switch GPSDConnection.open(host: "nowhere.invalid", port: "2947") {
            case .success(let connection):
                connection.close()
                return nil
            case .failure(let error): return error
            }
        }
        let error = try #require(failure)
        #expect(error == .unknownHost)
        #expect(error.description == "connect failed: can't get host entry")
        #expect(driver.calls == [.open], "a connection that never opened is not closed")
    }

    @Test func anUnknownServiceIsSaidSo() throws {
        // Not mocked: getaddrinfo looks the service up in /etc/services, on this machine.
        var failure: GPSDError?
        switch GPSDConnection.open(host: "127.0.0.1", port: "no-such-gpsd-service") {
        case .success(let connection): connection.close()
        case .failure(let error): failure = error
        }
        let error = try #require(failure, "connected to a service that does not exist")
        #expect(error.code == .unknownService)
        #expect(error.reason == "can't get service entry")
    }

    @Test func matchesCasesOnTheCodeOnly() {
        let error: any Error = GPSDError(code: .connectionClosed, function: "send")
        switch error {
        case GPSDError.cannotConnect: Issue.record("matched the wrong case")
        case GPSDError.connectionClosed: break
        default: Issue.record("did not match")
        }
    }

    @Test func readerReportsThatGpsdIsNotRunning() async throws {
        let driver = MockingDriver([.open: [.failure(errno: GPSDError.Code.cannotConnect.rawValue)]])
        let reader = try GPSDReader(configuration: .init(host: "localhost", port: "2947"))
        var events: [LocationSourceEvent] = []
        let failure = driver.run { reader.read { events.append($0) } }
        #expect(events.isEmpty)
        #expect(failure?.description.hasPrefix(
            "cannot connect to gpsd at localhost:2947 (can't connect to host/port pair). Is gpsd running?") == true)
    }
}
#endif
