import CVips

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The libvips boundary: the one file that imports `CVips`, and the one that
/// loads libvips (at the first call that needs it, `Library`). It reads an
/// image's header (its size, upright, without decoding a pixel) and writes
/// resized, upright copies of it. Every `VipsImage` it is handed is released
/// here, before the call returns; the bytes it reads from are borrowed only
/// for the length of the call.
enum VipsImage {
    /// An encoded image format libvips reads and writes for sitegen.
    enum Format: String, Sendable, Hashable, CaseIterable {
        case jpeg, png, webp

        /// The format a file's name says, if it is one of these (`.jpg`, `.jpeg`, `.png`, `.webp`).
        init?(fileName: String) {
            let name = fileName.lowercased()
            if name.hasSuffix(".jpg") || name.hasSuffix(".jpeg") {
                self = .jpeg
            } else if name.hasSuffix(".png") {
                self = .png
            } else if name.hasSuffix(".webp") {
                self = .webp
            } else {
                return nil
            }
        }

        /// The file name extension of its copies.
        var fileExtension: String {
            switch self {
            case .jpeg: "jpg"
            case .png: "png"
            case .webp: "webp"
            }
        }

        /// Its name in messages.
        var name: String { rawValue.uppercased() }
    }

    /// What the header says: the size the image shows at once turned upright, and its frames.
    struct Header: Sendable, Hashable {
        var width: Int
        var height: Int
        /// Frames (an animated WebP has several).
        var pages: Int
    }

    /// Why libvips refused (`detail`: its own words, first line), or that it is not installed.
    struct Failure: Error {
        enum Kind: Sendable, Hashable {
            /// libvips refused the image.
            case refused
            /// libvips could not be loaded (`detail` says why); no image can be read.
            case notInstalled
        }

        var kind = Kind.refused
        var detail: String
    }

    /// libvips loaded and set up once per process, at the first call that needs it: its own
    /// operation cache off (each image is made once), one thread per operation (sitegen runs
    /// one image per core itself).
    private static let loaded: Result<Library, Failure> = {
        let library: Library
        do throws(Failure) {
            library = try Library.open()
        } catch {
            return .failure(error)
        }
        guard sitegen_vips_init(library.vipsInit, "sitegen") == 0 else {
            return .failure(Failure(kind: .notInstalled, detail: "libvips could not start: " + library.takeError()))
        }
        sitegen_vips_quiet(library.gLogSetHandler)
        sitegen_vips_set_int(library.vipsCacheSetMax, 0)
        sitegen_vips_set_int(library.vipsConcurrencySet, 1)
        return .success(library)
    }()

    /// libvips, loaded on the first call.
    private static func vips() throws(Failure) -> Library {
        try loaded.get()
    }

    /// Loads libvips if no call has yet; throws `.notInstalled`, with the reason, when it cannot be.
    static func load() throws(Failure) {
        _ = try vips()
    }

    /// The header of the image in `bytes`; no pixel is decoded.
    static func header(of bytes: [UInt8]) throws(Failure) -> Header {
        let vips = try vips()
        // The image reads from `bytes` while it lives: released within the borrow.
        let header = bytes.withUnsafeBytes { raw -> Header? in
            guard let image = sitegen_vips_header(vips.vipsImageNewFromBuffer, raw.baseAddress, raw.count)
            else { return nil }
            defer { sitegen_vips_unref(vips.gObjectUnref, image) }
            let swapped = sitegen_vips_image_int(vips.vipsImageGetOrientationSwap, image) != 0
            let width = Int(sitegen_vips_image_int(vips.vipsImageGetWidth, image))
            let height = Int(sitegen_vips_image_int(vips.vipsImageGetHeight, image))
            return Header(
                width: swapped ? height : width, height: swapped ? width : height,
                pages: Int(sitegen_vips_image_int(vips.vipsImageGetNPages, image)))
        }
        guard let header else { throw Failure(detail: vips.takeError()) }
        return header
    }

    /// Writes the image in `bytes` turned upright and shrunk to `width` pixels wide (never
    /// enlarged) to each path in `copies`, encoded as it says; `strip` leaves all metadata out.
    static func write(
        _ bytes: [UInt8], width: Int, copies: [(path: String, format: Format)], quality: Int, strip: Bool
    ) throws(Failure) {
        let vips = try vips()
        let failed = bytes.withUnsafeBytes { raw -> Bool in
            var resized: OpaquePointer? = nil
            // libvips takes the buffer as `void *` but only reads it.
            let start = UnsafeMutableRawPointer(mutating: raw.baseAddress)
            guard sitegen_vips_thumbnail(vips.vipsThumbnailBuffer, start, raw.count, Int32(width), &resized) == 0,
                let resized
            else { return true }
            defer { sitegen_vips_unref(vips.gObjectUnref, resized) }
            // Decoded once into memory, then encoded as many times as there are copies.
            guard let decoded = sitegen_vips_copy_memory(vips.vipsImageCopyMemory, resized) else { return true }
            defer { sitegen_vips_unref(vips.gObjectUnref, decoded) }
            if strip { removeMetadata(from: decoded, vips) }
            let keep: Int32 = strip ? 1 : 0
            for copy in copies {
                let status =
                    switch copy.format {
                    case .jpeg: sitegen_vips_jpegsave(vips.vipsJpegsave, decoded, copy.path, Int32(quality), keep)
                    case .webp: sitegen_vips_webpsave(vips.vipsWebpsave, decoded, copy.path, Int32(quality), keep)
                    case .png: sitegen_vips_pngsave(vips.vipsPngsave, decoded, copy.path, keep)
                    }
                if status != 0 { return true }
            }
            return false
        }
        if failed { throw Failure(detail: vips.takeError()) }
    }

