#include <stddef.h>

/* sitegen does not link libvips: `VipsImage.swift` opens it with dlopen when the first photo needs
   it and looks each function up by name. This header is our own declaration of the few parts of
   libvips's C ABI sitegen calls, as libvips 8.14 (soname libvips.so.42) and GLib 2 declare them,
   so that building sitegen needs neither their headers nor pkg-config. Each `sitegen_vips_*`
   call takes the looked-up function as `void *` and calls it with the prototype libvips gives it. */

/* Opaque: sitegen only passes images between libvips calls. */
typedef struct _VipsImage VipsImage;

/* Enum values (libvips 8.14: VipsAccess, VipsFailOn, VipsSize; image.h's VIPS_MAX_COORD). */
enum {
    SITEGEN_VIPS_ACCESS_SEQUENTIAL = 1,
    SITEGEN_VIPS_FAIL_ON_ERROR = 2,
    SITEGEN_VIPS_SIZE_DOWN = 2,
    SITEGEN_VIPS_MAX_COORD = 10000000,
};

/* GLib's log levels (gmessages.h) below G_LOG_LEVEL_CRITICAL. */
enum {
    SITEGEN_G_LOG_LEVEL_WARNING = 1 << 4,
    SITEGEN_G_LOG_LEVEL_MESSAGE = 1 << 5,
    SITEGEN_G_LOG_LEVEL_INFO = 1 << 6,
    SITEGEN_G_LOG_LEVEL_DEBUG = 1 << 7,
};

/* Plain calls. */

/* int vips_init(const char *argv0) */
static inline int sitegen_vips_init(void *function, const char *name) {
    return ((int (*)(const char *))function)(name);
}

/* void vips_cache_set_max(int), void vips_concurrency_set(int) */
static inline void sitegen_vips_set_int(void *function, int value) {
    ((void (*)(int))function)(value);
}

/* int vips_image_get_width / get_height / get_n_pages (const VipsImage *),
   gboolean vips_image_get_orientation_swap(VipsImage *) */
static inline int sitegen_vips_image_int(void *function, VipsImage *image) {
    return ((int (*)(VipsImage *))function)(image);
}

/* VipsImage *vips_image_copy_memory(VipsImage *) */
static inline VipsImage *sitegen_vips_copy_memory(void *function, VipsImage *image) {
    return ((VipsImage * (*)(VipsImage *)) function)(image);
}

/* gchar **vips_image_get_fields(VipsImage *): a NULL-ended array the caller frees with g_strfreev */
static inline char **sitegen_vips_get_fields(void *function, VipsImage *image) {
    return ((char **(*)(VipsImage *))function)(image);
}

/* gboolean vips_image_remove(VipsImage *, const char *name) */
static inline int sitegen_vips_remove(void *function, VipsImage *image, const char *name) {
    return ((int (*)(VipsImage *, const char *))function)(image, name);
}

/* void vips_image_set_int(VipsImage *, const char *name, int) */
static inline void sitegen_vips_image_set_int(void *function, VipsImage *image, const char *name, int value) {
    ((void (*)(VipsImage *, const char *, int))function)(image, name, value);
}

/* void vips_image_set_string(VipsImage *, const char *name, const char *) */
static inline void sitegen_vips_image_set_string(void *function, VipsImage *image, const char *name,
    const char *value) {
    ((void (*)(VipsImage *, const char *, const char *))function)(image, name, value);
}

/* const char *vips_error_buffer(void) */
static inline const char *sitegen_vips_error_buffer(void *function) {
    return ((const char *(*)(void))function)();
}

/* void vips_error_clear(void) */
static inline void sitegen_vips_call(void *function) {
    ((void (*)(void))function)();
}

/* void g_object_unref(gpointer), for an image */
static inline void sitegen_vips_unref(void *function, VipsImage *image) {
    ((void (*)(void *))function)(image);
}

/* void g_free(gpointer), void g_strfreev(gchar **) */
static inline void sitegen_vips_release(void *function, void *object) {
    ((void (*)(void *))function)(object);
}

/* libvips's warnings (a damaged file's details) go to stderr through GLib's log; sitegen reports
   each problem itself, at its file.
   guint g_log_set_handler(const gchar *domain, GLogLevelFlags, GLogFunc, gpointer) */
