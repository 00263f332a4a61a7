// Apple's CallKit, the part a VoIP push's handler needs on the emulated device (CONTRACTS §11): the provider
// that reports an incoming call, with Apple's spellings. Foundation comes with it, as with Apple's.
@_exported import Foundation
@_exported import EmulatedFoundation  // Darwin's time constants (NSEC_PER_SEC…), which Linux's Foundation lacks
