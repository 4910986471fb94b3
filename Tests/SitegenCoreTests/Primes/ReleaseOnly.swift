/// Whether slow checks should run: only in optimised builds, where they take a second or two.
enum ReleaseOnly {
    /// True when the tests were compiled without DEBUG.
    static var isReleaseBuild: Bool {
        #if DEBUG
            return false
        #else
            return true
        #endif
    }
}
