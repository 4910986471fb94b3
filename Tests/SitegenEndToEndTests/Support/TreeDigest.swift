import Foundation

/// Every file under a folder with its bytes, for comparing whole outputs.
struct TreeDigest: Equatable {
    var files: [String: Data]

    init(_ folder: URL) {
        files = [:]
        let base = folder.standardizedFileURL.path
        guard let walker = FileManager.default.enumerator(atPath: base) else { return }
        while let item = walker.nextObject() as? String {
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: base + "/" + item, isDirectory: &isFolder), !isFolder.boolValue {
                files[item] = FileManager.default.contents(atPath: base + "/" + item)
            }
        }
    }
}