    /// Takes EXIF (with its GPS position and the camera's serial number), XMP and IPTC off an image
    /// of our own: `strip` alone leaves them in a WebP file in libvips 8.14, which writes EXIF anew
    /// from these fields (and from `orientation`, upright by now).
    private static func removeMetadata(from image: OpaquePointer, _ vips: Library) {
        guard let fields = sitegen_vips_get_fields(vips.vipsImageGetFields, image) else { return }
        defer { sitegen_vips_release(vips.gStrfreev, fields) }
        // A NULL-ended array of C strings, owned by `fields` until it is freed above.
        var index = 0
        while let name = fields[index] {
            let field = String(cString: name)
            if ["exif-", "xmp-", "iptc-"].contains(where: field.hasPrefix) || field == "orientation" {
                _ = sitegen_vips_remove(vips.vipsImageRemove, image, name)
            }
            index += 1
        }
    }

    /// A photo-like image for tests and the bench: grey noise from `seed`, `width` × `height`
    /// as stored, with `orientation` in its EXIF when not 1, and the EXIF fields of `exif`
    /// (libvips's names: `exif-ifd0-Make`, `exif-ifd3-GPSLatitude`), encoded as `format`.
    static func sample(
        width: Int, height: Int, seed: Int = 1, orientation: Int = 1, exif: [(String, String)] = [],
        format: Format = .jpeg
    ) throws(Failure) -> [UInt8] {
        let vips = try vips()
        var noise: OpaquePointer? = nil
        guard sitegen_vips_gaussnoise(vips.vipsGaussnoise, &noise, Int32(width), Int32(height), Int32(seed)) == 0,
            let noise
        else { throw Failure(detail: vips.takeError()) }
        var cast: OpaquePointer? = nil
        let status = sitegen_vips_cast_uchar(vips.vipsCastUchar, noise, &cast)
        sitegen_vips_unref(vips.gObjectUnref, noise)
        guard status == 0, let image = cast else { throw Failure(detail: vips.takeError()) }
        defer { sitegen_vips_unref(vips.gObjectUnref, image) }
        if orientation != 1 {
            sitegen_vips_image_set_int(vips.vipsImageSetInt, image, "orientation", Int32(orientation))
        }
        for (name, value) in exif { sitegen_vips_image_set_string(vips.vipsImageSetString, image, name, value) }
        var buffer: UnsafeMutableRawPointer? = nil
        var length = 0
        let saved =
            switch format {
            case .jpeg: sitegen_vips_save_buffer(vips.vipsJpegsaveBuffer, image, &buffer, &length, 85)
            case .png: sitegen_vips_save_buffer(vips.vipsPngsaveBuffer, image, &buffer, &length, -1)
            case .webp: sitegen_vips_save_buffer(vips.vipsWebpsaveBuffer, image, &buffer, &length, 85)
            }
        guard saved == 0, let buffer else { throw Failure(detail: vips.takeError()) }
        // The encoded bytes are copied out, then freed.
        defer { sitegen_vips_release(vips.gFree, buffer) }
        return Array(UnsafeRawBufferPointer(start: buffer, count: length))
    }
}

