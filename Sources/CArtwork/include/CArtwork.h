#ifndef TINBOX_CARTWORK_H
#define TINBOX_CARTWORK_H
/* The C side of the Artwork module: decoding with libpng and libjpeg-turbo, and drawing with
   libchafa's symbol canvas. Both decoders report errors by longjmp; the setjmp lives in these C
   functions, so a jump never crosses a Swift frame. This header uses plain C types only, so
   Swift never imports GLib. */
#include <stddef.h>
#include <stdint.h>

/* A decoded picture: RGBA, 8 bits a channel, unassociated alpha, row-major, no row padding. */
typedef struct {
    uint8_t *pixels;  /* malloc'd; free with tinbox_raster_free. NULL after a failure. */
    uint32_t width;
    uint32_t height;
    /* EXIF orientation, 1-8 (TIFF tag 0x0112: how the stored pixels are turned for display); 1,
       the stored order, when the file says nothing or something out of range. The decoder
       does not turn the pixels itself. */
    int orientation;
    char message[160]; /* after a failure: what went wrong, one line, NUL-terminated */
} tinbox_raster;

/* Failures, returned by the decoders (0 is success). */
enum {
    TINBOX_DECODE_OK = 0,
    TINBOX_DECODE_CORRUPT = 1,   /* the library refused the bytes: message says why */
    TINBOX_DECODE_TOO_LARGE = 2, /* width x height is over max_pixels: width and height are set */
    TINBOX_DECODE_NO_MEMORY = 3,
};

/* Decodes a PNG of any colour type, bit depth or interlacing to 8-bit RGBA. A 16-bit file
   without gAMA or sRGB is taken as sRGB, as image editors write them. */
int tinbox_decode_png(const uint8_t *bytes, size_t length, uint64_t max_pixels, tinbox_raster *out);

/* Decodes a baseline, progressive or arithmetic-coded JPEG (greyscale, YCbCr, RGB, CMYK or
   YCCK) to RGBA. Warnings that mean lost image data (a truncated file, a broken entropy code)
   are failures; harmless ones (extraneous bytes before a marker) are not. Reads the EXIF
   orientation of an APP1 Exif segment into `orientation`. */
int tinbox_decode_jpeg(const uint8_t *bytes, size_t length, uint64_t max_pixels, tinbox_raster *out);

void tinbox_raster_free(tinbox_raster *raster);

/* One character cell read back from chafa's canvas. */
typedef struct {
    uint32_t glyph;     /* a Unicode scalar; 0 would be the right half of a wide glyph */
    int32_t foreground; /* 0xRRGGBB in true colour, a palette index otherwise; -1 is transparent */
    int32_t background;
} tinbox_chafa_cell;

enum {
    TINBOX_CHAFA_TRUE_COLOUR = 0,
    TINBOX_CHAFA_INDEXED_240 = 1, /* xterm 16...255: the entries every terminal agrees on */
    TINBOX_CHAFA_INDEXED_8 = 2,
};

enum {
    /* Space, solid, halves, quadrants and eighths: U+2580...U+259F, one column each. */
    TINBOX_CHAFA_BLOCKS = 0,
    /* Space, solid, halves and quadrants only: every glyph's inverse is in the set, so a cell
       whose foreground is transparent can swap to the inverse glyph. */
    TINBOX_CHAFA_INVERTIBLE_BLOCKS = 1,
};

/* Draws RGBA pixels (unassociated alpha) into a columns x rows symbol canvas and reads each
   cell back into cells (columns * rows entries, row-major). Returns 0, or -1 when chafa could
   not make the canvas. No escape sequence is ever produced. */
int tinbox_chafa_draw(const uint8_t *rgba, int width, int height, int columns, int rows, int colour_mode,
                      int symbol_set, tinbox_chafa_cell *cells);


/* Bytes made in C: malloc'd, free with tinbox_bytes_free. */
typedef struct {
    uint8_t *bytes;
    size_t length;
    int pixel_width; /* a PNG's size in pixels (tinbox_chafa_png); 0 otherwise */
    int pixel_height;
} tinbox_bytes;

/* Draws RGBA pixels into chafa's sixel canvas of columns x rows cells of cell_width x
   cell_height pixels and writes its DCS sequence (chafa keeps the height a multiple of 6, never
   over the cells). Returns 0, or -1 when chafa could not draw it. */
int tinbox_chafa_sixels(const uint8_t *rgba, int width, int height, int columns, int rows, int cell_width,
                        int cell_height, tinbox_bytes *out);

/* Draws RGBA pixels into chafa's kitty canvas of columns x rows cells of cell_width x
   cell_height pixels and writes the pixels it would send as a PNG (RGB when opaque). Returns 0,
   or -1 when chafa or libpng failed. */
int tinbox_chafa_png(const uint8_t *rgba, int width, int height, int columns, int rows, int cell_width,
                     int cell_height, tinbox_bytes *out);

void tinbox_bytes_free(tinbox_bytes *bytes);

#endif
