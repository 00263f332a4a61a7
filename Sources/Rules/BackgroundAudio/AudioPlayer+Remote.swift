extension AudioPlayer {
    /// Does what a player does on a remote command (`MPRemoteCommandCenter`'s defaults for a music player):
    /// the same calls, so the same `audio.*` events, as the action from inside. `togglePlayPause` pauses a
    /// playing player and plays one that is not; a skip or a position is clamped to the file.
    public func perform(_ command: RemoteCommand) {
        switch command {
        case .play: play()
        case .pause: pause()
        case .togglePlayPause: if isPlaying { pause() } else { play() }
        case .stop: stop()
        case .nextTrack: skip(by: 1)
        case .previousTrack: skip(by: -1)
        case .skip(let offset): currentTime = clamped(currentTime + offset)
        case .changePlaybackPosition(let position): currentTime = clamped(position)
        case .changeVolume(let volume): self.volume = Float(min(max(volume, 0), 1))
        }
    }

    /// What plays now, with the title, artist and album of `tags` (the file's, read by the caller; a missing
    /// title is the file's name).
    public func nowPlaying(tags: (String) -> AudioTags) -> NowPlayingInfo {
        let (files, index) = queue
        let file = currentFile ?? (index < files.count ? files[index] : nil)
        var info = NowPlayingInfo(file: file, index: index, elapsed: currentTime, volume: Double(volume))
        info.canGoNext = index + 1 < files.count
        info.canGoPrevious = index > 0
        info.state = isPlaying ? .playing : (currentFile == nil ? .stopped : .paused)
        if let file {
            let found = tags(file)
            info.title = found.title ?? String(file.split(separator: "/").last ?? Substring(file))
            info.artist = found.artist
            info.album = found.album
            info.duration = duration
        }
        return info
    }

    private func clamped(_ position: Duration) -> Duration {
        let start = max(.zero, position)
        guard let duration else { return start }
        return min(start, duration)
    }
}
