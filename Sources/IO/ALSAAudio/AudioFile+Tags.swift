package import BackgroundAudio
import CSndFile

extension AudioFile {
    /// The title, artist and album tags of the audio file at `path`, as libsndfile reads them (`sf_get_string`:
    /// a WAV file's LIST/INFO chunk, FLAC's and Ogg's comments, MP3's ID3); none for a file libsndfile cannot
    /// open or without libsndfile. What Now Playing shows (``AudioPlayer/nowPlaying(tags:)``).
    package static func tags(_ path: String) -> AudioTags {
        var info = SF_INFO()
        guard case .success(let handle) = sndfile_open(path, &info) else { return AudioTags() }
        defer { sndfile_close(handle) }
        func tag(_ type: Int32) -> String? {
            sndfile_get_string(handle, type).flatMap { $0.isEmpty ? nil : $0 }
        }
        return AudioTags(title: tag(Int32(SF_STR_TITLE)), artist: tag(Int32(SF_STR_ARTIST)), album: tag(Int32(SF_STR_ALBUM)))
    }
}
