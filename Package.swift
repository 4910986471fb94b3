// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "sitegen",
    products: [
        .executable(name: "sitegen", targets: ["sitegen"]),
        .library(name: "SitegenCore", targets: ["SitegenCore"]),
    ],
    targets: [
        .systemLibrary(
            name: "CCmark",
            pkgConfig: "libcmark",
            providers: [.apt(["libcmark-dev"]), .brew(["cmark"])]
        ),
        .systemLibrary(
            name: "CYaml",
            pkgConfig: "yaml-0.1",
            providers: [.apt(["libyaml-dev"]), .brew(["libyaml"])]
        ),
        .systemLibrary(
            name: "CMicroHTTPD",
            pkgConfig: "libmicrohttpd",
            providers: [.apt(["libmicrohttpd-dev"]), .brew(["libmicrohttpd"])]
        ),
        .systemLibrary(
            name: "CLibXML",
            pkgConfig: "libxml-2.0",
            providers: [.apt(["libxml2-dev"]), .brew(["libxml2"])]
        ),
        // libcsv has no pkg-config file (on Debian): its module map links it by name.
        .systemLibrary(
            name: "CCSV",
            providers: [.apt(["libcsv-dev"]), .brew(["libcsv"])]
        ),
        // libvips is not linked: `VipsImage` opens it when the first photo needs it, through our own
        // declarations of its C functions (no headers or pkg-config needed to build).
        .systemLibrary(name: "CVips"),
        .executableTarget(name: "theme-embedder"),
        .plugin(
            name: "EmbedDefaultTheme",
            capability: .buildTool(),
            dependencies: ["theme-embedder"],
            path: "Sources/EmbedDefaultTheme"
        ),
        .target(
            name: "SitegenCore",
            dependencies: ["CCmark", "CYaml", "CMicroHTTPD", "CLibXML", "CCSV", "CVips"],
            plugins: ["EmbedDefaultTheme"]
        ),
        .executableTarget(name: "sitegen", dependencies: ["SitegenCore"]),
        // The tests' time limits, stretched for sanitized builds (`SITEGEN_TEST_SLOWDOWN`).
        .target(name: "TestTimeLimits", path: "Tests/TestTimeLimits"),
        .testTarget(name: "SitegenCoreTests", dependencies: ["SitegenCore", "TestTimeLimits"]),
        // The library too, for the builds `sitegen build` never makes (the preview's, with its editing controls).
        .testTarget(name: "SitegenEndToEndTests", dependencies: ["sitegen", "SitegenCore", "TestTimeLimits"]),
    ],
    swiftLanguageModes: [.v6]
)
