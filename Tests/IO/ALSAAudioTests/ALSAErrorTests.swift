@testable import ALSAAudio
import Glibc
import Testing

@Suite struct ALSAErrorTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let error: ALSAError
        let named: ALSAError
        let text: String
        var testDescription: String { text }
    }

    static let cases = [
        Case(error: ALSAError(code: EPIPE, function: "snd_pcm_writei"), named: .underrun, text: "snd_pcm_writei: Broken pipe"),
        Case(error: ALSAError(code: ESTRPIPE, function: "snd_pcm_writei"), named: .suspended, text: "snd_pcm_writei: Streams pipe error"),
        Case(error: ALSAError(code: EBUSY, function: "snd_pcm_open"), named: .busy, text: "snd_pcm_open: Device or resource busy"),
        Case(error: ALSAError(code: ENODEV, function: "snd_pcm_writei"), named: .noDevice, text: "snd_pcm_writei: No such device"),
    ]

    @Test(arguments: cases)
    func describesWithALSAsTextAndMatchesItsName(_ item: Case) {
        #expect(item.error.description == item.text)
        #expect(item.error == item.named)
        let matched: Bool
        do { throw item.error } catch item.named { matched = true } catch { matched = false }
        #expect(matched)
    }

    @Test func resultsAtTheBoundaryKeepTheFunction() {
        #expect(alsaResult(3, "snd_pcm_writei") == .success(3))
        #expect(alsaResult(-EPIPE, "snd_pcm_writei") == .failure(.underrun))
        if case .failure(let error) = alsaResult(-EPIPE, "snd_pcm_writei") { #expect(error.function == "snd_pcm_writei") }
    }

    @Test func alsaLibIsLoadedOnFirstUseAndItsAbsenceIsSaid() throws {
        // Loaded: the real library has every function bgkit calls, and its configuration tree.
        #expect(throws: Never.self) { try ALSALibrary.load("libasound.so.2").get() }
        // Absent: dlopen's reason, naming the library.
        let absent = try #require(throws: ALSALibrary.LoadFailure.self) { try ALSALibrary.load("libasound-absent.so.9").get() }
        #expect(absent.reason.contains("libasound-absent.so.9"))
        // Present but not alsa-lib: refused, naming the first function it lacks.
        let notALSA = try #require(throws: ALSALibrary.LoadFailure.self) { try ALSALibrary.load("libm.so.6").get() }
        #expect(notALSA.reason == "libm.so.6 lacks snd_card_get_longname, which bgkit needs")
        // Without alsa-lib a PCM is not opened: ELIBACC, whose words say why.
        #expect(ALSAError(rawValue: ELIBACC).message == "Can not access a needed shared library")
    }
}
