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
}