static inline void sitegen_vips_drop_message(const char *domain, int level, const char *message, void *data) {
    (void)domain;
    (void)level;
    (void)message;
    (void)data;
}

static inline void sitegen_vips_quiet(void *g_log_set_handler) {
    ((unsigned (*)(const char *, int, void (*)(const char *, int, const char *, void *), void *))g_log_set_handler)(
        "VIPS",
        SITEGEN_G_LOG_LEVEL_WARNING | SITEGEN_G_LOG_LEVEL_MESSAGE | SITEGEN_G_LOG_LEVEL_INFO
            | SITEGEN_G_LOG_LEVEL_DEBUG,
        sitegen_vips_drop_message, NULL);
}

/* Variadic calls: libvips takes its options as NULL-ended variadic arguments, which Swift cannot
   pass. The few calls sitegen needs, with their options fixed here. */

/* An image's header only (no pixels are decoded): its size and orientation.
   VipsImage *vips_image_new_from_buffer(const void *buf, size_t len, const char *option_string, ...) */
static inline VipsImage *sitegen_vips_header(void *function, const void *bytes, size_t length) {
    return ((VipsImage * (*)(const void *, size_t, const char *, ...)) function)(bytes, length, "", "access",
        SITEGEN_VIPS_ACCESS_SEQUENTIAL, "fail_on", SITEGEN_VIPS_FAIL_ON_ERROR, NULL);
}

/* The image turned upright (EXIF orientation) and shrunk to `width` pixels wide, never enlarged;
   damaged or truncated data is an error, not grey.
   int vips_thumbnail_buffer(void *buf, size_t len, VipsImage **out, int width, ...) */
static inline int sitegen_vips_thumbnail(void *function, void *bytes, size_t length, int width, VipsImage **out) {
    return ((int (*)(void *, size_t, VipsImage **, int, ...))function)(bytes, length, out, width, "height",
        SITEGEN_VIPS_MAX_COORD, "size", SITEGEN_VIPS_SIZE_DOWN, "fail_on", SITEGEN_VIPS_FAIL_ON_ERROR, NULL);
}

/* Encoders: `strip` drops every metadata block (EXIF with its GPS position, XMP, IPTC, comments).
   int vips_jpegsave / vips_webpsave / vips_pngsave(VipsImage *in, const char *filename, ...) */
typedef int (*sitegen_vips_save_function)(VipsImage *, const char *, ...);

static inline int sitegen_vips_jpegsave(void *function, VipsImage *in, const char *path, int quality, int strip) {
    return ((sitegen_vips_save_function)function)(in, path, "Q", quality, "strip", strip, "optimize_coding", 1, NULL);
}

static inline int sitegen_vips_webpsave(void *function, VipsImage *in, const char *path, int quality, int strip) {
    return ((sitegen_vips_save_function)function)(in, path, "Q", quality, "strip", strip, NULL);
}

static inline int sitegen_vips_pngsave(void *function, VipsImage *in, const char *path, int strip) {
    return ((sitegen_vips_save_function)function)(in, path, "strip", strip, NULL);
}

/* For tests and the bench: grey noise from `seed`.
   int vips_gaussnoise(VipsImage **out, int width, int height, ...) */
static inline int sitegen_vips_gaussnoise(void *function, VipsImage **out, int width, int height, int seed) {
    return ((int (*)(VipsImage **, int, int, ...))function)(out, width, height, "mean", 128.0, "sigma", 30.0,
        "seed", seed, NULL);
}

/* int vips_cast_uchar(VipsImage *in, VipsImage **out, ...) */
static inline int sitegen_vips_cast_uchar(void *function, VipsImage *in, VipsImage **out) {
    return ((int (*)(VipsImage *, VipsImage **, ...))function)(in, out, NULL);
}

/* An encoded copy in a buffer the caller frees with g_free; `quality` is left out for PNG (< 0).
   int vips_jpegsave_buffer / vips_webpsave_buffer / vips_pngsave_buffer(VipsImage *in, void **buf, size_t *len, ...) */
static inline int sitegen_vips_save_buffer(void *function, VipsImage *in, void **buffer, size_t *length, int quality) {
    int (*save)(VipsImage *, void **, size_t *, ...) = (int (*)(VipsImage *, void **, size_t *, ...))function;
    if (quality < 0) return save(in, buffer, length, NULL);
    return save(in, buffer, length, "Q", quality, NULL);
}
