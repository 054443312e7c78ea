/* JPEG through libjpeg-turbo. libjpeg reports a fatal error by calling error_exit, which must
   not return: ours longjmps back to the setjmp in tinbox_decode_jpeg, in this C frame. */
#include "CArtwork.h"

#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jpeglib.h>
#include <jerror.h>

/* A progressive file may carry any number of scans, each a full pass over the coefficients;
   libjpeg-turbo's own tools stop at 500 to bound the work a hostile file can cause. */
enum { MAX_SCANS = 500 };

typedef struct {
    struct jpeg_error_mgr base;
    struct jpeg_progress_mgr progress;
    jmp_buf jump;
    char message[JMSG_LENGTH_MAX];
    int status; /* what tinbox_decode_jpeg returns after the jump */
} decoder_errors;

static _Noreturn void fail_with(j_common_ptr cinfo, int status, const char *text) {
    decoder_errors *errors = (decoder_errors *)cinfo->err;
    errors->status = status;
    snprintf(errors->message, sizeof errors->message, "%s", text);
    longjmp(errors->jump, 1);
}

static void on_error_exit(j_common_ptr cinfo) {
    char text[JMSG_LENGTH_MAX];
    (*cinfo->err->format_message)(cinfo, text);
    fail_with(cinfo, TINBOX_DECODE_CORRUPT, text);
}

/* A warning that means lost pixels makes the picture worthless in an overlay: treat it as an
   error. Harmless warnings and trace messages are dropped. Nothing is ever printed, since the
   terminal belongs to curses. */
static void on_message(j_common_ptr cinfo, int level) {
    if (level >= 0) return;
    switch (cinfo->err->msg_code) {
    case JWRN_ARITH_BAD_CODE:
    case JWRN_BOGUS_PROGRESSION:
    case JWRN_HIT_MARKER:
    case JWRN_HUFF_BAD_CODE:
    case JWRN_JPEG_EOF:
    case JWRN_MUST_RESYNC:
    case JWRN_NOT_SEQUENTIAL:
        on_error_exit(cinfo);
        break;
    default:
        break;
    }
}

static void on_output_message(j_common_ptr cinfo) { (void)cinfo; }

static void on_progress(j_common_ptr cinfo) {
    j_decompress_ptr decompress = (j_decompress_ptr)cinfo;
    if (decompress->input_scan_number > MAX_SCANS)
        fail_with(cinfo, TINBOX_DECODE_CORRUPT, "too many progressive scans");
}

/* libjpeg has no CMYK-to-RGB conversion. Adobe's encoders (the only common source of CMYK
   JPEGs) store the channels inverted, and say so with an APP14 marker. */
static void cmyk_to_rgba(const uint8_t *cmyk, uint8_t *rgba, uint32_t width, int inverted) {
    for (uint32_t x = 0; x < width; x++) {
        unsigned c = cmyk[0], m = cmyk[1], y = cmyk[2], k = cmyk[3];
        if (!inverted) {
            c = 255 - c;
            m = 255 - m;
            y = 255 - y;
            k = 255 - k;
        }
        rgba[0] = (uint8_t)((c * k + 127) / 255);
        rgba[1] = (uint8_t)((m * k + 127) / 255);
        rgba[2] = (uint8_t)((y * k + 127) / 255);
        rgba[3] = 255;
        cmyk += 4;
        rgba += 4;
    }
}

int tinbox_decode_jpeg(const uint8_t *bytes, size_t length, uint64_t max_pixels, tinbox_raster *out) {
    memset(out, 0, sizeof *out);
    struct jpeg_decompress_struct cinfo;
    decoder_errors errors;
    /* Zeroed so that jpeg_destroy_decompress is safe even if create itself fails. */
    memset(&cinfo, 0, sizeof cinfo);
    memset(&errors, 0, sizeof errors);
    /* Written between setjmp and a longjmp, so volatile: the jump must see their last values. */
    uint8_t *volatile pixels = NULL;
    uint8_t *volatile row = NULL;

    cinfo.err = jpeg_std_error(&errors.base);
    errors.base.error_exit = on_error_exit;
    errors.base.emit_message = on_message;
    errors.base.output_message = on_output_message;
    if (setjmp(errors.jump)) {
        jpeg_destroy_decompress(&cinfo);
        free(pixels);
        free(row);
        snprintf(out->message, sizeof out->message, "%s", errors.message);
        return errors.status;
    }
    jpeg_create_decompress(&cinfo);
    errors.progress.progress_monitor = on_progress;
    cinfo.progress = &errors.progress;
    jpeg_mem_src(&cinfo, bytes, (unsigned long)length);
    jpeg_read_header(&cinfo, TRUE);

    out->width = cinfo.image_width;
    out->height = cinfo.image_height;
    if ((uint64_t)cinfo.image_width * cinfo.image_height > max_pixels)
        fail_with((j_common_ptr)&cinfo, TINBOX_DECODE_TOO_LARGE, "too large");
    int cmyk = cinfo.jpeg_color_space == JCS_CMYK || cinfo.jpeg_color_space == JCS_YCCK;
    cinfo.out_color_space = cmyk ? JCS_CMYK : JCS_EXT_RGBA;
    jpeg_start_decompress(&cinfo);

    size_t stride = (size_t)cinfo.output_width * 4;
    pixels = malloc(stride * cinfo.output_height);
    if (cmyk) row = malloc(stride);
    if (pixels == NULL || (cmyk && row == NULL))
        fail_with((j_common_ptr)&cinfo, TINBOX_DECODE_NO_MEMORY, "out of memory");
    while (cinfo.output_scanline < cinfo.output_height) {
        uint8_t *target = pixels + stride * cinfo.output_scanline;
        JSAMPROW rows[1] = {cmyk ? row : target};
        if (jpeg_read_scanlines(&cinfo, rows, 1) != 1)
            fail_with((j_common_ptr)&cinfo, TINBOX_DECODE_CORRUPT, "no scanline decoded");
        if (cmyk) cmyk_to_rgba(row, target, cinfo.output_width, cinfo.saw_Adobe_marker);
    }
    jpeg_finish_decompress(&cinfo);

    out->pixels = pixels;
    out->width = cinfo.output_width;
    out->height = cinfo.output_height;
    free(row);
    jpeg_destroy_decompress(&cinfo);
    return TINBOX_DECODE_OK;
}
