import CVips

/// The libvips boundary: the one file that imports `CVips`. It reads an
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

    /// Why libvips refused: its own words, first line.
    struct Failure: Error {
        var detail: String
    }

    /// libvips set up once per process: its own operation cache off (each image is made once),
    /// one thread per operation (sitegen runs one image per core itself).
    private static let started: Bool = {
        guard vips_init("sitegen") == 0 else { return false }
        sitegen_vips_quiet()
        vips_cache_set_max(0)
        vips_concurrency_set(1)
        return true
    }()

    /// The header of the image in `bytes`; no pixel is decoded.
    static func header(of bytes: [UInt8]) throws(Failure) -> Header {
        try start()
        // The image reads from `bytes` while it lives: released within the borrow.
        let header = bytes.withUnsafeBytes { raw -> Header? in
            guard let image = sitegen_vips_header(raw.baseAddress, raw.count) else { return nil }
            defer { g_object_unref(image) }
            let swapped = vips_image_get_orientation_swap(image) != 0
            let width = Int(vips_image_get_width(image))
            let height = Int(vips_image_get_height(image))
            return Header(
                width: swapped ? height : width, height: swapped ? width : height,
                pages: Int(vips_image_get_n_pages(image)))
        }
        guard let header else { throw Failure(detail: takeError()) }
        return header
    }

    /// Writes the image in `bytes` turned upright and shrunk to `width` pixels wide (never
    /// enlarged) to each path in `copies`, encoded as it says; `strip` leaves all metadata out.
    static func write(
        _ bytes: [UInt8], width: Int, copies: [(path: String, format: Format)], quality: Int, strip: Bool
    ) throws(Failure) {
        try start()
        let failed = bytes.withUnsafeBytes { raw -> Bool in
            var resized: UnsafeMutablePointer<CVips.VipsImage>? = nil
            // libvips takes the buffer as `void *` but only reads it.
            let start = UnsafeMutableRawPointer(mutating: raw.baseAddress)
            guard sitegen_vips_thumbnail(start, raw.count, Int32(width), &resized) == 0, let resized else {
                return true
            }
            defer { g_object_unref(resized) }
            // Decoded once into memory, then encoded as many times as there are copies.
            guard let decoded = vips_image_copy_memory(resized) else { return true }
            defer { g_object_unref(decoded) }
            if strip { removeMetadata(from: decoded) }
            let keep: Int32 = strip ? 1 : 0
            for copy in copies {
                let status =
                    switch copy.format {
                    case .jpeg: sitegen_vips_jpegsave(decoded, copy.path, Int32(quality), keep)
                    case .webp: sitegen_vips_webpsave(decoded, copy.path, Int32(quality), keep)
                    case .png: sitegen_vips_pngsave(decoded, copy.path, keep)
                    }
                if status != 0 { return true }
            }
            return false
        }
        if failed { throw Failure(detail: takeError()) }
    }

    /// Takes EXIF (with its GPS position and the camera's serial number), XMP and IPTC off an image
    /// of our own: `strip` alone leaves them in a WebP file in libvips 8.14, which writes EXIF anew
    /// from these fields (and from `orientation`, upright by now).
    private static func removeMetadata(from image: UnsafeMutablePointer<CVips.VipsImage>) {
        guard let fields = vips_image_get_fields(image) else { return }
        defer { g_strfreev(fields) }
        // A NULL-ended array of C strings, owned by `fields` until it is freed above.
        var index = 0
        while let name = fields[index] {
            let field = String(cString: name)
            if ["exif-", "xmp-", "iptc-"].contains(where: field.hasPrefix) || field == "orientation" {
                vips_image_remove(image, name)
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
        try start()
        let code: Int32 =
            switch format {
            case .jpeg: 0
            case .png: 1
            case .webp: 2
            }
        var buffer: UnsafeMutableRawPointer? = nil
        var length = 0
        // The C strings live until the call returns; the encoded bytes are copied out, then freed.
        let names = exif.map { strdup($0.0) }
        let values = exif.map { strdup($0.1) }
        defer { for text in names + values { free(text) } }
        let status = names.map { UnsafePointer($0) }.withUnsafeBufferPointer { names in
            values.map { UnsafePointer($0) }.withUnsafeBufferPointer { values in
                sitegen_vips_sample(
                    Int32(width), Int32(height), Int32(seed), Int32(orientation), code,
                    UnsafeMutablePointer(mutating: names.baseAddress),
                    UnsafeMutablePointer(mutating: values.baseAddress),
                    Int32(exif.count), &buffer, &length)
            }
        }
        guard status == 0, let buffer else { throw Failure(detail: takeError()) }
        defer { g_free(buffer) }
        return Array(UnsafeRawBufferPointer(start: buffer, count: length))
    }

    private static func start() throws(Failure) {
        guard started else { throw Failure(detail: "libvips could not start: " + takeError()) }
    }

    /// libvips's last error, first line, and its buffer cleared.
    private static func takeError() -> String {
        let text = String(cString: vips_error_buffer())
        vips_error_clear()
        let line = text.split(separator: "\n").first.map(String.init) ?? ""
        return line.isEmpty ? "no reason given" : line
    }
}
