/* PNG through libpng's simplified API: png_image_* runs libpng under its own setjmp
   (png_safe_execute) and reports failures in image.message, so nothing jumps out of here and
   libpng prints nothing to the terminal. */
#include "CArtwork.h"

#include <png.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void copy_message(tinbox_raster *out, const char *text) {
    snprintf(out->message, sizeof out->message, "%s", text[0] != 0 ? text : "unknown libpng error");
}

int tinbox_decode_png(const uint8_t *bytes, size_t length, uint64_t max_pixels, tinbox_raster *out) {
    memset(out, 0, sizeof *out);
    png_image image;
    memset(&image, 0, sizeof image);
    image.version = PNG_IMAGE_VERSION;
    if (!png_image_begin_read_from_memory(&image, bytes, length)) {
        copy_message(out, image.message);
        png_image_free(&image);
        return TINBOX_DECODE_CORRUPT;
    }
    out->width = image.width;
    out->height = image.height;
    if ((uint64_t)image.width * image.height > max_pixels) {
        png_image_free(&image);
        return TINBOX_DECODE_TOO_LARGE;
    }
    image.format = PNG_FORMAT_RGBA;
    /* Without this flag libpng takes 16-bit samples as linear light and brightens them when it
       reduces them to 8-bit sRGB; editors write 16-bit PNGs as sRGB. */
    image.flags |= PNG_IMAGE_FLAG_16BIT_sRGB;
    size_t size = PNG_IMAGE_SIZE(image);
    uint8_t *pixels = malloc(size > 0 ? size : 1);
    if (pixels == NULL) {
        png_image_free(&image);
        return TINBOX_DECODE_NO_MEMORY;
    }
    /* finish_read releases the png_image itself; freeing it again after a failure is harmless. */
    if (!png_image_finish_read(&image, NULL, pixels, 0, NULL)) {
        copy_message(out, image.message);
        png_image_free(&image);
        free(pixels);
        return TINBOX_DECODE_CORRUPT;
    }
    out->pixels = pixels;
    return TINBOX_DECODE_OK;
}

void tinbox_raster_free(tinbox_raster *raster) {
    free(raster->pixels);
    raster->pixels = NULL;
}
