#include <vips/vips.h>

/* libvips takes its options as NULL-ended variadic arguments, which Swift cannot pass:
   the few calls sitegen needs, with their options fixed here. */

/* An image's header only (no pixels are decoded): its size and orientation. */
static inline VipsImage *sitegen_vips_header(const void *bytes, size_t length) {
    return vips_image_new_from_buffer(bytes, length, "", "access", VIPS_ACCESS_SEQUENTIAL, "fail_on", VIPS_FAIL_ON_ERROR, NULL);
}

/* The image turned upright (EXIF orientation) and shrunk to `width` pixels wide, never enlarged;
   damaged or truncated data is an error, not grey. */
static inline int sitegen_vips_thumbnail(void *bytes, size_t length, int width, VipsImage **out) {
    return vips_thumbnail_buffer(bytes, length, out, width, "height", VIPS_MAX_COORD, "size", VIPS_SIZE_DOWN,
        "fail_on", VIPS_FAIL_ON_ERROR, NULL);
}

/* Encoders: `strip` drops every metadata block (EXIF with its GPS position, XMP, IPTC, comments). */
static inline int sitegen_vips_jpegsave(VipsImage *in, const char *path, int quality, int strip) {
    return vips_jpegsave(in, path, "Q", quality, "strip", strip, "optimize_coding", TRUE, NULL);
}

static inline int sitegen_vips_webpsave(VipsImage *in, const char *path, int quality, int strip) {
    return vips_webpsave(in, path, "Q", quality, "strip", strip, NULL);
}

static inline int sitegen_vips_pngsave(VipsImage *in, const char *path, int strip) {
    return vips_pngsave(in, path, "strip", strip, NULL);
}
