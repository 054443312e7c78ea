/* Pictures in character cells with libchafa's symbol canvas. Only the canvas's cells are read
   back (glyph and colours); chafa_canvas_print is never called, so chafa writes no escape
   sequence: the reader's own backend draws the cells. */
#include "CArtwork.h"

#include <chafa.h>

static ChafaCanvasMode canvas_mode(int colour_mode) {
    switch (colour_mode) {
    case TINBOX_CHAFA_INDEXED_240: return CHAFA_CANVAS_MODE_INDEXED_240;
    case TINBOX_CHAFA_INDEXED_8: return CHAFA_CANVAS_MODE_INDEXED_8;
    default: return CHAFA_CANVAS_MODE_TRUECOLOR;
    }
}

/* Block elements only: every one is a single column in every terminal font that has them and
   in wcwidth (ambiguous-width in East Asian contexts, like the box lines the reader already
   draws). Wide, braille, sextant and letter symbols are left out. */
static ChafaSymbolTags symbol_tags(int symbol_set) {
    if (symbol_set == TINBOX_CHAFA_INVERTIBLE_BLOCKS)
        return CHAFA_SYMBOL_TAG_SPACE | CHAFA_SYMBOL_TAG_SOLID | CHAFA_SYMBOL_TAG_HALF | CHAFA_SYMBOL_TAG_QUAD;
    return CHAFA_SYMBOL_TAG_SPACE | CHAFA_SYMBOL_TAG_SOLID | CHAFA_SYMBOL_TAG_BLOCK;
}

int tinbox_chafa_draw(const uint8_t *rgba, int width, int height, int columns, int rows, int colour_mode,
                      int symbol_set, tinbox_chafa_cell *cells) {
    if (width <= 0 || height <= 0 || columns <= 0 || rows <= 0) return -1;
    ChafaSymbolMap *symbols = chafa_symbol_map_new();
    chafa_symbol_map_add_by_tags(symbols, symbol_tags(symbol_set));
    chafa_symbol_map_remove_by_tags(symbols, CHAFA_SYMBOL_TAG_WIDE);

    ChafaCanvasConfig *config = chafa_canvas_config_new();
    chafa_canvas_config_set_geometry(config, columns, rows);
    chafa_canvas_config_set_canvas_mode(config, canvas_mode(colour_mode));
    chafa_canvas_config_set_pixel_mode(config, CHAFA_PIXEL_MODE_SYMBOLS);
    chafa_canvas_config_set_symbol_map(config, symbols);
    /* Under 50% alpha is transparent, as in the half-block renderer. */
    chafa_canvas_config_set_transparency_threshold(config, 0.5f);
    /* With a palette, matching in DIN99d (perceptual) keeps hues that RGB distance turns grey:
       the 240-entry palette is coarse in dark, muted colours. */
    if (colour_mode != TINBOX_CHAFA_TRUE_COLOUR) chafa_canvas_config_set_color_space(config, CHAFA_COLOR_SPACE_DIN99D);

    ChafaCanvas *canvas = chafa_canvas_new(config);
    chafa_canvas_config_unref(config);
    chafa_symbol_map_unref(symbols);
    if (canvas == NULL) return -1;

    chafa_canvas_draw_all_pixels(canvas, CHAFA_PIXEL_RGBA8_UNASSOCIATED, rgba, width, height, width * 4);
    for (int y = 0; y < rows; y++) {
        for (int x = 0; x < columns; x++) {
            tinbox_chafa_cell *cell = &cells[y * columns + x];
            gint foreground = -1, background = -1;
            /* Raw colours: packed RGB in true colour, the palette index in indexed modes. */
            chafa_canvas_get_raw_colors_at(canvas, x, y, &foreground, &background);
            cell->glyph = chafa_canvas_get_char_at(canvas, x, y);
            cell->foreground = foreground;
            cell->background = background;
        }
    }
    chafa_canvas_unref(canvas);
    return 0;
}