extension VipsImage {
    /// libvips opened with `dlopen` and the functions sitegen calls, looked up by name: sitegen
    /// does not link it, so a command that publishes no photo never loads it (with the hundred
    /// libraries it needs, that would add tens of milliseconds to every start). Each pointer is
    /// the address of the named function in a library that stays loaded for the whole process,
    /// and is only ever called through the `sitegen_vips_*` function of `shim.h` that gives it
    /// the prototype libvips 8.14 declares; nothing writes to them once found.
    fileprivate struct Library: @unchecked Sendable {
        let vipsInit: UnsafeMutableRawPointer
        let vipsCacheSetMax: UnsafeMutableRawPointer
        let vipsConcurrencySet: UnsafeMutableRawPointer
        let vipsErrorBuffer: UnsafeMutableRawPointer
        let vipsErrorClear: UnsafeMutableRawPointer
        let vipsImageNewFromBuffer: UnsafeMutableRawPointer
        let vipsImageGetWidth: UnsafeMutableRawPointer
        let vipsImageGetHeight: UnsafeMutableRawPointer
        let vipsImageGetNPages: UnsafeMutableRawPointer
        let vipsImageGetOrientationSwap: UnsafeMutableRawPointer
        let vipsImageCopyMemory: UnsafeMutableRawPointer
        let vipsImageGetFields: UnsafeMutableRawPointer
        let vipsImageRemove: UnsafeMutableRawPointer
        let vipsImageSetInt: UnsafeMutableRawPointer
        let vipsImageSetString: UnsafeMutableRawPointer
        let vipsThumbnailBuffer: UnsafeMutableRawPointer
        let vipsJpegsave: UnsafeMutableRawPointer
        let vipsWebpsave: UnsafeMutableRawPointer
        let vipsPngsave: UnsafeMutableRawPointer
        let vipsGaussnoise: UnsafeMutableRawPointer
        let vipsCastUchar: UnsafeMutableRawPointer
        let vipsJpegsaveBuffer: UnsafeMutableRawPointer
        let vipsPngsaveBuffer: UnsafeMutableRawPointer
        let vipsWebpsaveBuffer: UnsafeMutableRawPointer
        let gObjectUnref: UnsafeMutableRawPointer
        let gFree: UnsafeMutableRawPointer
        let gStrfreev: UnsafeMutableRawPointer
        let gLogSetHandler: UnsafeMutableRawPointer

        /// The names libvips 8 (soname 42) has where the system's loader looks for libraries:
        /// the loader's search path, then Homebrew's folders on macOS (its libraries are not on
        /// that path on Apple silicon).
        #if canImport(Darwin)
            static let names = [
                "libvips.42.dylib", "/opt/homebrew/lib/libvips.42.dylib", "/usr/local/lib/libvips.42.dylib",
            ]
        #else
            static let names = ["libvips.so.42"]
        #endif

        /// For tests only: `SITEGEN_TEST_LIBVIPS=<path>` loads libvips from `path` instead (a path
        /// where there is none proves the error a site with photos gets without libvips).
        static let testPathVariable = "SITEGEN_TEST_LIBVIPS"

        /// Opens libvips (it stays loaded until the process ends) and looks up each function.
        static func open() throws(Failure) -> Library {
            let candidates = getenv(testPathVariable).map { [String(cString: $0)] } ?? names
            var handle: UnsafeMutableRawPointer? = nil
            var reason = ""
            for name in candidates {
                handle = dlopen(name, RTLD_NOW | RTLD_LOCAL)
                if handle != nil { break }
                if reason.isEmpty { reason = dlerror().map { String(cString: $0) } ?? name + ": cannot be loaded" }
            }
            guard let handle else { throw Failure(kind: .notInstalled, detail: reason) }
            // dlsym searches libvips and the libraries it loaded (GLib's functions are in those).
            func function(_ name: String) throws(Failure) -> UnsafeMutableRawPointer {
                guard let found = dlsym(handle, name) else {
                    throw Failure(
                        kind: .notInstalled,
                        detail: "the libvips found has no \(name); sitegen needs libvips 8.14 or later")
                }
                return found
            }
            let library = Library(
                vipsInit: try function("vips_init"),
                vipsCacheSetMax: try function("vips_cache_set_max"),
                vipsConcurrencySet: try function("vips_concurrency_set"),
                vipsErrorBuffer: try function("vips_error_buffer"),
                vipsErrorClear: try function("vips_error_clear"),
                vipsImageNewFromBuffer: try function("vips_image_new_from_buffer"),
                vipsImageGetWidth: try function("vips_image_get_width"),
                vipsImageGetHeight: try function("vips_image_get_height"),
                vipsImageGetNPages: try function("vips_image_get_n_pages"),
                vipsImageGetOrientationSwap: try function("vips_image_get_orientation_swap"),
                vipsImageCopyMemory: try function("vips_image_copy_memory"),
                vipsImageGetFields: try function("vips_image_get_fields"),
                vipsImageRemove: try function("vips_image_remove"),
                vipsImageSetInt: try function("vips_image_set_int"),
                vipsImageSetString: try function("vips_image_set_string"),
                vipsThumbnailBuffer: try function("vips_thumbnail_buffer"),
                vipsJpegsave: try function("vips_jpegsave"),
                vipsWebpsave: try function("vips_webpsave"),
                vipsPngsave: try function("vips_pngsave"),
                vipsGaussnoise: try function("vips_gaussnoise"),
                vipsCastUchar: try function("vips_cast_uchar"),
                vipsJpegsaveBuffer: try function("vips_jpegsave_buffer"),
                vipsPngsaveBuffer: try function("vips_pngsave_buffer"),
                vipsWebpsaveBuffer: try function("vips_webpsave_buffer"),
                gObjectUnref: try function("g_object_unref"),
                gFree: try function("g_free"),
                gStrfreev: try function("g_strfreev"),
                gLogSetHandler: try function("g_log_set_handler"))
            return library
        }

        /// libvips's last error, first line, and its buffer cleared.
        func takeError() -> String {
            let text = sitegen_vips_error_buffer(vipsErrorBuffer).map { String(cString: $0) } ?? ""
            sitegen_vips_call(vipsErrorClear)
            let line = text.split(separator: "\n").first.map(String.init) ?? ""
            return line.isEmpty ? "no reason given" : line
        }
    }
}
