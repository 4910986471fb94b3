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

/* libvips's warnings (a damaged file's details) go to stderr through GLib's log; sitegen reports
   each problem itself, at its file. */
static void sitegen_vips_drop_message(const gchar *domain, GLogLevelFlags level, const gchar *message, gpointer data) {
    (void)domain; (void)level; (void)message; (void)data;
}

static inline void sitegen_vips_quiet(void) {
    g_log_set_handler("VIPS", G_LOG_LEVEL_WARNING | G_LOG_LEVEL_MESSAGE | G_LOG_LEVEL_INFO | G_LOG_LEVEL_DEBUG,
        sitegen_vips_drop_message, NULL);
}

/* A photo-like test image (grey noise from `seed`), width × height, with `orientation` as its EXIF
   orientation when not 1 and the named EXIF fields set (`exif-ifd0-Make` …), encoded as a JPEG (0),
   PNG (1) or WebP (2) into a buffer the caller frees with g_free. */
static inline int sitegen_vips_sample(int width, int height, int seed, int orientation, int format,
    const char **names, const char **values, int count, void **buffer, size_t *length) {
    VipsImage *noise = NULL, *image = NULL;
    if (vips_gaussnoise(&noise, width, height, "mean", 128.0, "sigma", 30.0, "seed", seed, NULL)) return -1;
    int status = vips_cast_uchar(noise, &image, NULL);
    g_object_unref(noise);
    if (status) return -1;
    if (orientation != 1) vips_image_set_int(image, "orientation", orientation);
    for (int i = 0; i < count; i++) vips_image_set_string(image, names[i], values[i]);
    switch (format) {
    case 0: status = vips_jpegsave_buffer(image, buffer, length, "Q", 85, NULL); break;
    case 1: status = vips_pngsave_buffer(image, buffer, length, NULL); break;
    default: status = vips_webpsave_buffer(image, buffer, length, "Q", 85, NULL); break;
    }
    g_object_unref(image);
    return status;
}
