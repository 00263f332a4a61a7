@testable import MediaPlayer
import Testing

/// The commands beside the first nine: Apple's names and types, their handlers, and Apple's seek event types.
@Suite(.serialized) struct SeekCommandTests {
    @Test func aSeekHandlerGetsTheSeekEventsTypeAsApplesDo() {
        #expect(MPSeekCommandEventType.beginSeeking.rawValue == 0 && MPSeekCommandEventType.endSeeking.rawValue == 1)
        let center = MPRemoteCommandCenter.shared()
        var seen: [MPSeekCommandEventType] = []
        let token = center.seekForwardCommand.addTarget { event in
            guard let seek = event as? MPSeekCommandEvent else { return .commandFailed }
            seen.append(seek.type)
            return .success
        }
        defer { center.seekForwardCommand.removeTarget(token) }
        let command = center.seekForwardCommand
        #expect(command.send(MPSeekCommandEvent(command: command, timestamp: 1, type: .beginSeeking)) == [.success])
        #expect(command.send(MPSeekCommandEvent(command: command, timestamp: 2, type: .endSeeking)) == [.success])
        #expect(seen == [.beginSeeking, .endSeeking])
        #expect(center.seekBackwardCommand !== center.seekForwardCommand)
    }

    @Test func theNewCommandsAreResetWithTheOthersWhenTheProcessEnds() {
        let center = MPRemoteCommandCenter.shared()
        center.likeCommand.isActive = true
        center.changePlaybackRateCommand.supportedPlaybackRates = [1, 1.5, 2]
        center.seekBackwardCommand.addTarget { _ in .success }
        let added: [MPRemoteCommand] = [
            center.seekForwardCommand, center.seekBackwardCommand, center.changePlaybackRateCommand, center.likeCommand,
            center.dislikeCommand, center.bookmarkCommand,
        ]
        #expect(added.allSatisfy { command in center.commands.contains { $0 === command } })
        // Only these: the other suites' handlers on the first nine stay.
        for command in added { command.reset() }
        #expect(!center.likeCommand.isActive && center.changePlaybackRateCommand.supportedPlaybackRates.isEmpty)
        #expect(!center.seekBackwardCommand.hasTargets)
    }
}
