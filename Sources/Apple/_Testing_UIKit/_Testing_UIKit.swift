// Swift Testing on Linux ships the cross-import declaration `Testing.swiftcrossimport/UIKit.swiftoverlay`:
// a file that imports both `Testing` and a module named `UIKit` also imports `_Testing_UIKit`, and fails
// with "no such module '_Testing_UIKit'" when there is none. This empty module is that overlay; the UIKit
// product carries it, so a test target that depends on UIKit finds it (CONTRACTS §11, docs/guides/your-own-code.md).
