/// The tags of an audio file that say what it is: title, artist, album (libsndfile's `SF_STR_*`).
public struct AudioTags: Hashable, Sendable {
    public var title: String?
    public var artist: String?
    public var album: String?

    public init(title: String? = nil, artist: String? = nil, album: String? = nil) {
        self.title = title
        self.artist = artist
        self.album = album
    }
}
