/* Pictures in pixels with libchafa's pixel canvases (TERMINAL.md §2). chafa scales the picture
   to the cells' pixels and writes it with the sequence templates given here, not the ones of
   the user's TERM, so the output does not depend on the environment:
   - sixels: chafa's own sixel encoding, sent as it is (DCS ... ST, raster attributes set);
   - kitty canvas: chafa's pixels, read back from its transmission and compressed as PNG, which
     the kitty protocol (f=100) and iTerm2 inline images both take. chafa 1.12 sends raw RGBA,
     four times (and in base64 over five times) the 64 KiB a picture may cost.
   The caller frames the bytes (ids, placement, tmux passthrough). */
#include "CArtwork.h"

#include <chafa.h>
#include <png.h>
#include <stdlib.h>
#include <string.h>

/* Markers around the kitty transmission: none of them is in the base64 alphabet. */
#define KITTY_BEGIN "<%1 %2 %3>"
#define KITTY_CHUNK_BEGIN "["
#define KITTY_CHUNK_END "]"
#define KITTY_END "<>"

static ChafaTermInfo *term_info(void) {
    ChafaTermInfo *info = chafa_term_info_new();
    const struct {
        ChafaTermSeq seq;
        const char *text;
    } templates[] = {
        {CHAFA_TERM_SEQ_BEGIN_SIXELS, "\033P%1;%2;%3q"},
        {CHAFA_TERM_SEQ_END_SIXELS, "\033\\"},
        {CHAFA_TERM_SEQ_BEGIN_KITTY_IMMEDIATE_IMAGE_V1, KITTY_BEGIN},
        {CHAFA_TERM_SEQ_END_KITTY_IMAGE, KITTY_END},
        {CHAFA_TERM_SEQ_BEGIN_KITTY_IMAGE_CHUNK, KITTY_CHUNK_BEGIN},
        {CHAFA_TERM_SEQ_END_KITTY_IMAGE_CHUNK, KITTY_CHUNK_END},
    };
    for (size_t i = 0; i < sizeof templates / sizeof templates[0]; i++) {
        GError *error = NULL;
        if (!chafa_term_info_set_seq(info, templates[i].seq, templates[i].text, &error)) {
            g_clear_error(&error);
            chafa_term_info_unref(info);
            return NULL;
        }
    }
    return info;
}

/* chafa's canvas in `pixel_mode` at columns x rows cells of cell_width x cell_height pixels,
   printed; NULL when chafa could not make it. */
static GString *print_canvas(const uint8_t *rgba, int width, int height, int columns, int rows, int cell_width,
                             int cell_height, ChafaPixelMode pixel_mode) {
    if (width <= 0 || height <= 0 || columns <= 0 || rows <= 0 || cell_width <= 0 || cell_height <= 0) return NULL;
    ChafaTermInfo *info = term_info();
    if (info == NULL) return NULL;
    ChafaCanvasConfig *config = chafa_canvas_config_new();
    chafa_canvas_config_set_geometry(config, columns, rows);
    chafa_canvas_config_set_cell_geometry(config, cell_width, cell_height);
    chafa_canvas_config_set_canvas_mode(config, CHAFA_CANVAS_MODE_TRUECOLOR);
    chafa_canvas_config_set_pixel_mode(config, pixel_mode);
    ChafaCanvas *canvas = chafa_canvas_new(config);
    chafa_canvas_config_unref(config);
    GString *printed = NULL;
    if (canvas != NULL) {
        chafa_canvas_draw_all_pixels(canvas, CHAFA_PIXEL_RGBA8_UNASSOCIATED, rgba, width, height, width * 4);
        printed = chafa_canvas_print(canvas, info);
        chafa_canvas_unref(canvas);
    }
    chafa_term_info_unref(info);
    return printed;
}

static int take(GString *printed, tinbox_bytes *out) {
    out->length = printed->len;
    out->bytes = (uint8_t *)g_string_free(printed, FALSE);
    return out->length > 0 ? 0 : -1;
}

int tinbox_chafa_sixels(const uint8_t *rgba, int width, int height, int columns, int rows, int cell_width,
                        int cell_height, tinbox_bytes *out) {
    memset(out, 0, sizeof *out);
    GString *printed = print_canvas(rgba, width, height, columns, rows, cell_width, cell_height,
                                    CHAFA_PIXEL_MODE_SIXELS);
    return printed == NULL ? -1 : take(printed, out);
}

