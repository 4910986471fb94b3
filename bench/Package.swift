// swift-tools-version:6.0
// Benchmarks for sitegen. A package of its own so the product's Package.swift
// stays free of anything but the product; it uses the product by local path.
import PackageDescription

let package = Package(
    name: "sitegen-bench",
    dependencies: [.package(name: "sitegen", path: "..")],
    targets: [
        .executableTarget(
            name: "mustache-bench",
            dependencies: [.product(name: "SitegenCore", package: "sitegen")]
        )
    ],
    swiftLanguageModes: [.v6]
)
