#ifndef LIVEBLOG_CCHAFA_SHIM_H
#define LIVEBLOG_CCHAFA_SHIM_H
/* libchafa (Debian libchafa-dev, https://hpjansson.org/chafa/ref/) renders an RGBA image as
   kitty, sixel or iTerm2 sequences, or as symbol cells (G2). This shim keeps GLib out of
   Swift: one call encodes, the result is a malloc'd byte string or a cell array. */
#include <chafa.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* What to produce. */
enum { LB_CHAFA_SYMBOLS = 0, LB_CHAFA_SIXEL = 1, LB_CHAFA_KITTY = 2, LB_CHAFA_ITERM2 = 3 };

/* The symbol classes for the symbols mode. */
static const unsigned int LB_CHAFA_TAGS_SYMBOLS =
    CHAFA_SYMBOL_TAG_BLOCK | CHAFA_SYMBOL_TAG_SPACE | CHAFA_SYMBOL_TAG_SOLID |
    CHAFA_SYMBOL_TAG_QUAD | CHAFA_SYMBOL_TAG_HALF | CHAFA_SYMBOL_TAG_SEXTANT;

/* One cell of the symbols mode: a code point and packed 0xRRGGBB colours (-1: transparent). */
typedef struct { unsigned int ch; int fg; int bg; } lb_chafa_cell;

/* The term info with the control sequences chafa's own terminal database uses for each
   protocol. A kitty image is transmitted only (a=t) under an id, with no reply (q=2): the caller
   places it with a=p (clipped, moved, deleted by id). */
static inline ChafaTermInfo *lb_chafa_term_info(int mode, unsigned int kitty_id) {
    ChafaTermInfo *ti = chafa_term_info_new();
    char kitty[160];
    snprintf(kitty, sizeof kitty,
             "\033_Ga=t,i=%u,q=2,f=%%1,s=%%2,v=%%3,c=%%4,r=%%5,m=1\033\\", kitty_id);
    if (mode == LB_CHAFA_SIXEL) {
        chafa_term_info_set_seq(ti, CHAFA_TERM_SEQ_BEGIN_SIXELS, "\033P%1;%2;%3q", NULL);
        chafa_term_info_set_seq(ti, CHAFA_TERM_SEQ_END_SIXELS, "\033\\", NULL);
    } else if (mode == LB_CHAFA_KITTY) {
        chafa_term_info_set_seq(ti, CHAFA_TERM_SEQ_BEGIN_KITTY_IMMEDIATE_IMAGE_V1, kitty, NULL);
        chafa_term_info_set_seq(ti, CHAFA_TERM_SEQ_END_KITTY_IMAGE, "\033_Gm=0\033\\", NULL);
        chafa_term_info_set_seq(ti, CHAFA_TERM_SEQ_BEGIN_KITTY_IMAGE_CHUNK, "\033_Gm=1;", NULL);
        chafa_term_info_set_seq(ti, CHAFA_TERM_SEQ_END_KITTY_IMAGE_CHUNK, "\033\\", NULL);
    } else if (mode == LB_CHAFA_ITERM2) {
        chafa_term_info_set_seq(ti, CHAFA_TERM_SEQ_BEGIN_ITERM2_IMAGE,
                                "\033]1337;File=inline=1;width=%1;height=%2;preserveAspectRatio=0:", NULL);
        chafa_term_info_set_seq(ti, CHAFA_TERM_SEQ_END_ITERM2_IMAGE, "\a", NULL);
    }
    return ti;
}

static inline ChafaCanvas *lb_chafa_canvas(int mode, int cols, int rows, int cell_w, int cell_h,
                                           int truecolor, unsigned int bg_rgb) {
    ChafaCanvasConfig *cfg = chafa_canvas_config_new();
    chafa_canvas_config_set_geometry(cfg, cols, rows);
    chafa_canvas_config_set_cell_geometry(cfg, cell_w, cell_h);
    chafa_canvas_config_set_canvas_mode(cfg, truecolor ? CHAFA_CANVAS_MODE_TRUECOLOR
                                                       : CHAFA_CANVAS_MODE_INDEXED_256);
    chafa_canvas_config_set_bg_color(cfg, bg_rgb);
    ChafaPixelMode pm = mode == LB_CHAFA_SIXEL ? CHAFA_PIXEL_MODE_SIXELS
                      : mode == LB_CHAFA_KITTY ? CHAFA_PIXEL_MODE_KITTY
                      : mode == LB_CHAFA_ITERM2 ? CHAFA_PIXEL_MODE_ITERM2 : CHAFA_PIXEL_MODE_SYMBOLS;
    chafa_canvas_config_set_pixel_mode(cfg, pm);
    if (mode == LB_CHAFA_SYMBOLS) {
        ChafaSymbolMap *map = chafa_symbol_map_new();
        chafa_symbol_map_add_by_tags(map, (ChafaSymbolTags)LB_CHAFA_TAGS_SYMBOLS);
        chafa_canvas_config_set_symbol_map(cfg, map);
        chafa_symbol_map_unref(map);
    }
    ChafaCanvas *canvas = chafa_canvas_new(cfg);
    chafa_canvas_config_unref(cfg);
    return canvas;
}

/* Encodes RGBA8 pixels (w×h, rows top to bottom) for a cols×rows cell rect of cell_w×cell_h px
   cells as sixel, kitty or iTerm2 bytes. Returns a malloc'd buffer (free with free()); *len its size. */
static inline char *lb_chafa_encode(int mode, const unsigned char *rgba, int w, int h, int cols, int rows,
                                    int cell_w, int cell_h, unsigned int kitty_id, size_t *len) {
    ChafaCanvas *canvas = lb_chafa_canvas(mode, cols, rows, cell_w, cell_h, 1, 0);
    chafa_canvas_draw_all_pixels(canvas, CHAFA_PIXEL_RGBA8_UNASSOCIATED, rgba, w, h, w * 4);
    ChafaTermInfo *ti = lb_chafa_term_info(mode, kitty_id);
    GString *gs = chafa_canvas_print(canvas, ti);
    char *out = (char *)malloc(gs->len + 1);
    if (out) { memcpy(out, gs->str, gs->len + 1); *len = gs->len; } else { *len = 0; }
    g_string_free(gs, TRUE);
    chafa_term_info_unref(ti);
    chafa_canvas_unref(canvas);
    return out;
}

/* Symbols: fills cols×rows cells (row-major) with chafa's choice of glyph and colours. */
static inline void lb_chafa_symbols(const unsigned char *rgba, int w, int h, int cols, int rows,
                                    int truecolor, unsigned int bg_rgb, lb_chafa_cell *cells) {
    ChafaCanvas *canvas = lb_chafa_canvas(LB_CHAFA_SYMBOLS, cols, rows, 8, 16, truecolor, bg_rgb);
    chafa_canvas_draw_all_pixels(canvas, CHAFA_PIXEL_RGBA8_UNASSOCIATED, rgba, w, h, w * 4);
    for (int y = 0; y < rows; y++) {
        for (int x = 0; x < cols; x++) {
            lb_chafa_cell *c = &cells[y * cols + x];
            c->ch = chafa_canvas_get_char_at(canvas, x, y);
            chafa_canvas_get_colors_at(canvas, x, y, &c->fg, &c->bg);
        }
    }
    chafa_canvas_unref(canvas);
}
#endif