/* The pixels of chafa's kitty transmission: its header's bits a pixel, width and height, then
   the base64 of every chunk. Returns the decoded pixels (g_free) or NULL. */
static guchar *kitty_pixels(const GString *printed, int *bpp, int *width, int *height) {
    const char *text = printed->str;
    if (sscanf(text, "<%d %d %d>", bpp, width, height) != 3) return NULL;
    if ((*bpp != 24 && *bpp != 32) || *width <= 0 || *height <= 0) return NULL;
    GString *base64 = g_string_sized_new(printed->len);
    for (const char *chunk = strchr(text, '['); chunk != NULL; chunk = strchr(chunk, '[')) {
        const char *end = strchr(chunk, ']');
        if (end == NULL) break;
        g_string_append_len(base64, chunk + 1, end - chunk - 1);
        chunk = end;
    }
    gsize length = 0;
    guchar *pixels = g_base64_decode(base64->str, &length);
    g_string_free(base64, TRUE);
    if (pixels == NULL || length != (gsize)*width * (gsize)*height * (gsize)(*bpp / 8)) {
        g_free(pixels);
        return NULL;
    }
    return pixels;
}

int tinbox_chafa_png(const uint8_t *rgba, int width, int height, int columns, int rows, int cell_width,
                     int cell_height, tinbox_bytes *out) {
    memset(out, 0, sizeof *out);
    GString *printed = print_canvas(rgba, width, height, columns, rows, cell_width, cell_height,
                                    CHAFA_PIXEL_MODE_KITTY);
    if (printed == NULL) return -1;
    int bpp = 0, pixel_width = 0, pixel_height = 0;
    guchar *pixels = kitty_pixels(printed, &bpp, &pixel_width, &pixel_height);
    g_string_free(printed, TRUE);
    if (pixels == NULL) return -1;
    /* An opaque picture stays opaque: chafa's scaler leaves a few alpha values of 243 in it.
       (One padded to its cells' shape with transparent margins is not opaque, and keeps them.) */
    int opaque = 1;
    for (size_t i = 3; i < (size_t)width * height * 4; i += 4) {
        if (rgba[i] != 255) {
            opaque = 0;
            break;
        }
    }
    if (bpp == 32 && !opaque) {
        /* chafa's pixels come back with their colours multiplied by their alpha; a PNG's are not
           (kitty and iTerm2 apply the alpha themselves): half-transparent red came out dark red. */
        for (size_t i = 0; i < (size_t)pixel_width * pixel_height * 4; i += 4) {
            unsigned alpha = pixels[i + 3];
            if (alpha == 0 || alpha == 255) continue;
            for (int channel = 0; channel < 3; channel++) {
                unsigned value = (pixels[i + channel] * 255u + alpha / 2) / alpha;
                pixels[i + channel] = (guchar)(value > 255 ? 255 : value);
            }
        }
    }
    if (bpp == 32 && opaque) {
        /* No alpha channel: a quarter fewer bytes to compress. */
        for (size_t i = 0, j = 0; i < (size_t)pixel_width * pixel_height * 4; i += 4, j += 3) {
            pixels[j] = pixels[i];
            pixels[j + 1] = pixels[i + 1];
            pixels[j + 2] = pixels[i + 2];
        }
        bpp = 24;
    }
    png_image image;
    memset(&image, 0, sizeof image);
    image.version = PNG_IMAGE_VERSION;
    image.width = (png_uint_32)pixel_width;
    image.height = (png_uint_32)pixel_height;
    image.format = bpp == 32 ? PNG_FORMAT_RGBA : PNG_FORMAT_RGB;
    png_alloc_size_t size = 0;
    int status = -1;
    if (png_image_write_get_memory_size(image, size, 0, pixels, 0, NULL) && size > 0) {
        out->bytes = malloc(size);
        if (out->bytes != NULL && png_image_write_to_memory(&image, out->bytes, &size, 0, pixels, 0, NULL)) {
            out->length = size;
            out->pixel_width = pixel_width;
            out->pixel_height = pixel_height;
            status = 0;
        }
    }
    png_image_free(&image);
    g_free(pixels);
    if (status != 0) tinbox_bytes_free(out);
    return status;
}

void tinbox_bytes_free(tinbox_bytes *bytes) {
    free(bytes->bytes);
    memset(bytes, 0, sizeof *bytes);
}
