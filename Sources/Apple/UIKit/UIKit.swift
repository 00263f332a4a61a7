// Apple's UIKit, its background surface on the emulated device (CONTRACTS §11): the application, its
// delegate and the background calls, with Apple's spellings. Foundation comes with it, as with Apple's,
// and so does FoundationNetworking, where Linux keeps `URLSession`.
@_exported import Foundation
@_exported import EmulatedFoundation  // Darwin's time constants (NSEC_PER_SEC…), which Linux's Foundation lacks
@_exported import FoundationNetworking
