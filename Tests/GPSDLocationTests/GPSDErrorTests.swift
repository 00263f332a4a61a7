#if DEBUG
import BackgroundLocation
import Glibc
import Testing
@testable import GPSDLocation

/// The C boundary, with libgps scripted through the mocking seam.
@Suite struct GPSDErrorTests {
    @Test func readRetriesInterruptedCalls() throws {
        let driver = MockingDriver([.open: [.success()], .read: [.failure(errno: EINTR), .failure(errno: EINTR), .success(42)]])
        try driver.run {
            var connection = try GPSDConnection.open(host: "localhost", port: "2947").get()
            try connection.read()
            connection.close()
        }
        #expect(driver.calls == [.open, .read, .read, .read, .close])
    }

    @Test func readCanLeaveInterruptionsToTheCaller() throws {
        let driver = MockingDriver([.read: [.failure(errno: EINTR)]])
        let error = driver.run {
            var connection = try! GPSDConnection.open(host: "localhost", port: "2947").get()
            let error = #expect(throws: GPSDError.self) { try connection.read(retryOnInterrupt: false) }
            connection.close()
            return error
        }
        #expect(error?.code == .interrupted)
    }

    @Test func aReadFailureOnAnOpenConnectionIsAReportTooLong() {
        // gps_read fails without errno also when a report overflows libgps's buffer; the socket is then still open.
        let driver = MockingDriver([.read: [.failure(errno: 0)], .peek: [.success(1)]])
        let result = driver.run {
            var connection = try! GPSDConnection.open(host: "localhost", port: "2947").get()
            let result = connection._read()
            connection.close()
            return result
        }
        #expect(throws: GPSDError(code: .reportTooLong, function: "gps_read")) { try result.get() }
        #expect(GPSDError(code: .reportTooLong, function: "gps_read").description
            == "gps_read failed: gpsd sent a report longer than libgps can read (8 KiB)")
        #expect(driver.calls == [.open, .read, .peek, .close])
    }

    struct Case: CustomTestStringConvertible, Sendable {
        var testDescription: String
        var errno: CInt
        var code: GPSDError.Code
        var description: String
    }

    @Test(arguments: [
        Case(testDescription: "no errno: gpsd closed the connection", errno: 0, code: .connectionClosed,
             description: "gps_read failed: connection closed by gpsd"),
        Case(testDescription: "ECONNRESET", errno: ECONNRESET, code: .connectionReset,
             description: "gps_read failed: Connection reset by peer"),
        Case(testDescription: "EPIPE", errno: EPIPE, code: GPSDError.Code(rawValue: EPIPE),
             description: "gps_read failed: Broken pipe"),
    ])
    func readFailureIsMapped(_ test: Case) {
        let driver = MockingDriver([.read: [.failure(errno: test.errno)]])
        let result = driver.run {
            var connection = try! GPSDConnection.open(host: "localhost", port: "2947").get()
            let result = connection._read()
            connection.close()
            return result
        }
        guard case .failure(let error) = result else { Issue.record("expected a failure"); return }
        #expect(error.code == test.code)
        #expect(error.function == "gps_read")
        #expect(error.description == test.description)
    }

    @Test func openFailureCarriesGpsErrstrText() throws {
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
        #expect(error.description == "gps_open failed: can't get host entry")
        #expect(driver.calls == [.open], "a connection that never opened is not closed")
    }

    @Test func matchesCasesOnTheCodeOnly() {
        let error: any Error = GPSDError(code: .connectionClosed, function: "gps_stream")
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
