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

/* The orientation tag (0x0112) of IFD0 in an APP1 segment's Exif payload: a TIFF header
   ("II*\0" or "MM\0*"), the offset of IFD0, its entry count, then 12-byte entries of tag, type,
   count and value. Every read is bounded by the segment; anything malformed says 1. */
static int exif_orientation(const uint8_t *data, size_t length) {
    static const uint8_t exif[6] = {'E', 'x', 'i', 'f', 0, 0};
    if (length < 6 + 8 || memcmp(data, exif, 6) != 0) return 1;
    const uint8_t *tiff = data + 6;
    size_t size = length - 6;
    int little = tiff[0] == 'I' && tiff[1] == 'I';
    if (!little && !(tiff[0] == 'M' && tiff[1] == 'M')) return 1;
#define U16(p) (little ? (unsigned)((p)[0] | (p)[1] << 8) : (unsigned)((p)[0] << 8 | (p)[1]))
#define U32(p) (little ? ((uint32_t)U16(p) | (uint32_t)U16((p) + 2) << 16) : ((uint32_t)U16(p) << 16 | U16((p) + 2)))
    if (U16(tiff + 2) != 42) return 1;
    uint32_t ifd = U32(tiff + 4);
    if (ifd > size - 2) return 1;
    unsigned entries = U16(tiff + ifd);
    for (unsigned index = 0; index < entries; index++) {
        size_t entry = (size_t)ifd + 2 + (size_t)index * 12;
        if (entry + 12 > size) break;
        const uint8_t *field = tiff + entry;
        /* A SHORT (type 3) with one value, which sits in the first two bytes of the value field. */
        if (U16(field) == 0x0112) {
            unsigned value = U16(field + 2) == 3 && U32(field + 4) == 1 ? U16(field + 8) : 1;
            return value >= 1 && value <= 8 ? (int)value : 1;
        }
    }
#undef U32
#undef U16
    return 1;
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
    jpeg_save_markers(&cinfo, JPEG_APP0 + 1, 0xFFFF);
    jpeg_read_header(&cinfo, TRUE);
    out->orientation = 1;
    for (jpeg_saved_marker_ptr marker = cinfo.marker_list; marker != NULL; marker = marker->next) {
        if (marker->marker != JPEG_APP0 + 1) continue;
        int found = exif_orientation(marker->data, marker->data_length);
        if (found != 1) {
            out->orientation = found;
            break;
        }
    }

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
